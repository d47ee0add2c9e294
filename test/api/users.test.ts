import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createFixtureUser, fixtureStamp } from '../helpers/api-fixtures.ts';
import { enrollFixtureUser, expectInvalidToken, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { lookupKey } from '../../src/server/domain/repositories.ts';
import { rowsReadDuring } from '../helpers/rows-read.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { failWritesOf } from '../helpers/write-faults.ts';

const ADMIN = 'users-test-admin-token';

let server: TestServer;
let c: RosterCourse;

beforeAll(async () => {
  server = await startTestServer({ adminToken: ADMIN });
  c = await createRosterCourse(server, 'People 101');
});
afterAll(() => server.stop());

const names = (json: unknown) => (json as { name: string }[]).map((u) => u.name);

describe('POST /api/v1/accounts/:account_id/users', () => {
  const path = '/api/v1/accounts/self/users';
  const body = (login: string) => ({
    user: { name: 'Grace Hopper', time_zone: 'America/New_York', locale: 'en' },
    pseudonym: { unique_id: login, sis_user_id: `SIS-${login}`, send_confirmation: true },
    communication_channel: { type: 'email', address: `${login}@example.test` },
  });

  it('needs a token, and manage_user_logins on the account', async () => {
    expectInvalidToken(await api(server, undefined, 'POST', path, body('nobody')));
    expectUnauthorized(await api(server, c.teacher.token, 'POST', path, body('nobody')));
  });

  it('creates the user, its login and its email channel', async () => {
    const res = await api(server, ADMIN, 'POST', path, body('ghopper'));
    expect(res.status).toBe(200);
    const user = res.json as Record<string, unknown>;
    expect(user).toMatchObject({
      name: 'Grace Hopper',
      sortable_name: 'Hopper, Grace',
      short_name: 'Grace Hopper',
      login_id: 'ghopper',
      sis_user_id: 'SIS-ghopper',
      integration_id: null,
    });
    expect(user.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const channels = await api(server, ADMIN, 'GET', `/api/v1/users/${String(user.id)}/communication_channels`);
    expect(channels.json).toEqual([
      { id: expect.any(Number), address: 'ghopper@example.test', type: 'email', position: 1, user_id: user.id, workflow_state: 'active' },
    ]);
    const bySis = await api(server, ADMIN, 'GET', '/api/v1/users/sis_user_id:SIS-ghopper');
    expect(bySis.json).toMatchObject({ id: user.id, time_zone: 'America/New_York', locale: 'en' });
  });

  it('accepts form-encoded bodies and falls back to the login for the name', async () => {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'pseudonym[unique_id]=formuser%40example.test',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'formuser@example.test', login_id: 'formuser@example.test' });
  });

  it('answers bad input with keyed 400s and writes nothing', async () => {
    const before = await server.core.services.repos.users.count();
    const blank = await api(server, ADMIN, 'POST', path, { user: { name: 'No Login' } });
    expect(blank.status).toBe(400);
    expect(blank.json).toEqual({ errors: { unique_id: [{ attribute: 'unique_id', type: 'blank', message: "can't be blank" }] } });
    const taken = await api(server, ADMIN, 'POST', path, { pseudonym: { unique_id: c.teacher.login.toUpperCase() } });
    expect(taken.status).toBe(400);
    expect(Object.keys((taken.json as { errors: object }).errors)).toEqual(['unique_id']);
    const badEmail = await api(server, ADMIN, 'POST', path, { pseudonym: { unique_id: 'x1' }, communication_channel: { address: 'not-an-email' } });
    expect(badEmail.status).toBe(400);
    expect(Object.keys((badEmail.json as { errors: object }).errors)).toEqual(['address']);
    const tooLong = await api(server, ADMIN, 'POST', path, { pseudonym: { unique_id: 'x'.repeat(101) } });
    expect(tooLong.status).toBe(400);
    expect(await server.core.services.repos.users.count()).toBe(before);
  });

  it('answers an unknown account with 404', async () => {
    const res = await api(server, ADMIN, 'POST', '/api/v1/accounts/999999/users', body('lost'));
    expect(res.status).toBe(404);
  });
});

describe('GET /api/v1/users/:id', () => {
  it('needs a token', async () => {
    expectInvalidToken(await api(server, undefined, 'GET', '/api/v1/users/self'));
  });

  it('shows the caller as self, with their login', async () => {
    const res = await api(server, c.studentA.token, 'GET', '/api/v1/users/self');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: c.studentA.id, name: 'Amy Student', login_id: c.studentA.login, avatar_url: expect.stringMatching(/^http:\/\//) });
  });

  it('lets classmates see each other without logins, and admins with them', async () => {
    const classmate = await api(server, c.studentB.token, 'GET', `/api/v1/users/${c.teacher.id}`);
    expect(classmate.status).toBe(200);
    expect(classmate.json).toMatchObject({ id: c.teacher.id, name: 'Tess Teacher' });
    expect(classmate.json).not.toHaveProperty('login_id');
    const admin = await api(server, ADMIN, 'GET', `/api/v1/users/sis_login_id:${c.teacher.login}`);
    expect(admin.json).toMatchObject({ id: c.teacher.id, login_id: c.teacher.login });
  });

  it('hides people who share no course, and section-limited staff see their sections only', async () => {
    expectUnauthorized(await api(server, c.outsider.token, 'GET', `/api/v1/users/${c.teacher.id}`));
    expectUnauthorized(await api(server, c.ta.token, 'GET', `/api/v1/users/${c.studentA.id}`));
    expect((await api(server, c.ta.token, 'GET', `/api/v1/users/${c.studentB.id}`)).status).toBe(200);
  });

  it('answers unknown ids with 404', async () => {
    for (const id of ['999999', 'sis_user_id:nope', 'sis_login_id:nope', 'bogus']) {
      expect((await api(server, ADMIN, 'GET', `/api/v1/users/${id}`)).status, id).toBe(404);
    }
  });

  it('finds users by SIS and integration id without reading every user, and follows users written since', async () => {
    const { repos } = server.core.services;
    const created = await api(server, ADMIN, 'POST', '/api/v1/accounts/self/users', {
      user: { name: 'Ada Lovelace' },
      pseudonym: { unique_id: 'alovelace', sis_user_id: 'SIS-ada', integration_id: 'INT-ada' },
    });
    const ada = (created.json as { id: number }).id;
    // Many users beside her, as a school's install has.
    for (let i = 0; i < 200; i++) await createFixtureUser(server, `Other ${i}`);
    const show = async (id: string) => (await api(server, ADMIN, 'GET', `/api/v1/users/${id}`)).json as { id?: number };
    // The first lookup by each field reads the users once (per process); the later ones read none.
    expect((await show('sis_user_id:SIS-ada')).id).toBe(ada);
    expect((await show('sis_integration_id:INT-ada')).id).toBe(ada);
    const rows = await rowsReadDuring(async () => {
      expect((await show('sis_user_id:SIS-ada')).id).toBe(ada);
      expect((await show('sis_integration_id:INT-ada')).id).toBe(ada);
      expect((await show('sis_user_id:SIS-nobody')).id).toBeUndefined();
    });
    expect(rows.get('user') ?? 0).toBe(0);
    // A user arriving any other way (a hub's pull writes straight to the repository) is found at once.
    const pulled = await repos.users.create({ ...(await repos.users.get(ada))!.data, login_id: 'pulled', sis_user_id: 'SIS-pulled', integration_id: null }, fixtureStamp());
    expect((await show('sis_user_id:SIS-pulled')).id).toBe(pulled.id);
    // And a taken SIS id is still refused to a new user.
    const again = await api(server, ADMIN, 'POST', '/api/v1/accounts/self/users', { user: { name: 'Copy' }, pseudonym: { unique_id: 'copy', sis_user_id: 'SIS-pulled' } });
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.json)).toContain('already in use');
  });
});

describe('GET /api/v1/courses/:course_id/users', () => {
  const path = () => `/api/v1/courses/${c.id}/users`;

  it('needs a token and read_roster in the course', async () => {
    expectInvalidToken(await api(server, undefined, 'GET', path()));
    expectUnauthorized(await api(server, c.outsider.token, 'GET', path()));
    expectUnauthorized(await api(server, c.observer.token, 'GET', path()));
  });

  it('lists the roster by sortable name, logins for staff only', async () => {
    const teacher = await api(server, c.teacher.token, 'GET', path());
    expect(teacher.status).toBe(200);
    expect(names(teacher.json)).toEqual(['Tom Assistant', 'Dana Designer', 'Olga Observer', 'Amy Student', 'Ben Student', 'Tess Teacher']);
    expect((teacher.json as object[])[0]).toHaveProperty('login_id', c.ta.login);
    const student = await api(server, c.studentA.token, 'GET', path());
    expect(names(student.json)).toHaveLength(6);
    expect((student.json as object[])[0]).not.toHaveProperty('login_id');
  });

  it('limits section-limited staff to their sections', async () => {
    const res = await api(server, c.ta.token, 'GET', path());
    expect(names(res.json)).toEqual(['Tom Assistant', 'Ben Student']);
  });

  it('filters by enrollment type, state, user ids and search term', async () => {
    const students = await api(server, c.teacher.token, 'GET', `${path()}?enrollment_type[]=student`);
    expect(names(students.json)).toEqual(['Amy Student', 'Ben Student']);
    const staff = await api(server, c.teacher.token, 'GET', `${path()}?enrollment_type[]=teacher&enrollment_type[]=ta`);
    expect(names(staff.json)).toEqual(['Tom Assistant', 'Tess Teacher']);
    const byIds = await api(server, c.teacher.token, 'GET', `${path()}?user_ids[]=${c.studentB.id}&user_ids[]=${c.teacher.id}`);
    expect(names(byIds.json)).toEqual(['Ben Student', 'Tess Teacher']);
    const inactive = await api(server, c.teacher.token, 'GET', `${path()}?enrollment_state[]=inactive`);
    expect(inactive.json).toEqual([]);
    const search = await api(server, c.teacher.token, 'GET', `${path()}?search_term=stud`);
    expect(names(search.json)).toEqual(['Amy Student', 'Ben Student']);
  });

  it('refuses short search terms and unknown filter values with 400', async () => {
    const short = await api(server, c.teacher.token, 'GET', `${path()}?search_term=am`);
    expect(short.status).toBe(400);
    expect(short.json).toEqual({ errors: [{ field: 'search_term', code: 'invalid', message: '3 or more characters is required' }] });
    const badType = await api(server, c.teacher.token, 'GET', `${path()}?enrollment_type[]=wizard`);
    expect(badType.status).toBe(400);
    expect(Object.keys((badType.json as { errors: object }).errors)).toEqual(['enrollment_type']);
  });

  it('adds include[] blocks only when asked', async () => {
    const plain = await api(server, c.teacher.token, 'GET', `${path()}?enrollment_type[]=student`);
    expect((plain.json as object[])[0]).not.toHaveProperty('email');
    const res = await api(server, c.teacher.token, 'GET', `${path()}?enrollment_type[]=student&include[]=email&include[]=enrollments&include[]=avatar_url&include[]=bogus`);
    const [amy] = res.json as Record<string, unknown>[];
    expect(amy).toMatchObject({
      id: c.studentA.id,
      email: `${c.studentA.login}@example.test`,
      avatar_url: `${server.url}/images/messages/avatar-50.png`,
      enrollments: [
        {
          id: c.enrollmentIds.studentA,
          user_id: c.studentA.id,
          course_id: c.id,
          course_section_id: c.sectionId,
          type: 'StudentEnrollment',
          role: 'StudentEnrollment',
          role_id: 3,
          enrollment_state: 'active',
        },
      ],
    });
    expect((amy!.enrollments as object[])[0]).not.toHaveProperty('user');
  });

  it('paginates with the exact Link header, carrying the other parameters', async () => {
    const res = await api(server, c.teacher.token, 'GET', `${path()}?include[]=email&per_page=2&page=2&per_page=2`);
    expect(names(res.json)).toEqual(['Olga Observer', 'Amy Student']);
    const base = `${server.url}${path()}?include%5B%5D=email`;
    expect(res.headers.get('link')).toBe(
      [
        `<${base}&page=2&per_page=2>; rel="current"`,
        `<${base}&page=3&per_page=2>; rel="next"`,
        `<${base}&page=1&per_page=2>; rel="prev"`,
        `<${base}&page=1&per_page=2>; rel="first"`,
        `<${base}&page=3&per_page=2>; rel="last"`,
      ].join(','),
    );
  });

  it('answers an unknown course with 404', async () => {
    expect((await api(server, ADMIN, 'GET', '/api/v1/courses/999999/users')).status).toBe(404);
  });

  it('omits deleted users', async () => {
    const gone = await createFixtureUser(server, 'Gone Person');
    await enrollFixtureUser(server, c.id, gone.id, 'StudentEnrollment');
    await server.core.services.repos.users.update(gone.id, { actorId: 0, requestId: 't', now: Date.now() }, (u) => ({ ...u, workflow_state: 'deleted' }));
    const res = await api(server, c.teacher.token, 'GET', `${path()}?enrollment_type[]=student`);
    expect(names(res.json)).toEqual(['Amy Student', 'Ben Student']);
  });
});

describe('regressions', () => {
  it('a sis_<column> user id naming an Object.prototype key is a 404, not a query on a bogus field (500)', async () => {
    for (const raw of ['sis_constructor:x', 'sis___proto__:x']) {
      for (const path of [`/api/v1/users/${raw}`, `/api/v1/users/${raw}/tokens`, `/api/v1/users/${raw}/communication_channels`]) {
        const res = await api(server, ADMIN, 'GET', path);
        expect(res.status, path).toBe(404);
        expect(res.json).toEqual({ errors: [{ message: 'The specified resource does not exist.' }] });
      }
    }
  });
});

describe('regressions: user creation', () => {
  it('the user and its email channel are one write: no user left without its channel', async () => {
    const { repos } = server.core.services;
    const restore = failWritesOf(server, (doc) => doc.type === 'communication_channel', server.core.db.collections.directory);
    try {
      const res = await api(server, ADMIN, 'POST', '/api/v1/accounts/self/users', {
        user: { name: 'Half Written' },
        pseudonym: { unique_id: 'half.written@example.test' },
        communication_channel: { type: 'email', address: 'half.written@example.test' },
      });
      expect(res.status).toBe(500);
    } finally {
      restore();
    }
    // Before: the user (and its login) existed without the channel, and the login could not be created again.
    expect(await repos.users.byLookup(lookupKey.login('half.written@example.test'))).toBeUndefined();
  });
});

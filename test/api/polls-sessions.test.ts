import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { createChoice, createPoll, createSession, formApi, type Json } from '../helpers/poll-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN = 'poll-sessions-admin-token';

describe('polls API (poll sessions and poll submissions)', () => {
  let server: TestServer;
  let c: RosterCourse;
  let other: RosterCourse;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    c = await createRosterCourse(server, 'Sessions 101');
    other = await createRosterCourse(server, 'Other 101');
  });
  afterAll(() => server.stop());

  const sessions = (json: unknown) => (json as { poll_sessions: Json[] }).poll_sessions;
  const submissions = (json: unknown) => (json as { poll_submissions: Json[] }).poll_submissions;

  /** A poll with two choices and a closed session in the course (or one section of it). */
  async function setup(session: Json = {}) {
    const poll = await createPoll(server, c.teacher.token);
    const a = await createChoice(server, c.teacher.token, poll.id, { text: 'A', is_correct: true });
    const b = await createChoice(server, c.teacher.token, poll.id, { text: 'B' });
    const s = await createSession(server, c.teacher.token, poll.id, { course_id: c.id, ...session });
    const path = `/api/v1/polls/${String(poll.id)}/poll_sessions/${String(s.id)}`;
    return { poll, a, b, session: s, path, pollPath: `/api/v1/polls/${String(poll.id)}` };
  }
  const answer = (token: string, path: string, choiceId: unknown) =>
    api(server, token, 'POST', `${path}/poll_submissions`, { poll_submissions: [{ poll_choice_id: choiceId }] });

  describe('errors come first', () => {
    it('refuses every route without a token (401 with the Bearer challenge)', async () => {
      const { pollPath, path } = await setup();
      const routes: [string, string][] = [
        ['GET', `${pollPath}/poll_sessions`],
        ['POST', `${pollPath}/poll_sessions`],
        ['GET', path],
        ['PUT', path],
        ['DELETE', path],
        ['GET', `${path}/open`],
        ['GET', `${path}/close`],
        ['GET', '/api/v1/poll_sessions/opened'],
        ['GET', '/api/v1/poll_sessions/closed'],
        ['POST', `${path}/poll_submissions`],
        ['GET', `${path}/poll_submissions/1`],
      ];
      for (const [method, p] of routes) expectInvalidToken(await api(server, undefined, method, p), `${method} ${p}`);
    });

    it('refuses callers without the right (401 unauthorized, no challenge)', async () => {
      const { pollPath, path, a } = await setup({ course_section_id: c.sectionB });
      for (const [method, p] of [
        ['GET', `${pollPath}/poll_sessions`],
        ['POST', `${pollPath}/poll_sessions`],
        ['PUT', path],
        ['DELETE', path],
        ['GET', `${path}/open`],
        ['GET', `${path}/close`],
      ] as const) {
        const body = method === 'POST' || method === 'PUT' ? { poll_sessions: [{ course_id: c.id }] } : undefined;
        expectUnauthorized(await api(server, c.studentB.token, method, p, body), `${method} ${p}`);
      }
      // The session is for section B: a student of the default section does not take part.
      expectUnauthorized(await api(server, c.studentA.token, 'GET', path));
      expectUnauthorized(await api(server, other.studentA.token, 'GET', path));
      // Answers need the session open, and a student taking part in it.
      expectUnauthorized(await answer(c.studentB.token, path, a.id));
      await api(server, c.teacher.token, 'GET', `${path}/open`);
      expectUnauthorized(await answer(c.studentA.token, path, a.id));
      expectUnauthorized(await answer(c.observer.token, path, a.id));
      expectUnauthorized(await answer(c.teacher.token, path, a.id));
      // Only the author and the poll's managers read an answer.
      const given = submissions((await answer(c.studentB.token, path, a.id)).json)[0]!;
      const other2 = await createRosterCourse(server, 'Third 101');
      expectUnauthorized(await api(server, other2.studentA.token, 'GET', `${path}/poll_submissions/${String(given.id)}`));
      // A teacher may not run a poll in a course they do not manage.
      const foreign = await api(server, c.teacher.token, 'POST', `${pollPath}/poll_sessions`, { poll_sessions: [{ course_id: other.id }] });
      expectUnauthorized(foreign);
    });

    it('answers 404 for unknown polls, sessions, courses, choices and answers', async () => {
      const { pollPath, path, session } = await setup();
      const elsewhere = await setup();
      expectNotFound(await api(server, c.teacher.token, 'GET', '/api/v1/polls/999999/poll_sessions'));
      expectNotFound(await api(server, c.teacher.token, 'GET', `${pollPath}/poll_sessions/999999`));
      expectNotFound(await api(server, c.teacher.token, 'GET', `${pollPath}/poll_sessions/abc/open`));
      // A session of another poll is not found through this one.
      expectNotFound(await api(server, c.teacher.token, 'GET', `${elsewhere.pollPath}/poll_sessions/${String(session.id)}`));
      expectNotFound(await api(server, c.teacher.token, 'POST', `${pollPath}/poll_sessions`, { poll_sessions: [{ course_id: 999999 }] }));
      expectNotFound(await api(server, c.teacher.token, 'GET', `${path}/poll_submissions/999999`));
      await api(server, c.teacher.token, 'GET', `${path}/open`);
      // A choice of another poll cannot be chosen here.
      expectNotFound(await answer(c.studentA.token, path, elsewhere.a.id));
      expect((await api(server, c.teacher.token, 'DELETE', path)).status).toBe(204);
      expectNotFound(await api(server, c.teacher.token, 'GET', path));
      expectNotFound(await answer(c.studentA.token, path, elsewhere.a.id));
    });

    it('answers 400 for missing lists and course ids, foreign sections, and a second answer', async () => {
      const { pollPath, path, a, b } = await setup();
      expect((await api(server, c.teacher.token, 'POST', `${pollPath}/poll_sessions`, {})).json).toEqual({
        errors: [{ message: 'poll_sessions is missing' }],
      });
      const noCourse = await api(server, c.teacher.token, 'POST', `${pollPath}/poll_sessions`, { poll_sessions: [{ has_public_results: true }] });
      expect(noCourse.status).toBe(400);
      expect(noCourse.json).toEqual({ errors: { course_id: [{ attribute: 'course_id', type: 'blank', message: "can't be blank" }] } });
      const foreignSection = await api(server, c.teacher.token, 'POST', `${pollPath}/poll_sessions`, {
        poll_sessions: [{ course_id: c.id, course_section_id: other.sectionB }],
      });
      expect(foreignSection.status).toBe(400);
      expect(Object.keys((foreignSection.json as { errors: Json }).errors)).toEqual(['base']);
      expect((await api(server, c.teacher.token, 'PUT', path, { poll_sessions: [{ course_section_id: other.sectionB }] })).status).toBe(400);
      await api(server, c.teacher.token, 'GET', `${path}/open`);
      expect((await api(server, c.studentA.token, 'POST', `${path}/poll_submissions`, {})).json).toEqual({
        errors: [{ message: 'poll_submissions is missing' }],
      });
      expect((await api(server, c.studentA.token, 'POST', `${path}/poll_submissions`, { poll_submissions: [{}] })).status).toBe(400);
      expect((await answer(c.studentA.token, path, a.id)).status).toBe(200);
      const again = await answer(c.studentA.token, path, b.id);
      expect(again.status).toBe(400);
      expect(again.json).toEqual({
        errors: { user_id: [{ attribute: 'user_id', type: 'taken', message: 'can only submit one choice per poll session.' }] },
      });
      // Racing answers still leave exactly one.
      const racing = await Promise.all([answer(c.studentB.token, path, a.id), answer(c.studentB.token, path, b.id)]);
      expect(racing.map((r) => r.status).sort()).toEqual([200, 400]);
      const shown = sessions((await api(server, c.teacher.token, 'GET', path)).json)[0]!;
      expect(shown.poll_submissions as Json[]).toHaveLength(2);
    });
  });

  describe('sessions', () => {
    it('creates a closed session (JSON and form) with string ids', async () => {
      const { poll, pollPath, session } = await setup();
      expect(session).toEqual({
        id: expect.stringMatching(/^\d+$/),
        is_published: false,
        has_public_results: false,
        course_id: String(c.id),
        course_section_id: null,
        created_at: expect.stringMatching(/Z$/),
        poll_id: String(poll.id),
        has_submitted: false,
        poll_submissions: [],
        results: {},
      });
      const form = await formApi(
        server,
        c.teacher.token,
        'POST',
        `${pollPath}/poll_sessions`,
        `poll_sessions[][course_id]=${c.id}&poll_sessions[][course_section_id]=${c.sectionB}&poll_sessions[][has_public_results]=1`,
      );
      expect(form.status).toBe(200);
      expect(sessions(form.json)[0]).toMatchObject({ course_section_id: String(c.sectionB), has_public_results: true, is_published: false });
    });

    it('opens, closes, updates and lists sessions', async () => {
      const { poll, pollPath, path } = await setup();
      expect(sessions((await api(server, c.teacher.token, 'GET', `${path}/open`)).json)[0]).toMatchObject({ is_published: true });
      expect(sessions((await api(server, c.teacher.token, 'GET', `${path}/close`)).json)[0]).toMatchObject({ is_published: false });
      const updated = await formApi(server, c.teacher.token, 'PUT', path, `poll_sessions[][course_section_id]=${c.sectionB}`);
      expect(sessions(updated.json)[0]).toMatchObject({ course_section_id: String(c.sectionB), has_public_results: false });
      const json = await api(server, c.teacher.token, 'PUT', path, { poll_sessions: [{ course_section_id: null, has_public_results: true }] });
      expect(sessions(json.json)[0]).toMatchObject({ course_section_id: null, has_public_results: true });
      await createSession(server, c.teacher.token, poll.id, { course_id: c.id });
      const page = await api(server, c.teacher.token, 'GET', `${pollPath}/poll_sessions?per_page=1`);
      expect(sessions(page.json)).toHaveLength(1);
      expect(page.headers.get('link')).toContain('rel="next"');
      expect(sessions((await api(server, c.teacher.token, 'GET', `${pollPath}/poll_sessions?per_page=1&page=2`)).json)).toHaveLength(1);
    });

    it('lists the open and closed sessions of the caller, by course and section', async () => {
      const whole = await setup();
      const sectionB = await setup({ course_section_id: c.sectionB });
      await api(server, c.teacher.token, 'GET', `${whole.path}/open`);
      await api(server, c.teacher.token, 'GET', `${sectionB.path}/open`);
      const ids = async (token: string, which: string) =>
        sessions((await api(server, token, 'GET', `/api/v1/poll_sessions/${which}?per_page=100`)).json).map((s) => s.id);
      expect(await ids(c.studentA.token, 'opened')).toContain(whole.session.id);
      expect(await ids(c.studentA.token, 'opened')).not.toContain(sectionB.session.id);
      expect(await ids(c.studentB.token, 'opened')).toEqual(expect.arrayContaining([whole.session.id, sectionB.session.id]));
      expect(await ids(other.studentA.token, 'opened')).toEqual([]);
      await api(server, c.teacher.token, 'GET', `${whole.path}/close`);
      expect(await ids(c.studentA.token, 'closed')).toContain(whole.session.id);
      expect(await ids(c.studentA.token, 'opened')).not.toContain(whole.session.id);
    });
  });

  describe('answers and who sees results', () => {
    it('takes one answer per student (JSON and form) and shows results per docs/canvas-compatibility.md §11', async () => {
      const { path, pollPath, a, b } = await setup();
      await api(server, c.teacher.token, 'GET', `${path}/open`);
      const first = await answer(c.studentA.token, path, a.id);
      expect(first.status).toBe(200);
      const mine = submissions(first.json)[0]!;
      expect(mine).toEqual({ id: expect.stringMatching(/^\d+$/), poll_choice_id: String(a.id), user_id: String(c.studentA.id), created_at: expect.stringMatching(/Z$/) });
      const form = await formApi(server, c.studentB.token, 'POST', `${path}/poll_submissions`, `poll_submissions[][poll_choice_id]=${String(b.id)}`);
      expect(form.status).toBe(200);

      // Results private: a student sees only their own answer, no results.
      const asStudent = sessions((await api(server, c.studentA.token, 'GET', path)).json)[0]!;
      expect(asStudent).not.toHaveProperty('results');
      expect(asStudent).not.toHaveProperty('has_public_results');
      expect(asStudent).toMatchObject({ has_submitted: true, poll_submissions: [mine] });
      const asTeacher = sessions((await api(server, c.teacher.token, 'GET', path)).json)[0]!;
      expect(asTeacher).toMatchObject({ has_submitted: false, results: { [String(a.id)]: 1, [String(b.id)]: 1 } });
      expect(asTeacher.poll_submissions as Json[]).toHaveLength(2);

      // Publishing the results shows them, and every answer, to the students.
      await api(server, c.teacher.token, 'PUT', path, { poll_sessions: [{ has_public_results: true }] });
      const published = sessions((await api(server, c.studentA.token, 'GET', path)).json)[0]!;
      expect(published).toMatchObject({ has_public_results: true, results: { [String(a.id)]: 1, [String(b.id)]: 1 } });
      expect(published.poll_submissions as Json[]).toHaveLength(2);

      // An answer is readable by its author and the poll's managers.
      const one = `${path}/poll_submissions/${String(mine.id)}`;
      expect(submissions((await api(server, c.studentA.token, 'GET', one)).json)).toEqual([mine]);
      expect(submissions((await api(server, c.teacher.token, 'GET', one)).json)).toEqual([mine]);
      expectUnauthorized(await api(server, c.studentB.token, 'GET', one));

      // The poll's totals count answers over all its sessions.
      const poll = (await api(server, c.teacher.token, 'GET', pollPath)).json as { polls: Json[] };
      expect(poll.polls[0]!.total_results).toEqual({ [String(a.id)]: 1, [String(b.id)]: 1 });
    });

    it('drops the answers of a deleted session or choice', async () => {
      const { path, pollPath, a, b } = await setup();
      await api(server, c.teacher.token, 'GET', `${path}/open`);
      await answer(c.studentA.token, path, a.id);
      await answer(c.studentB.token, path, b.id);
      expect((await api(server, c.teacher.token, 'DELETE', `${pollPath}/poll_choices/${String(b.id)}`)).status).toBe(204);
      expect(sessions((await api(server, c.teacher.token, 'GET', path)).json)[0]!.results).toEqual({ [String(a.id)]: 1 });
      // studentB may answer again now that their choice is gone.
      expect((await answer(c.studentB.token, path, a.id)).status).toBe(200);
      expect((await api(server, c.teacher.token, 'DELETE', path)).status).toBe(204);
      const poll = (await api(server, c.teacher.token, 'GET', pollPath)).json as { polls: Json[] };
      expect(poll.polls[0]!.total_results).toEqual({});
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createFixtureUser, type FixtureUser } from '../helpers/api-fixtures.ts';
import {
  createFixtureCourse,
  enrollFixtureUser,
  expectInvalidToken,
  expectNotFound,
  expectUnauthorized,
  type FixtureCourse,
} from '../helpers/course-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { failWritesOf, takeKeyBeforeInsert } from '../helpers/write-faults.ts';

const ADMIN = 'courses-admin-token';
type Course = { id: number; name: string; workflow_state: string; [key: string]: unknown };

describe('courses API', () => {
  let server: TestServer;
  let rootId: number;
  let teacher: FixtureUser;
  let ta: FixtureUser;
  let student: FixtureUser;
  let stranger: FixtureUser;
  let published: FixtureCourse;
  let draft: FixtureCourse;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    rootId = server.core.services.installation.root_account_id;
    teacher = await createFixtureUser(server, 'Tess Teacher');
    ta = await createFixtureUser(server, 'Tom Assistant');
    student = await createFixtureUser(server, 'Sam Student');
    stranger = await createFixtureUser(server, 'Stan Stranger');
    published = await createFixtureCourse(server, { name: 'Biology 101', course_code: 'BIO101', sis_course_id: 'BIO-101' });
    draft = await createFixtureCourse(server, { name: 'Draft Chemistry', published: false });
    for (const course of [published, draft]) {
      await enrollFixtureUser(server, course.id, teacher.id, 'TeacherEnrollment');
      await enrollFixtureUser(server, course.id, ta.id, 'TaEnrollment');
      await enrollFixtureUser(server, course.id, student.id, 'StudentEnrollment');
    }
  });
  afterAll(() => server.stop());

  describe('POST /api/v1/accounts/:account_id/courses', () => {
    const path = () => `/api/v1/accounts/${rootId}/courses`;

    it('needs a token and manage_courses on the account', async () => {
      expectInvalidToken(await api(server, undefined, 'POST', path(), { course: { name: 'X' } }));
      expectUnauthorized(await api(server, teacher.token, 'POST', path(), { course: { name: 'X' } }));
    });

    it('creates an unpublished course with its default section', async () => {
      const res = await api(server, ADMIN, 'POST', path(), {
        course: {
          name: 'Physics 201',
          course_code: 'PHY201',
          start_at: '2030-01-15T08:30:45.123-06:00',
          end_at: '2030-06-01',
          sis_course_id: 'PHY-201',
          default_view: 'syllabus',
          is_public: 'true',
          license: 'cc_by',
          time_zone: 'America/Denver',
          syllabus_body: '<p>Read chapter 1</p>',
          grading_standard_id: '7',
          apply_assignment_group_weights: '1',
        },
      });
      expect(res.status).toBe(200);
      const course = res.json as Course;
      expect(course).toMatchObject({
        name: 'Physics 201',
        course_code: 'PHY201',
        account_id: rootId,
        root_account_id: rootId,
        workflow_state: 'unpublished',
        start_at: '2030-01-15T14:30:45Z',
        end_at: '2030-06-01T00:00:00Z',
        sis_course_id: 'PHY-201',
        default_view: 'syllabus',
        is_public: true,
        license: 'cc_by',
        time_zone: 'America/Denver',
        grading_standard_id: 7,
        apply_assignment_group_weights: true,
        hide_final_grades: false,
        offline_locked_content: false,
        enrollments: [],
      });
      expect(course.uuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(course.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(course).not.toHaveProperty('syllabus_body');
      const sections = await api(server, ADMIN, 'GET', `/api/v1/courses/${course.id}/sections`);
      expect(sections.json).toEqual([expect.objectContaining({ name: 'Physics 201', course_id: course.id, sis_course_id: 'PHY-201' })]);
    });

    it('publishes with offer=true and enrolls the caller with enroll_me=true', async () => {
      const res = await api(server, ADMIN, 'POST', path(), { course: { name: 'Offered' }, offer: true, enroll_me: '1' });
      expect(res.json).toMatchObject({
        workflow_state: 'available',
        enrollments: [{ type: 'teacher', role: 'TeacherEnrollment', role_id: 4, enrollment_state: 'active', limit_privileges_to_course_section: false }],
      });
    });

    it('writes the course, its default section and the enroll_me enrollment together or not at all', async () => {
      const { courses, sections, enrollments } = server.core.services.repos;
      const attempt = async (name: string, fault: () => () => void) => {
        const restore = fault();
        try {
          return await api(server, ADMIN, 'POST', path(), { course: { name }, enroll_me: true });
        } finally {
          restore();
        }
      };
      const coursesNamed = async (name: string) => (await courses.find()).filter((c) => c.data.name === name);

      // The disk fails while the section is written: no course, no enrollment (and the 500 is logged, not shown).
      const before = await enrollments.count();
      const failed = await attempt('Disk full', () => failWritesOf(server, (doc) => doc.type === 'course_section'));
      expect(failed.status).toBe(500);
      const requestId = failed.headers.get('x-request-id');
      expect(server.errors.filter((e) => e.requestId === requestId).map((e) => (e.error as Error).message)).toEqual(['disk full']);
      expect(await coursesNamed('Disk full')).toEqual([]);
      expect(await enrollments.count()).toBe(before);

      // Another writer takes the section's key first: the storage refuses that row, and with it the others.
      expect((await attempt('Raced', () => takeKeyBeforeInsert(server, (doc) => doc.type === 'course_section'))).status).toBe(409);
      const [intruder] = (await sections.find()).filter((s) => s.data.name === 'Raced');
      expect(intruder).toBeDefined();
      expect(await courses.get(intruder!.data.course_id)).toBeUndefined();
      expect(await enrollments.find({ course_id: intruder!.data.course_id })).toEqual([]);

      expect((await attempt('Calm', () => () => undefined)).status).toBe(200);
      expect(await coursesNamed('Calm')).toHaveLength(1);
    });

    it('names an unnamed course, and takes sis_account_id: account ids', async () => {
      const res = await api(server, ADMIN, 'POST', '/api/v1/accounts/self/courses', {});
      expect(res.json).toMatchObject({ name: 'Unnamed Course', workflow_state: 'unpublished', account_id: rootId });
    });

    it('rejects invalid fields with keyed 400s and writes nothing', async () => {
      const before = await server.core.services.repos.courses.count();
      const cases: [Record<string, unknown>, string[]][] = [
        [{ course: { name: 'Dup', sis_course_id: 'BIO-101' } }, ['sis_source_id']],
        [{ course: { name: 'Dates', start_at: '2030-02-01', end_at: '2030-01-01' } }, ['conclude_at']],
        [{ course: { default_view: 'wall', license: 'mine', time_zone: 'Nowhere/Land' } }, ['default_view', 'license', 'time_zone']],
        [{ course: { start_at: 'not a date', name: 'x'.repeat(256) } }, ['start_at', 'name']],
        [{ course: 'flat' }, ['course']],
      ];
      for (const [body, keys] of cases) {
        const res = await api(server, ADMIN, 'POST', path(), body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(Object.keys((res.json as { errors: object }).errors).sort()).toEqual([...keys].sort());
      }
      expect(await server.core.services.repos.courses.count()).toBe(before);
    });
  });

  describe('GET /api/v1/courses/:id', () => {
    it('needs a token and a relation to the course', async () => {
      expectInvalidToken(await api(server, undefined, 'GET', `/api/v1/courses/${published.id}`));
      expectUnauthorized(await api(server, stranger.token, 'GET', `/api/v1/courses/${published.id}`));
    });

    it('shows the course with the caller’s enrollments, by id or sis_course_id:', async () => {
      for (const ref of [String(published.id), 'sis_course_id:BIO-101']) {
        const res = await api(server, student.token, 'GET', `/api/v1/courses/${ref}`);
        expect(res.status, ref).toBe(200);
        expect(res.json).toMatchObject({
          id: published.id,
          name: 'Biology 101',
          course_code: 'BIO101',
          workflow_state: 'available',
          enrollments: [{ type: 'student', role: 'StudentEnrollment', role_id: 3, user_id: student.id, enrollment_state: 'active' }],
        });
      }
    });

    it('hides unpublished courses from students but not from staff or admins', async () => {
      expectNotFound(await api(server, student.token, 'GET', `/api/v1/courses/${draft.id}`));
      expect((await api(server, ta.token, 'GET', `/api/v1/courses/${draft.id}`)).status).toBe(200);
      expect((await api(server, ADMIN, 'GET', `/api/v1/courses/${draft.id}`)).json).toMatchObject({ id: draft.id, enrollments: [] });
    });

    it('is 404 for unknown ids', async () => {
      for (const ref of ['987654321', 'sis_course_id:none', 'x1']) expectNotFound(await api(server, ADMIN, 'GET', `/api/v1/courses/${ref}`));
    });

    it('adds include[] blocks and ignores unknown ones', async () => {
      const query = ['total_students', 'teachers', 'term', 'sections', 'syllabus_body', 'concluded', 'bogus'].map((i) => `include[]=${i}`).join('&');
      const res = await api(server, teacher.token, 'GET', `/api/v1/courses/${published.id}?${query}`);
      expect(res.status).toBe(200);
      const course = res.json as Course;
      expect(course.total_students).toBe(1);
      expect(course.teachers).toEqual([
        expect.objectContaining({ id: teacher.id, display_name: 'Tess Teacher', html_url: `${server.url}/courses/${published.id}/users/${teacher.id}` }),
      ]);
      expect(course.term).toMatchObject({ name: 'Default Term' });
      expect(course.sections).toEqual([{ id: published.sectionId, name: 'Biology 101', start_at: null, end_at: null, enrollment_role: 'TeacherEnrollment' }]);
      expect(course.syllabus_body).toBeNull();
      expect(course.concluded).toBe(false);
      expect(course).not.toHaveProperty('bogus');
    });
  });

  describe('GET /api/v1/courses', () => {
    it('needs a token', async () => expectInvalidToken(await api(server, undefined, 'GET', '/api/v1/courses')));

    it('lists the caller’s courses; students never see unpublished ones', async () => {
      const ids = async (user: FixtureUser, query = '') =>
        ((await api(server, user.token, 'GET', `/api/v1/courses${query}`)).json as Course[]).map((c) => c.id);
      expect(await ids(teacher)).toEqual([published.id, draft.id]);
      expect(await ids(student)).toEqual([published.id]);
      expect(await ids(student, '?state[]=unpublished')).toEqual([]);
      expect(await ids(teacher, '?state[]=unpublished')).toEqual([draft.id]);
      expect(await ids(teacher, '?enrollment_type=student')).toEqual([]);
      expect(await ids(ta, '?enrollment_type=ta')).toEqual([published.id, draft.id]);
      expect(await ids(stranger)).toEqual([]);
    });

    it('rejects unknown filter values', async () => {
      const res = await api(server, teacher.token, 'GET', '/api/v1/courses?enrollment_type=owner');
      expect(res.status).toBe(400);
      expect(Object.keys((res.json as { errors: object }).errors)).toEqual(['enrollment_type']);
    });

    it('paginates with an exact Link header carrying other parameters', async () => {
      const res = await api(server, teacher.token, 'GET', '/api/v1/courses?include[]=total_students&per_page=1&per_page=1&page=2');
      expect((res.json as Course[]).map((c) => [c.id, c.total_students])).toEqual([[draft.id, 1]]);
      const base = `${server.url}/api/v1/courses?include%5B%5D=total_students&`;
      expect(res.headers.get('link')).toBe(
        [
          `<${base}page=2&per_page=1>; rel="current"`,
          `<${base}page=1&per_page=1>; rel="prev"`,
          `<${base}page=1&per_page=1>; rel="first"`,
          `<${base}page=2&per_page=1>; rel="last"`,
        ].join(','),
      );
    });
  });

  describe('GET /api/v1/accounts/:account_id/courses', () => {
    it('needs a token and read_course_list', async () => {
      expectInvalidToken(await api(server, undefined, 'GET', `/api/v1/accounts/${rootId}/courses`));
      expectUnauthorized(await api(server, teacher.token, 'GET', `/api/v1/accounts/${rootId}/courses`));
    });

    it('lists the account’s courses with search, published and state filters', async () => {
      const names = async (query: string) =>
        ((await api(server, ADMIN, 'GET', `/api/v1/accounts/${rootId}/courses?per_page=100&${query}`)).json as Course[]).map((c) => c.name);
      expect(await names('search_term=biology')).toEqual(['Biology 101']);
      expect(await names('search_term=BIO-101')).toEqual(['Biology 101']);
      expect(await names('published=false')).toContain('Draft Chemistry');
      expect(await names('published=false')).not.toContain('Biology 101');
      expect(await names('state[]=available&sort=course_name')).toEqual(['Biology 101', 'Offered']);
      const short = await api(server, ADMIN, 'GET', `/api/v1/accounts/${rootId}/courses?search_term=ab`);
      expect(short.status).toBe(400);
      expect(short.json).toEqual({ errors: [{ field: 'search_term', code: 'invalid', message: '3 or more characters is required' }] });
    });

    it('includes courses of sub-accounts and paginates', async () => {
      const sub = (await api(server, ADMIN, 'POST', `/api/v1/accounts/${rootId}/sub_accounts`, { account: { name: 'Sub' } })).json as { id: number };
      const created = (await api(server, ADMIN, 'POST', `/api/v1/accounts/${sub.id}/courses`, { course: { name: 'Sub Course' } })).json as Course;
      expect(created.account_id).toBe(sub.id);
      const res = await api(server, ADMIN, 'GET', `/api/v1/accounts/${rootId}/courses?search_term=Sub%20Course&per_page=1`);
      expect((res.json as Course[]).map((c) => c.id)).toEqual([created.id]);
      expect(res.json).toEqual([expect.not.objectContaining({ enrollments: expect.anything() })]);
      const base = `${server.url}/api/v1/accounts/${rootId}/courses?search_term=Sub+Course&`;
      expect(res.headers.get('link')).toBe(
        `<${base}page=1&per_page=1>; rel="current",<${base}page=1&per_page=1>; rel="first",<${base}page=1&per_page=1>; rel="last"`,
      );
    });
  });

  describe('PUT /api/v1/courses/:id', () => {
    it('needs a token and the right to change the course', async () => {
      expectInvalidToken(await api(server, undefined, 'PUT', `/api/v1/courses/${published.id}`, { course: { name: 'X' } }));
      expectUnauthorized(await api(server, student.token, 'PUT', `/api/v1/courses/${published.id}`, { course: { name: 'X' } }));
      expectNotFound(await api(server, student.token, 'PUT', `/api/v1/courses/${draft.id}`, { course: { name: 'X' } }));
      // A TA may edit content but not publish (change_course_state is off for TAs).
      expectUnauthorized(await api(server, ta.token, 'PUT', `/api/v1/courses/${draft.id}`, { course: { event: 'offer' } }));
    });

    it('updates fields and keeps the ones not sent', async () => {
      const res = await api(server, ta.token, 'PUT', `/api/v1/courses/${draft.id}`, { course: { course_code: 'CHEM1', hide_final_grades: true, offline_locked_content: 'true' } });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ name: 'Draft Chemistry', course_code: 'CHEM1', hide_final_grades: true, offline_locked_content: true, workflow_state: 'unpublished' });
      const again = await api(server, ta.token, 'PUT', `/api/v1/courses/${draft.id}`, { course: { name: 'Draft Chemistry' } });
      expect(again.json).toMatchObject({ offline_locked_content: true });
      // Canvas's boolean words: anything but a true word turns it off.
      expect((await api(server, ta.token, 'PUT', `/api/v1/courses/${draft.id}`, { course: { offline_locked_content: 'often' } })).json).toMatchObject({ offline_locked_content: false });
    });

    it('switches the grading scheme with grading_standard_enabled: on keeps a chosen standard, else the default (0)', async () => {
      const put = async (course: Record<string, unknown>) => (await api(server, ta.token, 'PUT', `/api/v1/courses/${draft.id}`, { course })).json as Course;
      expect((await put({ grading_standard_enabled: false })).grading_standard_id).toBeNull();
      expect((await put({ grading_standard_enabled: 'true' })).grading_standard_id).toBe(0);
      expect((await put({ grading_standard_id: 7 })).grading_standard_id).toBe(7);
      expect((await put({ grading_standard_enabled: true, name: 'Draft Chemistry' })).grading_standard_id).toBe(7);
      expect((await put({ grading_standard_enabled: false, grading_standard_id: 7 })).grading_standard_id).toBeNull();
      expect((await api(server, student.token, 'PUT', `/api/v1/courses/${published.id}`, { course: { grading_standard_enabled: true } })).status).toBe(401);
    });

    it('runs state events: offer, claim, conclude, delete, undelete', async () => {
      const course = await createFixtureCourse(server, { name: 'Lifecycle', published: false });
      await enrollFixtureUser(server, course.id, teacher.id, 'TeacherEnrollment');
      const event = async (token: string, name: string) =>
        (await api(server, token, 'PUT', `/api/v1/courses/${course.id}`, { course: { event: name } })) as { status: number; headers: Headers; json: Course };
      expect((await event(teacher.token, 'offer')).json.workflow_state).toBe('available');
      expect((await event(teacher.token, 'claim')).json.workflow_state).toBe('unpublished');
      expect((await event(teacher.token, 'conclude')).json.workflow_state).toBe('completed');
      // A concluded course leaves its teachers read rights only.
      expectUnauthorized(await event(teacher.token, 'offer'));
      expect((await event(ADMIN, 'delete')).json.workflow_state).toBe('deleted');
      expectNotFound(await api(server, teacher.token, 'GET', `/api/v1/courses/${course.id}`));
      expectNotFound(await event(teacher.token, 'undelete'));
      expect((await event(ADMIN, 'undelete')).json.workflow_state).toBe('unpublished');
    });

    it('leaves SIS ids to holders of manage_sis', async () => {
      expectUnauthorized(await api(server, teacher.token, 'PUT', `/api/v1/courses/${published.id}`, { course: { sis_course_id: 'MINE' } }));
    });

    it('validates every field before writing', async () => {
      const res = await api(server, teacher.token, 'PUT', `/api/v1/courses/${published.id}`, {
        course: { name: 'Renamed', sis_course_id: 'PHY-201', event: 'explode' },
      });
      expect(res.status).toBe(400);
      expect(Object.keys((res.json as { errors: object }).errors)).toEqual(['event']);
      const dup = await api(server, ADMIN, 'PUT', `/api/v1/courses/${published.id}`, { course: { name: 'Renamed', sis_course_id: 'PHY-201' } });
      expect(dup.status).toBe(400);
      expect((await api(server, ADMIN, 'GET', `/api/v1/courses/${published.id}`)).json).toMatchObject({ name: 'Biology 101' });
    });
  });

  describe('DELETE /api/v1/courses/:id', () => {
    it('needs a token and change_course_state', async () => {
      expectInvalidToken(await api(server, undefined, 'DELETE', `/api/v1/courses/${published.id}?event=conclude`));
      expectUnauthorized(await api(server, student.token, 'DELETE', `/api/v1/courses/${published.id}?event=conclude`));
    });

    it('requires event=delete or event=conclude', async () => {
      const res = await api(server, teacher.token, 'DELETE', `/api/v1/courses/${published.id}`);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message: "Only 'delete' and 'conclude' events are allowed." });
    });

    it('concludes and deletes', async () => {
      const course = await createFixtureCourse(server, { name: 'Short Lived' });
      expect((await api(server, ADMIN, 'DELETE', `/api/v1/courses/${course.id}`, { event: 'conclude' })).json).toEqual({ conclude: true });
      expect((await api(server, ADMIN, 'GET', `/api/v1/courses/${course.id}`)).json).toMatchObject({ workflow_state: 'completed' });
      expect((await api(server, ADMIN, 'DELETE', `/api/v1/courses/${course.id}?event=delete`)).json).toEqual({ delete: true });
      expectNotFound(await api(server, ADMIN, 'GET', `/api/v1/courses/${course.id}`));
    });
  });
});

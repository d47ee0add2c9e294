import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createFixtureUser, type FixtureUser } from '../helpers/api-fixtures.ts';
import {
  createFixtureCourse,
  createFixtureSection,
  enrollFixtureUser,
  expectInvalidToken,
  expectNotFound,
  expectUnauthorized,
  type FixtureCourse,
} from '../helpers/course-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN = 'sections-admin-token';
type Section = { id: number; name: string; [key: string]: unknown };

describe('sections API', () => {
  let server: TestServer;
  let course: FixtureCourse;
  let sectionB: number;
  let teacher: FixtureUser;
  let ta: FixtureUser;
  let limitedTa: FixtureUser;
  let student: FixtureUser;
  let stranger: FixtureUser;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    teacher = await createFixtureUser(server, 'Tina Teacher');
    ta = await createFixtureUser(server, 'Ted Assistant');
    limitedTa = await createFixtureUser(server, 'Lim Assistant');
    student = await createFixtureUser(server, 'Stu Dent');
    stranger = await createFixtureUser(server, 'Out Sider');
    course = await createFixtureCourse(server, { name: 'History', sis_course_id: 'HIST' });
    sectionB = await createFixtureSection(server, course.id, 'Evening', 'HIST-EVE');
    await enrollFixtureUser(server, course.id, teacher.id, 'TeacherEnrollment');
    await enrollFixtureUser(server, course.id, ta.id, 'TaEnrollment');
    await enrollFixtureUser(server, course.id, limitedTa.id, 'TaEnrollment', { sectionId: sectionB, limitToSection: true });
    await enrollFixtureUser(server, course.id, student.id, 'StudentEnrollment', { sectionId: sectionB });
  });
  afterAll(() => server.stop());

  describe('POST /api/v1/courses/:course_id/sections', () => {
    const path = () => `/api/v1/courses/${course.id}/sections`;

    it('needs a token and manage_sections', async () => {
      expectInvalidToken(await api(server, undefined, 'POST', path(), { course_section: { name: 'X' } }));
      // TAs may not manage sections by default (docs/canvas-compatibility.md §5.6).
      expectUnauthorized(await api(server, ta.token, 'POST', path(), { course_section: { name: 'X' } }));
      expectUnauthorized(await api(server, student.token, 'POST', path(), { course_section: { name: 'X' } }));
    });

    it('creates a section', async () => {
      const res = await api(server, teacher.token, 'POST', `/api/v1/courses/sis_course_id:HIST/sections`, {
        course_section: { name: 'Weekend', sis_section_id: 'HIST-WKD', start_at: '2030-01-01T10:00:00Z', end_at: '2030-03-01T10:00:00Z', restrict_enrollments_to_section_dates: 'yes' },
      });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        id: expect.any(Number),
        name: 'Weekend',
        course_id: course.id,
        sis_section_id: 'HIST-WKD',
        sis_course_id: 'HIST',
        integration_id: null,
        sis_import_id: null,
        nonxlist_course_id: null,
        start_at: '2030-01-01T10:00:00Z',
        end_at: '2030-03-01T10:00:00Z',
        restrict_enrollments_to_section_dates: true,
        created_at: expect.stringMatching(/Z$/),
      });
    });

    it('validates before writing', async () => {
      const before = await server.core.services.repos.sections.count();
      const dup = await api(server, teacher.token, 'POST', path(), { course_section: { name: 'Dup', sis_section_id: 'HIST-EVE' } });
      expect(dup.status).toBe(400);
      expect(dup.json).toEqual({ errors: { sis_source_id: [{ attribute: 'sis_source_id', type: 'taken', message: 'SIS ID "HIST-EVE" is already in use' }] } });
      const dates = await api(server, teacher.token, 'POST', path(), { course_section: { start_at: '2030-02-01', end_at: '2030-01-01' } });
      expect(Object.keys((dates.json as { errors: object }).errors)).toEqual(['end_at']);
      const bad = await api(server, teacher.token, 'POST', path(), { course_section: { start_at: 'soon' } });
      expect(Object.keys((bad.json as { errors: object }).errors)).toEqual(['start_at']);
      expect(await server.core.services.repos.sections.count()).toBe(before);
    });
  });

  describe('GET /api/v1/courses/:course_id/sections', () => {
    const path = () => `/api/v1/courses/${course.id}/sections`;

    it('needs a token and a relation to the course', async () => {
      expectInvalidToken(await api(server, undefined, 'GET', path()));
      expectUnauthorized(await api(server, stranger.token, 'GET', path()));
    });

    it('lists every section to course-wide members, paginated with an exact Link header', async () => {
      const res = await api(server, ta.token, 'GET', `${path()}?per_page=2`);
      expect((res.json as Section[]).map((s) => s.name)).toEqual(['History', 'Evening']);
      const base = `${server.url}${path()}?`;
      expect(res.headers.get('link')).toBe(
        `<${base}page=1&per_page=2>; rel="current",<${base}page=2&per_page=2>; rel="next",<${base}page=1&per_page=2>; rel="first",<${base}page=2&per_page=2>; rel="last"`,
      );
    });

    it('shows a section-limited member only their sections', async () => {
      const res = await api(server, limitedTa.token, 'GET', path());
      expect((res.json as Section[]).map((s) => s.id)).toEqual([sectionB]);
    });

    it('adds students and total_students on request', async () => {
      const res = await api(server, teacher.token, 'GET', `${path()}?include[]=students&include[]=total_students&include[]=nope`);
      const [first, second] = res.json as Section[];
      expect(first).toMatchObject({ id: course.sectionId, total_students: 0, students: null });
      expect(second).toMatchObject({ id: sectionB, total_students: 1, students: [{ id: student.id, name: 'Stu Dent', sortable_name: 'Dent, Stu', short_name: 'Stu Dent' }] });
      expect(first).not.toHaveProperty('nope');
    });

    it('is 404 for students of an unpublished course', async () => {
      const draft = await createFixtureCourse(server, { name: 'Draft', published: false });
      await enrollFixtureUser(server, draft.id, student.id, 'StudentEnrollment');
      expectNotFound(await api(server, student.token, 'GET', `/api/v1/courses/${draft.id}/sections`));
    });
  });

  describe('GET /api/v1/sections/:id and /api/v1/courses/:course_id/sections/:id', () => {
    it('needs a token and a relation to the course', async () => {
      expectInvalidToken(await api(server, undefined, 'GET', `/api/v1/sections/${sectionB}`));
      expectUnauthorized(await api(server, stranger.token, 'GET', `/api/v1/sections/${sectionB}`));
      expectUnauthorized(await api(server, stranger.token, 'GET', `/api/v1/courses/${course.id}/sections/${sectionB}`));
    });

    it('shows a section by id or sis_section_id:', async () => {
      for (const path of [`/api/v1/sections/${sectionB}`, '/api/v1/sections/sis_section_id:HIST-EVE', `/api/v1/courses/${course.id}/sections/${sectionB}`]) {
        const res = await api(server, student.token, 'GET', `${path}?include[]=total_students`);
        expect(res.status, path).toBe(200);
        expect(res.json).toMatchObject({ id: sectionB, name: 'Evening', course_id: course.id, sis_section_id: 'HIST-EVE', total_students: 1 });
      }
    });

    it('hides sections outside a section-limited member’s own, and sections of other courses', async () => {
      expectNotFound(await api(server, limitedTa.token, 'GET', `/api/v1/sections/${course.sectionId}`));
      const other = await createFixtureCourse(server, { name: 'Other' });
      expectNotFound(await api(server, ADMIN, 'GET', `/api/v1/courses/${other.id}/sections/${sectionB}`));
      for (const ref of ['123456789', 'sis_section_id:none', 'sis_course_id:HIST']) expectNotFound(await api(server, ADMIN, 'GET', `/api/v1/sections/${ref}`));
    });
  });
});

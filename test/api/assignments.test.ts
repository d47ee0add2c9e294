import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createAssignment, createContentCourse, createDiscussionTopic, createQuiz, type ContentCourse } from '../helpers/content-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { failWritesOf } from '../helpers/write-faults.ts';

const ADMIN_TOKEN = 'assignments-admin-token';

describe('assignments API', () => {
  let server: TestServer;
  let course: ContentCourse;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN_TOKEN });
    course = await createContentCourse(server);
    base = `/api/v1/courses/${course.id}/assignments`;
  });
  afterAll(() => server.stop());

  describe('auth', () => {
    it('401 with WWW-Authenticate without a token, on every route', async () => {
      for (const [method, path] of [['GET', base], ['POST', base], ['GET', `${base}/1`], ['PUT', `${base}/1`], ['DELETE', `${base}/1`]] as const) {
        const res = await api(server, undefined, method, path);
        expectInvalidToken(res, `${method} ${path}`);
      }
    });

    it('401 unauthorized without the header for a student writing or an outsider reading', async () => {
      const a = await createAssignment(server, course.teacher.token, course.id, { published: true });
      const attempts = [
        api(server, course.student.token, 'POST', base, { assignment: { name: 'x' } }),
        api(server, course.student.token, 'PUT', `${base}/${a.id}`, { assignment: { name: 'x' } }),
        api(server, course.student.token, 'DELETE', `${base}/${a.id}`),
        api(server, course.outsider.token, 'GET', base),
        api(server, course.outsider.token, 'GET', `${base}/${a.id}`),
      ];
      for (const res of await Promise.all(attempts)) {
        expectUnauthorized(res);
      }
    });

    it('404 for an unknown course', async () => {
      const res = await api(server, ADMIN_TOKEN, 'GET', '/api/v1/courses/999999/assignments');
      expect(res.status).toBe(404);
    });
  });

  describe('create, show, update, delete', () => {
    it('creates with every field and shows it back', async () => {
      const res = await api(server, course.teacher.token, 'POST', base, {
        assignment: {
          name: 'Lab report',
          description: '<p>Write it up</p>',
          points_possible: '12.5',
          grading_type: 'percent',
          submission_types: ['online_upload', 'online_text_entry'],
          allowed_extensions: ['.PDF', 'docx'],
          unlock_at: '2030-01-01T00:00:00Z',
          due_at: '2030-01-10T12:00:00.123Z',
          lock_at: '2030-01-20T00:00:00Z',
          peer_reviews: 'true',
          automatic_peer_reviews: true,
          peer_review_count: 2,
          published: '1',
          omit_from_final_grade: false,
          anonymous_grading: 'true',
        },
      });
      expect(res.status).toBe(200);
      const a = res.json as Record<string, unknown>;
      expect(a).toMatchObject({
        name: 'Lab report',
        description: '<p>Write it up</p>',
        course_id: course.id,
        points_possible: 12.5,
        grading_type: 'percent',
        submission_types: ['online_upload', 'online_text_entry'],
        allowed_extensions: ['pdf', 'docx'],
        due_at: '2030-01-10T12:00:00Z',
        unlock_at: '2030-01-01T00:00:00Z',
        lock_at: '2030-01-20T00:00:00Z',
        peer_reviews: true,
        automatic_peer_reviews: true,
        peer_review_count: 2,
        anonymous_grading: true,
        published: true,
        workflow_state: 'published',
        has_submitted_submissions: false,
        html_url: `${server.url}/courses/${course.id}/assignments/${a.id as number}`,
      });
      expect(a.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      const shown = await api(server, course.student.token, 'GET', `${base}/${a.id as number}`);
      expect(shown.status).toBe(200);
      expect(shown.json).toMatchObject({ id: a.id, name: 'Lab report' });
      expect(shown.json).not.toHaveProperty('needs_grading_count');
    });

    it('defaults: unpublished points assignment with submission type none, placed last', async () => {
      const one = await createAssignment(server, course.teacher.token, course.id);
      const two = await createAssignment(server, course.teacher.token, course.id);
      expect(one).toMatchObject({ published: false, workflow_state: 'unpublished', grading_type: 'points', submission_types: ['none'], points_possible: null, anonymous_grading: false });
      expect(two.position).toBe((one.position as number) + 1);
    });

    it('hides unpublished assignments from students (404) but not from teachers', async () => {
      const draft = await createAssignment(server, course.teacher.token, course.id, { name: 'Draft' });
      expect((await api(server, course.student.token, 'GET', `${base}/${draft.id}`)).status).toBe(404);
      expect((await api(server, course.teacher.token, 'GET', `${base}/${draft.id}`)).status).toBe(200);
      const studentList = (await api(server, course.student.token, 'GET', `${base}?per_page=100`)).json as { id: number }[];
      expect(studentList.map((a) => a.id)).not.toContain(draft.id);
    });

    it('updates only the fields sent, and accepts form bodies', async () => {
      const a = await createAssignment(server, course.teacher.token, course.id, { points_possible: 5, grading_type: 'letter_grade' });
      const res = await fetch(`${server.url}${base}/${a.id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${course.teacher.token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'assignment[name]=Renamed&assignment[published]=true&assignment[submission_types][]=online_url',
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ name: 'Renamed', points_possible: 5, grading_type: 'letter_grade', published: true, submission_types: ['online_url'] });
      const anonymous = await api(server, course.teacher.token, 'PUT', `${base}/${a.id}`, { assignment: { anonymous_grading: true } });
      expect(anonymous.json).toMatchObject({ name: 'Renamed', anonymous_grading: true });
    });

    it('not_graded drops the points', async () => {
      const a = await createAssignment(server, course.teacher.token, course.id, { points_possible: 5, grading_type: 'not_graded' });
      expect(a.points_possible).toBeNull();
    });

    it('DELETE returns the deleted assignment, which is then gone', async () => {
      const a = await createAssignment(server, course.teacher.token, course.id);
      const res = await api(server, course.teacher.token, 'DELETE', `${base}/${a.id}`);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: a.id, workflow_state: 'deleted' });
      expect((await api(server, course.teacher.token, 'GET', `${base}/${a.id}`)).status).toBe(404);
      expect((await api(server, course.teacher.token, 'DELETE', `${base}/${a.id}`)).status).toBe(404);
    });

    it('resolves sis_course_id: and 404s an assignment of another course', async () => {
      const other = await createContentCourse(server, 'Other');
      const a = await createAssignment(server, course.teacher.token, course.id);
      expect((await api(server, ADMIN_TOKEN, 'GET', `/api/v1/courses/${other.id}/assignments/${a.id}`)).status).toBe(404);
      expect((await api(server, ADMIN_TOKEN, 'GET', `/api/v1/courses/not-an-id/assignments`)).status).toBe(404);
      expect((await api(server, ADMIN_TOKEN, 'GET', `${base}/abc`)).status).toBe(404);
    });
  });

  describe('validation', () => {
    const bad = async (assignment: unknown) => api(server, course.teacher.token, 'POST', base, { assignment });

    it('400 keyed errors, nothing written', async () => {
      const before = ((await api(server, ADMIN_TOKEN, 'GET', `${base}?per_page=100`)).json as unknown[]).length;
      const cases: [unknown, string][] = [
        [{}, 'name'],
        [{ name: '' }, 'name'],
        [{ name: 'x', grading_type: 'stars' }, 'grading_type'],
        [{ name: 'x', submission_types: ['fax'] }, 'submission_types'],
        [{ name: 'x', points_possible: 'ten' }, 'points_possible'],
        [{ name: 'x', points_possible: -1 }, 'points_possible'],
        [{ name: 'x', due_at: 'someday' }, 'due_at'],
        [{ name: 'x', unlock_at: '2030-02-01', lock_at: '2030-01-01' }, 'lock_at'],
        [{ name: 'x', unlock_at: '2030-02-01', due_at: '2030-01-01' }, 'due_at'],
        [{ name: 'x', lock_at: '2030-01-01', due_at: '2030-02-01' }, 'due_at'],
        [{ name: 'x', position: 0 }, 'position'],
      ];
      for (const [assignment, field] of cases) {
        const res = await bad(assignment);
        expect(res.status, JSON.stringify(assignment)).toBe(400);
        expect((res.json as { errors: Record<string, unknown> }).errors, JSON.stringify(assignment)).toHaveProperty(field);
      }
      expect(((await api(server, ADMIN_TOKEN, 'GET', `${base}?per_page=100`)).json as unknown[]).length).toBe(before);
    });

    it('a PUT moving one date out of order is refused against the stored others', async () => {
      const a = await createAssignment(server, course.teacher.token, course.id, { due_at: '2030-01-10T00:00:00Z' });
      const res = await api(server, course.teacher.token, 'PUT', `${base}/${a.id}`, { assignment: { lock_at: '2030-01-05T00:00:00Z' } });
      expect(res.status).toBe(400);
      expect((res.json as { errors: object }).errors).toHaveProperty('due_at');
    });
  });

  describe('list', () => {
    let listCourse: ContentCourse;
    let path: string;

    beforeAll(async () => {
      listCourse = await createContentCourse(server, 'Listing');
      path = `/api/v1/courses/${listCourse.id}/assignments`;
      const day = 24 * 3600 * 1000;
      const dates = [-2 * day, 2 * day, 30 * day, null];
      for (let i = 0; i < 12; i++) {
        const due = dates[i % 4];
        await createAssignment(server, listCourse.teacher.token, listCourse.id, {
          name: i % 3 === 0 ? `Quiz prep ${i}` : `Essay ${i}`,
          published: true,
          due_at: due === null || due === undefined ? null : new Date(Date.now() + due).toISOString(),
        });
      }
    });

    it('pages by position with the exact Link header, carrying other params', async () => {
      const res = await api(server, listCourse.teacher.token, 'GET', `${path}?per_page=5&page=2&include[]=can_edit`);
      expect(res.status).toBe(200);
      const items = res.json as { name: string; can_edit: boolean }[];
      expect(items.map((a) => a.name)).toEqual(['Essay 5', 'Quiz prep 6', 'Essay 7', 'Essay 8', 'Quiz prep 9']);
      expect(items[0]!.can_edit).toBe(true);
      const url = (page: number) => `<${server.url}${path}?include%5B%5D=can_edit&page=${page}&per_page=5>`;
      expect(res.headers.get('link')).toBe(
        `${url(2)}; rel="current",${url(3)}; rel="next",${url(1)}; rel="prev",${url(1)}; rel="first",${url(3)}; rel="last"`,
      );
    });

    it('per_page sent twice takes the last value', async () => {
      const res = await api(server, listCourse.student.token, 'GET', `${path}?per_page=2&per_page=4`);
      expect((res.json as unknown[]).length).toBe(4);
    });

    it('search_term and bucket filter', async () => {
      const search = await api(server, listCourse.student.token, 'GET', `${path}?search_term=quiz&per_page=100`);
      expect((search.json as { name: string }[]).map((a) => a.name)).toEqual(['Quiz prep 0', 'Quiz prep 3', 'Quiz prep 6', 'Quiz prep 9']);
      const count = async (bucket: string) => ((await api(server, listCourse.student.token, 'GET', `${path}?bucket=${bucket}&per_page=100`)).json as unknown[]).length;
      expect(await count('past')).toBe(3);
      expect(await count('upcoming')).toBe(3);
      expect(await count('undated')).toBe(3);
      expect(await count('future')).toBe(9);
      expect((await api(server, listCourse.student.token, 'GET', `${path}?bucket=later`)).status).toBe(400);
    });

    it('include[] all_dates and overrides; unknown includes ignored', async () => {
      const res = await api(server, listCourse.student.token, 'GET', `${path}?include[]=all_dates&include[]=overrides&include[]=bogus&per_page=1`);
      const [a] = res.json as Record<string, unknown>[];
      expect(a!.all_dates).toEqual([{ base: true, title: 'Everyone', due_at: a!.due_at, unlock_at: null, lock_at: null }]);
      expect(a!.overrides).toEqual([]);
      expect(a).not.toHaveProperty('bogus');
      expect(a).not.toHaveProperty('can_edit');
    });
  });
});

describe('regressions', () => {
  let server: TestServer;
  let course: ContentCourse;
  beforeAll(async () => {
    server = await startTestServer();
    course = await createContentCourse(server, 'Regressions 101');
  });
  afterAll(() => server.stop());

  it('deleting a quiz assignment writes the assignment and its quiz together or not at all', async () => {
    const quiz = await createQuiz(server, course.teacher.token, course.id, { title: 'Graded', quiz_type: 'assignment', published: true });
    const { assignments, quizzes } = server.core.services.repos;
    const assignmentId = quiz.assignment_id as number;
    const restore = failWritesOf(server, (await quizzes.get(quiz.id))!.key);
    try {
      const res = await api(server, course.teacher.token, 'DELETE', `/api/v1/courses/${course.id}/assignments/${assignmentId}`);
      expect(res.status).toBe(500);
    } finally {
      restore();
    }
    // Before: the assignment was deleted and its quiz stayed published, reachable without its assignment.
    expect((await assignments.get(assignmentId))!.data.workflow_state).toBe('published');
    expect((await quizzes.get(quiz.id))!.data.workflow_state).toBe('published');
  });

  it('renaming a graded topic assignment leaves both renamed or neither', async () => {
    const topic = await createDiscussionTopic(server, course.teacher.token, course.id, { title: 'Debate', published: true, assignment: { points_possible: 5 } });
    const { assignments, discussionTopics } = server.core.services.repos;
    const assignmentId = (topic.assignment_id ?? (topic.assignment as { id: number }).id) as number;
    const restore = failWritesOf(server, (await discussionTopics.get(topic.id))!.key);
    try {
      await api(server, course.teacher.token, 'PUT', `/api/v1/courses/${course.id}/assignments/${assignmentId}`, { assignment: { name: 'Renamed' } });
    } finally {
      restore();
    }
    expect((await assignments.get(assignmentId))!.data.name).toBe((await discussionTopics.get(topic.id))!.data.title);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createContentCourse, createQuiz, type ContentCourse } from '../helpers/content-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('quizzes API', () => {
  let server: TestServer;
  let course: ContentCourse;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: 'quizzes-admin' });
    course = await createContentCourse(server);
    base = `/api/v1/courses/${course.id}/quizzes`;
  });
  afterAll(() => server.stop());

  it('401 with WWW-Authenticate without a token', async () => {
    for (const [method, path] of [['GET', base], ['POST', base], ['GET', `${base}/1`]] as const) {
      const res = await api(server, undefined, method, path);
      expectInvalidToken(res, `${method} ${path}`);
    }
  });

  it('401 unauthorized for a student creating and an outsider reading', async () => {
    for (const res of [
      await api(server, course.student.token, 'POST', base, { quiz: { title: 'x' } }),
      await api(server, course.outsider.token, 'GET', base),
    ]) {
      expectUnauthorized(res);
    }
  });

  it('a graded quiz creates its online_quiz assignment, in step', async () => {
    const quiz = await createQuiz(server, course.teacher.token, course.id, {
      title: 'Midterm',
      points_possible: 20,
      due_at: '2030-03-01T10:00:00Z',
      published: true,
    });
    expect(quiz).toMatchObject({ title: 'Midterm', quiz_type: 'assignment', points_possible: 20, published: true, due_at: '2030-03-01T10:00:00Z' });
    expect(quiz.html_url).toBe(`${server.url}/courses/${course.id}/quizzes/${quiz.id}`);
    const assignment = await api(server, course.student.token, 'GET', `/api/v1/courses/${course.id}/assignments/${quiz.assignment_id as number}`);
    expect(assignment.json).toMatchObject({
      name: 'Midterm',
      submission_types: ['online_quiz'],
      points_possible: 20,
      quiz_id: quiz.id,
      is_quiz_assignment: true,
      published: true,
    });
    // Renaming the assignment renames the quiz it grades.
    await api(server, course.teacher.token, 'PUT', `/api/v1/courses/${course.id}/assignments/${quiz.assignment_id as number}`, { assignment: { name: 'Midterm exam' } });
    expect((await api(server, course.student.token, 'GET', `${base}/${quiz.id}`)).json).toMatchObject({ title: 'Midterm exam' });
  });

  it('practice quizzes have no assignment; drafts are hidden from students', async () => {
    const practice = await createQuiz(server, course.teacher.token, course.id, { title: 'Warm-up', quiz_type: 'practice_quiz' });
    expect(practice.assignment_id).toBeNull();
    expect(practice.published).toBe(false);
    expect((await api(server, course.student.token, 'GET', `${base}/${practice.id}`)).status).toBe(404);
    expect((await api(server, course.teacher.token, 'GET', `${base}/${practice.id}`)).status).toBe(200);
  });

  it('400 on bad input', async () => {
    for (const [quiz, field] of [
      [{}, 'title'],
      [{ title: 'x', quiz_type: 'exam' }, 'quiz_type'],
      [{ title: 'x', allowed_attempts: 'many' }, 'allowed_attempts'],
      [{ title: 'x', unlock_at: '2030-02-01', due_at: '2030-01-01' }, 'due_at'],
    ] as const) {
      const res = await api(server, course.teacher.token, 'POST', base, { quiz });
      expect(res.status, JSON.stringify(quiz)).toBe(400);
      expect((res.json as { errors: object }).errors).toHaveProperty(field);
    }
  });

  it('lists page by page with the exact Link header and search_term', async () => {
    const other = await createContentCourse(server, 'Quiz list');
    for (let i = 1; i <= 3; i++) await createQuiz(server, other.teacher.token, other.id, { title: `Check ${i}`, published: true });
    const path = `/api/v1/courses/${other.id}/quizzes`;
    const res = await api(server, other.student.token, 'GET', `${path}?per_page=2&search_term=check`);
    expect((res.json as { title: string }[]).map((q) => q.title)).toEqual(['Check 1', 'Check 2']);
    const url = (page: number) => `<${server.url}${path}?search_term=check&page=${page}&per_page=2>`;
    expect(res.headers.get('link')).toBe(`${url(1)}; rel="current",${url(2)}; rel="next",${url(1)}; rel="first",${url(2)}; rel="last"`);
  });
});

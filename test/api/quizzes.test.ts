import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { formApi } from '../helpers/poll-fixtures.ts';
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
    for (const [method, path] of [['GET', base], ['POST', base], ['GET', `${base}/1`], ['PUT', `${base}/1`]] as const) {
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

  describe('update (PUT /quizzes/:id)', () => {
    it('changes the named quiz[…] fields, form-encoded as Canvas documents, and the assignment follows', async () => {
      const quiz = await createQuiz(server, course.teacher.token, course.id, { title: 'Quiz 1', points_possible: 5 });
      const body = new URLSearchParams({
        'quiz[title]': 'Quiz one',
        'quiz[points_possible]': '8',
        'quiz[due_at]': '2030-04-01T12:00:00Z',
        'quiz[time_limit]': '30',
        'quiz[published]': 'true',
      }).toString();
      const res = await formApi(server, course.teacher.token, 'PUT', `${base}/${quiz.id}`, body);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: quiz.id, title: 'Quiz one', points_possible: 8, due_at: '2030-04-01T12:00:00Z', time_limit: 30, published: true, allowed_attempts: 1, assignment_id: quiz.assignment_id });
      const assignment = await api(server, course.student.token, 'GET', `/api/v1/courses/${course.id}/assignments/${quiz.assignment_id as number}`);
      expect(assignment.json).toMatchObject({ name: 'Quiz one', points_possible: 8, due_at: '2030-04-01T12:00:00Z', published: true, quiz_id: quiz.id });
      // A PUT without fields changes nothing; JSON bodies are the same request.
      expect((await api(server, course.teacher.token, 'PUT', `${base}/${quiz.id}`, {})).json).toMatchObject({ title: 'Quiz one', points_possible: 8 });
      expect((await api(server, course.teacher.token, 'PUT', `${base}/${quiz.id}`, { quiz: { time_limit: null, published: false } })).json).toMatchObject({ time_limit: null, published: false });
      expect((await api(server, course.student.token, 'GET', `${base}/${quiz.id}`)).status).toBe(404);
    });

    it('changing the quiz type adds or removes the assignment it is graded through', async () => {
      const quiz = await createQuiz(server, course.teacher.token, course.id, { title: 'Switch', published: true });
      const assignmentPath = `/api/v1/courses/${course.id}/assignments/${quiz.assignment_id as number}`;
      const practice = await api(server, course.teacher.token, 'PUT', `${base}/${quiz.id}`, { quiz: { quiz_type: 'practice_quiz' } });
      expect(practice.json).toMatchObject({ quiz_type: 'practice_quiz', assignment_id: null });
      expect((await api(server, course.teacher.token, 'GET', assignmentPath)).status).toBe(404);
      const graded = (await api(server, course.teacher.token, 'PUT', `${base}/${quiz.id}`, { quiz: { quiz_type: 'graded_survey', points_possible: 3 } })).json as Record<string, unknown>;
      expect(graded).toMatchObject({ quiz_type: 'graded_survey', points_possible: 3 });
      expect(graded.assignment_id).toEqual(expect.any(Number));
      expect(graded.assignment_id).not.toBe(quiz.assignment_id);
      const assignment = await api(server, course.student.token, 'GET', `/api/v1/courses/${course.id}/assignments/${graded.assignment_id as number}`);
      expect(assignment.json).toMatchObject({ name: 'Switch', points_possible: 3, quiz_id: quiz.id, submission_types: ['online_quiz'], published: true });
    });

    it('refuses students (401), unknown quizzes (404) and bad values (400) without writing anything', async () => {
      const quiz = await createQuiz(server, course.teacher.token, course.id, { title: 'Guarded', published: true });
      expectUnauthorized(await api(server, course.student.token, 'PUT', `${base}/${quiz.id}`, { quiz: { title: 'Mine' } }));
      expect((await api(server, course.teacher.token, 'PUT', `${base}/999999`, { quiz: { title: 'x' } })).status).toBe(404);
      for (const [fields, field] of [
        [{ title: '' }, 'title'],
        [{ quiz_type: 'exam' }, 'quiz_type'],
        [{ unlock_at: '2030-02-01', due_at: '2030-01-01' }, 'due_at'],
      ] as const) {
        const res = await api(server, course.teacher.token, 'PUT', `${base}/${quiz.id}`, { quiz: fields });
        expect(res.status, JSON.stringify(fields)).toBe(400);
        expect((res.json as { errors: object }).errors).toHaveProperty(field);
      }
      expect((await api(server, course.teacher.token, 'GET', `${base}/${quiz.id}`)).json).toMatchObject({ title: 'Guarded', quiz_type: 'assignment', due_at: null });
    });
  });
});

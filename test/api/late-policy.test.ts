import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, createSubmissionCourse, gradeAs, submitText, type SubmissionCourse } from '../helpers/submission-fixtures.ts';

type Json = Record<string, unknown>;
const DAY = 86_400_000;

/** Canvas's example (docs/canvas-compatibility.md §8.5): 10% a day, never below 50%. */
const POLICY = {
  late_submission_deduction_enabled: true,
  late_submission_deduction: 10,
  late_submission_interval: 'day',
  late_submission_minimum_percent_enabled: true,
  late_submission_minimum_percent: 50,
  missing_submission_deduction_enabled: true,
  missing_submission_deduction: 25,
};

describe('late policy API', () => {
  let server: TestServer;
  let c: SubmissionCourse;
  let path: string;
  /** Due two and a half days ago: a submission now is 3 days late. */
  let late: Json & { id: number };
  /** Due yesterday; student B never submits it. */
  let missed: Json & { id: number };
  const submissionOf = async (assignmentId: number, userId: number) =>
    (await api(server, c.teacher.token, 'GET', `/api/v1/courses/${c.id}/assignments/${assignmentId}/submissions/${userId}`)).json as Json;

  beforeAll(async () => {
    server = await startTestServer();
    c = await createSubmissionCourse(server, 'Late Policy 101');
    path = `/api/v1/courses/${c.id}/late_policy`;
    // Half an hour short of 2.5 days, so the started days (3) and hours (60) stay the same however long the run takes.
    late = await createGradedAssignment(server, c, { due_at: new Date(Date.now() - 2.5 * DAY + 30 * 60_000).toISOString() });
    missed = await createGradedAssignment(server, c, { due_at: new Date(Date.now() - DAY).toISOString() });
    await submitText(server, c.studentA.token, c.id, late.id);
    // Listing creates every student's (unsubmitted) submission, as Canvas keeps one per student.
    await api(server, c.teacher.token, 'GET', `/api/v1/courses/${c.id}/assignments/${missed.id}/submissions`);
  });
  afterAll(() => server.stop());

  describe('errors first', () => {
    it('401 without a token', async () => {
      expectInvalidToken(await api(server, undefined, 'GET', path));
      expectInvalidToken(await api(server, undefined, 'POST', path, { late_policy: POLICY }));
      expectInvalidToken(await api(server, undefined, 'PATCH', path, { late_policy: POLICY }));
    });

    it('401 unauthorized: outsiders read nothing; students, observers and designers change nothing', async () => {
      expectUnauthorized(await api(server, c.outsider.token, 'GET', path));
      for (const who of [c.studentA, c.observer, c.designer, c.outsider]) {
        expectUnauthorized(await api(server, who.token, 'POST', path, { late_policy: POLICY }), who.login);
        expectUnauthorized(await api(server, who.token, 'PATCH', path, { late_policy: POLICY }), who.login);
      }
    });

    it('404 for an unknown course, and for a course without a policy (GET and PATCH)', async () => {
      expectNotFound(await api(server, c.teacher.token, 'GET', '/api/v1/courses/999999999/late_policy'));
      expectNotFound(await api(server, c.teacher.token, 'POST', '/api/v1/courses/999999999/late_policy', { late_policy: POLICY }));
      expectNotFound(await api(server, c.teacher.token, 'GET', path));
      expectNotFound(await api(server, c.teacher.token, 'PATCH', path, { late_policy: { late_submission_deduction: 5 } }));
    });

    it('400 for out-of-range percentages, an unknown interval and a missing block; nothing is created', async () => {
      for (const [field, value] of [
        ['late_submission_deduction', 100.5],
        ['missing_submission_deduction', -1],
        ['late_submission_minimum_percent', '101'],
        ['late_submission_deduction', 'ten'],
        ['late_submission_interval', 'week'],
      ] as const) {
        const res = await api(server, c.teacher.token, 'POST', path, { late_policy: { ...POLICY, [field]: value } });
        expect(res.status, `${field}=${value}`).toBe(400);
        expect(res.json).toMatchObject({ errors: { [field]: [expect.objectContaining({ attribute: field })] } });
      }
      for (const body of [{}, { late_policy: {} }]) {
        expect(await api(server, c.teacher.token, 'POST', path, body)).toMatchObject({ status: 400, json: { errors: [{ message: 'late_policy is missing' }] } });
      }
      expectNotFound(await api(server, c.teacher.token, 'GET', path));
    });
  });

  describe('happy paths', () => {
    it('creates the policy (201, wrapped), which anyone in the course can read; a second create is a 400', async () => {
      const created = await api(server, c.teacher.token, 'POST', path, { late_policy: POLICY });
      expect(created.status).toBe(201);
      const policy = (created.json as { late_policy: Json }).late_policy;
      expect(policy).toEqual({ id: expect.any(Number), ...POLICY });
      expect(await api(server, c.studentA.token, 'GET', path)).toMatchObject({ status: 200, json: { late_policy: policy } });
      expect(await api(server, c.teacher.token, 'POST', path, { late_policy: POLICY })).toMatchObject({
        status: 400,
        json: { status: 'bad_request', errors: [{ message: 'only one late policy per course is allowed' }] },
      });
    });

    it('a late submission graded 9/10, 3 days late: 30% off, score 6, points_deducted 3, entered 9', async () => {
      const graded = await gradeAs(server, c.teacher.token, c.id, late.id, c.studentA.id, { posted_grade: '9' });
      expect(graded).toMatchObject({ late: true, score: 6, grade: '6', points_deducted: 3, entered_score: 9, entered_grade: '9', workflow_state: 'graded' });
      // A score the minimum percentage protects: 6/10 may lose only 1 point (down to 50%).
      const low = await gradeAs(server, c.teacher.token, c.id, late.id, c.studentA.id, { posted_grade: '6' });
      expect(low).toMatchObject({ score: 5, points_deducted: 1, entered_score: 6 });
    });

    it('a past-due missing submission gets the missing score; an on-time one loses nothing', async () => {
      expect(await submissionOf(missed.id, c.studentB.id)).toMatchObject({ missing: true, score: 7.5, grade: '7.5', workflow_state: 'graded', points_deducted: null });
      const onTime = await createGradedAssignment(server, c, { due_at: new Date(Date.now() + DAY).toISOString() });
      await submitText(server, c.studentA.token, c.id, onTime.id);
      const graded = await gradeAs(server, c.teacher.token, c.id, onTime.id, c.studentA.id, { posted_grade: '9' });
      expect(graded).toMatchObject({ late: false, score: 9, points_deducted: null });
    });

    it('PATCH changes only what it sends (204, no body) and rescores the course at once', async () => {
      await gradeAs(server, c.teacher.token, c.id, late.id, c.studentA.id, { posted_grade: '9' });
      const res = await api(server, c.teacher.token, 'PATCH', path, { late_policy: { late_submission_deduction: 5, missing_submission_deduction_enabled: false } });
      expect(res.status).toBe(204);
      expect(res.json).toBeUndefined();
      expect((await api(server, c.teacher.token, 'GET', path)).json).toEqual({
        late_policy: { id: expect.any(Number), ...POLICY, late_submission_deduction: 5, missing_submission_deduction_enabled: false },
      });
      expect(await submissionOf(late.id, c.studentA.id)).toMatchObject({ score: 7.5, points_deducted: 1.5, entered_score: 9 });
      // Turning the missing deduction off keeps a missing score already given, as Canvas does.
      expect(await submissionOf(missed.id, c.studentB.id)).toMatchObject({ missing: true, score: 7.5 });
    });

    it('a form-encoded body with an hourly interval, as Canvas clients send it', async () => {
      const res = await fetch(server.url + path, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${c.teacher.token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'late_policy[late_submission_interval]=hour&late_policy[late_submission_deduction]=1&late_policy[late_submission_minimum_percent_enabled]=false',
      });
      expect(res.status).toBe(204);
      // Just under 2.5 days late is 60 started hours: 60% of the 10 points possible, with no minimum any more.
      expect(await submissionOf(late.id, c.studentA.id)).toMatchObject({ score: 3, points_deducted: 6, entered_score: 9 });
    });
  });
});

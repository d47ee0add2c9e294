import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { createDiscussionTopic, createQuiz } from '../helpers/content-fixtures.ts';
import { createOverride, daysFromNow } from '../helpers/planner-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, createSubmissionCourse, gradeAs, submitText, type SubmissionCourse } from '../helpers/submission-fixtures.ts';

type Json = Record<string, unknown>;

/**
 * Issue 33, class 1: the fields newer Canvas clients read. Submission JSON carries `posted_at` (the mobile apps show
 * a grade only when it is set), `extra_attempts`, `redo_request` and `grading_period_id`; comments carry the attempt
 * they were made on; `include[]=user_summary` adds the student's display card; planner overrides name their
 * assignment.
 */
describe('fidelity: newer fields clients read', () => {
  let server: TestServer;
  let c: SubmissionCourse;
  let base: string;
  let assignment: Json & { id: number };

  const submissionOf = async (token: string, query = '') => {
    const res = await api(server, token, 'GET', `${base}/assignments/${assignment.id}/submissions/${c.studentA.id}${query}`);
    expect(res.status).toBe(200);
    return res.json as Json;
  };

  beforeAll(async () => {
    server = await startTestServer();
    c = await createSubmissionCourse(server, 'Fields 101');
    base = `/api/v1/courses/${c.id}`;
    assignment = await createGradedAssignment(server, c);
  });
  afterAll(() => server.stop());

  it('an ungraded submission has posted_at null and Canvas\'s newer fields with their defaults', async () => {
    await submitText(server, c.studentA.token, c.id, assignment.id);
    const json = await submissionOf(c.studentA.token);
    expect(json).toMatchObject({ posted_at: null, extra_attempts: null, redo_request: false, grading_period_id: null });
  });

  it('a grade on an assignment that posts grades is posted at its grading time', async () => {
    const graded = await gradeAs(server, c.teacher.token, c.id, assignment.id, c.studentA.id, { posted_grade: '7' });
    expect(graded.posted_at).toBe(graded.graded_at);
    expect((await submissionOf(c.studentA.token)).posted_at).toBe(graded.graded_at);
  });

  it('while the assignment is muted the grade is not posted, for graders and students alike', async () => {
    const muted = await api(server, c.teacher.token, 'PUT', `${base}/assignments/${assignment.id}`, { assignment: { muted: true } });
    expect(muted.status).toBe(200);
    expect((await submissionOf(c.teacher.token)).posted_at).toBeNull();
    expect(await submissionOf(c.studentA.token)).toMatchObject({ posted_at: null, score: null });
    await api(server, c.teacher.token, 'PUT', `${base}/assignments/${assignment.id}`, { assignment: { muted: false } });
    expect((await submissionOf(c.studentA.token)).posted_at).not.toBeNull();
  });

  it('the fields follow response_fields[] like every other own field', async () => {
    const res = await api(server, c.teacher.token, 'GET', `${base}/students/submissions?student_ids[]=all&response_fields[]=posted_at&response_fields[]=user_id`);
    expect(res.status).toBe(200);
    const mine = (res.json as Json[]).find((s) => s.user_id === c.studentA.id)!;
    expect(Object.keys(mine).sort()).toEqual(['posted_at', 'user_id']);
  });

  it('comments carry the attempt they were made on', async () => {
    await gradeAs(server, c.teacher.token, c.id, assignment.id, c.studentA.id, {});
    const first = await api(server, c.teacher.token, 'PUT', `${base}/assignments/${assignment.id}/submissions/${c.studentA.id}`, { comment: { text_comment: 'On the first try' } });
    expect(first.status).toBe(200);
    await submitText(server, c.studentA.token, c.id, assignment.id, '<p>Second try</p>');
    await api(server, c.studentA.token, 'PUT', `${base}/assignments/${assignment.id}/submissions/${c.studentA.id}`, { comment: { text_comment: 'Resubmitted' } });
    const comments = (await submissionOf(c.studentA.token, '?include[]=submission_comments')).submission_comments as Json[];
    expect(comments.map((m) => [m.comment, m.attempt])).toEqual([['On the first try', 1], ['Resubmitted', 2]]);
  });

  it('include[]=user_summary gives the student as UserDisplay', async () => {
    const json = await submissionOf(c.teacher.token, '?include[]=user_summary');
    expect(json.user).toEqual({
      id: c.studentA.id,
      display_name: 'Amy Student',
      avatar_image_url: expect.stringMatching(/^http/) as unknown,
      html_url: expect.stringContaining(`/courses/${c.id}/users/${c.studentA.id}`) as unknown,
    });
    const list = await api(server, c.teacher.token, 'GET', `${base}/assignments/${assignment.id}/submissions?include[]=user_summary`);
    expect((list.json as Json[]).every((s) => (s.user as Json).id === s.user_id)).toBe(true);
  });

  it('planner overrides name the assignment their plannable is graded through', async () => {
    const onAssignment = await createOverride(server, c.studentA.token, 'assignment', assignment.id);
    expect(onAssignment.assignment_id).toBe(assignment.id);
    const quiz = (await createQuiz(server, c.teacher.token, c.id, { published: true, quiz_type: 'assignment', points_possible: 5 })) as Json & { id: number };
    const onQuiz = await createOverride(server, c.studentA.token, 'quiz', quiz.id);
    expect(onQuiz.assignment_id).toBe(quiz.assignment_id);
    expect(typeof onQuiz.assignment_id).toBe('number');
    const topic = (await createDiscussionTopic(server, c.teacher.token, c.id, { published: true })) as Json & { id: number };
    const onTopic = await createOverride(server, c.studentA.token, 'discussion_topic', topic.id);
    expect(onTopic.assignment_id).toBeNull();
    const listed = await api(server, c.studentA.token, 'GET', '/api/v1/planner/overrides');
    expect((listed.json as Json[]).map((o) => o.assignment_id)).toEqual([assignment.id, quiz.assignment_id, null]);
    // A planner item's override says the same.
    const due = await createGradedAssignment(server, c, { name: 'Due soon', due_at: daysFromNow(1) });
    await createOverride(server, c.studentA.token, 'assignment', due.id);
    const items = await api(server, c.studentA.token, 'GET', '/api/v1/planner/items');
    const item = (items.json as Json[]).find((i) => i.plannable_type === 'assignment' && i.plannable_id === String(due.id));
    expect((item?.planner_override as Json | undefined)?.assignment_id).toBe(due.id);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, createSubmissionCourse, gradeAs, submitText, type SubmissionCourse } from '../helpers/submission-fixtures.ts';

type Json = Record<string, unknown> & { id: number };

/**
 * A muted assignment's grades are not posted: the student and their observer read the submission without its
 * grade and without the teacher's comments until the teacher unmutes it; the student's own comments stay.
 */
describe('submissions API: grades and comments hidden until posted', () => {
  let server: TestServer;
  let c: SubmissionCourse;
  let assignment: Json;
  let self: string;

  const mute = async (muted: boolean) =>
    expect((await api(server, c.teacher.token, 'PUT', `/api/v1/courses/${c.id}/assignments/${assignment.id}`, { assignment: { muted } })).status).toBe(200);
  const comment = async (token: string, text_comment: string) =>
    expect((await api(server, token, 'PUT', `${self}/${c.studentA.id}`, { comment: { text_comment } })).status).toBe(200);
  const seenBy = async (token: string, path = `${self}/${c.studentA.id}`) => {
    const res = await api(server, token, 'GET', `${path}?include[]=submission_comments&include[]=read_status`);
    expect(res.status).toBe(200);
    return res.json as Json & { submission_comments: Json[] };
  };

  beforeAll(async () => {
    server = await startTestServer();
    c = await createSubmissionCourse(server, 'Posting 101');
    assignment = await createGradedAssignment(server, c, { points_possible: 10 });
    self = `/api/v1/courses/${c.id}/assignments/${assignment.id}/submissions`;
    await submitText(server, c.studentA.token, c.id, assignment.id);
    await mute(true);
    await gradeAs(server, c.teacher.token, c.id, assignment.id, c.studentA.id, { posted_grade: '7' });
    await comment(c.teacher.token, 'See me about paragraph two');
    await comment(c.studentA.token, 'Was my second paragraph clear?');
  });
  afterAll(() => server.stop());

  it('the student and their observer see no grade and only the student’s own comments; nothing reads as new', async () => {
    for (const token of [c.studentA.token, c.observer.token]) {
      const s = await seenBy(token);
      expect(s).toMatchObject({ score: null, grade: null, entered_score: null, entered_grade: null, workflow_state: 'graded' });
      expect(s.submission_comments.map((x) => x.comment)).toEqual(['Was my second paragraph clear?']);
    }
    expect(await seenBy(c.studentA.token, `${self}/self`)).toMatchObject({ score: null, read_status: 'read' });
    const listed = await api(server, c.studentA.token, 'GET', `/api/v1/courses/${c.id}/students/submissions?include[]=submission_comments`);
    expect(listed.json).toEqual([expect.objectContaining({ assignment_id: assignment.id, score: null, grade: null, submission_comments: [expect.objectContaining({ author_id: c.studentA.id })] })]);
  });

  it('the teacher sees everything', async () => {
    const s = await seenBy(c.teacher.token);
    expect(s).toMatchObject({ score: 7, grade: '7' });
    expect(s.submission_comments).toHaveLength(2);
  });

  it('once unmuted, the student sees the grade and the teacher’s comment', async () => {
    await mute(false);
    const s = await seenBy(c.studentA.token);
    expect(s).toMatchObject({ score: 7, grade: '7', read_status: 'unread' });
    expect(s.submission_comments.map((x) => x.comment)).toEqual(['See me about paragraph two', 'Was my second paragraph clear?']);
  });
});

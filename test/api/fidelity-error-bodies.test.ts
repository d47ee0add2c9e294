import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { expectNotFound } from '../helpers/course-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, createSubmissionCourse, type SubmissionCourse } from '../helpers/submission-fixtures.ts';

type Json = Record<string, unknown>;

/** Issue 33, class 5: Canvas's own error bodies where its controllers word them, which clients match on. */
describe('fidelity: endpoint-specific error bodies', () => {
  let server: TestServer;
  let c: SubmissionCourse;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer();
    c = await createSubmissionCourse(server, 'Errors 101');
    base = `/api/v1/courses/${c.id}`;
  });
  afterAll(() => server.stop());

  it('an unknown page is 404 {"message":"page not found"}, on reads, deletes and group pages alike', async () => {
    for (const [method, path] of [['GET', `${base}/pages/no-such-page`], ['DELETE', `${base}/pages/no-such-page`]] as const) {
      const res = await api(server, c.teacher.token, method, path);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: 'page not found' });
    }
  });

  it('no front page is 404 {"message":"No front page has been set"}', async () => {
    const res = await api(server, c.teacher.token, 'GET', `${base}/front_page`);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: 'No front page has been set' });
  });

  it('an unknown or deleted group category is 404 {"status":"not found"}', async () => {
    const missing = await api(server, c.teacher.token, 'GET', '/api/v1/group_categories/987654321');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ status: 'not found' });
    const made = await api(server, c.teacher.token, 'POST', `${base}/group_categories`, { name: 'Projects' });
    expect(made.status).toBe(200);
    const id = (made.json as Json).id as number;
    expect((await api(server, c.teacher.token, 'DELETE', `/api/v1/group_categories/${id}`)).status).toBe(200);
    const gone = await api(server, c.teacher.token, 'GET', `/api/v1/group_categories/${id}/groups`);
    expect(gone.status).toBe(404);
    expect(gone.json).toEqual({ status: 'not found' });
  });

  it('/students/submissions naming an assignment the caller cannot see is 403 {"error":"invalid assignment ids requested"}', async () => {
    const res = await api(server, c.teacher.token, 'GET', `${base}/students/submissions?student_ids[]=all&assignment_ids[]=987654321`);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ error: 'invalid assignment ids requested' });
  });

  it('the poll routes answer an unknown poll, choice, session or submission with the 404 Canvas\'s polling controllers give', async () => {
    const made = await api(server, c.teacher.token, 'POST', '/api/v1/polls', { polls: [{ question: 'Ready?' }] });
    const poll = (made.json as { polls: { id: string }[] }).polls[0]!.id;
    const paths = ['/api/v1/polls/987654321', '/api/v1/polls/987654321/poll_choices', `/api/v1/polls/${poll}/poll_choices/987654321`,
      `/api/v1/polls/${poll}/poll_sessions/987654321`, `/api/v1/polls/${poll}/poll_sessions/987654321/poll_submissions/1`];
    for (const path of paths) expectNotFound(await api(server, c.teacher.token, 'GET', path), path);
  });

  it('a pending Progress has no results key (pollers read its presence as "done")', async () => {
    const assignment = await createGradedAssignment(server, c);
    const started = await api(server, c.teacher.token, 'POST', `${base}/assignments/${String(assignment.id)}/submissions/update_grades`, {
      grade_data: { [c.studentA.id]: { posted_grade: '5' } },
    });
    expect(started.status).toBe(200);
    const progress = started.json as Json;
    expect(progress.workflow_state).toBe('queued');
    expect(progress).not.toHaveProperty('results');
  });
});

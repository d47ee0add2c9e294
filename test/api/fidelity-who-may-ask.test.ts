import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { expectNotFound, expectNotFoundSaying, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createModule } from '../helpers/module-fixtures.ts';
import { createPage } from '../helpers/page-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, createSubmissionCourse, type SubmissionCourse } from '../helpers/submission-fixtures.ts';

type Json = Record<string, unknown> & { id: number };

/**
 * Issue 33, class 4: who may ask, in Canvas's order — the record is found first (404 when it does not exist), then
 * the caller's right to it is asked (401), and only then is the request's content judged.
 */
describe('fidelity: who may ask', () => {
  let server: TestServer;
  let c: SubmissionCourse;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer();
    c = await createSubmissionCourse(server, 'Who 101');
    base = `/api/v1/courses/${c.id}`;
  });
  afterAll(() => server.stop());

  it('a group category is shown only to those who manage groups; students and observers get 401', async () => {
    const made = await api(server, c.teacher.token, 'POST', `${base}/group_categories`, { name: 'Teams' });
    const path = `/api/v1/group_categories/${(made.json as Json).id}`;
    expect((await api(server, c.teacher.token, 'GET', path)).status).toBe(200);
    for (const who of [c.studentA, c.observer]) expectUnauthorized(await api(server, who.token, 'GET', path), who.token);
    // An unknown category is still a 404, before any question of rights.
    expectNotFoundSaying(await api(server, c.studentA.token, 'GET', '/api/v1/group_categories/987654321'), { status: 'not found' });
  });

  it("an assignment's submission list needs manage_grades or view_all_grades; the student reads their own through /self", async () => {
    const assignment = await createGradedAssignment(server, c);
    const list = `${base}/assignments/${assignment.id}/submissions`;
    expect((await api(server, c.teacher.token, 'GET', list)).status).toBe(200);
    expectUnauthorized(await api(server, c.studentA.token, 'GET', list));
    expectUnauthorized(await api(server, c.observer.token, 'GET', list));
    expect((await api(server, c.studentA.token, 'GET', `${list}/self`)).status).toBe(200);
    expectNotFound(await api(server, c.teacher.token, 'GET', '/api/v1/courses/987654321/assignments/1/submissions'));
  });

  it('an unpublished page is found, then refused: 401 for a student, 404 only for a page that does not exist', async () => {
    const draft = await createPage(server, c.teacher.token, `${base}/pages`, { title: 'Answers', published: false });
    expectUnauthorized(await api(server, c.studentA.token, 'GET', `${base}/pages/${draft.url}`));
    expectUnauthorized(await api(server, c.studentA.token, 'GET', `${base}/pages/${draft.url}/revisions/latest`));
    expectNotFoundSaying(await api(server, c.studentA.token, 'GET', `${base}/pages/never-written`), { message: 'page not found' });
    expect((await api(server, c.teacher.token, 'GET', `${base}/pages/${draft.url}`)).status).toBe(200);
  });

  it("modules' student_id: a user who is no student of the course is a 401, an unknown user a 404", async () => {
    await createModule(server, c.teacher.token, c.id, { name: 'Unit 1' });
    const path = `${base}/modules`;
    expect((await api(server, c.teacher.token, 'GET', `${path}?student_id=${c.studentA.id}`)).status).toBe(200);
    expectUnauthorized(await api(server, c.teacher.token, 'GET', `${path}?student_id=${c.designer.id}`));
    expectUnauthorized(await api(server, c.teacher.token, 'GET', `${path}?student_id=${c.outsider.id}`));
    expectUnauthorized(await api(server, c.studentB.token, 'GET', `${path}?student_id=${c.studentA.id}`));
    expectNotFound(await api(server, c.teacher.token, 'GET', `${path}?student_id=987654321`));
  });
});

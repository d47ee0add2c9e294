import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeId, REPLICA_LIMIT, replicaOf } from '../../src/server/domain/ids.ts';
import { api } from '../helpers/api-fixtures.ts';
import { expectInvalidToken } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { coursePages, createPage } from '../helpers/page-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, submitText } from '../helpers/submission-fixtures.ts';
import { replayEntry, ROUTES, type ReplayAnswer } from '../helpers/sync-fixtures.ts';

/**
 * `POST /api/v1/sync/replay` over HTTP: each attack a device could make with record-level push, sent as the write
 * a device's outbox records, meets exactly the answer the same request gets over REST and changes nothing.
 */
describe('POST /api/v1/sync/replay (hub)', () => {
  let hub: TestServer;
  let course: RosterCourse;
  let device: number;

  beforeAll(async () => {
    hub = await startTestServer();
    course = await createRosterCourse(hub, 'Replay 101');
    // Any replica other than the hub's own: the device's ids are composed with it.
    device = (hub.core.services.sync.ids.replica % (REPLICA_LIMIT - 2)) + 1;
  });
  afterAll(() => hub.stop());

  const replay = async (token: string, entries: unknown[]) => {
    const res = await api(hub, token, 'POST', '/api/v1/sync/replay', { device, entries });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return (res.json as ReplayAnswer).results;
  };
  const ids = (assignmentId: number, userId?: number) => ({
    course_id: String(course.id),
    assignment_id: String(assignmentId),
    ...(userId === undefined ? {} : { user_id: String(userId) }),
  });
  const commentsOn = async (assignmentId: number, userId: number) =>
    (await hub.core.services.repos.submissionComments.find({ course_id: course.id })).filter((c) => c.data.assignment_id === assignmentId && c.data.user_id === userId);
  const statusClass = (status: number) => Math.floor(status / 100);

  it('401 without a token; 400 for malformed entries', async () => {
    expectInvalidToken(await api(hub, undefined, 'POST', '/api/v1/sync/replay', { device, entries: [] }));
    for (const body of [{ entries: [] }, { device, entries: [{}] }, { device: 0, entries: [] }, { device, entries: Array(101).fill(replayEntry(1, 'POST', ROUTES.submit, {})) }]) {
      expect((await api(hub, course.studentA.token, 'POST', '/api/v1/sync/replay', body)).status).toBe(400);
    }
  });

  it("a comment on a classmate's submission is refused as over REST, and nothing is written", async () => {
    const assignment = await createGradedAssignment(hub, course);
    await submitText(hub, course.studentB.token, course.id, assignment.id);
    const params = { ...ids(assignment.id, course.studentB.id), comment: { text_comment: 'Signed, the teacher' } };
    const rest = await api(hub, course.studentA.token, 'PUT', `/api/v1/courses/${course.id}/assignments/${assignment.id}/submissions/${course.studentB.id}`, params);
    const [result] = await replay(course.studentA.token, [replayEntry(course.studentA.id, 'PUT', ROUTES.gradeOrComment, params)]);
    expect(statusClass(rest.status)).toBe(4);
    expect(result).toMatchObject({ outcome: 'refused', status: rest.status });
    expect(await commentsOn(assignment.id, course.studentB.id)).toEqual([]);
  });

  it("grading oneself or a classmate is refused as over REST, and the grade stays unset", async () => {
    const assignment = await createGradedAssignment(hub, course);
    await submitText(hub, course.studentB.token, course.id, assignment.id);
    for (const target of [course.studentA.id, course.studentB.id]) {
      const params = { ...ids(assignment.id, target), submission: { posted_grade: '10' } };
      const rest = await api(hub, course.studentA.token, 'PUT', `/api/v1/courses/${course.id}/assignments/${assignment.id}/submissions/${target}`, params);
      const [result] = await replay(course.studentA.token, [replayEntry(course.studentA.id, 'PUT', ROUTES.gradeOrComment, params)]);
      expect(statusClass(rest.status)).toBe(4);
      expect(result).toMatchObject({ outcome: 'refused', status: rest.status });
    }
    expect((await hub.core.services.repos.submissions.byLookup(`submission:${assignment.id}:${course.studentB.id}`))?.data.score).toBeNull();
  });

  it('a submission to a closed assignment is refused as over REST', async () => {
    const assignment = await createGradedAssignment(hub, course, { lock_at: new Date(Date.now() - 60_000).toISOString() });
    const params = { ...ids(assignment.id), submission: { submission_type: 'online_text_entry', body: '<p>late</p>' } };
    const rest = await api(hub, course.studentA.token, 'POST', `/api/v1/courses/${course.id}/assignments/${assignment.id}/submissions`, params);
    const [result] = await replay(course.studentA.token, [replayEntry(course.studentA.id, 'POST', ROUTES.submit, params)]);
    expect(statusClass(rest.status)).toBe(4);
    expect(result).toMatchObject({ outcome: 'refused', status: rest.status });
    expect((await hub.core.services.repos.submissions.byLookup(`submission:${assignment.id}:${course.studentA.id}`))?.data.body ?? null).toBeNull();
  });

  it('a submission body is sanitised exactly as over REST, and its time is the hub’s, not the device’s', async () => {
    const assignment = await createGradedAssignment(hub, course);
    const body = '<p onclick="steal()">Essay</p><script>steal()</script>';
    await submitText(hub, course.studentB.token, course.id, assignment.id, body);
    const entry = { ...replayEntry(course.studentA.id, 'POST', ROUTES.submit, { ...ids(assignment.id), submission: { submission_type: 'online_text_entry', body } }), device_time: 0 };
    const before = Date.now();
    expect(await replay(course.studentA.token, [entry])).toEqual([expect.objectContaining({ outcome: 'applied', status: 201 })]);
    const viaRest = await hub.core.services.repos.submissions.byLookup(`submission:${assignment.id}:${course.studentB.id}`);
    const viaSync = await hub.core.services.repos.submissions.byLookup(`submission:${assignment.id}:${course.studentA.id}`);
    expect(viaSync?.data.body).toBe(viaRest?.data.body);
    expect(viaSync?.data.body).not.toContain('script');
    expect(Date.parse(viaSync!.data.submitted_at!)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
  });

  it("a student's page edit is refused as over REST and adds no revision", async () => {
    const page = await createPage(hub, course.teacher.token, coursePages(course.id), { title: 'Syllabus', body: '<p>Week 1</p>', published: true });
    const params = { course_id: String(course.id), url: page.url, wiki_page: { body: '<script>forged()</script>' } };
    const rest = await api(hub, course.studentA.token, 'PUT', `${coursePages(course.id)}/${page.url}`, params);
    const [result] = await replay(course.studentA.token, [replayEntry(course.studentA.id, 'PUT', ROUTES.page, params)]);
    expect(statusClass(rest.status)).toBe(4);
    expect(result).toMatchObject({ outcome: 'refused', status: rest.status });
    const revisions = await api(hub, course.teacher.token, 'GET', `${coursePages(course.id)}/${page.url}/revisions`);
    expect(revisions.json).toHaveLength(1);
  });

  it("an entry of another user than the token's, or of a route that is not a replayable write, is refused", async () => {
    const assignment = await createGradedAssignment(hub, course);
    const asClassmate = replayEntry(course.studentB.id, 'POST', ROUTES.submit, { ...ids(assignment.id), submission: { submission_type: 'online_text_entry', body: '<p>x</p>' } });
    const localOnly = replayEntry(course.studentA.id, 'POST', '/api/v1/sync/replay', { device, entries: [] });
    const unknown = replayEntry(course.studentA.id, 'POST', '/api/v1/nothing/here', {});
    const results = await replay(course.studentA.token, [asClassmate, localOnly, unknown]);
    expect(results.map((r) => [r.outcome, r.status])).toEqual([['refused', 401], ['refused', 404], ['refused', 404]]);
    expect(await hub.core.services.repos.submissions.byLookup(`submission:${assignment.id}:${course.studentB.id}`)).toBeUndefined();
  });

  it('an entry delivered twice is applied once and answered the same way', async () => {
    const assignment = await createGradedAssignment(hub, course);
    await submitText(hub, course.studentA.token, course.id, assignment.id);
    const entry = replayEntry(course.teacher.id, 'PUT', ROUTES.gradeOrComment, { ...ids(assignment.id, course.studentA.id), comment: { text_comment: 'Once' } });
    const first = await replay(course.teacher.token, [entry]);
    const second = await replay(course.teacher.token, [entry]);
    expect(first).toEqual([expect.objectContaining({ outcome: 'applied', status: 200 })]);
    expect(second).toEqual(first);
    expect((await commentsOn(assignment.id, course.studentA.id)).map((c) => c.data.comment)).toEqual(['Once']);
  });

  it('ids a device allocated offline resolve to the ids the hub allocated, in later entries', async () => {
    const assignment = await createGradedAssignment(hub, course);
    await submitText(hub, course.studentA.token, course.id, assignment.id);
    const localComment = composeId(device, 7);
    const created = [{ collection: 'course_user', key: `submission_comment:${localComment}`, type: 'submission_comment', id: localComment, lookup_key: '' }];
    const write = replayEntry(course.teacher.id, 'PUT', ROUTES.gradeOrComment, { ...ids(assignment.id, course.studentA.id), comment: { text_comment: 'Draft' } }, created);
    const edit = replayEntry(course.teacher.id, 'PUT', ROUTES.editComment, { ...ids(assignment.id, course.studentA.id), id: String(localComment), comment: 'Edited offline' });
    const results = await replay(course.teacher.token, [write, edit]);
    expect(results.map((r) => r.outcome)).toEqual(['applied', 'applied']);
    const [comment] = await commentsOn(assignment.id, course.studentA.id);
    expect(comment?.data.comment).toBe('Edited offline');
    // The hub chose the id: no device can place a record under an id of its choosing.
    expect(comment?.id).not.toBe(localComment);
    expect(replicaOf(comment!.id)).toBe(hub.core.services.sync.ids.replica);
  });
});

import { describe, expect, it } from 'vitest';
import { composeId, replicaOf } from '../../src/server/domain/ids.ts';
import { api } from '../helpers/api-fixtures.ts';
import { expectInvalidToken } from '../helpers/course-fixtures.ts';
import { coursePages, createPage } from '../helpers/page-fixtures.ts';
import { ReplayHub } from '../helpers/replay-hub.ts';
import { createGradedAssignment, submitText } from '../helpers/submission-fixtures.ts';
import { replayEntry, ROUTES } from '../helpers/sync-fixtures.ts';

/**
 * `POST /api/v1/sync/replay` over HTTP: each attack a device could make with record-level push, sent as the write
 * a device's outbox records, meets exactly the answer the same request gets over REST and changes nothing.
 * More attacks: hub-replay-attacks.test.ts.
 */
describe('POST /api/v1/sync/replay (hub)', () => {
  const rig = new ReplayHub('Replay 101');
  const replay = (token: string, entries: unknown[]) => rig.replay(token, entries);
  const ids = (assignmentId: number, userId?: number) => rig.ids(assignmentId, userId);
  const commentsOn = async (assignmentId: number, userId: number) =>
    (await rig.hub.core.services.repos.submissionComments.find({ course_id: rig.course.id })).filter((c) => c.data.assignment_id === assignmentId && c.data.user_id === userId);

  it('401 without a token; 400 for malformed entries', async () => {
    expectInvalidToken(await api(rig.hub, undefined, 'POST', '/api/v1/sync/replay', { device: rig.device, entries: [] }));
    for (const body of [{ entries: [] }, { device: rig.device, entries: [{}] }, { device: 0, entries: [] }, { device: rig.device, entries: Array(101).fill(replayEntry(1, 'POST', ROUTES.submit, {})) }]) {
      expect((await api(rig.hub, rig.course.studentA.token, 'POST', '/api/v1/sync/replay', body)).status).toBe(400);
    }
  });

  it("a comment on a classmate's submission is refused as over REST, and nothing is written", async () => {
    const assignment = await createGradedAssignment(rig.hub, rig.course);
    await submitText(rig.hub, rig.course.studentB.token, rig.course.id, assignment.id);
    const params = { ...ids(assignment.id, rig.course.studentB.id), comment: { text_comment: 'Signed, the teacher' } };
    await rig.refusedAsOverRest(rig.course.studentA, 'PUT', ROUTES.gradeOrComment, params);
    expect(await commentsOn(assignment.id, rig.course.studentB.id)).toEqual([]);
  });

  it("grading oneself or a classmate is refused as over REST, and the grade stays unset", async () => {
    const assignment = await createGradedAssignment(rig.hub, rig.course);
    await submitText(rig.hub, rig.course.studentB.token, rig.course.id, assignment.id);
    for (const target of [rig.course.studentA.id, rig.course.studentB.id]) {
      const params = { ...ids(assignment.id, target), submission: { posted_grade: '10' } };
      await rig.refusedAsOverRest(rig.course.studentA, 'PUT', ROUTES.gradeOrComment, params);
    }
    expect((await rig.hub.core.services.repos.submissions.byLookup(`submission:${assignment.id}:${rig.course.studentB.id}`))?.data.score).toBeNull();
  });

  it('a submission to a closed assignment is refused as over REST', async () => {
    const assignment = await createGradedAssignment(rig.hub, rig.course, { lock_at: new Date(Date.now() - 60_000).toISOString() });
    const params = { ...ids(assignment.id), submission: { submission_type: 'online_text_entry', body: '<p>late</p>' } };
    await rig.refusedAsOverRest(rig.course.studentA, 'POST', ROUTES.submit, params);
    expect((await rig.hub.core.services.repos.submissions.byLookup(`submission:${assignment.id}:${rig.course.studentA.id}`))?.data.body ?? null).toBeNull();
  });

  it('a submission body is sanitised exactly as over REST, and its time is the hub’s, not the device’s', async () => {
    const assignment = await createGradedAssignment(rig.hub, rig.course);
    const body = '<p onclick="steal()">Essay</p><script>steal()</script>';
    await submitText(rig.hub, rig.course.studentB.token, rig.course.id, assignment.id, body);
    const entry = { ...replayEntry(rig.course.studentA.id, 'POST', ROUTES.submit, { ...ids(assignment.id), submission: { submission_type: 'online_text_entry', body } }), device_time: 0 };
    const before = Date.now();
    expect(await replay(rig.course.studentA.token, [entry])).toEqual([expect.objectContaining({ outcome: 'applied', status: 201 })]);
    const viaRest = await rig.hub.core.services.repos.submissions.byLookup(`submission:${assignment.id}:${rig.course.studentB.id}`);
    const viaSync = await rig.hub.core.services.repos.submissions.byLookup(`submission:${assignment.id}:${rig.course.studentA.id}`);
    expect(viaSync?.data.body).toBe(viaRest?.data.body);
    expect(viaSync?.data.body).not.toContain('script');
    expect(Date.parse(viaSync!.data.submitted_at!)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
  });

  it("a student's page edit is refused as over REST and adds no revision", async () => {
    const page = await createPage(rig.hub, rig.course.teacher.token, coursePages(rig.course.id), { title: 'Syllabus', body: '<p>Week 1</p>', published: true });
    const params = { course_id: String(rig.course.id), url: page.url, wiki_page: { body: '<script>forged()</script>' } };
    await rig.refusedAsOverRest(rig.course.studentA, 'PUT', ROUTES.page, params);
    const revisions = await api(rig.hub, rig.course.teacher.token, 'GET', `${coursePages(rig.course.id)}/${page.url}/revisions`);
    expect(revisions.json).toHaveLength(1);
  });

  it("an entry of another user than the token's, or of a route that is not a replayable write, is refused", async () => {
    const assignment = await createGradedAssignment(rig.hub, rig.course);
    const asClassmate = replayEntry(rig.course.studentB.id, 'POST', ROUTES.submit, { ...ids(assignment.id), submission: { submission_type: 'online_text_entry', body: '<p>x</p>' } });
    const localOnly = replayEntry(rig.course.studentA.id, 'POST', '/api/v1/sync/replay', { device: rig.device, entries: [] });
    const unknown = replayEntry(rig.course.studentA.id, 'POST', '/api/v1/nothing/here', {});
    const results = await replay(rig.course.studentA.token, [asClassmate, localOnly, unknown]);
    expect(results.map((r) => [r.outcome, r.status])).toEqual([['refused', 401], ['refused', 404], ['refused', 404]]);
    expect(await rig.hub.core.services.repos.submissions.byLookup(`submission:${assignment.id}:${rig.course.studentB.id}`)).toBeUndefined();
  });

  it('an entry delivered twice is applied once and answered the same way', async () => {
    const assignment = await createGradedAssignment(rig.hub, rig.course);
    await submitText(rig.hub, rig.course.studentA.token, rig.course.id, assignment.id);
    const entry = replayEntry(rig.course.teacher.id, 'PUT', ROUTES.gradeOrComment, { ...ids(assignment.id, rig.course.studentA.id), comment: { text_comment: 'Once' } });
    const first = await replay(rig.course.teacher.token, [entry]);
    const second = await replay(rig.course.teacher.token, [entry]);
    expect(first).toEqual([expect.objectContaining({ outcome: 'applied', status: 200 })]);
    expect(second).toEqual(first);
    expect((await commentsOn(assignment.id, rig.course.studentA.id)).map((c) => c.data.comment)).toEqual(['Once']);
  });

  it('ids a device allocated offline resolve to the ids the hub allocated, in later entries', async () => {
    const assignment = await createGradedAssignment(rig.hub, rig.course);
    await submitText(rig.hub, rig.course.studentA.token, rig.course.id, assignment.id);
    const localComment = composeId(rig.device, 7);
    const created = [{ collection: 'course_user', key: `submission_comment:${localComment}`, type: 'submission_comment', id: localComment, lookup_key: '' }];
    const write = replayEntry(rig.course.teacher.id, 'PUT', ROUTES.gradeOrComment, { ...ids(assignment.id, rig.course.studentA.id), comment: { text_comment: 'Draft' } }, created);
    const edit = replayEntry(rig.course.teacher.id, 'PUT', ROUTES.editComment, { ...ids(assignment.id, rig.course.studentA.id), id: String(localComment), comment: 'Edited offline' });
    const results = await replay(rig.course.teacher.token, [write, edit]);
    expect(results.map((r) => r.outcome)).toEqual(['applied', 'applied']);
    const [comment] = await commentsOn(assignment.id, rig.course.studentA.id);
    expect(comment?.data.comment).toBe('Edited offline');
    // The hub chose the id: no device can place a record under an id of its choosing.
    expect(comment?.id).not.toBe(localComment);
    expect(replicaOf(comment!.id)).toBe(rig.hub.core.services.sync.ids.replica);
  });
});

import { describe, expect, it } from 'vitest';
import { composeId, replicaOf } from '../../src/server/domain/ids.ts';
import { api } from '../helpers/api-fixtures.ts';
import { createPublishedModule, createUrlItem } from '../helpers/module-fixtures.ts';
import { coursePages, createPage } from '../helpers/page-fixtures.ts';
import { ReplayHub } from '../helpers/replay-hub.ts';
import { createGradedAssignment, submitText } from '../helpers/submission-fixtures.ts';
import { replayEntry, ROUTES } from '../helpers/sync-fixtures.ts';

type Json = Record<string, unknown>;

/**
 * More attacks a student's device could make with record-level push, sent as outbox entries straight to
 * `POST /api/v1/sync/replay` with the student's own token: each meets the answer REST gives the same request, and
 * the teacher reads back over REST that nothing changed.
 */
describe('POST /api/v1/sync/replay (hub): attacks', () => {
  const rig = new ReplayHub('Attacks 101');
  const asTeacher = async <T = Json>(path: string) => {
    const res = await api(rig.hub, rig.course.teacher.token, 'GET', path);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json as T;
  };
  const submissionOf = (assignmentId: number, userId: number) =>
    asTeacher(`/api/v1/courses/${rig.course.id}/assignments/${assignmentId}/submissions/${userId}?include[]=submission_comments`);

  it("a classmate's submission cannot be replaced: naming their user id submits one's own, as over REST", async () => {
    const { studentA, studentB } = rig.course;
    const assignment = await createGradedAssignment(rig.hub, rig.course);
    await submitText(rig.hub, studentB.token, rig.course.id, assignment.id, '<p>Ben’s essay</p>');
    const before = await submissionOf(assignment.id, studentB.id);
    const submission = { submission_type: 'online_text_entry', body: '<p>Overwritten</p>' };
    const viaSubmit = await rig.sameAsRest(studentA, 'POST', ROUTES.submit, { ...rig.ids(assignment.id), user_id: String(studentB.id), submission });
    expect(viaSubmit.rest.status).toBe(201);
    expect((viaSubmit.rest.json as Json).user_id).toBe(studentA.id);
    // The grading route on the classmate's submission takes no work, and a student may not use it on theirs.
    await rig.refusedAsOverRest(studentA, 'PUT', ROUTES.gradeOrComment, { ...rig.ids(assignment.id, studentB.id), submission });
    expect(await submissionOf(assignment.id, studentB.id)).toEqual(before);
  });

  it("a classmate's file cannot be attached to one's own submission", async () => {
    const { studentA, studentB } = rig.course;
    const assignment = await createGradedAssignment(rig.hub, rig.course, { submission_types: ['online_upload'] });
    const upload = await api(rig.hub, studentB.token, 'POST', `/api/v1/courses/${rig.course.id}/assignments/${assignment.id}/submissions/self/files`, {
      name: 'essay.txt',
      content: Buffer.from('Ben’s work').toString('base64'),
    });
    expect(upload.status, JSON.stringify(upload.json)).toBe(200);
    const fileId = (upload.json as { id: number }).id;
    const params = { ...rig.ids(assignment.id), submission: { submission_type: 'online_upload', file_ids: [String(fileId)] } };
    await rig.refusedAsOverRest(studentA, 'POST', ROUTES.submit, params);
    expect(await submissionOf(assignment.id, studentA.id)).toMatchObject({ workflow_state: 'unsubmitted', submission_type: null, submitted_at: null });
    // The file is untouched, and no submission carries it.
    expect(await asTeacher(`/api/v1/files/${fileId}`)).toMatchObject({ id: fileId, display_name: 'essay.txt' });
    expect(await submissionOf(assignment.id, studentB.id)).toMatchObject({ workflow_state: 'unsubmitted' });
  });

  // The offline-time rule keeps a device's time only after a contact the hub saw before the entry; this device made
  // none, so no earlier time it claims can be vouched for (the bounds themselves: offline-time.test.ts).
  it('a late submission stays late whatever earlier time the device claims for it', async () => {
    const { studentA, studentB } = rig.course;
    const dueAt = Date.now() - 60 * 60_000;
    const assignment = await createGradedAssignment(rig.hub, rig.course, { due_at: new Date(dueAt).toISOString() });
    await submitText(rig.hub, studentB.token, rig.course.id, assignment.id);
    const submission = { submission_type: 'online_text_entry', body: '<p>Made before the due date, says the device</p>' };
    const entry = { ...replayEntry(studentA.id, 'POST', ROUTES.submit, { ...rig.ids(assignment.id), submission }), device_time: dueAt - 60 * 60_000 };
    expect(await rig.replay(studentA.token, [entry])).toEqual([expect.objectContaining({ outcome: 'applied', status: 201 })]);
    const viaRest = await submissionOf(assignment.id, studentB.id);
    const viaSync = await submissionOf(assignment.id, studentA.id);
    expect(viaRest).toMatchObject({ late: true });
    expect(viaSync).toMatchObject({ late: true, seconds_late: expect.any(Number) });
    expect(Date.parse(String(viaSync.submitted_at))).toBeGreaterThan(dueAt);
    // The receive time was used, so there is no other time to record.
    expect(viaSync.received_at).toBeNull();
  });

  it('a requirement of a module locked by a prerequisite cannot be marked read or done', async () => {
    const { teacher, studentA } = rig.course;
    const first = await createPublishedModule(rig.hub, teacher.token, rig.course.id, { name: 'First' });
    await createUrlItem(rig.hub, teacher.token, rig.course.id, first.id, { title: 'Read first', completion_requirement: { type: 'must_view' } });
    const second = await createPublishedModule(rig.hub, teacher.token, rig.course.id, { name: 'Second', prerequisite_module_ids: [first.id] });
    const view = await createUrlItem(rig.hub, teacher.token, rig.course.id, second.id, { title: 'Read', completion_requirement: { type: 'must_view' } });
    const done = await createUrlItem(rig.hub, teacher.token, rig.course.id, second.id, { title: 'Do', completion_requirement: { type: 'must_mark_done' } });
    const item = (id: number) => ({ course_id: String(rig.course.id), module_id: String(second.id), id: String(id) });
    const items = '/api/v1/courses/:course_id/modules/:module_id/items/:id';
    const markRead = await rig.refusedAsOverRest(studentA, 'POST', `${items}/mark_read`, item(view.id));
    expect(markRead.rest).toMatchObject({ status: 403, json: { message: 'The module item is locked.' } });
    // REST answers a locked item's "done" with a plain OK and records nothing; so does the hub.
    await rig.sameAsRest(studentA, 'PUT', `${items}/done`, item(done.id));
    const progress = await asTeacher(`/api/v1/courses/${rig.course.id}/modules/${second.id}?student_id=${studentA.id}&include[]=items`);
    expect(progress).toMatchObject({ state: 'locked', completed_at: null });
    expect((progress.items as Json[]).map((i) => i.completion_requirement)).toEqual([
      { type: 'must_view', completed: false },
      { type: 'must_mark_done', completed: false },
    ]);
  });

  it('a forged page revision is refused as over REST and does not become the latest; a permitted one is sanitised', async () => {
    const { teacher, studentA } = rig.course;
    const page = await createPage(rig.hub, teacher.token, coursePages(rig.course.id), { title: 'Rules', body: '<p>v1</p>', published: true });
    await api(rig.hub, teacher.token, 'PUT', `${coursePages(rig.course.id)}/${page.url}`, { wiki_page: { body: '<p>v2</p>' } });
    const revisions = `${coursePages(rig.course.id)}/${page.url}/revisions`;
    const history = () => asTeacher<{ revision_id: number }[]>(revisions);
    const before = await history();
    const [oldest] = before.slice(-1);
    const route = '/api/v1/courses/:course_id/pages/:url/revisions/:revision_id';
    const revert = (revisionId: number) => ({ course_id: String(rig.course.id), url: page.url, revision_id: String(revisionId) });
    await rig.refusedAsOverRest(studentA, 'POST', route, revert(oldest!.revision_id));
    // Where students may edit, a revision the hub never made (a device's id) is still no revision.
    const editingRoles = await api(rig.hub, teacher.token, 'PUT', `${coursePages(rig.course.id)}/${page.url}`, { wiki_page: { editing_roles: 'teachers,students' } });
    expect(editingRoles.status).toBe(200);
    const forged = await rig.refusedAsOverRest(studentA, 'POST', route, revert(composeId(rig.device, 1)));
    expect(forged.rest.status).toBe(404);
    expect(await history()).toEqual(before);
    expect(await asTeacher(`${revisions}/latest`)).toMatchObject({ body: '<p>v2</p>' });
    // An edit the student may make is sanitised as over REST, and reverting to it brings back only that.
    const edit = { course_id: String(rig.course.id), url: page.url, wiki_page: { body: '<p>v3</p><script>forged()</script>' } };
    await rig.sameAsRest(studentA, 'PUT', ROUTES.page, edit);
    expect(await asTeacher(`${revisions}/latest`)).toMatchObject({ body: '<p>v3</p>' });
    // The same edit twice is one revision, made by whichever came first.
    const edited = await history();
    expect(edited).toHaveLength(before.length + 1);
    await rig.sameAsRest(studentA, 'POST', route, revert(oldest!.revision_id));
    expect(await asTeacher(`${revisions}/latest`)).toMatchObject({ body: '<p>v1</p>' });
    await rig.sameAsRest(studentA, 'POST', route, revert(edited[0]!.revision_id));
    expect(await asTeacher(`${revisions}/latest`)).toMatchObject({ body: '<p>v3</p>' });
  });

  it('an entry naming ids the hub has not allocated yet does not make the teacher’s next creates fail', async () => {
    const { teacher, studentA } = rig.course;
    const assignment = await createGradedAssignment(rig.hub, rig.course);
    await submitText(rig.hub, studentA.token, rig.course.id, assignment.id);
    const { replica } = rig.hub.core.services.sync.ids;
    const last = await createPage(rig.hub, teacher.token, coursePages(rig.course.id), { title: 'Marker' });
    const upcoming = Array.from({ length: 20 }, (_, i) => Number(last.page_id) + 1 + i);
    expect(upcoming.map(replicaOf)).toEqual(upcoming.map(() => replica));
    const created = upcoming.map((id) => ({ collection: 'course_user', key: `submission_comment:${id}`, type: 'submission_comment', id, lookup_key: '' }));
    const squat = replayEntry(studentA.id, 'PUT', ROUTES.gradeOrComment, { ...rig.ids(assignment.id, studentA.id), id: String(upcoming[0]), comment: { text_comment: 'Mine' } }, created);
    // Claiming to be the hub's own replica does not let the device's list name the hub's ids either.
    for (const device of [rig.device, replica]) {
      const [result] = await rig.replay(studentA.token, [{ ...squat, id: squat.id + device }], device);
      expect(result).toMatchObject({ outcome: 'applied', status: 200 });
    }
    for (let i = 0; i < 3; i++) {
      const page = await api(rig.hub, teacher.token, 'POST', coursePages(rig.course.id), { wiki_page: { title: `After ${i}` } });
      expect(page.status, JSON.stringify(page.json)).toBe(200);
      const comment = await api(rig.hub, teacher.token, 'PUT', `/api/v1/courses/${rig.course.id}/assignments/${assignment.id}/submissions/${studentA.id}`, {
        comment: { text_comment: `Teacher ${i}` },
      });
      expect(comment.status, JSON.stringify(comment.json)).toBe(200);
    }
    const comments = ((await submissionOf(assignment.id, studentA.id)).submission_comments as Json[]).map((c) => c.comment);
    expect(comments).toEqual(['Mine', 'Mine', 'Teacher 0', 'Teacher 1', 'Teacher 2']);
  });
});

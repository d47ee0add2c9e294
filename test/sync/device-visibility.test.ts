import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { createAssignment, createFile } from '../helpers/content-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { createItem, createPublishedModule, createUrlItem, updateModule } from '../helpers/module-fixtures.ts';
import { coursePages, createPage } from '../helpers/page-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { storedRows as deviceRows, type StoredRow as DeviceRow } from '../helpers/sqlite-rows.ts';
import { submitText } from '../helpers/submission-fixtures.ts';
import { eventually, pullAll, startDeviceOf } from '../helpers/sync-fixtures.ts';

/** The status of a file download (its body is the bytes, not JSON). */
async function downloadStatus(server: TestServer, token: string, fileId: number): Promise<number> {
  const res = await fetch(`${server.url}/api/v1/files/${fileId}/download`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  return res.status;
}

const live = (rows: DeviceRow[], key: string) => rows.find((r) => r.doc.key === key && !r.deleted)?.doc;
/** The marker strings no row of the device may contain, deleted or not. */
const leaked = (rows: DeviceRow[], secrets: readonly string[]) => secrets.filter((s) => rows.some((r) => JSON.stringify(r.doc).includes(s)));

/**
 * What a student's device holds after syncing: only what the student may read over the hub's API (docs/decisions/0048).
 * A hub and a device in one process, as in device-sync.test.ts (RxDB's collection limit allows no third server).
 */
describe('a device holds only what its user may read', () => {
  let hub: TestServer;
  let device: TestServer;
  let course: RosterCourse;
  let deviceToken: string;
  const ids = {} as Record<'gatedPage' | 'openPage' | 'future' | 'essay' | 'lockedFile' | 'gatedFile', number>;
  const PAGE_SECRET = 'gated-page-body-7f3a';
  const ASSIGNMENT_SECRET = 'future-assignment-description-91c2';
  const FILE_SECRET = 'locked-file-bytes-55e0';
  const GATED_FILE_SECRET = 'gated-file-bytes-3b9d';
  const CLASSMATE_WORK = 'classmate-answer-c0ffee';
  const secrets = [PAGE_SECRET, ASSIGNMENT_SECRET, ...[FILE_SECRET, GATED_FILE_SECRET].map((s) => Buffer.from(s).toString('base64')), CLASSMATE_WORK];

  beforeAll(async () => {
    hub = await startTestServer();
    course = await createRosterCourse(hub, 'Visible 101');
    const t = course.teacher.token;
    // A page behind a module whose prerequisite the student has not completed.
    const first = await createPublishedModule(hub, t, course.id, { name: 'First' });
    await createUrlItem(hub, t, course.id, first.id, { completion_requirement: { type: 'must_view' } });
    const gatedPage = await createPage(hub, t, coursePages(course.id), { title: 'Gated', published: true, body: `<p>${PAGE_SECRET}</p>` });
    ids.gatedPage = gatedPage.page_id;
    ids.openPage = (await createPage(hub, t, coursePages(course.id), { title: 'Open', published: true, body: '<p>open body</p>' })).page_id;
    const gated = await createPublishedModule(hub, t, course.id, { name: 'Gated' });
    await updateModule(hub, t, course.id, gated.id, { prerequisite_module_ids: [first.id] });
    ids.gatedFile = (await createFile(hub, t, course.id, 'gated.txt', GATED_FILE_SECRET)).id;
    for (const shown of [{ type: 'Page', page_url: gatedPage.url }, { type: 'File', content_id: ids.gatedFile }]) {
      const item = await createItem(hub, t, course.id, gated.id, shown);
      await api(hub, t, 'PUT', `/api/v1/courses/${course.id}/modules/${gated.id}/items/${item.id}`, { module_item: { published: true } });
    }
    // An assignment locked by its date, a locked file, and course work of two students.
    ids.future = (await createAssignment(hub, t, course.id, { name: 'Future', published: true, unlock_at: '2099-01-01T00:00:00Z', description: `<p>${ASSIGNMENT_SECRET}</p>` })).id;
    ids.essay = (await createAssignment(hub, t, course.id, { name: 'Essay', published: true, points_possible: 10, submission_types: ['online_text_entry'] })).id;
    ids.lockedFile = (await createFile(hub, t, course.id, 'later.txt', FILE_SECRET, { locked: true })).id;
    await submitText(hub, course.studentA.token, course.id, ids.essay, '<p>my own answer</p>');
    await submitText(hub, course.studentB.token, course.id, ids.essay, `<p>${CLASSMATE_WORK}</p>`);

    ({ device, token: deviceToken } = await startDeviceOf(hub, course.studentA));
    await eventually(async () => (await device.core.services.repos.submissions.find({ parent_id: ids.essay })).at(0), 'own work on the device');
    await device.core.deviceSync!.awaitInSync();
  });
  afterAll(async () => {
    await device?.stop();
    await hub?.stop();
  });

  it("holds no classmate's work, no locked body and no locked file's bytes, read from its SQLite file", () => {
    const rows = deviceRows(device);
    expect(leaked(rows, secrets)).toEqual([]);
    expect(live(rows, `wiki_page:${ids.gatedPage}`)?.data).toMatchObject({ title: 'Gated', body: null });
    expect(live(rows, `wiki_page:${ids.openPage}`)?.data).toMatchObject({ body: '<p>open body</p>' });
    expect(live(rows, `assignment:${ids.future}`)?.data).toMatchObject({ name: 'Future', description: null });
    expect(live(rows, `attachment:${ids.lockedFile}`)).toBeUndefined();
    expect(live(rows, `attachment:${ids.gatedFile}`)).toBeUndefined();
    const submissions = rows.filter((r) => r.doc.type === 'submission' && !r.deleted).map((r) => r.doc.user_id);
    expect(submissions).toEqual([course.studentA.id]);
  });

  it('the hub API and the pull withhold the same: no body and no description while locked', async () => {
    const base = `/api/v1/courses/${course.id}`;
    const page = await api(hub, course.studentA.token, 'GET', `${base}/pages/${ids.gatedPage}`);
    expect(page.json).toMatchObject({ locked_for_user: true });
    expect(page.json).not.toHaveProperty('body');
    expect((await api(hub, course.studentA.token, 'GET', `${base}/assignments/${ids.future}`)).json).toMatchObject({ locked_for_user: true, description: null });
    expect((await api(hub, course.teacher.token, 'GET', `${base}/assignments/${ids.future}`)).json).toMatchObject({ description: `<p>${ASSIGNMENT_SECRET}</p>` });
    for (const file of [ids.lockedFile, ids.gatedFile]) {
      expect(await downloadStatus(hub, course.studentA.token, file), `file ${file}`).toBe(404);
      expect(await downloadStatus(hub, course.teacher.token, file), `file ${file}`).toBe(200);
    }
    const pulled = (await pullAll(hub, course.studentA.token, 'course')).byKey;
    expect(pulled.get(`assignment:${ids.future}`)?.data.description).toBeNull();
    // Locked since the student could first pull: never mentioned, not even as a tombstone (decision 0097).
    for (const file of [ids.lockedFile, ids.gatedFile]) expect(pulled.has(`attachment:${file}`)).toBe(false);
  });

  it('with offline_locked_content on, locked bodies reach the device, whose API still keeps them locked', async () => {
    const put = await api(hub, course.teacher.token, 'PUT', `/api/v1/courses/${course.id}`, { course: { offline_locked_content: true } });
    expect(put.json).toMatchObject({ offline_locked_content: true });
    device.core.deviceSync!.reSync();
    await eventually(async () => (live(deviceRows(device), `wiki_page:${ids.gatedPage}`)?.data.body === `<p>${PAGE_SECRET}</p>` ? true : undefined), 'the locked body on the device');
    await eventually(async () => (live(deviceRows(device), `attachment:${ids.gatedFile}`) ? true : undefined), 'the gated file on the device');
    const rows = deviceRows(device);
    expect(live(rows, `assignment:${ids.future}`)?.data.description).toBe(`<p>${ASSIGNMENT_SECRET}</p>`);

    const base = `/api/v1/courses/${course.id}`;
    const page = await api(device, deviceToken, 'GET', `${base}/pages/${ids.gatedPage}`);
    expect(page.json).toMatchObject({ locked_for_user: true, lock_info: { asset_string: `wiki_page_${ids.gatedPage}` } });
    expect(page.json).not.toHaveProperty('body');
    expect((await api(device, deviceToken, 'GET', `${base}/assignments/${ids.future}`)).json).toMatchObject({ locked_for_user: true, description: null });
    expect(live(rows, `attachment:${ids.lockedFile}`)).toBeDefined();
    for (const file of [ids.lockedFile, ids.gatedFile]) {
      expect(await downloadStatus(device, deviceToken, file), `file ${file}`).toBe(404);
    }
  });

  it("after the student's enrollment is concluded, the course's copies are gone after the next sync", async () => {
    const concluded = await api(hub, course.teacher.token, 'DELETE', `/api/v1/courses/${course.id}/enrollments/${course.enrollmentIds.studentA}?task=conclude`);
    expect(concluded.status, JSON.stringify(concluded.json)).toBe(200);
    device.core.deviceSync!.reSync();
    const held = (rows: DeviceRow[]) => rows.filter((r) => !r.deleted && r.doc.course_id === course.id);
    await eventually(async () => (held(deviceRows(device)).length === 0 ? true : undefined), 'no copies of the course on the device');
    // Classmates are no longer people the student shares a course with.
    await eventually(async () => (live(deviceRows(device), `user:${course.studentB.id}`) ? undefined : true), 'the classmate gone from the device');
  });
});

describe('scope changes on the hub: sweeps and streams', () => {
  let hub: TestServer;
  let course: RosterCourse;

  beforeAll(async () => {
    hub = await startTestServer();
    course = await createRosterCourse(hub, 'Swept 101');
  });
  afterAll(() => hub?.stop());

  it("a section-limited TA holds only their section's work; when a student leaves it, the next pull deletes the copy", async () => {
    const essay = await createAssignment(hub, course.teacher.token, course.id, { name: 'Essay', published: true, submission_types: ['online_text_entry'] });
    await submitText(hub, course.studentA.token, course.id, essay.id, '<p>A</p>');
    await submitText(hub, course.studentB.token, course.id, essay.id, '<p>B</p>');
    const before = await pullAll(hub, course.ta.token, 'course_user');
    const submissions = [...before.byKey.values()].filter((d) => d.type === 'submission' && !d._deleted);
    expect(submissions.map((d) => d.user_id)).toEqual([course.studentB.id]);

    const removed = await api(hub, course.teacher.token, 'DELETE', `/api/v1/courses/${course.id}/enrollments/${course.enrollmentIds.studentB}?task=delete`);
    expect(removed.status).toBe(200);
    const after = await pullAll(hub, course.ta.token, 'course_user', 100, before.checkpoint);
    // A bare tombstone: the device deletes its copy and learns nothing about whose it was.
    expect(after.byKey.get(submissions[0]!.key)).toMatchObject({ _deleted: true, user_id: 0, data: {} });
    // The sweep ends with the log: the next pull from there sends nothing again.
    expect((await pullAll(hub, course.ta.token, 'course_user', 100, after.checkpoint)).byKey.size).toBe(0);
  });
});

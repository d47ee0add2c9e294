import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeId, REPLICA_LIMIT, replicaOf } from '../../src/server/domain/ids.ts';
import { LATEST_ID_HEADER } from '../../src/server/sync/hub-client.ts';
import { columnDatumKey } from '../../src/server/domain/records/custom-column-records.ts';
import type { SyncConflict, SyncStatus } from '../../src/contracts/session-dtos.ts';
import { api, fixtureStamp } from '../helpers/api-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { restartTestServer, startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, gradeAs, submitText } from '../helpers/submission-fixtures.ts';
import { eventually, replayEntry } from '../helpers/sync-fixtures.ts';

type Json = Record<string, unknown> & { id: number };

/** A device connected to the hub as `token`'s user, and a token of that user on the device for its own API. */
async function startDevice(hub: TestServer, hubToken: string, userId: number): Promise<{ server: TestServer; token: string }> {
  const server = await startTestServer({ hub: { url: hub.url, token: hubToken } });
  const { visibleToken } = await server.core.services.tokens.issue({ userId, purpose: 'device' }, fixtureStamp());
  return { server, token: visibleToken };
}

/**
 * Conflicts on replay: the hub compares the fields an entry changed with its own record before running it. Two
 * graders on one cell conflict and the later grade stands; a student's work and a teacher's grade do not.
 */
describe('conflicts when the hub replays a device’s writes', () => {
  let hub: TestServer;
  let course: RosterCourse;
  let teacher: { server: TestServer; token: string };
  let ta: { server: TestServer; token: string };
  let student: { server: TestServer; token: string };
  let essay: Json;

  beforeAll(async () => {
    hub = await startTestServer();
    course = await createRosterCourse(hub, 'Conflicts 101');
    essay = await createGradedAssignment(hub, course, { name: 'Essay' });
    // Student B (the TA's section) hands in on the hub.
    await submitText(hub, course.studentB.token, course.id, essay.id as number, '<p>B’s essay</p>');
  });
  // One process holds two databases at most (RxDB's collection limit): the hub and one device are open at a time.
  afterAll(async () => {
    for (const device of [teacher, ta, student]) await device?.server.stop();
    await hub?.stop();
  });

  const lookup = (studentId: number) => `submission:${essay.id}:${studentId}`;
  const gradePath = (studentId: number) => `/api/v1/courses/${course.id}/assignments/${essay.id}/submissions/${studentId}`;
  const status = async (device: { server: TestServer; token: string }) => (await api(device.server, device.token, 'GET', '/api/v1/sync/status')).json as SyncStatus;
  const conflictsOn = async (server: TestServer, token: string) => {
    const res = await api(server, token, 'GET', '/api/v1/sync/conflicts');
    expect(res.status).toBe(200);
    return res.json as SyncConflict[];
  };
  const synced = (device: { server: TestServer; token: string }, what: string) =>
    eventually(async () => {
      const s = await status(device);
      return s.state === 'synced' && s.waiting === 0 ? s : undefined;
    }, what, 1200);

  /** The hub comes back; the TA's device sends its grade first, then the teacher's laptop sends theirs. */
  async function taThenTeacherReachHub() {
    hub = await restartTestServer(hub);
    await synced(ta, 'the TA’s grade sent');
    await ta.server.stop();
    teacher.server = await restartTestServer(teacher.server, { hub: { url: hub.url, token: course.teacher.token } });
    await synced(teacher, 'the teacher’s grade sent');
  }

  it('two graders grade one submission offline: the later grade stands, the earlier is a conflict on the hub and its device, resolvable there', async () => {
    // Each grader's device syncs B's submission, then grades it with the hub out of reach; the teacher first.
    teacher = await startDevice(hub, course.teacher.token, course.teacher.id);
    await eventually(() => teacher.server.core.services.repos.submissions.byLookup(lookup(course.studentB.id)), 'B’s submission on the teacher’s device');
    await hub.close();
    const earlier = await api(teacher.server, teacher.token, 'PUT', gradePath(course.studentB.id), { submission: { posted_grade: '7' } });
    expect(earlier.status, JSON.stringify(earlier.json)).toBe(200);
    const gradedAt = Date.now();
    await teacher.server.close();

    hub = await restartTestServer(hub, { port: 0 });
    ta = await startDevice(hub, course.ta.token, course.ta.id);
    await eventually(() => ta.server.core.services.repos.submissions.byLookup(lookup(course.studentB.id)), 'B’s submission on the TA’s device');
    await hub.close();
    // The TA grades later than the teacher (device clocks; the test only waits for the clock to move on).
    await eventually(async () => (Date.now() > gradedAt ? true : undefined), 'a later moment');
    const later = await api(ta.server, ta.token, 'PUT', gradePath(course.studentB.id), { submission: { posted_grade: '9' } });
    expect(later.status, JSON.stringify(later.json)).toBe(200);

    // The TA's device reaches the hub first, then the teacher's laptop.
    await taThenTeacherReachHub();

    // The later grade stands on the hub, and the teacher's device shows the hub's state.
    const { repos } = hub.core.services;
    expect((await repos.submissions.byLookup(lookup(course.studentB.id)))?.data).toMatchObject({ score: 9, grader_id: course.ta.id });
    await eventually(async () => ((await teacher.server.core.services.repos.submissions.byLookup(lookup(course.studentB.id)))?.data.score === 9 ? true : undefined), 'the hub’s grade on the teacher’s device');
    expect((await status(teacher)).refused).toEqual([]);

    // The earlier grade is recorded with both values, who and when: on the hub and on the teacher's device.
    const [onHub] = await conflictsOn(hub, course.teacher.token);
    const [onDevice] = await conflictsOn(teacher.server, teacher.token);
    for (const [conflict, side] of [[onHub, 'hub'], [onDevice, 'device']] as const) {
      expect(conflict, side).toMatchObject({ side, record_type: 'submission', user_id: course.teacher.id, kept_by: course.ta.id, workflow_state: 'open', can_redo: true });
      expect(conflict!.fields).toEqual(expect.arrayContaining(['score', 'grade', 'grader_id']));
      expect(conflict!.kept.data).toMatchObject({ score: 9, grader_id: course.ta.id });
      expect(conflict!.lost.data).toMatchObject({ score: 7, grader_id: course.teacher.id });
      expect(Date.parse(conflict!.lost_at)).toBeLessThan(Date.parse(conflict!.kept_at));
    }
    expect((await status(teacher)).conflicts).toBe(1);
    // The TA's grade was not replaced: nothing for the TA to review.
    expect(await conflictsOn(hub, course.ta.token)).toEqual([]);

    // Only the person whose grade did not stand decides; the student may read about their submission.
    expect(await conflictsOn(hub, course.studentB.token)).toHaveLength(1);
    expect((await api(hub, course.studentB.token, 'POST', `/api/v1/sync/conflicts/${onHub!.id}/resolve`, { choice: 'device' })).status).toBe(401);

    // The teacher makes the grade again from the device: a new request through the API, replayed on the hub.
    const resolved = await api(teacher.server, teacher.token, 'POST', `/api/v1/sync/conflicts/${onDevice!.id}/resolve`, { choice: 'device' });
    expect(resolved.status, JSON.stringify(resolved.json)).toBe(200);
    expect(resolved.json).toMatchObject({ workflow_state: 'resolved', resolution: 'device' });
    await eventually(async () => ((await repos.submissions.byLookup(lookup(course.studentB.id)))?.data.score === 7 ? true : undefined), 'the teacher’s grade again on the hub');
    expect((await repos.submissions.byLookup(lookup(course.studentB.id)))?.data.grader_id).toBe(course.teacher.id);
    await synced(teacher, 'the grade made again sent');
    // Writing it again settled the hub's record of the conflict too; a second decision is refused.
    expect(await conflictsOn(hub, course.teacher.token)).toEqual([]);
    expect(await conflictsOn(teacher.server, teacher.token)).toEqual([]);
    expect((await api(teacher.server, teacher.token, 'POST', `/api/v1/sync/conflicts/${onDevice!.id}/resolve`, { choice: 'hub' })).status).toBe(409);
    await teacher.server.stop();
  });

  it('two graders grade a student who has no submission yet, each device on its own placeholder: one submission, the later grade stands, the other is a conflict', async () => {
    const lab = await createGradedAssignment(hub, course, { name: 'Lab' });
    const labLookup = `submission:${lab.id}:${course.studentB.id}`;
    const labGrade = `/api/v1/courses/${course.id}/assignments/${lab.id}/submissions/${course.studentB.id}`;
    // Each grader opens the assignment's submissions offline, as the gradebook does: the device makes an unsubmitted
    // placeholder of its own for B (the hub has none), and the grade is written on it.
    const gradeOffline = async (device: { server: TestServer; token: string }, grade: string) => {
      const { repos } = device.server.core.services;
      await eventually(() => repos.assignments.get(lab.id as number), 'the assignment on the device');
      await eventually(async () => ((await repos.enrollments.find({ course_id: course.id })).some((e) => e.data.user_id === course.studentB.id) ? true : undefined), 'B on the device');
      await hub.close();
      const listed = await api(device.server, device.token, 'GET', `/api/v1/courses/${course.id}/assignments/${lab.id}/submissions`);
      expect(listed.status).toBe(200);
      const placeholder = await repos.submissions.byLookup(labLookup);
      expect(placeholder && replicaOf(placeholder.id)).toBe(device.server.core.services.sync.ids.replica);
      const graded = await api(device.server, device.token, 'PUT', labGrade, { submission: { posted_grade: grade } });
      expect(graded.status, JSON.stringify(graded.json)).toBe(200);
      return Date.now();
    };

    // Fresh devices: the first test's were stopped and their data removed.
    hub = await restartTestServer(hub, { port: 0 });
    teacher = await startDevice(hub, course.teacher.token, course.teacher.id);
    const gradedAt = await gradeOffline(teacher, '4');
    await teacher.server.close();
    hub = await restartTestServer(hub, { port: 0 });
    ta = await startDevice(hub, course.ta.token, course.ta.id);
    await eventually(async () => (Date.now() > gradedAt ? true : undefined), 'a later moment');
    await gradeOffline(ta, '6');

    // The TA's device reaches the hub first (the hub creates B's submission for its grade), then the teacher's.
    await taThenTeacherReachHub();

    const { repos } = hub.core.services;
    const onHub = (await repos.submissions.find({ parent_id: lab.id as number })).filter((s) => s.data.user_id === course.studentB.id);
    expect(onHub.map((s) => s.data)).toEqual([expect.objectContaining({ score: 6, grader_id: course.ta.id })]);
    await eventually(async () => {
      const here = (await teacher.server.core.services.repos.submissions.find({ parent_id: lab.id as number })).filter((s) => s.data.user_id === course.studentB.id);
      return here.length === 1 && here[0]!.id === onHub[0]!.id && here[0]!.data.score === 6 ? true : undefined;
    }, 'only the hub’s submission on the teacher’s device');

    const labConflicts = async (server: TestServer, token: string) => (await conflictsOn(server, token)).filter((c) => c.record_id === onHub[0]!.id);
    const [hubCopy] = await labConflicts(hub, course.teacher.token);
    const [deviceCopy] = await labConflicts(teacher.server, teacher.token);
    for (const [conflict, side] of [[hubCopy, 'hub'], [deviceCopy, 'device']] as const) {
      expect(conflict, side).toMatchObject({ side, record_type: 'submission', user_id: course.teacher.id, kept_by: course.ta.id, workflow_state: 'open', can_redo: true });
      expect(conflict!.kept.data).toMatchObject({ score: 6, grader_id: course.ta.id });
      expect(conflict!.lost.data).toMatchObject({ score: 4, grader_id: course.teacher.id });
    }
    expect(await labConflicts(hub, course.ta.token)).toEqual([]);

    const resolved = await api(teacher.server, teacher.token, 'POST', `/api/v1/sync/conflicts/${deviceCopy!.id}/resolve`, { choice: 'device' });
    expect(resolved.status, JSON.stringify(resolved.json)).toBe(200);
    await eventually(async () => ((await repos.submissions.byLookup(labLookup))?.data.score === 4 ? true : undefined), 'the teacher’s grade again on the hub');
    await synced(teacher, 'the grade made again sent');
    expect(await labConflicts(hub, course.teacher.token)).toEqual([]);
    await teacher.server.stop();
  });

  it('a student’s offline submission and a teacher’s grade on the hub meanwhile both stand, with no conflict', async () => {
    // A grade before any work (a new attempt then marks it as not matching: that must not count as a grade change).
    await gradeAs(hub, course.teacher.token, course.id, essay.id as number, course.studentA.id, { posted_grade: '5' });
    student = await startDevice(hub, course.studentA.token, course.studentA.id);
    await eventually(async () => ((await student.server.core.services.repos.submissions.byLookup(lookup(course.studentA.id)))?.data.score === 5 ? true : undefined), 'A’s graded placeholder on the device');
    const hubPort = hub.port;
    await hub.close();

    const submitted = await api(student.server, student.token, 'POST', `/api/v1/courses/${course.id}/assignments/${essay.id}/submissions`, {
      submission: { submission_type: 'online_text_entry', body: '<p>Written on the bus</p>' },
    });
    expect(submitted.status, JSON.stringify(submitted.json)).toBe(201);

    // Meanwhile the teacher grades student A on the hub (on a port the student's device does not know).
    hub = await restartTestServer(hub, { port: 0 });
    await gradeAs(hub, course.teacher.token, course.id, essay.id as number, course.studentA.id, { posted_grade: '8' });
    hub = await restartTestServer(hub, { port: hubPort });
    await synced(student, 'the submission sent');

    expect((await hub.core.services.repos.submissions.byLookup(lookup(course.studentA.id)))?.data).toMatchObject({ body: '<p>Written on the bus</p>', attempt: 1, score: 8 });
    expect((await status(student)).refused).toEqual([]);
    expect(await conflictsOn(student.server, student.token)).toEqual([]);
    expect(await conflictsOn(hub, course.studentA.token)).toEqual([]);
    expect(await conflictsOn(hub, course.teacher.token)).toEqual([]);
  });

  it('a student submits twice offline on their own placeholder: the second attempt is no conflict with the first', async () => {
    const journal = await createGradedAssignment(hub, course, { name: 'Journal' });
    const journalPath = `/api/v1/courses/${course.id}/assignments/${journal.id}/submissions`;
    // The student's device of the test before, still connected.
    await eventually(() => student.server.core.services.repos.assignments.get(journal.id as number), 'the assignment on the device');
    await hub.close();
    // Reading their submission makes the student's device an unsubmitted placeholder of its own.
    expect((await api(student.server, student.token, 'GET', `${journalPath}/${course.studentA.id}`)).status).toBe(200);
    const placeholder = await student.server.core.services.repos.submissions.byLookup(`submission:${journal.id}:${course.studentA.id}`);
    expect(placeholder && replicaOf(placeholder.id)).toBe(student.server.core.services.sync.ids.replica);
    for (const body of ['<p>First entry</p>', '<p>Second entry</p>']) {
      const res = await api(student.server, student.token, 'POST', journalPath, { submission: { submission_type: 'online_text_entry', body } });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
    }
    hub = await restartTestServer(hub);
    await synced(student, 'both attempts sent');
    expect((await hub.core.services.repos.submissions.byLookup(`submission:${journal.id}:${course.studentA.id}`))?.data).toMatchObject({ body: '<p>Second entry</p>', attempt: 2 });
    expect(await conflictsOn(hub, course.studentA.token)).toEqual([]);
    expect(await conflictsOn(student.server, student.token)).toEqual([]);
  });

  it('a conflict about a teacher note on a student is the teacher’s alone: the student may not read the note', async () => {
    const path = `/api/v1/courses/${course.id}/custom_gradebook_columns`;
    const column = (await api(hub, course.teacher.token, 'POST', path, { column: { title: 'Notes' } })).json as Json;
    const note = (content: string) => api(hub, course.teacher.token, 'PUT', `${path}/${column.id}/data/${course.studentA.id}`, { column_data: { content } });
    // The laptop was in contact with the hub before its edit (a pull naming an id below the entry's), so the hub can
    // vouch for the edit's time (decision 0062); a time it cannot vouch for would be the time of the replay.
    const device = (hub.core.services.sync.ids.replica % (REPLICA_LIMIT - 2)) + 1;
    const contact = (latestId: number) => ({ authorization: `Bearer ${course.teacher.token}`, [LATEST_ID_HEADER]: String(latestId) });
    const pulled = await fetch(`${hub.url}/api/v1/sync/course/pull`, { headers: contact(composeId(device, 1)) });
    expect(pulled.status).toBe(200);
    await pulled.body?.cancel();
    expect((await note('First')).status).toBe(200);
    const base = (await hub.core.services.repos.columnData.byLookup(columnDatumKey(column.id, course.studentA.id)))!;
    expect((await note('On the hub')).status).toBe(200);

    // A device's edit of the same note, based on "First" and made before the hub's edit: the hub's stands.
    const entry = {
      ...replayEntry(course.teacher.id, 'PUT', '/api/v1/courses/:course_id/custom_gradebook_columns/:id/data/:user_id', {
        course_id: String(course.id),
        id: String(column.id),
        user_id: String(course.studentA.id),
        column_data: { content: 'From the laptop' },
      }),
      id: composeId(device, 2),
      device_time: base.updated_at,
      base: { collection: 'course_user', key: base.key, type: base.type, updated_at: base.updated_at, change: { before: { content: 'First' }, after: { content: 'From the laptop' } } },
    };
    const sent = await fetch(`${hub.url}/api/v1/sync/replay`, {
      method: 'POST',
      headers: { ...contact(composeId(device, 2)), 'content-type': 'application/json' },
      body: JSON.stringify({ device, entries: [entry] }),
    });
    const res = { status: sent.status, json: (await sent.json()) as unknown };
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [result] = (res.json as { results: { outcome: string; status: number; conflict: SyncConflict | null }[] }).results;
    expect(result).toMatchObject({ outcome: 'conflict', status: 409 });
    expect(result!.conflict!.kept.data.content).toBe('On the hub');
    expect((await hub.core.services.repos.columnData.byLookup(columnDatumKey(column.id, course.studentA.id)))?.data.content).toBe('On the hub');

    const [forTeacher] = (await conflictsOn(hub, course.teacher.token)).filter((c) => c.record_type === 'custom_gradebook_column_datum');
    expect(forTeacher).toMatchObject({ fields: ['content'], kept: { data: { content: 'On the hub' } }, lost: { data: { content: 'From the laptop' } } });
    // Teacher notes never reach the student (over REST or sync): a conflict about one is not theirs to see.
    expect((await conflictsOn(hub, course.studentA.token)).filter((c) => c.record_type === 'custom_gradebook_column_datum')).toEqual([]);
    expect(forTeacher!.subject_user_id).toBeFalsy();
  });
});

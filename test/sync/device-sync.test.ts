import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, fixtureStamp } from '../helpers/api-fixtures.ts';
import { createAssignment } from '../helpers/content-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { writeTogether } from '../../src/server/domain/repository.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { gradeAs } from '../helpers/submission-fixtures.ts';
import { eventually } from '../helpers/sync-fixtures.ts';

/** A hub and a student's device in one process (two servers: RxDB's collection limit allows no third). */
describe('device ⇄ hub replication', () => {
  let hub: TestServer;
  let device: TestServer;
  let course: RosterCourse;
  let publishedId: number;
  let draftId: number;

  beforeAll(async () => {
    hub = await startTestServer();
    course = await createRosterCourse(hub, 'Replicated 101');
    publishedId = (await createAssignment(hub, course.teacher.token, course.id, { name: 'Essay', published: true, points_possible: 10, submission_types: ['online_text_entry'] })).id;
    draftId = (await createAssignment(hub, course.teacher.token, course.id, { name: 'Draft', published: false })).id;
    device = await startTestServer({ hub: { url: hub.url, token: course.studentA.token } });
  });
  afterAll(async () => {
    await device?.stop();
    await hub?.stop();
  });

  const onDevice = () => device.core.services.repos;
  const deviceSync = () => device.core.deviceSync!;

  it('records created on the hub appear on the device, drafts do not', async () => {
    const assignment = await eventually(async () => onDevice().assignments.get(publishedId), 'the assignment on the device');
    expect(assignment.data).toMatchObject({ name: 'Essay' });
    // Each collection replicates on its own: the course and its people may land after the assignment.
    await deviceSync().awaitInSync();
    expect(await onDevice().courses.get(course.id)).toBeDefined();
    expect((await onDevice().users.get(course.studentB.id))?.data).toMatchObject({ name: 'Ben Student', email: null });
    expect(await onDevice().assignments.get(draftId)).toBeUndefined();
  });

  it('reSync() brings changes made on the hub later', async () => {
    const later = await createAssignment(hub, course.teacher.token, course.id, { name: 'Later', published: true });
    deviceSync().reSync();
    await eventually(async () => onDevice().assignments.get(later.id), 'the later assignment');
  });

  it('a stretch of the hub’s log longer than one pull, with nothing this device may see, does not stop its pulls', async () => {
    const notes = hub.core.services.repos.plannerNotes;
    // More of another student's changes in a row than one hub pull reads (50 pages of the device's batch of 100).
    for (let chunk = 0; chunk < 6; chunk++) {
      const built = [];
      for (let i = 0; i < 1000; i++) {
        built.push(await notes.build({ user_id: course.studentB.id, course_id: null, title: `B ${chunk}.${i}`, details: null, todo_date: new Date().toISOString(), workflow_state: 'active' }, fixtureStamp()));
      }
      await writeTogether(built.map((note) => notes.insertion(note)));
    }
    const mine = await notes.create({ user_id: course.studentA.id, course_id: null, title: 'After the stretch', details: null, todo_date: new Date().toISOString(), workflow_state: 'active' }, fixtureStamp());
    deviceSync().reSync();
    await eventually(async () => onDevice().plannerNotes.get(mine.id), 'the note after 6,000 changes the device may not see', 1200);
    expect(await onDevice().plannerNotes.find({ user_id: course.studentB.id })).toEqual([]);
  });

  it('a submission made on the device reaches the hub; a concurrent grade on the hub survives it', async () => {
    // The student works on the device with a token of the device's own.
    const { visibleToken } = await device.core.services.tokens.issue({ userId: course.studentA.id, purpose: 'device' }, fixtureStamp());
    const res = await api(device, visibleToken, 'POST', `/api/v1/courses/${course.id}/assignments/${publishedId}/submissions`, {
      submission: { submission_type: 'online_text_entry', body: '<p>Written on the train</p>' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const lookup = `submission:${publishedId}:${course.studentA.id}`;
    const onHub = await eventually(async () => {
      const s = await hub.core.services.repos.submissions.byLookup(lookup);
      return s?.data.body ? s : undefined;
    }, 'the submission on the hub');
    expect(onHub.data).toMatchObject({ body: '<p>Written on the train</p>', workflow_state: 'submitted' });

    await gradeAs(hub, course.teacher.token, course.id, publishedId, course.studentA.id, { posted_grade: '9' });
    deviceSync().reSync();
    await eventually(async () => {
      const s = await onDevice().submissions.byLookup(lookup);
      return s?.data.score === 9 ? s : undefined;
    }, 'the grade on the device');
  });

  it('a write straight into the device storage, past its API, never reaches the hub and is undone', async () => {
    await eventually(async () => onDevice().assignments.get(publishedId), 'the assignment on the device');
    // Straight into the device's storage, as a bug or a tampered device would: the API would have refused it.
    const tampered = await onDevice().assignments.update(publishedId, fixtureStamp(), (current) => ({ ...current, name: 'Renamed by a student' }));
    // The write did land on the device, so the name coming back below is the hub's answer, not a write that never was.
    expect(tampered?.data.name).toBe('Renamed by a student');
    await eventually(async () => ((await onDevice().assignments.get(publishedId))?.data.name === 'Essay' ? true : undefined), 'the hub state back on the device');
    expect((await hub.core.services.repos.assignments.get(publishedId))?.data.name).toBe('Essay');
    // No API request made it, so nothing was recorded to replay.
    expect(await device.core.services.sync.outbox.waiting()).toBe(0);
  });

  it('a submission the device created offline for a pair the hub already holds is replayed into the hub record', async () => {
    const assignment = await createAssignment(hub, course.teacher.token, course.id, { name: 'Offline', published: true, points_possible: 10, submission_types: ['online_text_entry'] });
    await eventually(async () => onDevice().assignments.get(assignment.id), 'the assignment on the device');
    // Course work stops travelling, as if offline: the hub's record of the pair and the device's are made apart.
    const courseWork = deviceSync().replications.get('course_user')!;
    await courseWork.pause();
    await gradeAs(hub, course.teacher.token, course.id, assignment.id, course.studentA.id, { posted_grade: '4' });
    const lookup = `submission:${assignment.id}:${course.studentA.id}`;
    const hubId = (await hub.core.services.repos.submissions.byLookup(lookup))!.id;
    const { visibleToken } = await device.core.services.tokens.issue({ userId: course.studentA.id, purpose: 'device' }, fixtureStamp());
    const res = await api(device, visibleToken, 'POST', `/api/v1/courses/${course.id}/assignments/${assignment.id}/submissions`, {
      submission: { submission_type: 'online_text_entry', body: '<p>Offline attempt</p>' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const deviceId = (res.json as { id: number }).id;
    expect(deviceId).not.toBe(hubId);

    await courseWork.start();
    const pairOn = async (server: TestServer) => (await server.core.services.repos.submissions.find({ parent_id: assignment.id })).filter((s) => s.data.user_id === course.studentA.id);
    const converged = await eventually(async () => {
      const onDev = await pairOn(device);
      return onDev.length === 1 && onDev[0]?.id === hubId && onDev[0].data.body ? onDev[0] : undefined;
    }, 'the hub record alone on the device');
    expect(converged.data).toMatchObject({ body: '<p>Offline attempt</p>', score: 4 });
    expect((await pairOn(hub)).map((s) => s.id)).toEqual([hubId]);
    // The device's placeholder is gone: its id now names the hub's record in later replayed writes.
    expect(await onDevice().submissions.get(deviceId)).toBeUndefined();
  });
});

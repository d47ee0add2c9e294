import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeId, REPLICA_LIMIT } from '../../src/server/domain/ids.ts';
import type { WireRecord } from '../../src/server/sync/sync-partitions.ts';
import { api } from '../helpers/api-fixtures.ts';
import { expectInvalidToken } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, gradeAs, submitText } from '../helpers/submission-fixtures.ts';
import { pullAll } from '../helpers/sync-fixtures.ts';

type Answer = { conflicts: WireRecord[]; notes: { key: string; outcome: string; fields: string[]; kept?: WireRecord }[] };

describe('POST /api/v1/sync/:collection/push (hub)', () => {
  let hub: TestServer;
  let course: RosterCourse;

  beforeAll(async () => {
    hub = await startTestServer();
    course = await createRosterCourse(hub, 'Push 101');
  });
  afterAll(() => hub.stop());

  const push = async (token: string, collection: string, rows: unknown[]) => api(hub, token, 'POST', `/api/v1/sync/${collection}/push`, { rows });
  const pulled = async (token: string, key: string) => (await pullAll(hub, token, 'course_user')).byKey.get(key)!;
  const submissionKey = async (assignmentId: number, userId: number) =>
    (await hub.core.services.repos.submissions.byLookup(`submission:${assignmentId}:${userId}`))!.key;

  it('401 without a token; 404 for pull-only or unknown collections; 400 for malformed rows', async () => {
    expectInvalidToken(await api(hub, undefined, 'POST', '/api/v1/sync/course_user/push', { rows: [] }));
    for (const collection of ['directory', 'local', 'nope']) expect((await push(course.teacher.token, collection, [])).status).toBe(404);
    for (const rows of [[{}], [{ newDocumentState: { key: 'x' } }], 'x', Array(101).fill({})]) {
      expect((await push(course.teacher.token, 'course_user', rows as unknown[])).status).toBe(400);
    }
    expect((await push(course.teacher.token, 'course_user', [])).json).toMatchObject({ conflicts: [], notes: [] });
  });

  it("a student's offline submission and a grader's concurrent grade both survive, without a conflict", async () => {
    const assignment = await createGradedAssignment(hub, course);
    await submitText(hub, course.studentA.token, course.id, assignment.id, '<p>first</p>');
    const key = await submissionKey(assignment.id, course.studentA.id);
    const seen = await pulled(course.studentA.token, key);
    await gradeAs(hub, course.teacher.token, course.id, assignment.id, course.studentA.id, { posted_grade: '7' });
    const offline = { ...seen, updated_at: Date.now() + 1000, data: { ...seen.data, body: '<p>second</p>', attempt: 2 } };
    const res = await push(course.studentA.token, 'course_user', [{ assumedMasterState: seen, newDocumentState: offline }]);
    expect(res.status).toBe(200);
    const answer = res.json as Answer;
    expect(answer.notes).toEqual([]);
    expect(answer.conflicts[0]?.data).toMatchObject({ body: '<p>second</p>', attempt: 2, score: 7 });
    expect((await hub.core.services.repos.submissions.get(seen.id))?.data).toMatchObject({ body: '<p>second</p>', score: 7 });
  });

  it('two graders: the later grade wins and the conflict is recorded for the grader and the student', async () => {
    const assignment = await createGradedAssignment(hub, course);
    await submitText(hub, course.studentB.token, course.id, assignment.id);
    const key = await submissionKey(assignment.id, course.studentB.id);
    const seen = await pulled(course.teacher.token, key);
    await gradeAs(hub, course.ta.token, course.id, assignment.id, course.studentB.id, { posted_grade: '5' });
    const offline = { ...seen, updated_at: Date.now() + 60_000, data: { ...seen.data, score: 9, grade: '9', grader_id: course.teacher.id, workflow_state: 'graded' } };
    const answer = (await push(course.teacher.token, 'course_user', [{ assumedMasterState: seen, newDocumentState: offline }])).json as Answer;
    expect(answer.notes).toEqual([{ key, outcome: 'merged', fields: expect.arrayContaining(['score', 'grade']) }]);
    expect((await hub.core.services.repos.submissions.get(seen.id))?.data).toMatchObject({ score: 9, grader_id: course.teacher.id });

    for (const token of [course.teacher.token, course.studentB.token]) {
      const list = (await api(hub, token, 'GET', '/api/v1/sync/conflicts')).json as Record<string, unknown>[];
      expect(list.find((c) => c.record_id === seen.id)).toMatchObject({ outcome: 'merged', kept: { data: { score: 9 } }, pushed: { data: { score: 9 } } });
    }
    expect((await api(hub, course.studentA.token, 'GET', '/api/v1/sync/conflicts')).json).toEqual([]);
  });

  it("a device's new submission for a pair the hub holds under another id merges into the hub's record", async () => {
    const assignment = await createGradedAssignment(hub, course);
    // The hub's record of the pair: created when the teacher graded before the device's submission arrived.
    await gradeAs(hub, course.teacher.token, course.id, assignment.id, course.studentA.id, { posted_grade: '6' });
    const hubRecord = await pulled(course.studentA.token, await submissionKey(assignment.id, course.studentA.id));
    // The device's own submission of the same pair, created offline under an id of its own replica.
    const id = composeId(REPLICA_LIMIT - 1, assignment.id % 2 ** 32);
    const ungraded = { score: null, grade: null, points_deducted: null, grader_id: null, graded_at: null, grade_matches_current_submission: true };
    const offline: WireRecord = {
      ...hubRecord, key: `submission:${id}`, id, updated_at: Date.now() + 1000,
      data: { ...hubRecord.data, ...ungraded, submission_type: 'online_text_entry', body: '<p>offline</p>', attempt: 1, submitted_at: new Date().toISOString(), workflow_state: 'submitted' },
    };
    for (let delivery = 0; delivery < 2; delivery++) {
      // The second delivery is a retry after a lost answer: it must merge the same way, never add a record.
      const answer = (await push(course.studentA.token, 'course_user', [{ newDocumentState: offline }])).json as Answer;
      expect(answer.conflicts).toEqual([expect.objectContaining({ key: offline.key, _deleted: true })]);
      expect(answer.notes).toEqual([{ key: offline.key, outcome: 'duplicate-merged', fields: [], kept: expect.objectContaining({ key: hubRecord.key }) }]);
    }
    const pairs = (await hub.core.services.repos.submissions.find({ parent_id: assignment.id })).filter((s) => s.data.user_id === course.studentA.id);
    expect(pairs.map((s) => s.id)).toEqual([hubRecord.id]);
    expect(pairs[0]?.data).toMatchObject({ body: '<p>offline</p>', attempt: 1, score: 6, grade: '6' });
    const list = (await api(hub, course.studentA.token, 'GET', '/api/v1/sync/conflicts')).json as Record<string, unknown>[];
    expect(list.filter((c) => c.record_id === id)).toEqual([
      expect.objectContaining({ outcome: 'duplicate-merged', kept: expect.objectContaining({ id: hubRecord.id }), pushed: expect.objectContaining({ id }) }),
      expect.objectContaining({ outcome: 'duplicate-merged' }),
    ]);
  });

  it('without a policy the hub state stands and the pushed state is recorded, never written', async () => {
    const assignment = await createGradedAssignment(hub, course);
    const comment = await api(hub, course.teacher.token, 'PUT', `/api/v1/courses/${course.id}/assignments/${assignment.id}/submissions/${course.studentA.id}`, {
      comment: { text_comment: 'Good start' },
    });
    expect(comment.status).toBe(200);
    const all = (await pullAll(hub, course.teacher.token, 'course_user')).byKey;
    const seen = [...all.values()].find((d) => d.type === 'submission_comment' && d.data.assignment_id === assignment.id)!;
    await hub.core.services.repos.submissionComments.update(seen.id, { actorId: course.teacher.id, requestId: 'hub-edit', now: Date.now() }, (c) => ({ ...c, comment: 'Edited on the hub' }));
    const offline = { ...seen, data: { ...seen.data, comment: 'Edited offline' } };
    const answer = (await push(course.teacher.token, 'course_user', [{ assumedMasterState: seen, newDocumentState: offline }])).json as Answer;
    expect(answer.notes).toEqual([{ key: seen.key, outcome: 'master-kept', fields: [] }]);
    expect(answer.conflicts[0]?.data.comment).toBe('Edited on the hub');
    expect((await hub.core.services.repos.submissionComments.get(seen.id))?.data.comment).toBe('Edited on the hub');
  });

  it('a student cannot grade themselves or write course content; both answer with the hub state', async () => {
    const assignment = await createGradedAssignment(hub, course);
    await submitText(hub, course.studentA.token, course.id, assignment.id);
    const seen = await pulled(course.studentA.token, await submissionKey(assignment.id, course.studentA.id));
    const selfGraded = { ...seen, data: { ...seen.data, score: 10, grade: '10' } };
    const answer = (await push(course.studentA.token, 'course_user', [{ assumedMasterState: seen, newDocumentState: selfGraded }])).json as Answer;
    expect(answer.notes[0]?.outcome).toBe('forbidden');
    expect(answer.conflicts[0]?.data.score).toBeNull();
    expect((await hub.core.services.repos.submissions.get(seen.id))?.data.score).toBeNull();

    const stored = (await hub.core.services.repos.assignments.get(assignment.id))!;
    const renamed = { ...stored, data: { ...stored.data, name: 'Mine now' }, _deleted: false };
    const refused = (await push(course.studentA.token, 'course', [{ assumedMasterState: { ...stored, _deleted: false }, newDocumentState: renamed }])).json as Answer;
    expect(refused.notes[0]?.outcome).toBe('forbidden');
    expect((await hub.core.services.repos.assignments.get(assignment.id))?.data.name).toBe(stored.data.name);
  });
});

import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/domain/auth/passwords.ts';
import { api } from '../helpers/api-fixtures.ts';
import { ReplayHub } from '../helpers/replay-hub.ts';
import { createGradedAssignment } from '../helpers/submission-fixtures.ts';
import { replayEntry, ROUTES } from '../helpers/sync-fixtures.ts';

interface DelegationAnswer {
  course_ids: number[];
  people: { user_id: number; unique_id: string; password_hash: string }[];
}

/**
 * The school hub's side of a classroom hub (decisions 0125, 0126): a teacher's device token gets its class's
 * verifiers and may have its students' entries performed as them — classwork of its courses only, for active
 * students only, while the delegation and the enrolments last.
 */
describe('classroom delegation (school hub)', () => {
  const rig = new ReplayHub('Classroom 101');
  const submit = (assignmentId: number, userId: number, body: string) =>
    replayEntry(userId, 'POST', ROUTES.submit, { ...rig.ids(assignmentId), submission: { submission_type: 'online_text_entry', body } });

  it("answers the active students' verifiers to a teacher's token, and nothing to a student or someone enrolled nowhere", async () => {
    const { repos } = rig.hub.core.services;
    const [login] = await repos.logins.find({ user_id: rig.course.studentA.id });
    const verifier = await hashPassword('correct horse battery');
    await repos.logins.update(login!.id, { actorId: rig.course.studentA.id, requestId: 'test', now: Date.now() }, (data) => ({ ...data, password_hash: verifier }));

    const granted = await api(rig.hub, rig.course.teacher.token, 'POST', '/api/v1/sync/classroom_delegation', {});
    expect(granted.status).toBe(200);
    const answer = granted.json as DelegationAnswer;
    expect(answer.course_ids).toEqual([rig.course.id]);
    // Only students with a password: the TA, the observer, the designer and the teacher are not the class.
    expect(answer.people.map((p) => [p.user_id, p.password_hash])).toEqual([[rig.course.studentA.id, verifier]]);

    expect((await api(rig.hub, rig.course.studentA.token, 'POST', '/api/v1/sync/classroom_delegation', {})).status).toBe(400);
    expect((await api(rig.hub, rig.course.outsider.token, 'POST', '/api/v1/sync/classroom_delegation', {})).status).toBe(400);
  });

  it("performs a student's classwork entry as the student, and refuses other people's, other routes, and after revoking", async () => {
    await api(rig.hub, rig.course.teacher.token, 'POST', '/api/v1/sync/classroom_delegation', {});
    const assignment = await createGradedAssignment(rig.hub, rig.course);
    const [applied] = await rig.replay(rig.course.teacher.token, [submit(assignment.id, rig.course.studentA.id, '<p>From the classroom</p>')]);
    expect(applied).toMatchObject({ outcome: 'applied' });
    const stored = await rig.hub.core.services.repos.submissions.byLookup(`submission:${assignment.id}:${rig.course.studentA.id}`);
    expect(stored?.data.body).toBe('<p>From the classroom</p>');
    expect(stored?.updated_by).toBe(rig.course.studentA.id);

    // Not a student of the course (the TA, the observer, someone enrolled nowhere), or not classwork: refused as before.
    for (const other of [rig.course.ta, rig.course.observer, rig.course.outsider]) {
      const [refused] = await rig.replay(rig.course.teacher.token, [submit(assignment.id, other.id, '<p>Not mine</p>')]);
      expect(refused).toMatchObject({ outcome: 'refused', status: 401 });
    }
    const [note] = await rig.replay(rig.course.teacher.token, [replayEntry(rig.course.studentA.id, 'POST', '/api/v1/planner_notes', { title: 'Not classwork' })]);
    expect(note).toMatchObject({ outcome: 'refused', status: 401 });
    // Another token of someone without a delegation: refused.
    const [undelegated] = await rig.replay(rig.course.ta.token, [submit(assignment.id, rig.course.studentB.id, '<p>Via the TA</p>')]);
    expect(undelegated).toMatchObject({ outcome: 'refused', status: 401 });

    expect((await api(rig.hub, rig.course.teacher.token, 'DELETE', '/api/v1/sync/classroom_delegation')).status).toBe(204);
    const [revoked] = await rig.replay(rig.course.teacher.token, [submit(assignment.id, rig.course.studentB.id, '<p>After revoking</p>')]);
    expect(revoked).toMatchObject({ outcome: 'refused', status: 401 });
    expect(await rig.hub.core.services.repos.submissions.byLookup(`submission:${assignment.id}:${rig.course.studentB.id}`).then((s) => s?.data.body ?? null)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { SyncConflict } from '../../src/contracts/session-dtos.ts';
import { lookupKey } from '../../src/server/domain/declarations/lookup-keys.ts';
import { api, type FixtureUser } from '../helpers/api-fixtures.ts';
import { ReplayHub } from '../helpers/replay-hub.ts';
import { createGradedAssignment, gradeAs, submitText } from '../helpers/submission-fixtures.ts';
import { replayEntry, ROUTES } from '../helpers/sync-fixtures.ts';

/** Year 255479, as a device's clock may claim it (still a valid epoch millisecond count). */
const FAR_FUTURE = Date.UTC(255_479, 0, 1);

/**
 * Issue 27, points 1–3: a student with their own token speaks the hub's replay API directly and tries to learn,
 * plant or reorder through an entry's `base` and `device_time` what REST would never let them. Each attack is
 * answered exactly as its route answers over REST, whatever the base says (decision 0094).
 */
describe('POST /api/v1/sync/replay (hub): the base is no oracle', () => {
  const rig = new ReplayHub('Oracle 101');

  const conflictsOf = async (user: FixtureUser) => {
    const res = await api(rig.hub, user.token, 'GET', '/api/v1/sync/conflicts?include_resolved=true');
    expect(res.status).toBe(200);
    return res.json as SyncConflict[];
  };
  /** B's submission of `assignmentId` as stored on the hub (the test reads it; the attacker only guesses). */
  const storedSubmission = async (assignmentId: number, userId: number) => (await rig.hub.core.services.repos.submissions.byLookup(`submission:${assignmentId}:${userId}`))!;
  /** An entry of `user` with a base naming `target` and a change of its grade from `guess`. */
  const guessing = (user: FixtureUser, route: string, params: Record<string, unknown>, target: { key: string; lookup_key: string }, guess: unknown, deviceTime = 0) => ({
    ...replayEntry(user.id, route === ROUTES.submit ? 'POST' : 'PUT', route, params),
    device_time: deviceTime,
    base: { collection: 'course_user', key: target.key, type: 'submission', lookup_key: target.lookup_key, updated_at: 1, change: { before: { score: guess, grade: guess === null ? null : String(guess) }, after: { score: 10, grade: '10' } } },
  });
  /** The answers without the entry ids (which differ by construction). */
  const withoutIds = (results: { id: number }[]) => results.map(({ id: _id, ...rest }) => JSON.stringify(rest));

  it("a guessed score of a classmate's submission gets the same refusal whatever the guess, naming nobody", async () => {
    const { teacher, studentA, studentB } = rig.course;
    const assignment = await createGradedAssignment(rig.hub, rig.course, { name: 'Hidden scores' });
    await submitText(rig.hub, studentB.token, rig.course.id, assignment.id);
    await gradeAs(rig.hub, teacher.token, rig.course.id, assignment.id, studentB.id, { posted_grade: '6' });
    const target = await storedSubmission(assignment.id, studentB.id);
    const params = { ...rig.ids(assignment.id, studentB.id), submission: { posted_grade: '10' } };
    const rest = await api(rig.hub, studentA.token, 'PUT', `/api/v1/courses/${rig.course.id}/assignments/${assignment.id}/submissions/${studentB.id}`, params);
    const guesses = [null, ...Array.from({ length: 10 }, (_, i) => i + 1)];
    const results = await rig.replay(studentA.token, guesses.map((guess) => guessing(studentA, ROUTES.gradeOrComment, params, target, guess)));
    expect(new Set(withoutIds(results)).size).toBe(1);
    expect(results[0]).toEqual({ id: expect.any(Number), outcome: 'refused', status: rest.status, message: expect.any(String), conflict: null });
    expect(JSON.stringify(results)).not.toMatch(/kept_by|kept_at/);
    expect((await storedSubmission(assignment.id, studentB.id)).data).toMatchObject({ score: 6 });
  });

  it('a base naming a login lookup key tells nothing about whether that login exists', async () => {
    const { studentA, studentB } = rig.course;
    const assignment = await createGradedAssignment(rig.hub, rig.course, { name: 'Logins' });
    const params = { ...rig.ids(assignment.id), submission: { submission_type: 'online_text_entry', body: '<p>Mine</p>' } };
    const probe = (login: string) => ({
      ...replayEntry(studentA.id, 'PUT', ROUTES.gradeOrComment, { ...rig.ids(assignment.id, studentB.id), comment: { text_comment: 'hi' } }),
      device_time: 0,
      base: { collection: 'directory', key: 'user:1', type: 'user', lookup_key: lookupKey.login(login), updated_at: 1, change: { before: { name: 'guess' }, after: { name: 'other' } } },
    });
    const refused = await rig.replay(studentA.token, [probe(studentB.login), probe('nobody.at.all')]);
    expect(new Set(withoutIds(refused)).size).toBe(1);
    expect(refused[0]).toMatchObject({ outcome: 'refused', conflict: null });
    // An allowed write (the student's own submission) meets no user record either: applied, no conflict.
    const allowed = await rig.replay(studentA.token, [{ ...probe(studentB.login), ...replayEntry(studentA.id, 'POST', ROUTES.submit, params), base: probe(studentB.login).base }]);
    expect(allowed).toEqual([expect.objectContaining({ outcome: 'applied', status: 201, conflict: null })]);
    expect(await conflictsOf(studentA)).toEqual([]);
  });

  it("a conflict about a classmate's submission cannot be planted in her list", async () => {
    const { teacher, studentA, studentB } = rig.course;
    const assignment = await createGradedAssignment(rig.hub, rig.course, { name: 'Planted' });
    await submitText(rig.hub, studentB.token, rig.course.id, assignment.id);
    await gradeAs(rig.hub, teacher.token, rig.course.id, assignment.id, studentB.id, { posted_grade: '4' });
    const target = await storedSubmission(assignment.id, studentB.id);
    const own = { ...rig.ids(assignment.id), submission: { submission_type: 'online_text_entry', body: '<p>Mine</p>' } };
    const theirs = { ...rig.ids(assignment.id, studentB.id), submission: { posted_grade: '0' } };
    const results = await rig.replay(studentA.token, [guessing(studentA, ROUTES.gradeOrComment, theirs, target, 9), guessing(studentA, ROUTES.submit, own, target, 9)]);
    expect(results).toEqual([expect.objectContaining({ outcome: 'refused', status: 401, conflict: null }), expect.objectContaining({ outcome: 'applied', status: 201, conflict: null })]);
    expect(await conflictsOf(studentB)).toEqual([]);
    expect(await conflictsOf(studentA)).toEqual([]);
  });

  it("a device time in the year 255479 on a record the entry does not write does not make a teacher's later grade lose", async () => {
    const { teacher, ta, studentA, studentB } = rig.course;
    const assignment = await createGradedAssignment(rig.hub, rig.course, { name: 'Far future' });
    await submitText(rig.hub, studentB.token, rig.course.id, assignment.id);
    const before = await storedSubmission(assignment.id, studentB.id);
    // The TA grades B on the hub; then the student's entry, applied to her own work, names B's submission.
    await gradeAs(rig.hub, ta.token, rig.course.id, assignment.id, studentB.id, { posted_grade: '5' });
    const own = { ...rig.ids(assignment.id), submission: { submission_type: 'online_text_entry', body: '<p>Mine</p>' } };
    const [attack] = await rig.replay(studentA.token, [guessing(studentA, ROUTES.submit, own, before, null, FAR_FUTURE)]);
    expect(attack).toMatchObject({ outcome: 'applied', status: 201, conflict: null });

    // The teacher's grade, made offline after the TA's on the state before it, reaches the hub now: it is later.
    const grade = { ...rig.ids(assignment.id, studentB.id), submission: { posted_grade: '8' } };
    const entry = {
      ...replayEntry(teacher.id, 'PUT', ROUTES.gradeOrComment, grade),
      base: { collection: 'course_user', key: before.key, type: 'submission', lookup_key: before.lookup_key, updated_at: before.updated_at, change: { before: { score: null, grade: null }, after: { score: 8, grade: '8' } } },
    };
    const [graded] = await rig.replay(teacher.token, [entry]);
    expect(graded).toMatchObject({ outcome: 'applied', status: 200, conflict: null });
    expect((await storedSubmission(assignment.id, studentB.id)).data).toMatchObject({ score: 8, grader_id: teacher.id });
    // The TA's grade it replaced is the conflict, for the TA; nobody's names the student.
    const forTa = (await conflictsOf(ta)).filter((c) => c.record_id === before.id);
    expect(forTa).toEqual([expect.objectContaining({ user_id: ta.id, kept_by: teacher.id, lost: expect.objectContaining({ data: expect.objectContaining({ score: 5 }) }) })]);
    for (const user of [teacher, ta, studentA, studentB]) {
      for (const conflict of await conflictsOf(user)) expect([conflict.user_id, conflict.kept_by]).not.toContain(studentA.id);
    }
  });
});

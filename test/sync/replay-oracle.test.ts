import { describe, expect, it } from 'vitest';
import type { SyncConflict } from '../../src/contracts/session-dtos.ts';
import { lookupKey } from '../../src/server/domain/declarations/lookup-keys.ts';
import { composeId } from '../../src/server/domain/ids.ts';
import { Repository } from '../../src/server/domain/repository.ts';
import type { RecordedWrite } from '../../src/server/domain/write-observer.ts';
import { LATEST_ID_HEADER } from '../../src/server/sync/hub-client.ts';
import { api, fixtureStamp, type FixtureUser } from '../helpers/api-fixtures.ts';
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
  /** A device's contact with the hub (a pull naming no id of it), so its later entries' times can be vouched for. */
  const contact = async (user: FixtureUser) => {
    const res = await fetch(`${rig.hub.url}/api/v1/sync/course/pull`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(res.status).toBe(200);
    await res.body?.cancel();
    return Date.now();
  };
  let sequence = 0;
  /** Sends entries as a device whose latest id is theirs: the replay itself is no contact before them. */
  const replayVouched = async (user: FixtureUser, entries: Record<string, unknown>[]) => {
    const sent = entries.map((entry) => ({ ...entry, id: composeId(rig.device, 1000 + ++sequence) }));
    const res = await fetch(`${rig.hub.url}/api/v1/sync/replay`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', [LATEST_ID_HEADER]: String(composeId(rig.device, 1000 + sequence)) },
      body: JSON.stringify({ device: rig.device, entries: sent }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { results: { outcome: string; status: number; conflict: SyncConflict | null }[] }).results;
  };

  it('a conflict holds the states the hub observed: the lost one is what the route would have written, not the device’s claim', async () => {
    const { teacher, ta, studentB } = rig.course;
    const assignment = await createGradedAssignment(rig.hub, rig.course, { name: 'Observed' });
    await submitText(rig.hub, studentB.token, rig.course.id, assignment.id);
    const before = await storedSubmission(assignment.id, studentB.id);
    const madeAt = await contact(teacher);
    await gradeAs(rig.hub, ta.token, rig.course.id, assignment.id, studentB.id, { posted_grade: '5' });
    // The teacher graded offline before the TA; the entry claims a different grade than its request makes.
    const entry = {
      ...replayEntry(teacher.id, 'PUT', ROUTES.gradeOrComment, { ...rig.ids(assignment.id, studentB.id), submission: { posted_grade: '3' } }),
      device_time: madeAt,
      base: { collection: 'course_user', key: before.key, type: 'submission', lookup_key: before.lookup_key, updated_at: before.updated_at, change: { before: { score: 2, grade: '2' }, after: { score: 10, grade: '10' } } },
    };
    const [result] = await replayVouched(teacher, [entry]);
    expect(result).toMatchObject({ outcome: 'conflict', status: 409 });
    expect(result!.conflict).toMatchObject({ kept_by: ta.id, kept: { data: { score: 5, grader_id: ta.id } }, lost: { data: { score: 3, grader_id: teacher.id } }, lost_at: new Date(madeAt).toISOString() });
    expect((await storedSubmission(assignment.id, studentB.id)).data).toMatchObject({ score: 5, grader_id: ta.id });
    // The student whose submission it is may read it, so the conflict is also theirs to see.
    expect((await conflictsOf(studentB)).map((c) => c.id)).toContain((await conflictsOf(teacher)).find((c) => c.record_id === before.id)!.id);
  });

  it('a device time kept unbounded before this fix, for a record its entry did not write, orders nothing and names nobody', async () => {
    const { teacher, ta, studentA, studentB } = rig.course;
    const assignment = await createGradedAssignment(rig.hub, rig.course, { name: 'Kept before' });
    await submitText(rig.hub, studentB.token, rig.course.id, assignment.id);
    const before = await storedSubmission(assignment.id, studentB.id);
    await gradeAs(rig.hub, ta.token, rig.course.id, assignment.id, studentB.id, { posted_grade: '5' });
    const graded = await storedSubmission(assignment.id, studentB.id);
    // What an older hub kept after the year-255479 attack: the student's entry as the author of the TA's grade.
    const { sync } = rig.hub.core.services;
    const lastReplays = new Repository<{ record_key: string; updated_at: number; user_id: number; device_time: number; request: RecordedWrite }>(
      sync.db.collections.local, 'sync_last_replay', sync.ids, (r) => ({ lookup_key: r.record_key }),
    );
    await lastReplays.create({ record_key: graded.key, updated_at: graded.updated_at, user_id: studentA.id, device_time: FAR_FUTURE, request: { method: 'POST', route: ROUTES.submit, params: {} } }, fixtureStamp());
    const entry = {
      ...replayEntry(teacher.id, 'PUT', ROUTES.gradeOrComment, { ...rig.ids(assignment.id, studentB.id), submission: { posted_grade: '8' } }),
      base: { collection: 'course_user', key: before.key, type: 'submission', lookup_key: before.lookup_key, updated_at: before.updated_at, change: { before: { score: null, grade: null }, after: { score: 8, grade: '8' } } },
    };
    expect(await rig.replay(teacher.token, [entry])).toEqual([expect.objectContaining({ outcome: 'applied', status: 200, conflict: null })]);
    expect((await conflictsOf(ta)).filter((c) => c.record_id === before.id)).toEqual([expect.objectContaining({ user_id: ta.id, kept_by: teacher.id })]);
    expect((await conflictsOf(studentA)).filter((c) => c.record_id === before.id)).toEqual([]);
  });
});

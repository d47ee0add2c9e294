import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoSeconds } from '../../src/server/areas/common/api-values.ts';
import { attemptToken } from '../../src/server/areas/quizzes/quiz-attempt-rules.ts';
import { composeId, REPLICA_LIMIT } from '../../src/server/domain/ids.ts';
import { quizSubmissionKey } from '../../src/server/domain/records/quiz-records.ts';
import { LATEST_ID_HEADER } from '../../src/server/sync/hub-client.ts';
import { api, fixtureStamp } from '../helpers/api-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { createQuizWithQuestions } from '../helpers/quiz-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import type { ReplayAnswer } from '../helpers/sync-fixtures.ts';

type Json = Record<string, unknown> & { id: number };
type Choice = { id: number; answers: Array<{ id: number; weight: number }> };

const MINUTE = 60_000;
const ROUTES = {
  start: '/api/v1/courses/:course_id/quizzes/:quiz_id/submissions',
  answer: '/api/v1/quiz_submissions/:quiz_submission_id/questions',
  complete: '/api/v1/courses/:course_id/quizzes/:quiz_id/submissions/:id/complete',
} as const;

/**
 * Decision 0120: a device's offline attempt replayed on the hub is judged on time the hub can prove. Each of the
 * device's times (start, answers, turn-in) is moved into what its contacts allow — no earlier than the last contact
 * before it, no later than the first contact after it (or its receipt) — and the time limit is judged on those: an
 * answer past the attempt's end is dropped, and the attempt finishes at its end with what was answered by then.
 * Contacts in the past are recorded as the hub records every sync request, entries sent as a device sends them.
 */
describe('a quiz attempt taken offline: time proven, not claimed', () => {
  let hub: TestServer;
  let c: RosterCourse;
  let device: number;
  let sequence = 5000;
  const nextId = () => composeId(device, ++sequence);

  beforeAll(async () => {
    hub = await startTestServer();
    c = await createRosterCourse(hub, 'Offline quiz time 101');
    device = (hub.core.services.sync.ids.replica % (REPLICA_LIMIT - 3)) + 2;
  });
  afterAll(() => hub.stop());

  /** A ten-minute quiz of two one-point choices, the student's device token (its own contacts), and entries for it. */
  async function offlineAttempt(title: string) {
    const choice = { question_type: 'multiple_choice_question', points_possible: 1, answers: [{ answer_text: 'right', answer_weight: 100 }, { answer_text: 'wrong' }] };
    const { quiz, questions } = await createQuizWithQuestions(hub, c, [choice, choice], { title, time_limit: 10 });
    const token = (await hub.core.services.tokens.issue({ userId: c.studentA.id, purpose: 'device' }, fixtureStamp())).visibleToken;
    const principal = (await hub.core.verifyToken(token))!;
    // What the device had allocated before the attempt: what its syncs named until it started.
    const before = composeId(device, sequence);
    const local = nextId();
    const proof = { attempt: 1, validation_token: attemptToken(quiz.id, c.studentA.id, 1) };
    const path = { course_id: String(c.id), quiz_id: String(quiz.id) };
    const entry = (id: number, method: string, route: string, params: Record<string, unknown>, at: number, created: unknown[] = []) => ({
      id, method, route, params, user_id: c.studentA.id, device_time: at, base: null, created,
    });
    const right = (q: Json) => (q as unknown as Choice).answers.find((a) => a.weight === 100)!.id;
    return {
      quiz,
      before,
      /** The device's latest id was `latestId` at `at` (hub time): it synced then. */
      contact: (latestId: number, at: number) => hub.core.services.sync.contacts.record(principal, { [LATEST_ID_HEADER]: String(latestId) }, at),
      start: (at: number) =>
        entry(local, 'POST', ROUTES.start, path, at, [{ collection: 'course_user', key: `quiz_submission:${local}`, type: 'quiz_submission', id: local, lookup_key: quizSubmissionKey(quiz.id, c.studentA.id) }]),
      answer: (n: number, at: number) => entry(nextId(), 'POST', ROUTES.answer, { quiz_submission_id: String(local), ...proof, quiz_questions: [{ id: questions[n]!.id, answer: right(questions[n]!) }] }, at),
      complete: (at: number) => entry(nextId(), 'POST', ROUTES.complete, { ...path, id: String(local), ...proof }, at),
      replay: async (entries: Array<{ id: number }>) => {
        const res = await fetch(`${hub.url}/api/v1/sync/replay`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', [LATEST_ID_HEADER]: String(composeId(device, sequence)) },
          body: JSON.stringify({ device, entries }),
        });
        expect(res.status).toBe(200);
        return ((await res.json()) as ReplayAnswer).results;
      },
      onHub: async () => {
        const res = await api(hub, c.teacher.token, 'GET', `/api/v1/courses/${c.id}/quizzes/${quiz.id}/submissions`);
        return (res.json as { quiz_submissions: Json[] }).quiz_submissions[0]!;
      },
      answersOnHub: async () => (await hub.core.services.repos.quizSubmissions.byLookup(quizSubmissionKey(quiz.id, c.studentA.id)))!.data.answers,
    };
  }

  it('an honest attempt made offline between two contacts keeps the device’s times and is scored in full', async () => {
    const t = await offlineAttempt('Honest');
    const now = Date.now();
    await t.contact(t.before, now - 40 * MINUTE);
    const entries = [t.start(now - 30 * MINUTE), t.answer(0, now - 27 * MINUTE), t.answer(1, now - 24 * MINUTE), t.complete(now - 22 * MINUTE)];
    const results = await t.replay(entries);
    expect(results.map((r) => r.outcome)).toEqual(['applied', 'applied', 'applied', 'applied']);
    const onHub = await t.onHub();
    expect(onHub).toMatchObject({
      workflow_state: 'complete',
      score: 2,
      started_at: isoSeconds(now - 30 * MINUTE),
      finished_at: isoSeconds(now - 22 * MINUTE),
      device_started_at: isoSeconds(now - 30 * MINUTE),
      device_finished_at: isoSeconds(now - 22 * MINUTE),
      awaiting_sync: false,
    });
    // The hub received the turn-in later: it keeps both, on the attempt and on the assignment's submission.
    expect(Date.parse(onHub.received_at as string)).toBeGreaterThanOrEqual(Math.floor(now / 1000) * 1000);
    const submission = await api(hub, c.teacher.token, 'GET', `/api/v1/courses/${c.id}/assignments/${String(t.quiz.assignment_id)}/submissions/${c.studentA.id}`);
    expect(submission.json).toMatchObject({ submitted_at: isoSeconds(now - 22 * MINUTE), received_at: onHub.received_at, score: 2 });
  });

  it('a device whose clock compresses a long attempt into the limit keeps nothing its contacts show came after the end', async () => {
    const t = await offlineAttempt('Compressed');
    const now = Date.now();
    await t.contact(t.before, now - 40 * MINUTE);
    const start = t.start(now - 8 * MINUTE);
    // The device synced at -30 minutes having started (its id named): the start was made by then.
    await t.contact(start.id, now - 30 * MINUTE);
    const first = t.answer(0, now - 7 * MINUTE);
    // And at -15 minutes having answered once: the second answer came after that, past the start's ten minutes.
    await t.contact(first.id, now - 15 * MINUTE);
    const results = await t.replay([start, first, t.answer(1, now - 6 * MINUTE), t.complete(now - 5 * MINUTE)]);
    expect(results.map((r) => r.outcome)).toEqual(['applied', 'refused', 'refused', 'refused']);
    expect(results[1]).toMatchObject({ status: 400, message: 'quiz submission is overdue' });
    const onHub = await t.onHub();
    // Started when a contact proves it had started at the latest; finished at its end, with nothing answered in time.
    expect(onHub).toMatchObject({ workflow_state: 'complete', score: 0, started_at: isoSeconds(now - 30 * MINUTE), end_at: isoSeconds(now - 20 * MINUTE), finished_at: isoSeconds(now - 20 * MINUTE), device_started_at: isoSeconds(now - 8 * MINUTE) });
    expect(await t.answersOnHub()).toEqual({});
  });

  it('a start claimed before the device’s last contact starts at that contact; a turn-in claimed in the future is at its receipt', async () => {
    const t = await offlineAttempt('Clock astray');
    const now = Date.now();
    await t.contact(t.before, now - 5 * MINUTE);
    const results = await t.replay([t.start(now - 5 * 3_600_000), t.answer(0, now - 4 * MINUTE), t.complete(now + 3_600_000)]);
    expect(results.map((r) => r.outcome)).toEqual(['applied', 'applied', 'applied']);
    const onHub = await t.onHub();
    expect(onHub).toMatchObject({ started_at: isoSeconds(now - 5 * MINUTE), device_started_at: isoSeconds(now - 5 * 3_600_000), score: 1 });
    expect(Date.parse(onHub.finished_at as string)).toBeGreaterThanOrEqual(Math.floor(now / 1000) * 1000);
    expect(Date.parse(onHub.finished_at as string)).toBeLessThanOrEqual(Date.now());
    expect(onHub.received_at).toBeNull();
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../src/contracts/session-dtos.ts';
import { generateStrongToken } from '../../src/server/config.ts';
import { quizSubmissionKey } from '../../src/server/domain/records/quiz-records.ts';
import { api } from '../helpers/api-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { addQuestion, createQuizWithQuestions } from '../helpers/quiz-fixtures.ts';
import { freePort, ServerProcess } from '../helpers/server-process.ts';
import { restartTestServer, startTestServer, type TestServer } from '../helpers/server.ts';
import { asBrowser, cookieOf, type BrowserSession } from '../helpers/session-fixtures.ts';
import { eventually } from '../helpers/sync-fixtures.ts';

type Json = Record<string, unknown> & { id: number };
interface Attempt extends Json {
  attempt: number;
  validation_token: string;
}
interface AttemptQuestion {
  id: number;
  flagged: boolean;
  answer: unknown;
  quiz_question: { answers: Array<Record<string, unknown> & { id: number; text: string }> };
}

const ADMIN = generateStrongToken();
const EMAIL = 'quiz.taker@hub.example';
const PASSWORD = 'quiz taker password';
const CHOICE = (text: string) => ({ question_type: 'multiple_choice_question', points_possible: 1, question_text: text, answers: [{ answer_text: `${text} right`, answer_weight: 100 }, { answer_text: `${text} wrong` }] });

/**
 * Issue 28, offline taking (decision 0120), with the device as a real process: a student takes a timed quiz on
 * their device while the hub is down — starting it, answering, flagging, the device killed with SIGKILL in the
 * middle — and turns it in unscored; when the hub is back the device (killed again while it sends) replays the
 * attempt exactly once, the hub draws and names it as the device did, scores it in full, and the device pulls the
 * result.
 */
describe('a quiz taken offline on a device', () => {
  let hub: TestServer;
  let hubPort: number;
  let course: RosterCourse;
  let quiz: Json;
  let dataDir: string;
  let port: number;
  let device: ServerProcess;
  let session: BrowserSession;

  const startDevice = () => ServerProcess.start({ dataDir, port, adminToken: ADMIN });
  const onDevice = (method: string, path: string, body?: unknown) => asBrowser(device, session, method, path, body === undefined ? {} : { body });
  const status = async () => (await onDevice('GET', '/api/v1/sync/status')).json as SyncStatus;
  const quizPath = () => `/api/v1/courses/${course.id}/quizzes/${quiz.id}`;

  beforeAll(async () => {
    hub = await startTestServer({ adminToken: ADMIN });
    hubPort = hub.port;
    course = await createRosterCourse(hub, 'Offline quiz 101');
    const studentId = ((await api(hub, ADMIN, 'POST', '/api/v1/accounts/self/users', { user: { name: 'Quiz Taker' }, pseudonym: { unique_id: EMAIL, password: PASSWORD } })).json as { id: number }).id;
    expect((await api(hub, ADMIN, 'POST', `/api/v1/courses/${course.id}/enrollments`, { enrollment: { user_id: studentId, type: 'StudentEnrollment', enrollment_state: 'active' } })).status).toBe(200);
    ({ quiz } = await createQuizWithQuestions(hub, course, [CHOICE('Water'), CHOICE('Air')], { title: 'Timed offline quiz', time_limit: 5 }));
    // A group draws one of two: the hub must draw on replay what the device drew.
    const created = await api(hub, course.teacher.token, 'POST', `${quizPath()}/groups`, { quiz_groups: [{ name: 'Pool', pick_count: 1, question_points: 2 }] });
    const group = (created.json as { quiz_groups: Json[] }).quiz_groups[0]!;
    for (const text of ['Soil', 'Fire']) await addQuestion(hub, course, quiz.id, { ...CHOICE(text), quiz_group_id: group.id });
    const questionCount = ((await api(hub, course.teacher.token, 'GET', quizPath())).json as { question_count: number }).question_count;

    dataDir = mkdtempSync(join(tmpdir(), 'outpost-quiz-offline-'));
    port = await freePort();
    device = await startDevice();
    const connected = await fetch(`${device.url}/api/v1/sync/hub`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ hub_url: hub.url, unique_id: EMAIL, password: PASSWORD }) });
    const body = (await connected.json()) as { csrf_token: string };
    expect(connected.status, JSON.stringify(body)).toBe(200);
    session = { cookie: cookieOf({ status: connected.status, headers: connected.headers, json: body }), csrf: body.csrf_token, userId: studentId };
    // The quiz's totals are rewritten with each question in the same pull order: once they arrive, so did the questions.
    await eventually(async () => {
      const res = await onDevice('GET', quizPath());
      return res.status === 200 && (res.json as { question_count: number }).question_count === questionCount ? true : undefined;
    }, 'the quiz and its questions on the device', 600);
  }, 60_000);
  afterAll(async () => {
    await device?.stop();
    await hub?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('is taken with the hub down, survives kill -9, and is scored once by the hub on reconnection', async () => {
    await hub.close();

    const started = await onDevice('POST', `${quizPath()}/submissions`);
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const attempt = (started.json as { quiz_submissions: Attempt[] }).quiz_submissions[0]!;
    const questionsPath = `/api/v1/quiz_submissions/${attempt.id}/questions`;
    const read = async () => ((await onDevice('GET', `${questionsPath}?include[]=quiz_question`)).json as { quiz_submission_questions: AttemptQuestion[] }).quiz_submission_questions;
    const drawn = await read();
    // Two questions and one of the pool, shown as a taker sees them: no weights reached the device.
    expect(drawn).toHaveLength(3);
    for (const q of drawn) for (const a of q.quiz_question.answers) expect(a).not.toHaveProperty('weight');
    const right = (q: AttemptQuestion) => q.quiz_question.answers.find((a) => a.text.endsWith(' right'))!.id;
    const proof = { attempt: attempt.attempt, validation_token: attempt.validation_token };
    const answer = async (q: AttemptQuestion) => expect((await onDevice('POST', questionsPath, { ...proof, quiz_questions: [{ id: q.id, answer: right(q) }] })).status).toBe(200);

    await answer(drawn[0]!);
    expect((await onDevice('PUT', `${questionsPath}/${drawn[1]!.id}/flag`, proof)).status).toBe(204);
    // Each answer is stored as given: a crash of the device loses none of them.
    await device.kill();
    device = await startDevice();
    expect((await read()).map((q) => [q.id, q.flagged, q.answer])).toEqual([[drawn[0]!.id, false, right(drawn[0]!)], [drawn[1]!.id, true, null], [drawn[2]!.id, false, null]]);
    await answer(drawn[1]!);
    await answer(drawn[2]!);

    // Turned in, the device cannot score it (it has no weights): submitted, waiting for the hub.
    const done = await onDevice('POST', `${quizPath()}/submissions/${attempt.id}/complete`, proof);
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect((done.json as { quiz_submissions: Json[] }).quiz_submissions[0]).toMatchObject({ workflow_state: 'pending_review', score: null, awaiting_sync: true });
    expect((await status()).waiting).toBeGreaterThanOrEqual(5);

    // The hub comes back; the device dies once more somewhere while it sends the attempt.
    hub = await restartTestServer(hub, { port: hubPort });
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 300));
    await device.kill();
    device = await startDevice();
    await eventually(async () => ((await status()).waiting === 0 ? true : undefined), 'the outbox sent to the hub', 600);
    expect((await status()).refused).toEqual([]);

    const onHub = (await hub.core.services.repos.quizSubmissions.byLookup(quizSubmissionKey(quiz.id, session.userId)))!.data;
    expect(onHub).toMatchObject({ attempt: 1, workflow_state: 'complete', score: 4, kept_score: 4, flagged: [drawn[1]!.id] });
    expect(onHub.awaiting_sync).not.toBe(true);
    expect(onHub.history).toHaveLength(1);
    expect(onHub.questions.map((q) => q.id)).toEqual(drawn.map((q) => q.id));
    expect(onHub.validation_token).toBe(attempt.validation_token);
    expect(Object.keys(onHub.answers)).toHaveLength(3);
    expect(onHub.device_started_at).toBeDefined();
    expect(onHub.started_at).toBe(onHub.device_started_at);

    // The device pulls the hub's result over what it turned in.
    const result = await eventually(async () => {
      const res = await onDevice('GET', `${quizPath()}/submissions`);
      const mine = (res.json as { quiz_submissions: Json[] }).quiz_submissions[0];
      return mine?.awaiting_sync === false ? mine : undefined;
    }, 'the hub’s result on the device', 600);
    expect(result).toMatchObject({ workflow_state: 'complete', score: 4, attempt: 1 });
  }, 120_000);
});

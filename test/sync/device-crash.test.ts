import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateStrongToken } from '../../src/server/config.ts';
import type { SyncStatus } from '../../src/contracts/session-dtos.ts';
import { api } from '../helpers/api-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { freePort, ServerProcess } from '../helpers/server-process.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { asBrowser, cookieOf, type BrowserSession } from '../helpers/session-fixtures.ts';
import { createGradedAssignment } from '../helpers/submission-fixtures.ts';
import { eventually } from '../helpers/sync-fixtures.ts';

const ADMIN = generateStrongToken();
const EMAIL = 'crash.teacher@hub.example';
const PASSWORD = 'crash teacher password';
const ROUNDS = 10;
const COMMENTS = 20;

/**
 * The device as a real process, killed with SIGKILL while its teacher writes comments and its outbox is being sent
 * to the hub, ten times. Each restart resumes from what the hub acknowledged: every comment the device's API
 * confirmed reaches the hub exactly once, and nothing arrives that was never written — no loss, no doubles.
 */
describe('kill -9 of the device mid-push', () => {
  let hub: TestServer;
  let course: RosterCourse;
  let essay: { id: number };
  let dataDir: string;
  let port: number;
  let device: ServerProcess;
  let teacherId: number;
  let session: BrowserSession;

  const startDevice = () => ServerProcess.start({ dataDir, port, adminToken: ADMIN });
  /** The device's API as the teacher, signed in there by connecting it to the hub (as the app's first run does). */
  const onDevice = (method: string, path: string, body?: unknown) => asBrowser(device, session, method, path, body === undefined ? {} : { body });
  const commentPath = () => `/api/v1/courses/${course.id}/assignments/${essay.id}/submissions/${course.studentA.id}`;
  const status = async () => (await onDevice('GET', '/api/v1/sync/status')).json as SyncStatus;

  beforeAll(async () => {
    hub = await startTestServer({ adminToken: ADMIN });
    course = await createRosterCourse(hub, 'Device crash 101');
    essay = await createGradedAssignment(hub, course, { name: 'Essay' });
    teacherId = ((await api(hub, ADMIN, 'POST', '/api/v1/accounts/self/users', { user: { name: 'Crash Teacher' }, pseudonym: { unique_id: EMAIL, password: PASSWORD } })).json as { id: number }).id;
    const enrolled = await api(hub, ADMIN, 'POST', `/api/v1/courses/${course.id}/enrollments`, { enrollment: { user_id: teacherId, type: 'TeacherEnrollment', enrollment_state: 'active' } });
    expect(enrolled.status).toBe(200);
    dataDir = mkdtempSync(join(tmpdir(), 'outpost-device-crash-'));
    port = await freePort();
    device = await startDevice();
    const connected = await fetch(`${device.url}/api/v1/sync/hub`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ hub_url: hub.url, unique_id: EMAIL, password: PASSWORD }) });
    const body = (await connected.json()) as { csrf_token: string };
    expect(connected.status, JSON.stringify(body)).toBe(200);
    session = { cookie: cookieOf({ status: connected.status, headers: connected.headers, json: body }), csrf: body.csrf_token, userId: teacherId };
    await eventually(async () => ((await onDevice('GET', commentPath())).status === 200 ? true : undefined), 'the submission on the device', 600);
  }, 60_000);
  afterAll(async () => {
    await device?.stop();
    await hub?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(`${ROUNDS} rounds: 0 lost, 0 duplicated`, async () => {
    const written: string[] = [];
    const confirmed: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const first = Promise.withResolvers<void>();
      const writing = (async () => {
        for (let i = 0; i < COMMENTS; i++) {
          const text = `round ${round} comment ${i}`;
          written.push(text);
          const res = await onDevice('PUT', commentPath(), { comment: { text_comment: text } }).catch(() => undefined);
          // The device died under this request: it may or may not have stored the comment.
          if (!res) return;
          expect(res.status).toBe(200);
          confirmed.push(text);
          first.resolve();
        }
      })();
      // Once the device writes and sends, somewhere among the writes and their sending, or after them: whichever,
      // the outcome must be the same.
      void writing.then(first.resolve, () => first.resolve());
      await first.promise;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 500));
      await device.kill();
      await writing;
      device = await startDevice();
      await eventually(async () => ((await status()).waiting === 0 ? true : undefined), 'the outbox sent after the restart', 600);
    }
    expect((await status()).refused).toEqual([]);
    const onHub = (await hub.core.services.repos.submissionComments.find({ course_id: course.id })).map((c) => c.data.comment);
    expect(onHub.length).toBe(new Set(onHub).size);
    expect(onHub.filter((text) => !written.includes(text))).toEqual([]);
    expect(confirmed.filter((text) => !onHub.includes(text))).toEqual([]);
    // A comment in flight when the device died may or may not have been stored there; every round confirmed some.
    expect(confirmed.length).toBeGreaterThanOrEqual(ROUNDS);
  }, 300_000);
});

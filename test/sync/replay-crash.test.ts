import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateStrongToken } from '../../src/server/config.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, ServerProcess } from '../helpers/server-process.ts';
import { replayEntry, ROUTES, type ReplayAnswer } from '../helpers/sync-fixtures.ts';

const ADMIN = generateStrongToken();
const ROUNDS = 10;
const ENTRIES = 30;
const DEVICE = 12345;

/**
 * The hub as a real process, killed with SIGKILL while it replays a batch of entries, ten times. The device (this
 * test) got no answer, so it sends the same entries again to the restarted hub, as the outbox sender does: every
 * entry must be applied exactly once — no comment lost, none doubled.
 */
describe('kill -9 of the hub mid-replay', () => {
  let dataDir: string;
  let port: number;
  let hub: ServerProcess;
  let adminId: number;
  let path: { course_id: string; assignment_id: string; user_id: string };

  const call = async <T>(method: string, url: string, body?: unknown): Promise<{ status: number; json: T }> => {
    const res = await fetch(hub.url + url, { method, headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, json: (await res.json()) as T };
  };
  const created = async (method: string, url: string, body: unknown) => {
    const res = await call<{ id: number }>(method, url, body);
    expect(res.status, JSON.stringify(res.json)).toBeLessThan(300);
    return res.json.id;
  };
  const comments = async () => {
    const url = `/api/v1/courses/${path.course_id}/assignments/${path.assignment_id}/submissions/${path.user_id}?include[]=submission_comments`;
    return (await call<{ submission_comments: { comment: string }[] }>('GET', url)).json.submission_comments.map((c) => c.comment);
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'outpost-replay-crash-'));
    port = await freePort();
    hub = await ServerProcess.start({ dataDir, port, adminToken: ADMIN });
    adminId = (await call<{ id: number }>('GET', '/api/v1/users/self')).json.id;
    const courseId = await created('POST', '/api/v1/accounts/self/courses', { course: { name: 'Crash 101' } });
    const studentId = await created('POST', '/api/v1/accounts/self/users', { user: { name: 'Crash Student' }, pseudonym: { unique_id: 'crash.student@example.test' } });
    await created('POST', `/api/v1/courses/${courseId}/enrollments`, { enrollment: { user_id: studentId, type: 'StudentEnrollment', enrollment_state: 'active' } });
    const assignmentId = await created('POST', `/api/v1/courses/${courseId}/assignments`, { assignment: { name: 'Essay', published: true, submission_types: ['online_text_entry'] } });
    path = { course_id: String(courseId), assignment_id: String(assignmentId), user_id: String(studentId) };
  });
  afterAll(async () => {
    await hub?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`${ROUNDS} rounds: 0 lost, 0 duplicated`, async () => {
    const sent: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const texts = Array.from({ length: ENTRIES }, (_, i) => `round ${round} entry ${i}`);
      const entries = texts.map((text) => replayEntry(adminId, 'PUT', ROUTES.gradeOrComment, { ...path, comment: { text_comment: text } }));
      const body = JSON.stringify({ device: DEVICE, entries });
      const inFlight = fetch(`${hub.url}/api/v1/sync/replay`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }, body }).catch(() => undefined);
      // Somewhere inside the batch, or before or after it: whichever, the outcome must be the same.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 400));
      await hub.kill();
      await inFlight;
      hub = await ServerProcess.start({ dataDir, port, adminToken: ADMIN });
      const again = await call<ReplayAnswer>('POST', '/api/v1/sync/replay', { device: DEVICE, entries });
      expect(again.status).toBe(200);
      expect(again.json.results.map((r) => r.outcome)).toEqual(entries.map(() => 'applied'));
      sent.push(...texts);
    }
    const stored = await comments();
    expect(stored.length).toBe(sent.length);
    expect(new Set(stored)).toEqual(new Set(sent));
    // Ten cold starts of a real process: on 2 shared cores they alone can take most of the project's 120 s.
  }, 360_000);
});

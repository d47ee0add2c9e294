import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { isoSeconds } from '../../src/server/areas/common/api-values.ts';
import { composeId, REPLICA_LIMIT } from '../../src/server/domain/ids.ts';
import { DELIVERY_GRACE_MS } from '../../src/server/sync/device-contacts.ts';
import { LATEST_ID_HEADER } from '../../src/server/sync/hub-client.ts';
import { api, fixtureStamp } from '../helpers/api-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { restartTestServer, startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment } from '../helpers/submission-fixtures.ts';
import { eventually, type ReplayAnswer, ROUTES, startDeviceOf } from '../helpers/sync-fixtures.ts';

type Json = Record<string, unknown> & { id: number };
interface SubmissionJson {
  submitted_at: string | null;
  received_at: string | null;
  late: boolean;
  workflow_state: string;
  submission_history: { submitted_at: string | null; received_at: string | null }[];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the hub's clock has passed `iso`, so what the test sends next arrives after it. */
async function after(iso: string): Promise<void> {
  while (Date.now() <= Date.parse(iso)) await pause(100);
}

/**
 * Decision 0062: a submission made offline keeps the device's time as `submitted_at` only between the device's last
 * contact with the hub before it and the hub's receipt of it; otherwise the hub's receive time. Late and closed rules
 * judge that time, and the submission JSON carries both (`received_at`).
 */
describe('offline time is honest', () => {
  let hub: TestServer;
  let course: RosterCourse;

  beforeAll(async () => {
    hub = await startTestServer();
    course = await createRosterCourse(hub, 'Offline time 101');
  });
  afterAll(() => hub?.stop());

  const submissionOnHub = async (assignment: Json) =>
    (await api(hub, course.teacher.token, 'GET', `/api/v1/courses/${course.id}/assignments/${assignment.id}/submissions/${course.studentA.id}?include[]=submission_history`)).json as SubmissionJson;

  describe('a real device', () => {
    let device: TestServer;
    let token: string;

    beforeAll(async () => {
      ({ device, token } = await startDeviceOf(hub, course.studentA));
    });
    afterAll(() => device?.stop());

    it('a submission made offline before the due date and replayed after it is on time, with the device’s time', async () => {
      const essay = await createGradedAssignment(hub, course, { name: 'Due while offline' });
      await eventually(async () => device.core.services.repos.assignments.get(essay.id), 'the assignment on the device');
      const hubPort = hub.port;
      await hub.close();

      const made = Date.now();
      const submitted = await api(device, token, 'POST', `/api/v1/courses/${course.id}/assignments/${essay.id}/submissions`, { submission: { submission_type: 'online_text_entry', body: '<p>Written on the bus</p>' } });
      expect(submitted.status, JSON.stringify(submitted.json)).toBe(201);

      let lastWrite = 0;
      const writes = device.core.db.collections.course_user.$.subscribe(() => (lastWrite = Date.now()));
      onTestFinished(() => writes.unsubscribe());

      // Meanwhile the teacher sets the due date, on a hub the device cannot reach, to a time after the submission.
      hub = await restartTestServer(hub, { port: 0 });
      const dueAt = isoSeconds(Math.floor(made / 1000) * 1000 + 2000);
      expect((await api(hub, course.teacher.token, 'PUT', `/api/v1/courses/${course.id}/assignments/${essay.id}`, { assignment: { due_at: dueAt } })).status).toBe(200);
      await after(dueAt);
      hub = await restartTestServer(hub, { port: hubPort });

      const onHub = await eventually(async () => {
        const s = await submissionOnHub(essay);
        return s.workflow_state === 'submitted' ? s : undefined;
      }, 'the offline submission on the hub', 600);
      expect(Date.parse(onHub.submitted_at!)).toBeLessThan(Date.parse(dueAt));
      expect(onHub.late).toBe(false);
      expect(Date.parse(onHub.received_at!)).toBeGreaterThan(Date.parse(dueAt));

      // The hub's state comes back and is written over the device's; the device's time of its last sync, which is
      // when its screens read again, is not older than that write (else a screen keeps the device's own state).
      const onDevice = `/api/v1/courses/${course.id}/assignments/${essay.id}/submissions/self`;
      await eventually(async () => ((await api(device, token, 'GET', onDevice)).json as SubmissionJson).received_at ?? undefined, 'the hub’s state on the device');
      await device.core.deviceSync!.awaitInSync();
      expect((await device.core.deviceSync!.status()).lastSyncedAt).toBeGreaterThanOrEqual(lastWrite);
    });
  });

  describe('what a device’s clock may claim', () => {
    // Any replica other than the hub's own; the entries and contacts below are those of a device of that replica.
    let device: number;
    let sequence = 1000;
    const nextId = () => composeId(device, ++sequence);
    /** The latest id the device has allocated: what its sync requests name. */
    const latest = () => composeId(device, sequence);

    beforeAll(() => {
      device = (hub.core.services.sync.ids.replica % (REPLICA_LIMIT - 2)) + 1;
    });

    /** A pull, as the device makes one, naming the latest id it has allocated; resolves with the hub's time window of it. */
    const contact = async (latestId: number) => {
      const before = Date.now();
      const res = await fetch(`${hub.url}/api/v1/sync/course/pull`, { headers: { authorization: `Bearer ${course.studentA.token}`, [LATEST_ID_HEADER]: String(latestId) } });
      expect(res.status).toBe(200);
      await res.body?.cancel();
      return { before, after: Date.now() };
    };
    const submitEntry = (id: number, assignment: Json, deviceTime: number) => ({
      id,
      method: 'POST',
      route: ROUTES.submit,
      params: { course_id: String(course.id), assignment_id: String(assignment.id), submission: { submission_type: 'online_text_entry', body: '<p>Offline</p>' } },
      user_id: course.studentA.id,
      device_time: deviceTime,
      base: null,
      created: [],
    });
    const replay = async (entries: unknown[], token = course.studentA.token) => {
      const res = await fetch(`${hub.url}/api/v1/sync/replay`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', [LATEST_ID_HEADER]: String(latest()) },
        body: JSON.stringify({ device, entries }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as ReplayAnswer).results;
    };
    /** The hub's time window around `send`. */
    const timed = async (send: () => Promise<unknown>) => {
      const before = Date.now();
      await send();
      return { before, after: Date.now() };
    };
    const within = (iso: string | null, window: { before: number; after: number }) => {
      const at = Date.parse(iso ?? '');
      expect(at).toBeGreaterThanOrEqual(Math.floor(window.before / 1000) * 1000);
      expect(at).toBeLessThanOrEqual(window.after);
    };

    it('a time between the last contact before the entry and its receipt is kept; the contact after it does not count', async () => {
      const assignment = await createGradedAssignment(hub, course, { name: 'Made between contacts' });
      await contact(latest());
      await pause(1100);
      const entryId = nextId();
      const made = Date.now();
      await pause(1100);
      // The device reconnects: its pull names ids above the entry's, so that contact came after the entry.
      await contact(nextId());
      const [result] = await replay([submitEntry(entryId, assignment, made)]);
      expect(result).toMatchObject({ outcome: 'applied' });
      const onHub = await submissionOnHub(assignment);
      expect(onHub.submitted_at).toBe(isoSeconds(made));
      expect(Date.parse(onHub.received_at!)).toBeGreaterThan(made);
      // The Grader reads the attempts from the history: each carries both times.
      expect(onHub.submission_history.at(-1)).toMatchObject({ submitted_at: onHub.submitted_at, received_at: onHub.received_at });
    });

    it('a time before the device’s last contact gets the receive time', async () => {
      const assignment = await createGradedAssignment(hub, course, { name: 'Backdated' });
      const last = await contact(latest());
      const window = await timed(() => replay([submitEntry(nextId(), assignment, last.before - HOUR)]));
      const onHub = await submissionOnHub(assignment);
      within(onHub.submitted_at, window);
      expect(onHub.received_at).toBeNull();
    });

    it('a time after the hub received the entry (a clock in the future) gets the receive time', async () => {
      const assignment = await createGradedAssignment(hub, course, { name: 'From the future' });
      await contact(latest());
      const window = await timed(() => replay([submitEntry(nextId(), assignment, Date.now() + HOUR)]));
      const onHub = await submissionOnHub(assignment);
      within(onHub.submitted_at, window);
      expect(onHub.received_at).toBeNull();
    });

    /**
     * A device of its own token (so no other test's contacts count) that named its latest id `lastBefore` 40 minutes
     * ago, made an entry 30 minutes ago and, when `heldBack`, synced again 20 minutes ago naming that entry's id
     * without sending it. Contacts in the past are recorded as the hub records every sync request.
     */
    async function replayMadeHalfAnHourAgo(name: string, heldBack: boolean): Promise<{ onHub: SubmissionJson; window: { before: number; after: number } }> {
      expect(20 * MINUTE).toBeGreaterThan(DELIVERY_GRACE_MS);
      const assignment = await createGradedAssignment(hub, course, { name });
      const token = (await hub.core.services.tokens.issue({ userId: course.studentA.id, purpose: 'device' }, fixtureStamp())).visibleToken;
      const principal = (await hub.core.verifyToken(token))!;
      const now = Date.now();
      await hub.core.services.sync.contacts.record(principal, { [LATEST_ID_HEADER]: String(latest()) }, now - 40 * MINUTE);
      const entryId = nextId();
      if (heldBack) await hub.core.services.sync.contacts.record(principal, { [LATEST_ID_HEADER]: String(entryId) }, now - 20 * MINUTE);
      const window = await timed(() => replay([submitEntry(entryId, assignment, now - 30 * MINUTE)], token));
      return { onHub: await submissionOnHub(assignment), window };
    }

    it('an entry held back while the device kept syncing is not dated before those contacts; sent at once, it is', async () => {
      const offline = await replayMadeHalfAnHourAgo('Made offline half an hour ago', false);
      expect(Date.parse(offline.onHub.submitted_at!)).toBeLessThan(offline.window.before - 29 * MINUTE);
      const heldBack = await replayMadeHalfAnHourAgo('Held back while syncing', true);
      within(heldBack.onHub.submitted_at, heldBack.window);
      expect(heldBack.onHub.received_at).toBeNull();
    });

    it('whether the assignment was closed is judged at the chosen time, as lateness is', async () => {
      const open = await createGradedAssignment(hub, course, { name: 'Closed after it was made' });
      const backdated = await createGradedAssignment(hub, course, { name: 'Closed, backdated' });
      await contact(latest());
      const honest = submitEntry(nextId(), open, Date.now());
      const lockAt = isoSeconds(Math.floor(honest.device_time / 1000) * 1000 + 2000);
      for (const assignment of [open, backdated]) {
        expect((await api(hub, course.teacher.token, 'PUT', `/api/v1/courses/${course.id}/assignments/${assignment.id}`, { assignment: { lock_at: lockAt } })).status).toBe(200);
      }
      await after(lockAt);
      const last = await contact(latest());
      const cheating = submitEntry(nextId(), backdated, last.before - 1000);
      const [kept, refused] = await replay([honest, cheating]);
      expect(kept).toMatchObject({ outcome: 'applied' });
      expect((await submissionOnHub(open)).submitted_at).toBe(isoSeconds(honest.device_time));
      // Closed at the receive time, as over REST (Canvas withholds the right to submit: 401).
      const rest = await api(hub, course.studentB.token, 'POST', `/api/v1/courses/${course.id}/assignments/${backdated.id}/submissions`, { submission: { submission_type: 'online_text_entry', body: '<p>x</p>' } });
      expect(refused).toMatchObject({ outcome: 'refused', status: rest.status });
      expect((await submissionOnHub(backdated)).workflow_state).toBe('unsubmitted');
    });
  });
});

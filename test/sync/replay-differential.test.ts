import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeId, REPLICA_LIMIT } from '../../src/server/domain/ids.ts';
import { lookupKey } from '../../src/server/domain/declarations/lookup-keys.ts';
import { columnDatumKey } from '../../src/server/domain/records/custom-column-records.ts';
import type { FieldChange } from '../../src/server/sync/conflict-policies.ts';
import { LATEST_ID_HEADER } from '../../src/server/sync/hub-client.ts';
import { PULL_COLLECTIONS, type PullCollection } from '../../src/server/sync/sync-partitions.ts';
import { api, type FixtureUser } from '../helpers/api-fixtures.ts';
import { createDiscussionTopic } from '../helpers/content-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { coursePages, createPage } from '../helpers/page-fixtures.ts';
import { createNote } from '../helpers/planner-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, gradeAs, submitText } from '../helpers/submission-fixtures.ts';
import { ROUTES } from '../helpers/sync-fixtures.ts';

type Role = 'teacher' | 'ta' | 'studentA' | 'studentB' | 'observer' | 'outsider';
const ROLES: readonly Role[] = ['teacher', 'ta', 'studentA', 'studentB', 'observer', 'outsider'];
type Variant = 'none' | 'matching' | 'stale' | 'other' | 'login';
const VARIANTS: readonly Variant[] = ['none', 'matching', 'stale', 'other', 'login'];

/** One hub seeded with the same course as the other, through the same API calls: its ids differ, its names do not. */
interface Seeded {
  hub: TestServer;
  course: RosterCourse;
  users: Record<Role, FixtureUser>;
  assignment: number;
  page: string;
  pageId: number;
  column: number;
  topic: number;
  /** Student A's reply in the topic. */
  reply: number;
  note: number;
  /** The seed's ids by name, so two hubs' states compare. */
  names: Map<number, string>;
  /** Records changed from this time on are the differential's to compare. */
  since: number;
}

interface Target {
  collection: PullCollection;
  selector: Record<string, unknown>;
}

/** A kind of write request, generated over users and values; its route is the one the hub registered. */
interface Kind {
  name: string;
  method: string;
  route: string;
  params(s: Seeded, user: Role, value: number): Record<string, unknown>;
  /** The record the request changes when it exists (what a device's base names), and the fields it claims to change. */
  target?(s: Seeded, user: Role): Target;
  claim?(value: number): FieldChange;
}

const submissionOf = (s: Seeded, role: Role): Target => ({ collection: 'course_user', selector: { type: 'submission', lookup_key: `submission:${s.assignment}:${s.users[role].id}` } });
const ids = (s: Seeded, extra: Record<string, unknown> = {}) => ({ course_id: String(s.course.id), ...extra });
const NEVER = '<p>a state the hub never had</p>';

const KINDS: readonly Kind[] = [
  {
    name: 'grade a classmate-of-A submission (B)',
    method: 'PUT',
    route: ROUTES.gradeOrComment,
    params: (s, _u, v) => ids(s, { assignment_id: String(s.assignment), user_id: String(s.users.studentB.id), submission: { posted_grade: String(v % 11) } }),
    target: (s) => submissionOf(s, 'studentB'),
    claim: (v) => ({ before: { score: 99, grade: '99' }, after: { score: v % 11, grade: String(v % 11) } }),
  },
  {
    name: 'comment on B’s submission',
    method: 'PUT',
    route: ROUTES.gradeOrComment,
    params: (s, _u, v) => ids(s, { assignment_id: String(s.assignment), user_id: String(s.users.studentB.id), comment: { text_comment: `Comment ${v}` } }),
    target: (s) => submissionOf(s, 'studentB'),
    claim: (v) => ({ before: { score: 99, grade: '99' }, after: { score: v % 11, grade: String(v % 11) } }),
  },
  {
    name: 'submit one’s own work',
    method: 'POST',
    route: ROUTES.submit,
    params: (s, _u, v) => ids(s, { assignment_id: String(s.assignment), submission: { submission_type: 'online_text_entry', body: `<p>Work ${v}</p>` } }),
    target: (s, user) => submissionOf(s, user),
    claim: (v) => ({ before: { body: NEVER }, after: { body: `<p>Work ${v}</p>` } }),
  },
  {
    name: 'edit a page',
    method: 'PUT',
    route: ROUTES.page,
    params: (s, _u, v) => ids(s, { url: s.page, wiki_page: { body: `<p>Page ${v}</p>` } }),
    target: (s) => ({ collection: 'course', selector: { id: s.pageId } }),
    claim: (v) => ({ before: { body: NEVER }, after: { body: `<p>Page ${v}</p>` } }),
  },
  {
    name: 'a custom column datum of student A',
    method: 'PUT',
    route: '/api/v1/courses/:course_id/custom_gradebook_columns/:id/data/:user_id',
    params: (s, _u, v) => ids(s, { id: String(s.column), user_id: String(s.users.studentA.id), column_data: { content: `Note ${v}` } }),
    target: (s) => ({ collection: 'course_user', selector: { type: 'custom_gradebook_column_datum', lookup_key: columnDatumKey(s.column, s.users.studentA.id) } }),
    claim: (v) => ({ before: { content: NEVER }, after: { content: `Note ${v}` } }),
  },
  {
    name: 'edit student A’s planner note',
    method: 'PUT',
    route: '/api/v1/planner_notes/:id',
    params: (s, _u, v) => ({ id: String(s.note), title: `Plan ${v}` }),
    target: (s) => ({ collection: 'course_user', selector: { id: s.note } }),
    claim: (v) => ({ before: { title: NEVER }, after: { title: `Plan ${v}` } }),
  },
  {
    name: 'edit student A’s discussion reply',
    method: 'PUT',
    route: '/api/v1/courses/:course_id/discussion_topics/:topic_id/entries/:id',
    params: (s, _u, v) => ids(s, { topic_id: String(s.topic), id: String(s.reply), message: `<p>Edited ${v}</p>` }),
    target: (s) => ({ collection: 'course_user', selector: { id: s.reply } }),
    claim: (v) => ({ before: { message: NEVER }, after: { message: `<p>Edited ${v}</p>` } }),
  },
  {
    name: 'create a planner note',
    method: 'POST',
    route: '/api/v1/planner_notes',
    params: (s, _u, v) => ({ title: `New plan ${v}`, todo_date: '2031-05-01T12:00:00Z', course_id: String(s.course.id) }),
  },
  {
    name: 'reply to a discussion',
    method: 'POST',
    route: '/api/v1/courses/:course_id/discussion_topics/:topic_id/entries',
    params: (s, _u, v) => ids(s, { topic_id: String(s.topic), message: `<p>Reply ${v}</p>` }),
  },
  // Last: once the note is gone, every later request on it answers 404 on both hubs.
  {
    name: 'delete student A’s planner note',
    method: 'DELETE',
    route: '/api/v1/planner_notes/:id',
    params: (s) => ({ id: String(s.note) }),
    target: (s) => ({ collection: 'course_user', selector: { id: s.note } }),
    claim: () => ({ before: { title: NEVER }, after: { title: null } }),
  },
];

/** A small seeded generator: the cases are the same on every run, and a failure names the case. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % 1000;
  };
}

async function seed(hub: TestServer): Promise<Seeded> {
  const course = await createRosterCourse(hub, 'Differential 101');
  const { teacher, ta, studentA, studentB, observer, outsider } = course;
  const assignment = (await createGradedAssignment(hub, course, { name: 'Essay' })).id;
  await submitText(hub, studentA.token, course.id, assignment, '<p>A’s essay</p>');
  await submitText(hub, studentB.token, course.id, assignment, '<p>B’s essay</p>');
  await gradeAs(hub, teacher.token, course.id, assignment, studentB.id, { posted_grade: '6' });
  const page = await createPage(hub, teacher.token, coursePages(course.id), { title: 'Syllabus', body: '<p>v1</p>', published: true, editing_roles: 'teachers' });
  const column = (await api(hub, teacher.token, 'POST', `/api/v1/courses/${course.id}/custom_gradebook_columns`, { column: { title: 'Notes' } })).json as { id: number };
  const datum = await api(hub, teacher.token, 'PUT', `/api/v1/courses/${course.id}/custom_gradebook_columns/${column.id}/data/${studentA.id}`, { column_data: { content: 'First' } });
  expect(datum.status).toBe(200);
  const topic = (await createDiscussionTopic(hub, teacher.token, course.id, { title: 'Questions', message: '<p>Ask</p>', published: true })).id as number;
  const note = (await createNote(hub, studentA.token, { title: 'Read', course_id: course.id })).id;
  const reply = await api(hub, studentA.token, 'POST', `/api/v1/courses/${course.id}/discussion_topics/${topic}/entries`, { message: '<p>First reply</p>' });
  expect(reply.status).toBe(201);
  const replyId = (reply.json as { id: number }).id;
  const users = { teacher, ta, studentA, studentB, observer, outsider };
  const names = new Map<number, string>([
    [course.id, 'course'],
    [course.sectionB, 'sectionB'],
    [assignment, 'assignment'],
    [page.page_id, 'page'],
    [column.id, 'column'],
    [topic, 'topic'],
    [note, 'note'],
    [replyId, 'reply'],
    ...Object.entries(users).map(([role, user]) => [user.id, role] as [number, string]),
  ]);
  return { hub, course, users, assignment, page: page.url, pageId: page.page_id, column: column.id, topic, reply: replyId, note, names, since: Date.now() + 1 };
}

/**
 * The records changed since the seed, as comparable text: ids by their seed name (or `#` for ids made since), times
 * and per-request stamps left out. Sync bookkeeping (receipts) is the replay's own, not an effect of the request.
 * `received_at` is left out too: a replayed submission keeps its vouched device time and its receive time (0062);
 * so is a course score's `basis`, a fingerprint over the hub's own ids.
 */
async function stateOf(s: Seeded): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 2));
  const records: Record<string, unknown>[] = [];
  for (const name of PULL_COLLECTIONS) {
    const docs = await s.hub.core.db.collections[name].find({ selector: { updated_at: { $gte: s.since } } }).exec();
    for (const doc of docs) {
      const record = doc.toMutableJSON() as unknown as Record<string, unknown>;
      if (!String(record.type).startsWith('sync_')) records.push(record);
    }
  }
  return records.map((record) => JSON.stringify(normalised(record, s.names))).sort();
}

const VOLATILE = new Set(['created_at', 'updated_at', 'request_id', 'received_at', 'basis', '_rev', '_meta', '_attachments']);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

function normalised(value: unknown, names: ReadonlyMap<number, string>): unknown {
  if (typeof value === 'number') return names.get(value) ?? (value >= 2 ** 33 ? '#' : value);
  if (typeof value === 'string') return ISO_TIME.test(value) ? '<time>' : value.replace(/\d{10,}/g, (digits) => names.get(Number(digits)) ?? '#');
  if (Array.isArray(value)) return value.map((inner) => normalised(inner, names));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([key]) => !VOLATILE.has(key)).map(([key, inner]) => [key, normalised(inner, names)]));
  }
  return value;
}

const pathOf = (route: string, params: Record<string, unknown>) => route.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));

/**
 * The replay differential (issue 27, decision 0094): for generated write requests across areas × users of each role ×
 * bases that are absent, match the hub's record, do not match it, name another person's record or a login lookup key,
 * the entry replayed on one hub answers and changes exactly what the same request over REST by the same user does on
 * an identically seeded hub. The one allowed difference is a conflict: only for an allowed write whose base does not
 * match the record it writes, and then the replay changes nothing (the test then makes the write over REST there too,
 * so both hubs go on from the same state).
 */
describe('replay differential: each entry answers and changes what the same REST request does', () => {
  let rest: Seeded;
  let sync: Seeded;
  let device = 0;
  let sequence = 0;
  /** Every entry names this id as the device's latest: no replay counts as a contact before its own entries. */
  const LATEST = 1_000_000;

  beforeAll(async () => {
    const [a, b] = await Promise.all([startTestServer(), startTestServer()]);
    rest = await seed(a);
    sync = await seed(b);
    device = (sync.hub.core.services.sync.ids.replica % (REPLICA_LIMIT - 2)) + 1;
    // Each user's device was in contact with the hub before its writes: their device times can be vouched for.
    for (const role of ROLES) {
      const res = await fetch(`${sync.hub.url}/api/v1/sync/course/pull`, { headers: { authorization: `Bearer ${sync.users[role].token}` } });
      expect(res.status).toBe(200);
      await res.body?.cancel();
    }
  }, 60_000);
  afterAll(async () => {
    await rest?.hub.stop();
    await sync?.hub.stop();
  });

  /** The current record a target names on the sync hub, as a device based on it would name it. */
  const current = async (target: Target) => {
    const doc = await sync.hub.core.db.collections[target.collection].findOne({ selector: target.selector }).exec();
    return doc ? (doc.toMutableJSON() as { key: string; type: string; lookup_key: string; updated_at: number; data: Record<string, unknown> }) : undefined;
  };

  async function baseFor(kind: Kind, role: Role, variant: Variant, value: number) {
    const claim = kind.claim?.(value) ?? { before: { score: 99 }, after: { score: 1 } };
    const named = async (target: Target | undefined, updatedAt: (at: number) => number, change: FieldChange) => {
      const record = target && (await current(target));
      if (!record || !target) return null;
      return { collection: target.collection, key: record.key, type: record.type, lookup_key: record.lookup_key, updated_at: updatedAt(record.updated_at), change };
    };
    switch (variant) {
      case 'none':
        return null;
      case 'matching': {
        const record = kind.target && (await current(kind.target(sync, role)));
        const before = Object.fromEntries(Object.keys(claim.before).map((field) => [field, record?.data[field] ?? null]));
        return named(kind.target?.(sync, role), (at) => at, { before, after: claim.after });
      }
      case 'stale':
        return named(kind.target?.(sync, role), () => 1, claim);
      case 'other':
        return named(submissionOf(sync, role === 'studentA' ? 'studentB' : 'studentA'), () => 1, { before: { score: 99, grade: '99' }, after: { score: 1, grade: '1' } });
      case 'login':
        return { collection: 'directory', key: 'user:1', type: 'user', lookup_key: lookupKey.login(sync.users.studentB.login), updated_at: 1, change: { before: { name: 'Guess' }, after: { name: 'Other' } } };
    }
  }

  async function replay(role: Role, entry: Record<string, unknown>) {
    const res = await fetch(`${sync.hub.url}/api/v1/sync/replay`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sync.users[role].token}`, 'content-type': 'application/json', [LATEST_ID_HEADER]: String(composeId(device, LATEST)) },
      body: JSON.stringify({ device, entries: [entry] }),
    });
    expect(res.status).toBe(200);
    const [result] = ((await res.json()) as { results: { outcome: string; status: number; message: string | null; conflict: unknown }[] }).results;
    return result!;
  }

  it('answers and changes exactly what REST does, for allowed and refused requests and every kind of base', { timeout: 120_000 }, async () => {
    const next = generator(27);
    const contactAt = Date.now();
    const tally = { applied: 0, refused: 0, conflict: 0 };
    for (const kind of KINDS) {
      for (const role of ROLES) {
        for (const variant of VARIANTS) {
          const value = next();
          const what = `${kind.name} as ${role}, base ${variant}, value ${value}`;
          const params = kind.params(sync, role, value);
          const entry = {
            id: composeId(device, ++sequence),
            method: kind.method,
            route: kind.route,
            params,
            user_id: sync.users[role].id,
            // Right after the device's contact: vouched, and earlier than every state the cases make.
            device_time: contactAt,
            base: await baseFor(kind, role, variant, value),
            created: [],
          };
          const restParams = kind.params(rest, role, value);
          const beforeSync = await stateOf(sync);
          const [overRest, result] = await Promise.all([api(rest.hub, rest.users[role].token, kind.method, pathOf(kind.route, restParams), restParams), replay(role, entry)]);
          tally[result.outcome as keyof typeof tally]++;
          if (result.outcome === 'conflict') {
            // Only an allowed write over a record whose base does not match it, and then nothing of it is written.
            expect(variant, what).toBe('stale');
            expect(overRest.status, what).toBeLessThan(400);
            expect(result.status, what).toBe(409);
            expect(await stateOf(sync), what).toEqual(beforeSync);
            const again = await api(sync.hub, sync.users[role].token, kind.method, pathOf(kind.route, params), params);
            expect(again.status, what).toBe(overRest.status);
          } else {
            expect({ outcome: result.outcome, status: result.status, conflict: result.conflict }, what).toEqual({
              outcome: overRest.status >= 400 ? 'refused' : 'applied',
              status: overRest.status,
              conflict: null,
            });
            if (result.message) expect(JSON.stringify(overRest.json), what).toContain(result.message);
          }
          expect(await stateOf(sync), what).toEqual(await stateOf(rest));
        }
      }
    }
    // The space was covered: some entries of each outcome.
    expect(tally.applied, JSON.stringify(tally)).toBeGreaterThan(0);
    expect(tally.refused, JSON.stringify(tally)).toBeGreaterThan(0);
    expect(tally.conflict, JSON.stringify(tally)).toBeGreaterThan(0);
  });
});

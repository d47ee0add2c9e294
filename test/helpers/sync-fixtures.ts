import { expect } from 'vitest';
import type { WireRecord } from '../../src/server/sync/sync-partitions.ts';
import { api, fixtureStamp, type FixtureUser } from './api-fixtures.ts';
import { startTestServer, type TestServer } from './server.ts';

export interface PulledPage {
  documents: WireRecord[];
  checkpoint: { seq: number; scope: string; token: string };
}

/** One pull page over raw HTTP; fails the test unless 200. */
export async function pullPage(hub: TestServer, token: string, collection: string, checkpoint = '', limit = 100): Promise<PulledPage> {
  const query = new URLSearchParams({ limit: String(limit), ...(checkpoint ? { checkpoint } : {}) });
  const res = await api(hub, token, 'GET', `/api/v1/sync/${collection}/pull?${query}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as PulledPage;
}

/** Every page until a short one, as RxDB pulls; returns the records by key (the latest state wins) and the last checkpoint. */
export async function pullAll(hub: TestServer, token: string, collection: string, limit = 100, from = '') {
  const byKey = new Map<string, WireRecord>();
  let checkpoint = from;
  for (let pages = 0; pages < 1000; pages++) {
    const page = await pullPage(hub, token, collection, checkpoint, limit);
    for (const doc of page.documents) byKey.set(doc.key, doc);
    checkpoint = page.checkpoint.token;
    if (page.documents.length < limit) return { byKey, checkpoint };
  }
  throw new Error('pull did not end');
}

/** Polls `probe` until it returns a value other than undefined; bounded, never a timing assertion. */
export async function eventually<T>(probe: () => Promise<T | undefined>, what: string, attempts = 200): Promise<T> {
  for (let i = 0; i < attempts; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Route templates of the writes the replay tests send, as a device's outbox records them. */
export const ROUTES = {
  submit: '/api/v1/courses/:course_id/assignments/:assignment_id/submissions',
  gradeOrComment: '/api/v1/courses/:course_id/assignments/:assignment_id/submissions/:user_id',
  editComment: '/api/v1/courses/:course_id/assignments/:assignment_id/submissions/:user_id/comments/:id',
  page: '/api/v1/courses/:course_id/pages/:url',
} as const;

let entryIds = 0;

/** One outbox entry as a device sends it to `POST /api/v1/sync/replay`; path parameters travel as strings. */
export function replayEntry(userId: number, method: string, route: string, params: Record<string, unknown>, created: unknown[] = []) {
  return { id: ++entryIds, method, route, params, user_id: userId, device_time: Date.now(), base: null, created };
}

export type ReplayAnswer = { results: { id: number; outcome: 'applied' | 'refused' | 'conflict'; status: number; message: string | null }[] };

/**
 * A device server connected to `hub` as `user`, and a token of the device's own API for that user (what the desktop
 * window's session would hold): the pair most sync tests start from.
 */
export async function startDeviceOf(hub: TestServer, user: FixtureUser): Promise<{ device: TestServer; token: string }> {
  const device = await startTestServer({ hub: { url: hub.url, token: user.token } });
  const token = (await device.core.services.tokens.issue({ userId: user.id, purpose: 'device' }, fixtureStamp())).visibleToken;
  return { device, token };
}

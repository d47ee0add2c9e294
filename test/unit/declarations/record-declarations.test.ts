import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allDeclarations, RECORD_DECLARATIONS } from '../../../src/server/domain/declarations/index.ts';
import { CONTENT_MANAGERS } from '../../../src/server/domain/declarations/record-declaration.ts';
import { WEBHOOK_EVENT_TYPES } from '../../../src/server/domain/records/webhook-records.ts';
import { COLLECTION_NAMES } from '../../../src/server/storage/database.ts';
import { SOURCE_COLLECTIONS } from '../../../src/server/webhooks/deriver.ts';
import { RECORD_EVENTS } from '../../../src/server/webhooks/record-events.ts';

const SERVER = new URL('../../../src/server', import.meta.url).pathname;

/**
 * The modules that keep records of their own beside the declared domain types: sync (the classroom hub's too), webhook and job bookkeeping, which
 * no device pulls as records and no area serves. Anything else that builds a repository bypasses the declarations.
 */
const BOOKKEEPING_OWNERS = ['jobs/item-marks.ts', 'sync/classroom-delegations.ts', 'sync/classroom-hub.ts', 'sync/conflict-log.ts', 'sync/device-contacts.ts', 'sync/outbox.ts', 'sync/replay-conflicts.ts', 'sync/replay-ledger.ts', 'sync/settled-ids.ts', 'webhooks/webhook-store.ts'];

function serverSources(dir = SERVER): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('record declarations: one complete declaration per record type', () => {
  const declarations = allDeclarations();

  it('declares every repository the server builds, each type once', () => {
    expect(declarations).toHaveLength(Object.keys(RECORD_DECLARATIONS).length);
    const builders = serverSources()
      .filter((file) => /new (Repository|TypedRecords)</.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SERVER, file))
      .sort();
    // domain/repository.ts wraps TypedRecords; domain/repositories.ts builds one Repository per declaration.
    expect(builders).toEqual(['domain/repositories.ts', 'domain/repository.ts', ...BOOKKEEPING_OWNERS].sort());
  });

  it('gives each declaration every part, consistent with its collection', () => {
    for (const d of declarations) {
      expect(d.type, d.type).toMatch(/^[a-z_]+$/);
      expect(COLLECTION_NAMES, d.type).toContain(d.collection);
      expect(typeof d.slots, d.type).toBe('function');
      if (d.collection === 'local') expect(d.pull, d.type).toBe('never');
      const managers = typeof d.pull === 'object' && 'managers' in d.pull ? d.pull.managers : undefined;
      if (managers !== undefined) expect(CONTENT_MANAGERS, d.type).toContain(managers);
      const grouped = d.conflicts.groups.flat();
      expect(new Set([...grouped, ...d.conflicts.derived]).size, `${d.type}: a field in two groups`).toBe(grouped.length + d.conflicts.derived.length);
      for (const event of d.webhooks) expect(WEBHOOK_EVENT_TYPES, d.type).toContain(event);
    }
  });

  it('derives webhook events for exactly the types that declare them, from collections the deriver reads', () => {
    const sources = declarations.filter((d) => d.webhooks.length > 0);
    expect(sources.map((d) => d.type).sort()).toEqual(Object.keys(RECORD_EVENTS).sort());
    for (const d of sources) expect(SOURCE_COLLECTIONS as readonly string[], d.type).toContain(d.collection);
  });
});

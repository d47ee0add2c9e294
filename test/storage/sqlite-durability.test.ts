import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getRxStorageSQLite, readDurabilityPragmas, type SQLiteInternals } from '../../src/server/storage/sqlite/index.ts';
import { itemRow, openItems, tempDirs } from '../helpers/storage-fixtures.ts';
import { fuzzScale, fuzzSeeds, seededRandom } from '../helpers/storage-random.ts';

const WRITER = new URL('./fixtures/crash-writer.ts', import.meta.url).pathname;
const dirs = tempDirs();
afterEach(() => dirs.removeAll());

describe('SQLite RxStorage durability', () => {
  it('runs every connection in WAL with synchronous=FULL, also after close and reopen', async () => {
    const directory = dirs.make();
    const storage = getRxStorageSQLite({ directory });
    for (let open = 0; open < 4; open++) {
      const items = await openItems(storage, 'pragmas');
      await items.bulkWrite([itemRow({ id: `doc-${open}`, name: 'x', score: open })], 'test');
      const pragmas = readDurabilityPragmas((items.internals as SQLiteInternals).database);
      expect(pragmas, `open #${open}`).toMatchObject({ journalMode: 'wal', synchronous: 2 });
      if (process.platform === 'darwin') expect(pragmas).toMatchObject({ fullfsync: 1, checkpointFullfsync: 1 });
      await items.close();
    }
  });

  it('keeps every acknowledged write when the writer is killed with SIGKILL', async () => {
    const rounds = Math.round(3 * fuzzScale());
    const directory = dirs.make();
    const [seed] = fuzzSeeds(1) as [number];
    console.log(`crash test seed ${seed} (replay: OUTPOST_FUZZ_SEEDS=${seed}), ${rounds} rounds`);
    const random = seededRandom(seed);
    const inserted = new Set<string>();
    const raised = new Map<string, number>();
    for (let round = 0; round < rounds; round++) {
      const acks = await runWriterAndKill(directory, random.int(0x7fffffff), `r${round}`, 100 + random.int(400));
      expect(acks.length, `round ${round} acknowledged nothing`).toBeGreaterThan(0);
      for (const ack of acks) {
        const [kind, id, score] = ack.split(' ') as [string, string, string | undefined];
        if (kind === 'insert') inserted.add(id);
        else raised.set(id, Number(score));
      }

      const items = await openItems(getRxStorageSQLite({ directory }), 'crash');
      const found = new Map((await items.findDocumentsById([...inserted], false)).map((doc) => [doc.id, doc.score]));
      const missing = [...inserted].filter((id) => !found.has(id));
      expect(missing, `round ${round}: acknowledged inserts lost`).toEqual([]);
      const rolledBack = [...raised].filter(([id, score]) => (found.get(id) ?? -1) < score);
      expect(rolledBack, `round ${round}: acknowledged updates lost`).toEqual([]);
      const { database } = items.internals as SQLiteInternals;
      expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
      await items.close();
    }
    const file = new Database(join(directory, 'crash.sqlite'), { readonly: true });
    expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
    file.close();
  });
});

/** Starts the writer, lets it acknowledge writes for `runMs` after its first ack, kills it, returns its acks. */
function runWriterAndKill(directory: string, seed: number, prefix: string, runMs: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, directory, String(seed), prefix], { stdio: ['ignore', 'pipe', 'pipe'] });
    const acks: string[] = [];
    let stderr = '';
    let killed = false;
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    createInterface({ input: child.stdout }).on('line', (line) => {
      acks.push(line);
      if (acks.length === 1) setTimeout(() => ((killed = true), child.kill('SIGKILL')), runMs);
    });
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      if (killed && signal === 'SIGKILL') resolve(acks);
      else reject(new Error(`writer exited on its own (${signal ?? _code}): ${stderr}`));
    });
  });
}

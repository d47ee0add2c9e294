import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { getRxStorageSQLite, readDurabilityPragmas, type SQLiteInternals } from '../../src/server/storage/sqlite/index.ts';
import { itemRow, openItems } from '../helpers/storage-fixtures.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';
import { crashRounds } from '../helpers/storage-crash.ts';
import { fuzzScale, fuzzSeeds } from '../helpers/storage-random.ts';

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
    onTestFailed(() => console.log(`crash test seed ${seed} (replay: OUTPOST_FUZZ_SEEDS=${seed}), ${rounds} rounds`));
    for await (const outcome of crashRounds(directory, seed, rounds)) {
      const { round } = outcome;
      expect(outcome.acknowledged, `round ${round} acknowledged nothing`).toBeGreaterThan(0);
      expect(outcome.lostInserts, `round ${round}: acknowledged inserts lost`).toEqual([]);
      expect(outcome.lostUpdates, `round ${round}: acknowledged updates lost`).toEqual([]);
      expect(outcome.integrity).toBe('ok');
    }
    const file = new Database(join(directory, 'crash.sqlite'), { readonly: true });
    expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
    file.close();
  });
});

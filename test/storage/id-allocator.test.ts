import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { composeId, IdAllocator, REPLICA_LIMIT, replicaOf, SEQUENCE_SPACE } from '../../src/server/domain/ids.ts';
import { openDatabase, type OutpostDatabase } from '../../src/server/storage/database.ts';
import { RECORD_MIGRATIONS } from '../../src/server/domain/record-migrations.ts';

const CHILD = new URL('./fixtures/allocate-ids.ts', import.meta.url).pathname;
const dirs: string[] = [];
const open: OutpostDatabase[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-ids-'));
  dirs.push(dir);
  return dir;
}

async function openDb(dataDir: string): Promise<OutpostDatabase> {
  const db = await openDatabase({ dataDir, migrations: RECORD_MIGRATIONS });
  open.push(db);
  return db;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('id allocator', () => {
  it('composes replica × 2^33 + sequence and stays below 2^53', () => {
    expect(composeId(1, 5)).toBe(SEQUENCE_SPACE + 5);
    const max = composeId(REPLICA_LIMIT - 1, SEQUENCE_SPACE - 1);
    expect(max).toBe(Number.MAX_SAFE_INTEGER);
    expect(replicaOf(max)).toBe(REPLICA_LIMIT - 1);
  });

  it('gives a database one replica in [1, 2^20) and keeps it across restarts', async () => {
    const dir = tempDir();
    const first = await IdAllocator.open((await openDb(dir)).local);
    expect(first.replica).toBeGreaterThanOrEqual(1);
    expect(first.replica).toBeLessThan(REPLICA_LIMIT);
    const id = await first.next();
    expect(replicaOf(id)).toBe(first.replica);
    await open.pop()?.close();
    const again = await IdAllocator.open((await openDb(dir)).local);
    expect(again.replica).toBe(first.replica);
    expect(await again.next()).toBeGreaterThan(id);
  });

  it('never repeats an id under concurrent allocation', async () => {
    const allocator = await IdAllocator.open((await openDb(tempDir())).local, { blockSize: 13 });
    const ids = await Promise.all(Array.from({ length: 2000 }, () => allocator.next()));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => Number.isSafeInteger(id) && replicaOf(id) === allocator.replica)).toBe(true);
  });

  it('never reuses an id after a restart, even mid-block', async () => {
    const dir = tempDir();
    const before = await IdAllocator.open((await openDb(dir)).local, { blockSize: 50 });
    const used = await before.nextMany(75); // one block and a half
    await open.pop()?.close();
    const after = await IdAllocator.open((await openDb(dir)).local, { blockSize: 50 });
    const fresh = await after.nextMany(200);
    expect(Math.min(...fresh)).toBeGreaterThan(Math.max(...used));
  });

  it('never reuses an id after the process is killed (SIGKILL at random moments)', async () => {
    const dir = tempDir();
    const handedOut = new Set<number>();
    for (let round = 0; round < 3; round++) {
      const printed = await runAndKill(dir, 150 + Math.floor(Math.random() * 300));
      expect(printed.length, `round ${round} allocated nothing`).toBeGreaterThan(0);
      for (const id of printed) {
        expect(handedOut.has(id), `id ${id} handed out twice`).toBe(false);
        handedOut.add(id);
      }
    }
  });
});

/** Runs the allocating child, SIGKILLs it after `ms`, and returns every id it printed. */
function runAndKill(dataDir: string, ms: number): Promise<number[]> {
  const child = spawn(process.execPath, [CHILD, dataDir, '7'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  let timer: NodeJS.Timeout | undefined;
  child.stdout.once('data', () => (timer = setTimeout(() => child.kill('SIGKILL'), ms)));
  return new Promise((resolve) =>
    child.on('exit', () => {
      clearTimeout(timer);
      // A line cut by the kill was never fully acknowledged; only complete lines count.
      resolve(out.split('\n').slice(0, -1).map(Number));
    }),
  );
}

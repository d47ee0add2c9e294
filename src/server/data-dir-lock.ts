import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const LOCK_FILE = 'outpost.lock';

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`Outpost's data directory ${dataDir} is in use by process ${pid}; stop that Outpost first (one process owns the database).`);
  }
}

export interface DataDirLock {
  release(): void;
}

/**
 * One process owns the database (docs/architecture.md §4.5): RxDB keeps caches and the id allocator keeps reserved
 * blocks in memory, so a second writer — a second server, or `npm run token` next to a running one — would
 * hand out duplicate ids or read stale data. A pid file refuses it; a lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = liveOwner(file);
      if (owner !== undefined) throw new DataDirInUseError(dataDir, owner);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}

/** Refuses a data directory a live Outpost holds, taking and creating nothing: a start asks before it binds its port. */
export function refuseIfLocked(dataDir: string): void {
  const owner = liveOwner(join(dataDir, LOCK_FILE));
  if (owner !== undefined) throw new DataDirInUseError(dataDir, owner);
}

/** The pid in the lock file while that process lives; undefined without a lock or when its owner has died. */
function liveOwner(file: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const owner = Number(text.trim());
  return Number.isInteger(owner) && owner > 0 && isAlive(owner) ? owner : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

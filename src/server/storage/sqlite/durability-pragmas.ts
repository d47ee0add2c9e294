import type Database from 'better-sqlite3';

/** How long a writer waits for another connection's lock before SQLITE_BUSY (backups, CLI inspection). */
export const BUSY_TIMEOUT_MS = 5_000;

export interface DurabilityPragmas {
  journalMode: string;
  /** 2 = FULL. */
  synchronous: number;
  fullfsync: number;
  checkpointFullfsync: number;
}

/**
 * Applied on every open (docs/architecture.md §4.1): better-sqlite3's bundled SQLite defaults WAL connections to
 * synchronous=NORMAL when it reopens an existing WAL file, which may roll back acknowledged commits on power loss.
 * On macOS plain fsync does not flush the drive cache; F_FULLFSYNC does, and this SQLite honours it.
 */
export function applyDurabilityPragmas(db: Database.Database): void {
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  if (process.platform === 'darwin') {
    db.pragma('fullfsync = ON');
    db.pragma('checkpoint_fullfsync = ON');
  }
  const actual = readDurabilityPragmas(db);
  // A read-only or in-memory file cannot switch to WAL; refuse to run with weaker guarantees than promised.
  if (actual.journalMode !== 'wal' || actual.synchronous !== 2) {
    throw new Error(`SQLite durability pragmas not in effect on ${db.name}: ${JSON.stringify(actual)}`);
  }
}

export function readDurabilityPragmas(db: Database.Database): DurabilityPragmas {
  return {
    journalMode: String(db.pragma('journal_mode', { simple: true })),
    synchronous: Number(db.pragma('synchronous', { simple: true })),
    fullfsync: Number(db.pragma('fullfsync', { simple: true })),
    checkpointFullfsync: Number(db.pragma('checkpoint_fullfsync', { simple: true })),
  };
}

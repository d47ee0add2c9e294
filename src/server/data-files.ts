import { chmodSync, closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DataDirError } from './data-dir.ts';

/** The first 16 bytes of every SQLite 3 database file. */
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * Refuses an existing database file Outpost could only replace or crash on. An empty file is what a full disk, a
 * failed copy or a truncating editor leaves behind; SQLite would silently start a new, empty database in it, and a
 * school would see all its courses gone instead of an error. A file that is not SQLite, or that this user cannot
 * read and write, is refused for the same reason. A missing file is a new install.
 */
export function refuseUnusableDatabase(file: string): void {
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new DataDirError(`Outpost's database ${file} is not a file; move it away or restore the file from a backup.`);
    size = stat.size;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw unusable(file, err);
  }
  if (size === 0) {
    throw new DataDirError(`Outpost's database ${file} is empty (0 bytes); restore it from a backup, or move it away to start a new install.`);
  }
  const header = Buffer.alloc(SQLITE_HEADER.length);
  try {
    const fd = openSync(file, 'r+');
    try {
      readSync(fd, header, 0, header.length, 0);
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    throw unusable(file, err);
  }
  if (!header.equals(SQLITE_HEADER)) {
    throw new DataDirError(`Outpost's database ${file} is not an SQLite database; restore it from a backup, or move it away to start a new install.`);
  }
}

function unusable(file: string, err: unknown): Error {
  if (err instanceof DataDirError) return err;
  const code = (err as NodeJS.ErrnoException).code ?? String(err);
  return new DataDirError(`Outpost cannot read and write its database ${file} (${code}); give this user access to it or restore it from a backup.`);
}

/**
 * POSIX: no group or other access to the data directory (created 0700) or to any file directly in it (database,
 * its WAL and shared-memory files, secrets, the lock: 0600), so other users of the machine read nothing, uploads included (they live in the database). Loose
 * modes are tightened rather than refused: an install from before this rule keeps working. Returns what was
 * loosened before, for one log line. Windows has no such modes; its user profile directory is private already.
 */
export function tightenDataFiles(dataDir: string): string[] {
  if (process.platform === 'win32') return [];
  const tightened: string[] = [];
  const tighten = (path: string): void => {
    let mode: number;
    try {
      mode = statSync(path).mode & 0o777;
    } catch (err) {
      // A temporary file (a secret being replaced) may be renamed between the listing and here.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    if ((mode & 0o077) === 0) return;
    chmodSync(path, mode & 0o700);
    tightened.push(path);
  };
  tighten(dataDir);
  for (const entry of readdirSync(dataDir, { withFileTypes: true })) {
    if (entry.isFile()) tighten(join(dataDir, entry.name));
  }
  return tightened;
}

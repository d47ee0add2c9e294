import Database from 'better-sqlite3';
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { refuseUnusableDatabase } from '../data-files.ts';
import { databasePath } from '../storage/database.ts';
import { BUSY_TIMEOUT_MS } from '../storage/sqlite/durability-pragmas.ts';
import { CommandError } from './command-error.ts';

/** Pages per backup step after the first: all of them (better-sqlite3 caps the number it is given). */
const ALL_PAGES = 0x7fffffff;

/**
 * `npm run backup -- <file>`: copies the data directory's database to a new file with SQLite's online backup, safe
 * while Outpost runs and writes. It reads through its own connection, so the server's lock on the data directory is
 * neither needed nor taken; SQLite's own locking and the WAL give it a consistent snapshot. A backup step that sees
 * another connection's commit starts over, so after the first step every remaining page is copied in one step: a
 * busy hub then cannot keep a backup restarting forever. The copy is checked before it gets its name.
 */
export async function backupCommand(dataDir: string, destination: string | undefined): Promise<string> {
  if (!destination) throw new CommandError('usage: npm run backup -- <new file>   (copies the database of OUTPOST_DATA_DIR, also while Outpost runs)');
  const source = databasePath(dataDir);
  if (!existsSync(source)) throw new CommandError(`no Outpost database at ${source}; set OUTPOST_DATA_DIR to the data directory of the server to back up.`);
  refuseUnusableDatabase(source);
  const target = resolve(destination);
  if (existsSync(target)) throw new CommandError(`${target} already exists; a backup never replaces a file, give it a new name.`);

  const partial = `${target}.partial`;
  // Created first with no access for others: the copy holds everything the database does.
  writeFileSync(partial, '', { flag: 'wx', mode: 0o600 });
  try {
    const db = new Database(source, { fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
    let pages: number;
    try {
      pages = (await db.backup(partial, { progress: () => ALL_PAGES })).totalPages;
    } finally {
      db.close();
    }
    assertIntact(partial);
    renameSync(partial, target);
    return `Backed up ${source} to ${target} (${pages} pages, checked intact). Restore: stop Outpost, put the file in its data directory as outpost.sqlite (remove outpost.sqlite-wal and -shm there), start it.`;
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
}

function assertIntact(file: string): void {
  const copy = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const result = copy.pragma('quick_check', { simple: true });
    if (result !== 'ok') throw new Error(`the backup copy ${file} failed SQLite's quick_check: ${String(result)}`);
  } finally {
    copy.close();
  }
}

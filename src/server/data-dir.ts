import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { refuseIfLocked } from './data-dir-lock.ts';

/** A data directory Outpost cannot use; the message names the path and what to do, in one line. */
export class DataDirError extends Error {}

/**
 * Refuses, creating nothing, a data directory Outpost could not use: a file where the directory or one of its
 * parents should be (mkdir would fail with a bare EEXIST or ENOTDIR), or another live Outpost holding it.
 */
export function refuseUnusableDataDir(dataDir: string): void {
  const file = fileInTheWay(dataDir);
  if (file === resolve(dataDir)) {
    throw new DataDirError(`Outpost's data directory ${dataDir} is a file, not a directory; move that file away or set OUTPOST_DATA_DIR to a directory.`);
  }
  if (file !== undefined) {
    throw new DataDirError(`Outpost cannot create its data directory ${dataDir}: ${file} is a file; move that file away or set OUTPOST_DATA_DIR to another directory.`);
  }
  refuseIfLocked(dataDir);
}

/** Refuses an unusable data directory, then creates it (and its parents, 0700 like it: private to this user) when missing. */
export function ensureDataDir(dataDir: string): void {
  refuseUnusableDataDir(dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
}

/** The nearest existing path at or above `dataDir`, when it is not a directory. */
function fileInTheWay(dataDir: string): string | undefined {
  for (let path = resolve(dataDir); ; path = dirname(path)) {
    try {
      return statSync(path).isDirectory() ? undefined : path;
    } catch (err) {
      // Missing (ENOENT) or below a file (ENOTDIR): the answer is further up.
      if (!['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '') || dirname(path) === path) throw err;
    }
  }
}

import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crashRounds } from '../../test/helpers/storage-crash.ts';

export interface CrashSummary {
  rounds: number;
  seed: number;
  acknowledged: number;
  lost: number;
  /** Rounds whose reopened file failed `PRAGMA integrity_check` (including the final read-only check). */
  corrupt: number;
}

/** The durability test's SIGKILL scenario (same fixture, same checks), for many more rounds than CI runs. */
export async function crashCheck(rounds: number, seed: number): Promise<CrashSummary> {
  const directory = mkdtempSync(join(tmpdir(), 'outpost-bench-crash-'));
  const summary: CrashSummary = { rounds, seed, acknowledged: 0, lost: 0, corrupt: 0 };
  try {
    for await (const outcome of crashRounds(directory, seed, rounds)) {
      summary.acknowledged += outcome.acknowledged;
      // Lost inserts stay lost in later rounds: count each round's newly lost ones only once by taking the maximum.
      summary.lost = Math.max(summary.lost, outcome.lostInserts.length + outcome.lostUpdates.length);
      if (outcome.integrity !== 'ok') summary.corrupt++;
    }
    const file = new Database(join(directory, 'crash.sqlite'), { readonly: true });
    if (file.pragma('integrity_check', { simple: true }) !== 'ok') summary.corrupt++;
    file.close();
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  return summary;
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RxStorage } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { runPerformanceTests } from 'rxdb/plugins/test-utils';
import { getRxStorageSQLite } from '../../src/server/storage/sqlite/index.ts';

/** Average milliseconds per measured step, keyed as RxDB names them (e.g. `find-by-ids-3000`, `4x-count`). */
export type PerformanceFigures = Record<string, number>;

export interface PerformanceComparison {
  runs: number;
  sqlite: PerformanceFigures;
  memory: PerformanceFigures;
}

/**
 * RxDB's own storage benchmark (`runPerformanceTests`: 4 collections, 3,000 documents, find-by-ids, queries,
 * counts) for our storage and storage-memory in the same process, alternating storages between runs so that
 * machine noise (other tenants, thermal state) lands on both sides.
 */
export async function compareWithMemory(runs: number): Promise<PerformanceComparison> {
  const directory = mkdtempSync(join(tmpdir(), 'outpost-bench-rxdb-'));
  const storages: Record<'sqlite' | 'memory', RxStorage<unknown, unknown>> = {
    sqlite: getRxStorageSQLite({ directory }),
    memory: getRxStorageMemory(),
  };
  const samples: Record<'sqlite' | 'memory', PerformanceFigures[]> = { sqlite: [], memory: [] };
  try {
    for (let run = 0; run < runs; run++) {
      for (const name of ['sqlite', 'memory'] as const) {
        samples[name].push(await runPerformanceTests(storages[name], name, { runs: 1, log: false, waitBetweenTests: 20 }) as PerformanceFigures);
      }
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  return { runs, sqlite: medianPerKey(samples.sqlite), memory: medianPerKey(samples.memory) };
}

/** The median of each numeric figure over all runs (RxDB's own average drops only the slowest 5%). */
function medianPerKey(samples: PerformanceFigures[]): PerformanceFigures {
  const keys = Object.keys(samples[0] ?? {}).filter((key) => typeof samples[0]![key] === 'number' && !/Amount$/.test(key));
  return Object.fromEntries(keys.map((key) => [key, median(samples.map((sample) => sample[key]!))]));
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

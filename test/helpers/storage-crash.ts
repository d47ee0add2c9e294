import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { getRxStorageSQLite, type SQLiteInternals } from '../../src/server/storage/sqlite/index.ts';
import { openItems } from './storage-fixtures.ts';
import { seededRandom } from './storage-random.ts';

const WRITER = new URL('../storage/fixtures/crash-writer.ts', import.meta.url).pathname;

/** What one SIGKILL round left behind, as seen by a fresh process-side open of the file. */
export interface CrashRoundOutcome {
  round: number;
  /** Writes the child acknowledged in this round (inserts plus score raises). */
  acknowledged: number;
  /** Acknowledged inserts, across all rounds so far, that are not in the file. */
  lostInserts: string[];
  /** Acknowledged score raises that the file does not reflect: `id score`. */
  lostUpdates: string[];
  integrity: string;
}

/**
 * Runs the crash-writer fixture `rounds` times on one file, killing it with SIGKILL at a random moment each time,
 * then reopens the file and checks every write the child acknowledged before it died. Used by the durability test
 * (a few rounds) and by the storage benchmark (20+ rounds).
 */
export async function* crashRounds(directory: string, seed: number, rounds: number): AsyncGenerator<CrashRoundOutcome> {
  const random = seededRandom(seed);
  const inserted = new Set<string>();
  const raised = new Map<string, number>();
  for (let round = 0; round < rounds; round++) {
    const acks = await runWriterAndKill(directory, random.int(0x7fffffff), `r${round}`, 100 + random.int(400));
    for (const ack of acks) {
      const [kind, id, score] = ack.split(' ') as [string, string, string | undefined];
      if (kind === 'insert') inserted.add(id);
      else raised.set(id, Number(score));
    }

    const items = await openItems(getRxStorageSQLite({ directory }), 'crash');
    try {
      const found = new Map((await items.findDocumentsById([...inserted], false)).map((doc) => [doc.id, doc.score]));
      const { database } = items.internals as SQLiteInternals;
      yield {
        round,
        acknowledged: acks.length,
        lostInserts: [...inserted].filter((id) => !found.has(id)),
        lostUpdates: [...raised].filter(([id, score]) => (found.get(id) ?? -1) < score).map(([id, score]) => `${id} ${score}`),
        integrity: String(database.pragma('integrity_check', { simple: true })),
      };
    } finally {
      await items.close();
    }
  }
}

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
    child.on('close', (code, signal) => {
      if (killed && signal === 'SIGKILL') resolve(acks);
      else reject(new Error(`writer exited on its own (${signal ?? code}): ${stderr}`));
    });
  });
}

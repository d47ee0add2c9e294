import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A server started as the app starts it after a restart: a new Node process, nothing compiled or kept in memory yet. */
export interface ServerProcess {
  /** CPU time the process has used so far, all its threads (from /proc; undefined where there is none). */
  cpuMs(): number | undefined;
  stop(): Promise<void>;
}

const CLI = join(import.meta.dirname, '../../src/server/cli.ts');

/**
 * Starts `src/server/cli.ts serve` (what `npm run serve` runs) on the data directory and port, and waits until it
 * listens. OUTPOST_BENCH_SERVER_NODE_FLAGS adds Node flags to it (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see
 * where a first load goes).
 */
export async function startServerProcess(dataDir: string, port: number): Promise<ServerProcess> {
  const flags = process.env.OUTPOST_BENCH_SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...flags, CLI, 'serve'], {
    env: { ...process.env, OUTPOST_DATA_DIR: dataDir, OUTPOST_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server process exited (${code}) before listening`)));
    child.stdout.on('data', (chunk: Buffer) => {
      if (String(chunk).includes('listening')) resolve();
    });
  });
  const stat = `/proc/${child.pid}/stat`;
  return {
    cpuMs() {
      if (!existsSync(stat)) return undefined;
      // utime and stime, in clock ticks (100 a second on Linux), are fields 14 and 15; the name before them may hold spaces.
      const line = readFileSync(stat, 'utf8');
      const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

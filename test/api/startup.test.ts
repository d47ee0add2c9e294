import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PortInUseError, startServer } from '../../src/server/boot.ts';
import { DataDirError } from '../../src/server/data-dir.ts';
import { DataDirInUseError } from '../../src/server/data-dir-lock.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const CLI = new URL('../../src/server/cli.ts', import.meta.url).pathname;
const dirs = tempDirs();
afterAll(() => dirs.removeAll());

describe('a start that cannot run is refused before it writes anything', () => {
  it('a taken port: one line, and no data directory or database created', async () => {
    const blocker = await occupiedPort();
    const port = (blocker.address() as { port: number }).port;
    const dataDir = join(dirs.make(), 'data');
    try {
      await expect(startServer({ dataDir, port })).rejects.toBeInstanceOf(PortInUseError);
      const run = await runCli({ OUTPOST_DATA_DIR: dataDir, OUTPOST_PORT: String(port) });
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toEqual([
        `Outpost cannot start: port ${port} on 127.0.0.1 is already in use (set OUTPOST_PORT to a free port).`,
      ]);
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      blocker.close();
    }
  });

  it('a data directory that is a file: one line naming the path and what to do, from the server and the token command', async () => {
    const file = join(dirs.make(), 'not-a-dir');
    writeFileSync(file, 'something else');
    const expected = `Outpost's data directory ${file} is a file, not a directory; move that file away or set OUTPOST_DATA_DIR to a directory.`;
    for (const args of [[], ['token', 'admin']]) {
      const run = await runCli({ OUTPOST_DATA_DIR: file, OUTPOST_PORT: '0' }, args);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.stderr.trim().split('\n'), args.join(' ')).toEqual([expected]);
    }
  });

  it('a data directory below a file names the file in the way', async () => {
    const file = join(dirs.make(), 'blocker');
    writeFileSync(file, '');
    const dataDir = join(file, 'nested', 'data');
    const refused = startServer({ dataDir, port: 0 });
    await expect(refused).rejects.toBeInstanceOf(DataDirError);
    await expect(refused).rejects.toThrow(`Outpost cannot create its data directory ${dataDir}: ${file} is a file; move that file away or set OUTPOST_DATA_DIR to another directory.`);
  });

  it('a data directory another Outpost holds is named as the reason even when the port is taken too', async () => {
    const dataDir = dirs.make();
    // A live process (this one) owns the lock, as a running Outpost would.
    writeFileSync(join(dataDir, 'outpost.lock'), String(process.pid));
    const blocker = await occupiedPort();
    try {
      await expect(startServer({ dataDir, port: (blocker.address() as { port: number }).port })).rejects.toBeInstanceOf(DataDirInUseError);
      expect(existsSync(join(dataDir, 'outpost.sqlite'))).toBe(false);
    } finally {
      blocker.close();
    }
  });
});

describe('the plain-Node entry', () => {
  it('prints one line with the URL it listens on', async () => {
    const run = await runCli({ OUTPOST_DATA_DIR: dirs.make(), OUTPOST_PORT: '0' }, [], /Outpost listening on (http:\/\/127\.0\.0\.1:\d+)\n/);
    const url = run.match?.[1];
    expect(url).toBeDefined();
    expect(run.stdout).toBe(`Outpost listening on ${url}\n`);
  });
});

async function occupiedPort(): Promise<Server> {
  const blocker = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => blocker.once('listening', resolve));
  return blocker;
}

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  match?: RegExpMatchArray | null;
}

/** Runs the plain-Node entry; when `until` matches stdout, checks health over HTTP and then stops it. */
function runCli(env: Record<string, string>, args: string[] = [], until?: RegExp): Promise<CliRun> {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  let match: RegExpMatchArray | null = null;
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout.on('data', async (d: Buffer) => {
    stdout += d.toString();
    match = until ? stdout.match(until) : null;
    if (match?.[1]) {
      const res = await fetch(`${match[1]}/api/v1/health`);
      if (res.ok) child.kill('SIGTERM');
    }
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr, match })));
}

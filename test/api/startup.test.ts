import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PortInUseError, startServer } from '../../src/server/boot.ts';
import { DataDirError } from '../../src/server/data-dir.ts';
import { DataDirInUseError } from '../../src/server/data-dir-lock.ts';
import { GENERATE_TOKEN_COMMAND } from '../../src/server/config.ts';
import { startTestServer } from '../helpers/server.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const CLI = new URL('../../src/server/cli.ts', import.meta.url).pathname;
/** `nobody` on Debian: who runs the CLI when a test must not be root. */
const UNPRIVILEGED = { uid: 65534, gid: 65534 };
/** Whether a file's mode can keep this test's Outpost out: always unless root, as root if `nobody` can run the CLI. */
const canTakeAway = process.getuid?.() !== 0 || spawnSync(process.execPath, ['-e', `require('node:fs').accessSync(${JSON.stringify(CLI)})`], UNPRIVILEGED).status === 0;
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

describe('tokens and database files a start refuses, naming them', () => {
  it('an admin token shorter than 32 random bytes: one line saying how to make one, nothing created', async () => {
    const dataDir = join(dirs.make(), 'data');
    const expected = `OUTPOST_ADMIN_TOKEN must be at least 32 random bytes (43 base64url or 64 hex characters); generate one with: ${GENERATE_TOKEN_COMMAND}`;
    // 42 base64url characters, and 63 hex ones (which carry 4 bits each), are each one short.
    for (const weak of ['lms_' + 'A'.repeat(42), 'f'.repeat(63)]) {
      const run = await runCli({ OUTPOST_DATA_DIR: dataDir, OUTPOST_PORT: '0', OUTPOST_ADMIN_TOKEN: weak });
      expect(run.code, weak).toBe(1);
      expect(run.stderr.trim().split('\n'), weak).toEqual([expected]);
    }
    expect(existsSync(dataDir)).toBe(false);
    // The command the message gives makes a token the server accepts.
    const made = await runCommand(GENERATE_TOKEN_COMMAND);
    const run = await runCli({ OUTPOST_DATA_DIR: dataDir, OUTPOST_PORT: '0', OUTPOST_ADMIN_TOKEN: made }, [], /Outpost listening on (http:\/\/\S+)\n/);
    expect(run.match?.[1]).toBeDefined();
  });

  it('an empty database file is an error naming it, never a new install in its place', async () => {
    const dataDir = dirs.make();
    const file = join(dataDir, 'outpost.sqlite');
    writeFileSync(file, '');
    const run = await runCli({ OUTPOST_DATA_DIR: dataDir, OUTPOST_PORT: '0' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      `Outpost's database ${file} is empty (0 bytes); restore it from a backup, or move it away to start a new install.`,
    ]);
    expect(statSync(file).size).toBe(0);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('outpost.sqlite'))).toEqual(['outpost.sqlite']);
  });

  it('a database file that is not SQLite, or not readable, is an error naming it', async () => {
    const dataDir = dirs.make();
    const file = join(dataDir, 'outpost.sqlite');
    writeFileSync(file, 'these are not the pages of a database');
    await expect(startServer({ dataDir, port: 0 })).rejects.toThrow(`Outpost's database ${file} is not an SQLite database; restore it from a backup, or move it away to start a new install.`);
    const other = dirs.make();
    mkdirSync(join(other, 'outpost.sqlite'));
    await expect(startServer({ dataDir: other, port: 0 })).rejects.toThrow(`Outpost's database ${join(other, 'outpost.sqlite')} is not a file`);
  });

  // Root reads any file whatever its mode, so as root the data goes to an unprivileged user who then runs Outpost;
  // that needs a checkout that user may read (not one under a private home directory).
  it.skipIf(!canTakeAway)('a database file this user may not read is an error naming it', async () => {
    const first = await startTestServer();
    await first.close();
    const file = join(first.dataDir, 'outpost.sqlite');
    const asUser = process.getuid?.() === 0 ? UNPRIVILEGED : undefined;
    if (asUser) for (const path of [first.dataDir, ...readdirSync(first.dataDir).map((name) => join(first.dataDir, name))]) chownSync(path, asUser.uid, asUser.gid);
    chmodSync(file, 0o000);
    try {
      const run = await runCli({ OUTPOST_DATA_DIR: first.dataDir, OUTPOST_PORT: '0' }, [], undefined, asUser);
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toEqual([`Outpost cannot read and write its database ${file} (EACCES); give this user access to it or restore it from a backup.`]);
    } finally {
      chmodSync(file, 0o600);
      await first.stop();
    }
  });
});

describe.skipIf(process.platform === 'win32')('file modes: the data is private to the user running Outpost', () => {
  const modeOf = (path: string) => statSync(path).mode & 0o777;

  it('a new data directory is 0700 and the database, WAL and shared-memory files 0600', async () => {
    const dataDir = join(dirs.make(), 'new', 'data');
    const server = await startServer({ dataDir, port: 0, webhooks: false });
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      const files = readdirSync(dataDir);
      expect(files).toEqual(expect.arrayContaining(['outpost.sqlite', 'outpost.sqlite-wal', 'outpost.sqlite-shm']));
      for (const name of files) expect(modeOf(join(dataDir, name)), name).toBe(0o600);
    } finally {
      await server.close();
    }
  });

  it('an existing install with loose modes is tightened at start, and the log line says which paths', async () => {
    const dataDir = dirs.make();
    const server = await startServer({ dataDir, port: 0, webhooks: false });
    await server.close();
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'outpost.sqlite'), 0o644);
    writeFileSync(join(dataDir, 'hub-token.secret'), 'from an older version', { mode: 0o664 });
    chmodSync(join(dataDir, 'hub-token.secret'), 0o664);
    const run = await runCli({ OUTPOST_DATA_DIR: dataDir, OUTPOST_PORT: '0' }, [], /Outpost listening on (http:\/\/\S+)\n/);
    expect(run.code).toBe(0);
    expect(run.stderr.trim().split('\n')).toEqual([
      `Outpost made its data private to this user (directory 0700, files 0600): ${[dataDir, join(dataDir, 'hub-token.secret'), join(dataDir, 'outpost.sqlite')].join(', ')}`,
    ]);
    expect(modeOf(dataDir)).toBe(0o700);
    for (const name of readdirSync(dataDir)) expect(modeOf(join(dataDir, name)), name).toBe(0o600);
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

/** Runs a shell command line (as a person would paste it) and returns its output, trimmed. */
function runCommand(commandLine: string): Promise<string> {
  const child = spawn(commandLine, { shell: true, env: { ...process.env } });
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  return new Promise((resolve) => child.on('exit', () => resolve(stdout.trim())));
}

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
function runCli(env: Record<string, string>, args: string[] = [], until?: RegExp, user?: { uid: number; gid: number }): Promise<CliRun> {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, ...user });
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

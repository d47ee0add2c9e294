import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/boot.ts';
import { generateStrongToken } from '../../src/server/config.ts';

const CLI = new URL('../../src/server/cli.ts', import.meta.url).pathname;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI (`npm run token` runs exactly this) with only the env it needs. */
function runCli(args: string[], env: Record<string, string>, until?: RegExp): Promise<Run & { kill(): Promise<void> }> {
  const child = spawn(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = { stdout: '', stderr: '' };
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const kill = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out.stdout += chunk.toString();
      if (until?.test(out.stdout)) resolve({ code: null, ...out, kill });
    });
    child.stderr.on('data', (chunk: Buffer) => (out.stderr += chunk.toString()));
    void exited.then((code) => resolve({ code, ...out, kill }));
  });
}

async function whoAmI(url: string, token: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${url}/api/v1/users/self`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** Every byte the data directory holds (database, WAL, lock), in one buffer. */
function dataDirBytes(dir: string): Buffer {
  return Buffer.concat(readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => readFileSync(join(e.parentPath, e.name))));
}

function utf16be(text: string): Buffer {
  return Buffer.from(text, 'utf16le').swap16();
}

describe('first start, `npm run token` and OUTPOST_ADMIN_TOKEN', () => {
  const dirs: string[] = [];
  const servers: RunningServer[] = [];
  const newDataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'outpost-cli-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const server of servers) await server.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('prints a token on a stopped data dir that works against a server started afterwards', async () => {
    const dataDir = newDataDir();
    const run = await runCli(['token', 'admin'], { OUTPOST_DATA_DIR: dataDir });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const token = run.stdout.trim();
    expect(token).toMatch(/^lms_[A-Za-z0-9_-]{43}$/);

    const server = await startServer({ dataDir, port: 0 });
    servers.push(server);
    const me = await whoAmI(server.url, token);
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ id: server.core.services.installation.admin_user_id, name: 'Outpost Admin', login_id: 'admin' });
    // First start made the admin an account admin of the root account.
    const created = await fetch(`${server.url}/api/v1/accounts/self/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pseudonym: { unique_id: 'second.user' } }),
    });
    expect(created.status).toBe(200);

    const refused = await runCli(['token', 'admin'], { OUTPOST_DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/data directory .* is in use by process \d+; stop that Outpost first/);

    await server.close();
    const afterStop = await runCli(['token', 'second.user'], { OUTPOST_DATA_DIR: dataDir });
    expect(afterStop.stderr).toBe('');
    expect(afterStop.code).toBe(0);
  });

  it('refuses unknown logins and a missing login with a clear message', async () => {
    const dataDir = newDataDir();
    const unknown = await runCli(['token', 'nobody'], { OUTPOST_DATA_DIR: dataDir });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe(`no user with login "nobody" in ${dataDir}`);
    const missing = await runCli(['token'], { OUTPOST_DATA_DIR: dataDir });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('usage: npm run token -- <login>');
  });

  it('accepts OUTPOST_ADMIN_TOKEN as the admin', async () => {
    const dataDir = newDataDir();
    const preset = generateStrongToken();
    const serve = await runCli(['serve'], { OUTPOST_DATA_DIR: dataDir, OUTPOST_PORT: '0', OUTPOST_ADMIN_TOKEN: preset }, /listening on (\S+)/);
    try {
      const url = /listening on (\S+)/.exec(serve.stdout)![1]!;
      const me = await whoAmI(url, preset);
      expect(me.status).toBe(200);
      expect(me.json).toMatchObject({ login_id: 'admin' });
      expect((await whoAmI(url, `${preset}x`)).status).toBe(401);
    } finally {
      await serve.kill();
    }
  });

  it('stores no plaintext token anywhere in the data directory', async () => {
    const dataDir = newDataDir();
    const run = await runCli(['token', 'admin'], { OUTPOST_DATA_DIR: dataDir });
    expect(run.stderr).toBe('');
    const cliToken = run.stdout.trim();
    const server = await startServer({ dataDir, port: 0 });
    const res = await fetch(`${server.url}/api/v1/users/self/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${cliToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ token: { purpose: 'scan me' } }),
    });
    expect(res.status).toBe(200);
    const apiToken = ((await res.json()) as { visible_token: string }).visible_token;
    expect((await whoAmI(server.url, apiToken)).status).toBe(200);
    await server.close();

    const bytes = dataDirBytes(dataDir);
    // The scan does see token records: their SHA-256 hashes are there.
    const hash = createHash('sha256').update(apiToken).digest('hex');
    expect([Buffer.from(hash), utf16be(hash)].some((encoded) => bytes.includes(encoded))).toBe(true);
    for (const token of [cliToken, apiToken]) {
      const secret = token.slice('lms_'.length);
      for (const encoded of [Buffer.from(secret, 'utf8'), utf16be(secret), Buffer.from(secret, 'utf16le')]) {
        expect(bytes.includes(encoded)).toBe(false);
      }
    }
  });
});

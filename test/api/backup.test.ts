import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/server/boot.ts';
import { generateStrongToken } from '../../src/server/config.ts';
import { api } from '../helpers/api-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { storedRowsOf } from '../helpers/sqlite-rows.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const CLI = new URL('../../src/server/cli.ts', import.meta.url).pathname;
const ADMIN = generateStrongToken();
const BEFORE = Array.from({ length: 20 }, (_, i) => `Before the backup ${i}`);
const dirs = tempDirs();
afterAll(() => dirs.removeAll());

/** `npm run backup -- <args>` as its own process; a refusal resolves too, with its exit code. */
async function backup(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, 'backup', ...args], { env: { ...process.env, OUTPOST_DATA_DIR: dataDir } });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run backup: an online copy of a running server\'s database', () => {
  let server: TestServer;
  const createCourse = (name: string) => api(server, ADMIN, 'POST', '/api/v1/accounts/self/courses', { course: { name } });
  const courseNames = (file: string) => storedRowsOf(file).filter((row) => row.doc.type === 'course').map((row) => row.doc.data.name as string);

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN, webhooks: false });
    for (const name of BEFORE) expect((await createCourse(name)).status).toBe(200);
  });
  afterAll(() => server.stop());

  it('taken while the server keeps writing, it is an intact database with every row written before it began, readable only by its owner', async () => {
    const destination = join(dirs.make(), 'hub-backup.sqlite');
    let writing = true;
    const writer = (async () => {
      let written = 0;
      while (writing) expect((await createCourse(`During the backup ${written++}`)).status).toBe(200);
      return written;
    })();
    const run = await backup(server.dataDir, destination).finally(() => (writing = false));
    const writtenDuring = await writer;

    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(new RegExp(`^Backed up ${join(server.dataDir, 'outpost.sqlite')} to ${destination} \\(\\d+ pages, checked intact\\)`));
    expect(writtenDuring).toBeGreaterThan(0);
    const copy = new Database(destination, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      copy.close();
    }
    const names = courseNames(destination);
    expect(names).toEqual(expect.arrayContaining(BEFORE));
    // A snapshot: what it holds of the writes made during it is some prefix of them, never a torn mix.
    const during = names.filter((name) => name.startsWith('During')).map((name) => Number(name.split(' ').at(-1)));
    expect(during.sort((a, b) => a - b)).toEqual(during.map((_, i) => i));
    if (process.platform !== 'win32') expect(statSync(destination).mode & 0o777).toBe(0o600);
    expect(existsSync(`${destination}.partial`)).toBe(false);
  });

  it('restores as README says: the copy put in a stopped server\'s data directory as outpost.sqlite', async () => {
    const destination = join(dirs.make(), 'restore-me.sqlite');
    expect((await backup(server.dataDir, destination)).code).toBe(0);
    const restoredDir = dirs.make();
    copyFileSync(destination, join(restoredDir, 'outpost.sqlite'));
    const restored = await startServer({ dataDir: restoredDir, port: 0, adminToken: ADMIN, webhooks: false });
    try {
      const res = await fetch(`${restored.url}/api/v1/accounts/self/courses?per_page=100`, { headers: { authorization: `Bearer ${ADMIN}` } });
      const names = ((await res.json()) as { name: string }[]).map((course) => course.name);
      expect(names).toEqual(expect.arrayContaining(BEFORE));
    } finally {
      await restored.close();
    }
  });

  it('refuses, in one line and writing nothing: no destination, an existing file, a data directory without a database', async () => {
    expect(await backup(server.dataDir)).toMatchObject({ code: 1, stderr: expect.stringMatching(/^usage: npm run backup -- <new file>/) });
    const existing = join(dirs.make(), 'taken.sqlite');
    writeFileSync(existing, 'keep me');
    expect(await backup(server.dataDir, existing)).toMatchObject({ code: 1, stderr: `${existing} already exists; a backup never replaces a file, give it a new name.\n` });
    const empty = dirs.make();
    const elsewhere = join(dirs.make(), 'x.sqlite');
    expect(await backup(empty, elsewhere)).toMatchObject({
      code: 1,
      stderr: `no Outpost database at ${join(empty, 'outpost.sqlite')}; set OUTPOST_DATA_DIR to the data directory of the server to back up.\n`,
    });
    expect(existsSync(elsewhere)).toBe(false);
  });
});

import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openServices } from '../../src/server/core.ts';
import { DataDirInUseError } from '../../src/server/data-dir-lock.ts';
import { ADMIN_LOGIN } from '../../src/server/domain/installation.ts';
import { BUILT_IN_ROLE_IDS } from '../../src/server/domain/permissions/index.ts';
import { lookupKey } from '../../src/server/domain/repositories.ts';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-install-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const stamp = () => ({ actorId: 0, requestId: 'test', now: Date.now() });

describe('first start', () => {
  it('creates one root account with an admin holding AccountAdmin there, and only once', async () => {
    const dir = dataDir();
    const first = await openServices(dir);
    const { installation, repos } = first.services;
    const admin = await repos.users.byLookup(lookupKey.login(ADMIN_LOGIN));
    expect(admin?.id).toBe(installation.admin_user_id);
    const [membership] = await repos.accountUsers.find({ user_id: installation.admin_user_id });
    expect(membership?.data).toMatchObject({ account_id: installation.root_account_id, role_id: BUILT_IN_ROLE_IDS.AccountAdmin });
    await first.close();

    const second = await openServices(dir);
    expect(second.services.installation).toEqual(installation);
    expect(await second.services.repos.accounts.count()).toBe(1);
    expect(await second.services.repos.users.count()).toBe(1);
    await second.close();
  });

  it('lets the admin act on the root account through the permission policy', async () => {
    const opened = await openServices(dataDir());
    const { access, installation } = opened.services;
    const admin = { userId: installation.admin_user_id, tokenId: 0, scopes: null };
    const root = { type: 'account', accountId: installation.root_account_id } as const;
    expect(await access.can(admin, 'manage_courses', root)).toBe(true);
    expect(await access.can({ ...admin, userId: admin.userId + 1 }, 'manage_courses', root)).toBe(false);
    await opened.close();
  });
});

describe('data directory lock', () => {
  it('refuses a second owner while the first is open, and frees the directory on close', async () => {
    const dir = dataDir();
    const first = await openServices(dir);
    await expect(openServices(dir)).rejects.toBeInstanceOf(DataDirInUseError);
    await first.close();
    const again = await openServices(dir);
    await again.close();
  });
});

describe('access tokens', () => {
  it('stores only a hash, verifies in constant time and stops accepting revoked and expired tokens', async () => {
    const dir = dataDir();
    const opened = await openServices(dir);
    const { tokens, repos, installation } = opened.services;
    const userId = installation.admin_user_id;
    const { record, visibleToken } = await tokens.issue({ userId, purpose: 'test' }, stamp());
    expect(visibleToken).toMatch(/^lms_[A-Za-z0-9_-]{43}$/);
    expect(await tokens.verify(visibleToken, Date.now())).toEqual({ userId, tokenId: record.id, scopes: null });
    // Change the last character to a different one (replacing it with a fixed letter is a no-op 1 time in 64).
    const altered = visibleToken.slice(0, -1) + (visibleToken.endsWith('A') ? 'B' : 'A');
    expect(await tokens.verify(altered, Date.now())).toBeUndefined();
    expect(await tokens.verify('', Date.now())).toBeUndefined();

    const expiring = await tokens.issue({ userId, purpose: 'short', expiresAt: Date.now() + 60_000 }, stamp());
    expect(await tokens.verify(expiring.visibleToken, Date.now())).toBeDefined();
    expect(await tokens.verify(expiring.visibleToken, Date.now() + 60_000)).toBeUndefined();

    await repos.tokens.update(record.id, stamp(), (data) => ({ ...data, workflow_state: 'deleted' }));
    expect(await tokens.verify(visibleToken, Date.now())).toBeUndefined();
    await opened.close();

    const secret = visibleToken.slice('lms_'.length);
    for (const file of readdirSync(dir)) {
      if (file.startsWith('outpost.sqlite')) expect(readFileSync(join(dir, file)).includes(secret), file).toBe(false);
    }
  });

  it('accepts fixed in-memory tokens (admin token, desktop session) as their user', async () => {
    const opened = await openServices(dataDir(), (adminUserId) => [{ token: 'preset-admin-token', userId: adminUserId }]);
    const { tokens, installation } = opened.services;
    expect(await tokens.verify('preset-admin-token', Date.now())).toEqual({
      userId: installation.admin_user_id,
      tokenId: 0,
      scopes: null,
    });
    expect(await tokens.verify('preset-admin-tokem', Date.now())).toBeUndefined();
    await opened.close();
  });
});

describe('two data directories in one process', () => {
  it('open side by side (a hub and a device, or two test servers)', async () => {
    const first = await openServices(dataDir());
    const second = await openServices(dataDir());
    expect(second.services.installation.root_account_id).not.toBe(first.services.installation.root_account_id);
    await Promise.all([first.close(), second.close()]);
  });
});

import { expect } from 'vitest';
import { AccountsService } from '../../src/server/areas/accounts/accounts.service.ts';
import { BUILT_IN_ROLE_IDS, type ResolvedPermission } from '../../src/server/domain/permissions/index.ts';
import { api, fixtureStamp } from './api-fixtures.ts';
import type { TestServer } from './server.ts';

/** A permission as Role JSON reports it (docs/canvas-compatibility.md §5.2); optional keys are absent, never null. */
export type PermissionJson = ResolvedPermission;

export interface RoleJson {
  id: number;
  role: string;
  label: string;
  base_role_type: string;
  workflow_state: string;
  account?: { id: number; name: string };
  base_role_type_label?: string;
  permissions: Record<string, PermissionJson>;
}

/** What `permissions[<X>]` may carry; values as a client sends them (JSON booleans or Canvas words). */
export type PermissionSetting = Partial<Record<'explicit' | 'enabled' | 'locked' | 'applies_to_self' | 'applies_to_descendants', boolean | string>>;

export const rolesPath = (accountId: number | string, ...rest: Array<number | string>): string =>
  ['/api/v1/accounts', accountId, 'roles', ...rest].join('/');

/** A sub-account through the accounts service (the accounts area owns its API). */
export async function createFixtureSubAccount(server: TestServer, parentId: number, name: string): Promise<number> {
  const accounts = new AccountsService(server.core.services);
  return (await accounts.createSubAccount(await accounts.get(parentId), { name }, fixtureStamp())).id;
}

/** An admin membership (Canvas's AccountUser), AccountAdmin unless another account role is given. */
export async function addFixtureAdmin(server: TestServer, userId: number, accountId: number, roleId: number = BUILT_IN_ROLE_IDS.AccountAdmin): Promise<void> {
  await server.core.services.repos.accountUsers.create({ account_id: accountId, user_id: userId, role_id: roleId, workflow_state: 'active' }, fixtureStamp());
}

/** A form-encoded request, as curl `-F`/`-d` sends it (Canvas's documented way to call the Roles API). */
export async function apiForm(server: TestServer, token: string, method: string, path: string, form: Record<string, string>) {
  const res = await fetch(server.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as unknown };
}

/** Creates a role through the API, failing the test unless it succeeds. */
export async function createRole(
  server: TestServer,
  token: string,
  accountId: number,
  body: { label: string; base_role_type?: string; permissions?: Record<string, PermissionSetting> },
): Promise<RoleJson> {
  const res = await api(server, token, 'POST', rolesPath(accountId), body);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as RoleJson;
}

/** Sets permissions of a role at an account through the API (`roleRef`: id or built-in name). */
export async function setRolePermissions(
  server: TestServer,
  token: string,
  accountId: number,
  roleRef: number | string,
  permissions: Record<string, PermissionSetting>,
): Promise<RoleJson> {
  const res = await api(server, token, 'PUT', rolesPath(accountId, roleRef), { permissions });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as RoleJson;
}

import { expect } from 'vitest';
import { api } from './api-fixtures.ts';
import type { TestServer } from './server.ts';

/** A developer key as its admins see it (the fields the OAuth2 tests use). */
export interface FixtureDeveloperKey {
  id: number;
  api_key: string;
  redirect_uris: string[];
  scopes: string[];
  require_scopes: boolean;
  workflow_state: string;
  developer_key_account_binding: { workflow_state: string };
}

/** Creates a key on the root account through the API (as `adminToken`) and switches it on unless told not to. */
export async function createDeveloperKey(
  server: TestServer,
  adminToken: string,
  fields: Record<string, unknown>,
  options: { on?: boolean } = {},
): Promise<FixtureDeveloperKey> {
  const created = await api(server, adminToken, 'POST', '/api/v1/accounts/self/developer_keys', { developer_key: fields });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const key = created.json as FixtureDeveloperKey;
  if (options.on !== false) await setBinding(server, adminToken, key.id, 'on');
  return key;
}

export async function setBinding(server: TestServer, adminToken: string, keyId: number, state: 'on' | 'off') {
  const res = await api(server, adminToken, 'POST', `/api/v1/accounts/self/developer_keys/${keyId}/developer_key_account_bindings`, {
    developer_key_account_binding: { workflow_state: state },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

/** A form-encoded POST, as OAuth2 clients send token requests; the answer's JSON and headers. */
export async function postForm(server: TestServer, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown> };
}

/** A person who can sign in: a user with a password login, created as Canvas's admin API does it. */
export async function createPasswordUser(server: TestServer, adminToken: string, uniqueId: string, password: string): Promise<{ id: number }> {
  const res = await api(server, adminToken, 'POST', '/api/v1/accounts/self/users', {
    user: { name: `Person ${uniqueId}` },
    pseudonym: { unique_id: uniqueId, password },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as { id: number };
}

/** `/login/oauth2/auth?…` for a key, as a tool builds it. */
export function authorizeUrl(key: Pick<FixtureDeveloperKey, 'id' | 'redirect_uris'>, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ client_id: String(key.id), response_type: 'code', redirect_uri: key.redirect_uris[0]!, state: 'tool-state-42', ...extra });
  return `/login/oauth2/auth?${query.toString()}`;
}

import { createUser } from '../../src/server/domain/user-directory.ts';
import type { WriteStamp } from '../../src/server/storage/typed-records.ts';
import type { TestServer } from './server.ts';

/** Test data is set up through the real domain services of the running server; the routes under test use HTTP. */
export function fixtureStamp(): WriteStamp {
  return { actorId: 0, requestId: 'test-fixture', now: Date.now() };
}

export interface FixtureUser {
  id: number;
  token: string;
  login: string;
}

let counter = 0;

/** A user with a login, an email channel and a fresh unscoped token. */
export async function createFixtureUser(server: TestServer, name = `User ${++counter}`): Promise<FixtureUser> {
  const { repos, tokens, installation } = server.core.services;
  const login = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}.${++counter}`;
  const user = await createUser(
    repos,
    { name, login_id: login, email: `${login}@example.test`, root_account_id: installation.root_account_id },
    fixtureStamp(),
  );
  const { visibleToken } = await tokens.issue({ userId: user.id, purpose: 'test' }, fixtureStamp());
  return { id: user.id, token: visibleToken, login };
}

/** Fetch with a Bearer token against the test server; JSON bodies are encoded for you. */
export async function api(
  server: TestServer,
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; headers: Headers; json: unknown }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(server.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

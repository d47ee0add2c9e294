import { expect } from 'vitest';
import { CSRF_HEADER, type SessionResponse } from '../../src/contracts/session-dtos.ts';
import type { TestServer } from './server.ts';

/** A signed-in browser, as far as the server can tell: the cookie it holds and the CSRF token the page read. */
export interface BrowserSession {
  /** `name=value`, as a browser sends it in `Cookie`. */
  cookie: string;
  csrf: string;
  userId: number;
}

export interface Answer {
  status: number;
  headers: Headers;
  json: unknown;
}

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

/** POST /api/v1/login/session with a JSON body; returns the raw answer. */
export async function postSignIn(server: { url: string }, uniqueId: string, password: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${server.url}/api/v1/login/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ unique_id: uniqueId, password }),
  });
  return answer(res);
}

/** The `name=value` part of a Set-Cookie header. */
export function cookieOf(res: Answer): string {
  const setCookie = res.headers.get('set-cookie');
  expect(setCookie, 'a Set-Cookie header').toBeTruthy();
  return setCookie!.split(';')[0]!;
}

/** Signs in and fails the test unless it worked. */
export async function signIn(server: TestServer, uniqueId: string, password: string): Promise<BrowserSession> {
  const res = await postSignIn(server, uniqueId, password);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const body = res.json as SessionResponse;
  return { cookie: cookieOf(res), csrf: body.csrf_token, userId: body.user.id };
}

/** A request as the page makes it: the cookie, the CSRF header (unless `csrf: false`), JSON bodies. */
export async function asBrowser(
  server: { url: string },
  session: Pick<BrowserSession, 'cookie' | 'csrf'>,
  method: string,
  path: string,
  options: { body?: unknown; csrf?: boolean; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { cookie: session.cookie, ...options.headers };
  if (options.csrf !== false) headers[CSRF_HEADER] = session.csrf;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(server.url + path, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  return answer(res);
}

import { api } from './api-fixtures.ts';
import type { TestServer } from './server.ts';

/** Polls are set up through the HTTP API, as a client would; these unwrap Canvas's `{"polls":[…]}` or throw. */
export type Json = Record<string, unknown>;

async function first(res: Promise<{ status: number; json: unknown }>, key: string): Promise<Json> {
  const { status, json } = await res;
  if (status !== 200) throw new Error(`${key} create failed: ${status} ${JSON.stringify(json)}`);
  return ((json as Record<string, Json[]>)[key] ?? [])[0]!;
}

export function createPoll(server: TestServer, token: string, fields: Json = {}): Promise<Json> {
  return first(api(server, token, 'POST', '/api/v1/polls', { polls: [{ question: 'Which?', ...fields }] }), 'polls');
}

export function createChoice(server: TestServer, token: string, pollId: unknown, fields: Json = {}): Promise<Json> {
  return first(api(server, token, 'POST', `/api/v1/polls/${String(pollId)}/poll_choices`, { poll_choices: [{ text: 'A', ...fields }] }), 'poll_choices');
}

export function createSession(server: TestServer, token: string, pollId: unknown, fields: Json): Promise<Json> {
  return first(api(server, token, 'POST', `/api/v1/polls/${String(pollId)}/poll_sessions`, { poll_sessions: [fields] }), 'poll_sessions');
}

/** A form-encoded write (`polls[][question]=…`), the other body format Canvas clients use. */
export async function formApi(server: TestServer, token: string, method: string, path: string, body: string) {
  const res = await fetch(server.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

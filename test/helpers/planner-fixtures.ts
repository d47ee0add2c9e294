import { api, fixtureStamp } from './api-fixtures.ts';
import type { TestServer } from './server.ts';

type Json = Record<string, unknown> & { id: number };

const DAY = 86_400_000;

/** An ISO time `days` from now, at second precision (as the API prints it). */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * DAY).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A yyyy-mm-dd date `days` from today (UTC). */
export function dayFromNow(days: number): string {
  return daysFromNow(days).slice(0, 10);
}

/** A planner note through the API; throws unless 201. */
export async function createNote(server: TestServer, token: string, fields: Record<string, unknown> = {}): Promise<Json> {
  const res = await api(server, token, 'POST', '/api/v1/planner_notes', { title: 'Read chapter 3', todo_date: daysFromNow(1), ...fields });
  if (res.status !== 201) throw new Error(`note create failed: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json as Json;
}

/** A planner override through the API; throws unless 201. */
export async function createOverride(server: TestServer, token: string, plannableType: string, plannableId: number, flags: Record<string, unknown> = {}): Promise<Json> {
  const res = await api(server, token, 'POST', '/api/v1/planner/overrides', { plannable_type: plannableType, plannable_id: plannableId, ...flags });
  if (res.status !== 201) throw new Error(`override create failed: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json as Json;
}

/** A page's to-do date written directly, for tests about the planner rather than the pages API (which takes `student_todo_at`). */
export async function setPageTodoDate(server: TestServer, pageId: number, todoDate: string): Promise<void> {
  await server.core.services.repos.wikiPages.update(pageId, fixtureStamp(), (d) => ({ ...d, todo_date: todoDate }));
}

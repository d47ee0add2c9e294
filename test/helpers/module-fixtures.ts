import type { ModuleSettingsData } from '../../src/server/domain/records/module-records.ts';
import { api, fixtureStamp } from './api-fixtures.ts';
import type { TestServer } from './server.ts';

/** Modules and items are created through the HTTP API, as a client would; these unwrap the 200 or throw. */
export type Json = Record<string, unknown> & { id: number };

async function ok(res: Promise<{ status: number; json: unknown }>, what: string): Promise<Json> {
  const { status, json } = await res;
  if (status !== 200) throw new Error(`${what} failed: ${status} ${JSON.stringify(json)}`);
  return json as Json;
}

export function createModule(server: TestServer, token: string, courseId: number, fields: Record<string, unknown> = {}) {
  return ok(api(server, token, 'POST', `/api/v1/courses/${courseId}/modules`, { module: { name: 'Week', ...fields } }), 'module create');
}

export function updateModule(server: TestServer, token: string, courseId: number, id: number, fields: Record<string, unknown>) {
  return ok(api(server, token, 'PUT', `/api/v1/courses/${courseId}/modules/${id}`, { module: fields }), 'module update');
}

/** A published module (API-created modules start unpublished). */
export async function createPublishedModule(server: TestServer, token: string, courseId: number, fields: Record<string, unknown> = {}) {
  const created = await createModule(server, token, courseId, fields);
  return updateModule(server, token, courseId, created.id, { published: true });
}

export function createItem(server: TestServer, token: string, courseId: number, moduleId: number, fields: Record<string, unknown>) {
  return ok(api(server, token, 'POST', `/api/v1/courses/${courseId}/modules/${moduleId}/items`, { module_item: fields }), 'item create');
}

/** A published ExternalUrl item: needs no other content, so progression tests stay independent of other areas. */
export async function createUrlItem(
  server: TestServer,
  token: string,
  courseId: number,
  moduleId: number,
  fields: Record<string, unknown> = {},
) {
  const item = await createItem(server, token, courseId, moduleId, { type: 'ExternalUrl', external_url: 'https://example.test/x', title: 'Link', ...fields });
  return ok(
    api(server, token, 'PUT', `/api/v1/courses/${courseId}/modules/${moduleId}/items/${item.id}`, { module_item: { published: true } }),
    'item publish',
  );
}

/** A wiki page record, written straight to storage until the pages area (issue 6) exists. */
export async function createFixturePage(server: TestServer, courseId: number, url: string, title = url, published = true): Promise<number> {
  const id = Date.now() * 1000 + Math.floor(Math.random() * 1000);
  await server.core.db.collections.course.insert({
    key: `wiki_page:${id}`,
    type: 'wiki_page',
    id,
    course_id: courseId,
    user_id: 0,
    parent_id: 0,
    sort_key: url,
    lookup_key: '',
    created_at: Date.now(),
    updated_at: Date.now(),
    updated_by: 0,
    request_id: 'test-fixture',
    data: { course_id: courseId, title, url, workflow_state: published ? 'active' : 'unpublished', published },
  });
  return id;
}

/**
 * Turns Mastery Paths on through `PUT /courses/:id/settings`, then stores the assignment sets offered after an
 * item. Canvas's sets come from its separate conditional release service, which Outpost has no API for yet.
 */
export async function enableMasteryPaths(server: TestServer, token: string, courseId: number, sets: ModuleSettingsData['assignment_sets'] = {}) {
  await ok(api(server, token, 'PUT', `/api/v1/courses/${courseId}/settings`, { conditional_release: true }), 'settings update');
  const { moduleSettings } = server.core.services.repos;
  const record = await moduleSettings.byLookup(`module_settings:${courseId}`);
  if (!record) throw new Error('conditional_release did not create the module settings');
  await moduleSettings.update(record.id, fixtureStamp(), (d) => ({ ...d, assignment_sets: sets }));
}

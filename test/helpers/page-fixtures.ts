import { api } from './api-fixtures.ts';
import type { TestServer } from './server.ts';

/** Pages are created through the HTTP API, as a client would; these unwrap the 200 or throw. */
export type PageJson = Record<string, unknown> & { page_id: number; url: string; title: string };

export const coursePages = (courseId: number) => `/api/v1/courses/${courseId}/pages`;
export const groupPages = (groupId: number) => `/api/v1/groups/${groupId}/pages`;

async function ok(res: Promise<{ status: number; json: unknown }>, what: string): Promise<PageJson> {
  const { status, json } = await res;
  if (status !== 200) throw new Error(`${what} failed: ${status} ${JSON.stringify(json)}`);
  return json as PageJson;
}

/** A page in the wiki at `base` (`coursePages(id)` or `groupPages(id)`). */
export function createPage(server: TestServer, token: string, base: string, fields: Record<string, unknown> = {}) {
  return ok(api(server, token, 'POST', base, { wiki_page: { title: 'Page', ...fields } }), 'page create');
}

export function updatePage(server: TestServer, token: string, base: string, url: string, fields: Record<string, unknown>) {
  return ok(api(server, token, 'PUT', `${base}/${encodeURIComponent(url)}`, { wiki_page: fields }), 'page update');
}

/**
 * A course group with the given members, written straight to the repositories: the groups area owns the real
 * rules; page tests only need the group and its accepted memberships to exist.
 */
export async function createFixtureGroup(server: TestServer, courseId: number, memberIds: readonly number[]): Promise<number> {
  const { repos } = server.core.services;
  const stamp = { actorId: 0, requestId: 'test-fixture', now: Date.now() };
  const created_at = new Date().toISOString();
  const category = await repos.groupCategories.create(
    {
      name: 'Projects', role: null, context_type: 'Course', context_id: courseId, course_id: courseId, self_signup: null,
      auto_leader: null, group_limit: null, sis_group_category_id: null, progress_id: null, workflow_state: 'active', created_at,
    },
    stamp,
  );
  const group = await repos.groups.create(
    {
      name: 'Team A', group_category_id: category.id, context_type: 'Course', context_id: courseId, course_id: courseId, description: null,
      is_public: false, join_level: 'invitation_only', max_membership: null, leader_id: null, sis_group_id: null, workflow_state: 'available', created_at,
    },
    stamp,
  );
  for (const userId of memberIds) {
    await repos.groupMemberships.create({ group_id: group.id, user_id: userId, course_id: courseId, workflow_state: 'accepted', moderator: false, created_at }, stamp);
  }
  return group.id;
}

import type { GroupCategoryData, GroupData } from '../../src/server/domain/records/group-records.ts';
import { fixtureStamp } from './api-fixtures.ts';
import type { TestServer } from './server.ts';

/**
 * Group records written straight to the repositories: the group areas own the rules, these tests only need
 * the records to exist (e.g. a protected category, which no API call can create).
 */
export async function createFixtureCategory(
  server: TestServer,
  context: { courseId?: number; accountId?: number },
  fields: Partial<GroupCategoryData> = {},
): Promise<number> {
  const inCourse = context.courseId !== undefined;
  const record = await server.core.services.repos.groupCategories.create(
    {
      name: `Category ${Math.random().toString(36).slice(2, 8)}`,
      role: null,
      context_type: inCourse ? 'Course' : 'Account',
      context_id: inCourse ? context.courseId! : context.accountId!,
      course_id: context.courseId ?? 0,
      self_signup: null,
      auto_leader: null,
      group_limit: null,
      sis_group_category_id: null,
      progress_id: null,
      workflow_state: 'active',
      created_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      ...fields,
    },
    fixtureStamp(),
  );
  return record.id;
}

export async function createFixtureGroup(server: TestServer, categoryId: number, fields: Partial<GroupData> = {}): Promise<number> {
  const { repos } = server.core.services;
  const category = (await repos.groupCategories.get(categoryId))!;
  const record = await repos.groups.create(
    {
      name: 'Fixture Group',
      group_category_id: categoryId,
      context_type: category.data.context_type,
      context_id: category.data.context_id,
      course_id: category.data.course_id,
      description: null,
      is_public: false,
      join_level: 'invitation_only',
      max_membership: category.data.group_limit,
      leader_id: null,
      sis_group_id: null,
      workflow_state: 'available',
      created_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      ...fields,
    },
    fixtureStamp(),
  );
  return record.id;
}

export async function addFixtureMember(server: TestServer, groupId: number, userId: number): Promise<number> {
  const { repos } = server.core.services;
  const group = (await repos.groups.get(groupId))!;
  const record = await repos.groupMemberships.create(
    { group_id: groupId, user_id: userId, course_id: group.data.course_id, workflow_state: 'accepted', moderator: false, created_at: new Date().toISOString() },
    fixtureStamp(),
  );
  return record.id;
}

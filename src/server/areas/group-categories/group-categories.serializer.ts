import type { GroupCategoryData } from '../../domain/records/group-records.ts';
import type { ProgressData } from '../../domain/records/local-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { progressJson } from '../progress/progress.serializer.ts';

/** Roles whose categories cannot be deleted, and whose members may sit in several groups (docs/canvas-compatibility.md §3.1). */
export const PROTECTED_ROLES: ReadonlySet<string> = new Set(['communities', 'student_organized']);

/** What a category's JSON shows beyond its record; each part only when the endpoint or include[] asks. */
export interface CategoryExtras {
  baseUrl: string;
  isMember: boolean;
  /** The assignment job, shown only while it is queued or running. */
  progress?: Stored<ProgressData>;
  groupsCount?: number;
  unassignedUsersCount?: number;
  progressUrl?: boolean;
}

/** Canvas's GroupCategory JSON (`lib/api/v1/group_category.rb`), from an allow-list. */
export function categoryJson(record: Stored<GroupCategoryData>, extras: CategoryExtras): Record<string, unknown> {
  const c = record.data;
  const json: Record<string, unknown> = {
    id: record.id,
    name: c.name,
    role: c.role,
    self_signup: c.self_signup,
    auto_leader: c.auto_leader,
    group_limit: c.group_limit,
    created_at: c.created_at,
    context_type: c.context_type,
    [c.context_type === 'Course' ? 'course_id' : 'account_id']: c.context_id,
    protected: c.role !== null,
    allows_multiple_memberships: c.role !== null && PROTECTED_ROLES.has(c.role),
    is_member: extras.isMember,
  };
  if (extras.groupsCount !== undefined) json.groups_count = extras.groupsCount;
  if (extras.unassignedUsersCount !== undefined) json.unassigned_users_count = extras.unassignedUsersCount;
  const pending = extras.progress && isPending(extras.progress) ? extras.progress : undefined;
  if (pending) json.progress = progressJson(pending, extras.baseUrl);
  if (extras.progressUrl && pending) json.progress_url = `${extras.baseUrl}/api/v1/progress/${pending.id}`;
  return json;
}

export function isPending(progress: Stored<ProgressData>): boolean {
  return progress.data.workflow_state === 'queued' || progress.data.workflow_state === 'running';
}

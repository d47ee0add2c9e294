import type { GroupData, GroupMembershipData } from '../../domain/records/group-records.ts';
import type { UserData } from '../../domain/records/directory-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { defaultAvatarUrl } from '../users/users.serializer.ts';

/** Canvas's default group quota; Outpost keeps no per-group quota, so every group reports it. */
const STORAGE_QUOTA_MB = 50;

export interface GroupExtras {
  baseUrl: string;
  membersCount: number;
  leader: Stored<UserData> | undefined;
}

/** Canvas's `user_display_json`: the short form a group shows its leader in. */
export function userDisplayJson(user: Stored<UserData>, group: GroupData, baseUrl: string): Record<string, unknown> {
  const path = group.context_type === 'Course' ? `/courses/${group.context_id}/users/${user.id}` : `/users/${user.id}`;
  return { id: user.id, display_name: user.data.short_name, avatar_image_url: defaultAvatarUrl(baseUrl), html_url: `${baseUrl}${path}` };
}

/** Canvas's Group JSON (`lib/api/v1/group.rb`, docs/canvas-compatibility.md §3.3), from an allow-list. */
export function groupJson(record: Stored<GroupData>, extras: GroupExtras): Record<string, unknown> {
  const g = record.data;
  return {
    id: record.id,
    name: g.name,
    description: g.description,
    is_public: g.is_public,
    join_level: g.join_level,
    group_category_id: g.group_category_id,
    max_membership: g.max_membership,
    created_at: g.created_at,
    members_count: extras.membersCount,
    storage_quota_mb: STORAGE_QUOTA_MB,
    context_type: g.context_type,
    [g.context_type === 'Course' ? 'course_id' : 'account_id']: g.context_id,
    avatar_url: null,
    role: null,
    leader: extras.leader ? userDisplayJson(extras.leader, g, extras.baseUrl) : null,
    has_submission: false,
    concluded: false,
  };
}

/** Canvas's GroupMembership JSON; `just_created` only in the answer to the request that created it. */
export function membershipJson(record: Stored<GroupMembershipData>, justCreated?: boolean): Record<string, unknown> {
  const m = record.data;
  const json: Record<string, unknown> = {
    id: record.id,
    group_id: m.group_id,
    user_id: m.user_id,
    workflow_state: m.workflow_state,
    moderator: m.moderator,
  };
  if (justCreated !== undefined) json.just_created = justCreated;
  return json;
}

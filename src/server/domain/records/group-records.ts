/**
 * Shapes of group records, kept in the `course` collection (docs/architecture.md §4.2). Account-level categories and groups
 * carry course_id 0: they belong to no course partition.
 */

export type GroupContextType = 'Course' | 'Account';

/** Canvas's built-in category roles; regular categories have null. communities and student_organized are protected. */
export type GroupCategoryRole = 'communities' | 'student_organized' | 'imported';

export interface GroupCategoryData {
  name: string;
  role: GroupCategoryRole | null;
  context_type: GroupContextType;
  context_id: number;
  /** 0 for account categories. */
  course_id: number;
  self_signup: 'enabled' | 'restricted' | null;
  auto_leader: 'first' | 'random' | null;
  group_limit: number | null;
  sis_group_category_id: string | null;
  /** The assign_unassigned_members job still pending, if any: shown as `progress` until it finishes. */
  progress_id: number | null;
  workflow_state: 'active' | 'deleted';
  /** ISO 8601 UTC, as shown. */
  created_at: string;
}

export type GroupJoinLevel = 'parent_context_auto_join' | 'parent_context_request' | 'invitation_only';

export interface GroupData {
  name: string;
  group_category_id: number;
  context_type: GroupContextType;
  context_id: number;
  /** 0 for account groups. */
  course_id: number;
  description: string | null;
  is_public: boolean;
  join_level: GroupJoinLevel;
  /** null means no cap. */
  max_membership: number | null;
  leader_id: number | null;
  sis_group_id: string | null;
  workflow_state: 'available' | 'deleted';
  created_at: string;
}

export type GroupMembershipState = 'accepted' | 'invited' | 'requested' | 'deleted';

export interface GroupMembershipData {
  group_id: number;
  user_id: number;
  /** Copied from the group so course-wide membership queries need no join. 0 for account groups. */
  course_id: number;
  workflow_state: GroupMembershipState;
  moderator: boolean;
  created_at: string;
}

import type { EnrollmentType, RoleRecord } from './role-catalog.ts';

/**
 * The plain data the policy decides from. A repository loads these for one request; the policy never reads
 * storage. Record and fact fields use Canvas's (and storage's) snake_case names so a repo can pass documents
 * through; the policy's own options are camelCase.
 */

/** One account of a chain. `parent_account_id` lets the policy check that a repo loaded a real chain. */
export interface AccountFact {
  id: number;
  parent_account_id: number | null;
  /** True only for the site admin account (itself a root), where site-admin-only permissions exist. */
  site_admin?: boolean;
}

/** A role override: one account's setting of one permission for one role (docs/canvas-compatibility.md §5.4–§5.5). */
export interface RoleOverrideRecord {
  /** Assigned by storage; absent on an override the write planner has just created. */
  id?: number;
  account_id: number;
  role_id: number;
  /** Plain string: stored overrides may name permissions this build does not know; those are ignored. */
  permission: string;
  /** Absent on a lock-only override: the value then comes from upstream. */
  enabled?: boolean;
  locked: boolean;
  applies_to_self: boolean;
  applies_to_descendants: boolean;
}

/** Canvas enrollment states. Only `active` grants full rights; see grant-sources.ts for `completed`. */
export type EnrollmentState = 'active' | 'invited' | 'completed' | 'inactive' | 'deleted' | 'rejected';

export interface EnrollmentFact {
  id?: number;
  user_id: number;
  course_id: number;
  course_section_id: number;
  role_id: number;
  /** The enrollment's base type; must match its role's base_role_type or the enrollment grants nothing. */
  type: EnrollmentType;
  /**
   * The effective state. A repo maps a concluded course or an ended term to `completed` (Canvas's
   * "completed_by_date"), so date rules live in one place, outside this module.
   */
  workflow_state: EnrollmentState;
  limit_privileges_to_course_section: boolean;
  /** For observer enrollments: the observed student. */
  associated_user_id: number | null;
}

/** An admin role held at an account (Canvas's AccountUser). */
export interface AccountMembershipFact {
  user_id: number;
  account_id: number;
  role_id: number;
  workflow_state: 'active' | 'deleted';
}

export interface CourseFact {
  id: number;
  account_id: number;
}

/** Who asks. Token scopes are the HTTP layer's business; the policy answers for the user. */
export interface Actor {
  userId: number;
}

export type PermissionContext =
  | { type: 'account'; accountId: number }
  /** With `sectionId`, section-limited enrollments count only for their own section. */
  | { type: 'course'; courseId: number; sectionId?: number };

export interface PermissionFacts {
  /** The context's account chain, root first, ending at the account itself or at the course's account. */
  accountChain: readonly AccountFact[];
  /** Required for course contexts. */
  course?: CourseFact;
  /** Custom roles the memberships and enrollments refer to; built-in roles are known without loading. */
  roles: readonly RoleRecord[];
  /** Overrides at the accounts of the chain, for (at least) the roles above. */
  overrides: readonly RoleOverrideRecord[];
  /** The actor's account memberships. Others' are ignored. */
  memberships: readonly AccountMembershipFact[];
  /** The actor's enrollments. Others', and those in other courses, are ignored. */
  enrollments: readonly EnrollmentFact[];
}

/** Visibility needs the course's students too (to expand a section into user ids). */
export interface VisibilityFacts extends PermissionFacts {
  course: CourseFact;
  /** The course's enrollments (student ones at least), whoever holds them. */
  roster: readonly EnrollmentFact[];
}

/** Facts that contradict the question: a repo bug, never a client error, so it must not pass silently. */
export class InconsistentFactsError extends Error {
  override name = 'InconsistentFactsError';
}

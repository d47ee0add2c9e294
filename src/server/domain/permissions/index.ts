/**
 * # Permission policy (docs/canvas-compatibility.md §5, docs/architecture.md §6)
 *
 * Pure functions over plain facts: nothing here reads storage or the clock, so every decision can be unit-tested
 * and every route asks the same questions. Routes ask `can(actor, permission, context, facts)`; list endpoints
 * filter with `visibleStudentIds` / `visibleSectionIds`, and per-student actions (grading one submission) ask
 * `canForStudent`. The Roles API reports with `resolveRolePermissions` and writes with `planOverrideWrites`.
 *
 * ## How a repository supplies `PermissionFacts` (one actor, one context)
 * - `accountChain`: the context account and all its ancestors, root first, each `parent_account_id` pointing at
 *   the entry before it. For a course context, the chain of the course's `account_id`. Flag the site admin account.
 * - `course`: `{ id, account_id }` of the course; required for course contexts and for visibility.
 * - `roles`: the custom roles the actor's memberships and enrollments refer to (in any state; deleted ones grant
 *   nothing). Built-in roles (ids 1–8) are known here and need not be loaded.
 * - `overrides`: every role override at the chain's accounts for those roles, built-in ones included. Loading more
 *   is harmless (the rest are ignored); loading too few is not, since a missing "off" override reads as the default.
 * - `memberships`: the actor's account memberships; ones off the chain are ignored, so load them all.
 * - `enrollments`: the actor's enrollments in the course, with the *effective* state: map a concluded course or an
 *   ended term to `completed` before passing them in (date rules stay out of the policy).
 * - `VisibilityFacts.roster`: the course's student enrollments, whoever holds them (sections and observees are
 *   resolved through it).
 *
 * Missing people or roles fail closed (no grant). Facts that contradict the question — another course, a broken
 * chain — throw `InconsistentFactsError`: a loader bug, to surface as a 500, never as an allow or a deny.
 */
export { can, canForStudent } from './policy.ts';
export { seesEveryStudent, visibleSectionIds, visibleStudentIds } from './visibility.ts';
export { resolvePermission, resolveRolePermissions } from './override-resolution.ts';
export type { ResolvedPermission, RoleInAccount } from './override-resolution.ts';
export { planOverrideWrites, PERMISSION_MUST_BE_ENABLED } from './override-writes.ts';
export type { OverrideWritePlan, OverrideWriteRequest, PermissionWriteParam } from './override-writes.ts';
export {
  isPermissionName,
  manageablePermissions,
  permissionDefault,
  permissionDefinition,
  permissionExistsIn,
  permissionsListedIn,
  PERMISSION_NAMES,
} from './permission-catalog.ts';
export type {
  AccountKind,
  AccountPermission,
  CoursePermission,
  PermissionDefault,
  PermissionDefinition,
  PermissionGroup,
  PermissionName,
} from './permission-catalog.ts';
export { foldGranularWrites } from './permission-families.ts';
export { ANY_MANAGING_PERMISSION, MANAGING_PERMISSION } from './enrollment-permissions.ts';
export {
  BUILT_IN_ROLE_IDS,
  BUILT_IN_ROLES,
  builtInRole,
  ENROLLMENT_TYPES,
  isCourseRole,
  isEnrollmentType,
  permissionBaseOf,
} from './role-catalog.ts';
export type { BuiltInRole, EnrollmentType, RoleBaseType, RoleRecord, RoleWorkflowState } from './role-catalog.ts';
export { accountKindOf } from './account-chain.ts';
export { InconsistentFactsError } from './facts.ts';
export type {
  AccountFact,
  AccountMembershipFact,
  Actor,
  CourseFact,
  EnrollmentFact,
  EnrollmentState,
  PermissionContext,
  PermissionFacts,
  RoleOverrideRecord,
  VisibilityFacts,
} from './facts.ts';

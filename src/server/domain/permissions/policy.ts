import type { Actor, PermissionContext, PermissionFacts, VisibilityFacts } from './facts.ts';
import { accountGrantSources, courseGrantSources, reaches, studentSections } from './grant-sources.ts';
import type { PermissionName } from './permission-catalog.ts';

/**
 * The one question every endpoint asks. True when any single grant — an admin membership along the context's
 * account chain, or one of the actor's enrollments in the course — holds the permission there. Facts that do
 * not describe the context throw InconsistentFactsError: a repository bug must never turn into a silent allow.
 */
export function can(actor: Actor, permission: PermissionName, context: PermissionContext, facts: PermissionFacts): boolean {
  if (context.type === 'account') {
    return accountGrantSources(actor, context.accountId, facts).some((source) => source.holds(permission));
  }
  const { sectionId } = context;
  return courseGrantSources(actor, context.courseId, facts).some(
    (source) =>
      source.holds(permission) &&
      (sectionId === undefined || source.limitedToSection === undefined || source.limitedToSection === sectionId),
  );
}

/**
 * `can`, narrowed to one student's work (grading them, reading their submission): the same grant must hold the
 * permission and reach the student, so rights from one enrollment never combine with another's reach.
 */
export function canForStudent(
  actor: Actor,
  permission: PermissionName,
  courseId: number,
  studentId: number,
  facts: VisibilityFacts,
): boolean {
  const students = studentSections(facts.roster, courseId);
  return courseGrantSources(actor, courseId, facts).some(
    (source) => source.holds(permission) && reaches(source.reach, studentId, students),
  );
}

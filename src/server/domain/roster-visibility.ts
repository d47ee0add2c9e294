import type { Access } from './access.ts';
import type { PermissionName } from './permissions/index.ts';
import type { Principal } from './principal.ts';
import type { EnrollmentData } from './records/course-records.ts';

/**
 * Whose enrollments a user sees in a course: the one rule of the enrollments and users areas and of the sync pull
 * (decision 0097), so a device holds the people its user may list over REST and no others.
 */
export type RosterVisibility =
  | { readonly kind: 'all' }
  | { readonly kind: 'sections'; readonly ids: ReadonlySet<number> }
  | { readonly kind: 'users'; readonly ids: ReadonlySet<number> };

export function isVisible(enrollment: { readonly data: Pick<EnrollmentData, 'course_section_id' | 'user_id'> }, visibility: RosterVisibility): boolean {
  if (visibility.kind === 'all') return true;
  if (visibility.kind === 'sections') return visibility.ids.has(enrollment.data.course_section_id);
  return visibility.ids.has(enrollment.data.user_id);
}

/** Canvas's enrollment index lists the course for holders of any of these; others see only their own circle. */
const ROSTER_READERS: readonly PermissionName[] = ['read_roster', 'view_all_grades', 'manage_grades'];

/** Read-roster visibility: everyone, or the sections of the caller's section-limited grants. */
export async function rosterSections(access: Access, principal: Principal, courseId: number): Promise<RosterVisibility> {
  const sections = await access.visibleSections(principal, courseId);
  return sections === 'all' ? { kind: 'all' } : { kind: 'sections', ids: sections };
}

/**
 * Enrollment visibility, as Canvas's enrollment index: whoever may read the roster (students included, as their
 * role has read_roster) sees the course's enrollments, limited to their sections when their enrollment is; others
 * (observers by default) see their own and their linked students'.
 */
export async function enrollmentVisibility(access: Access, principal: Principal, courseId: number): Promise<RosterVisibility> {
  if (await access.canAny(principal, ROSTER_READERS, { type: 'course', courseId })) return rosterSections(access, principal, courseId);
  return { kind: 'users', ids: new Set([principal.userId, ...(await observees(access, principal, courseId))]) };
}

/** The students the user observes in the course, by the links of their (not deleted) observer enrollments. */
export async function observees(access: Access, principal: Principal, courseId: number): Promise<Set<number>> {
  const own = await access.enrollmentsOf(principal, courseId);
  return new Set(own.flatMap((e) => (e.type === 'ObserverEnrollment' && e.workflow_state !== 'deleted' && e.associated_user_id !== null ? [e.associated_user_id] : [])));
}

/**
 * The sections the sections API lists to the user: all when a grant holds read_roster course-wide, else those of
 * their section-limited grants, and always the sections they are enrolled in themselves.
 */
export async function shownSections(access: Access, principal: Principal, courseId: number): Promise<'all' | ReadonlySet<number>> {
  const roster = await access.visibleSections(principal, courseId);
  if (roster === 'all') return 'all';
  const own = (await access.enrollmentsOf(principal, courseId)).map((e) => e.course_section_id);
  return new Set([...roster, ...own]);
}

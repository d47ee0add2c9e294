import type { CoreServices } from '../../core-services.ts';
import { effectiveEnrollmentState } from '../../domain/access.ts';
import type { Principal } from '../../domain/principal.ts';
import { builtInRole } from '../../domain/permissions/index.ts';
import type { CourseData, EnrollmentData } from '../../domain/records/course-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { coursesOfUser } from '../courses/courses.queries.ts';
import type { CourseView } from '../courses/courses.includes.ts';
import { dashboardCardJson, type CardEnrollment } from './dashboard.serializer.ts';

/** Which enrollment a card speaks for when the caller has several in a course: Canvas's rank of types. */
const TYPE_RANK = ['TeacherEnrollment', 'TaEnrollment', 'DesignerEnrollment', 'StudentEnrollment', 'ObserverEnrollment'];

/**
 * `GET /api/v1/dashboard/dashboard_cards` (docs/canvas-compatibility.md §26): a card for every course the caller
 * is currently in (active or invited, the courses `GET /api/v1/courses` lists by default), by name. Outpost has
 * no favourites, so every current course is shown, as Canvas does for a user who has favourited none.
 */
export async function dashboardCards(services: CoreServices, principal: Principal) {
  const views = await coursesOfUser(services, principal.userId, {});
  const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  views.sort((a, b) => collator.compare(a.course.data.name, b.course.data.name) || a.course.id - b.course.id);
  return Promise.all(views.map((view) => cardFor(services, principal, view)));
}

async function cardFor(services: CoreServices, principal: Principal, { course, enrollments = [] }: CourseView) {
  const context = { type: 'course', courseId: course.id } as const;
  const [primary] = [...enrollments].sort((a, b) => rankOf(a, course.data) - rankOf(b, course.data));
  const [canManage, canReadAnnouncements, canChangeCoursePublishState] = await Promise.all([
    services.access.can(principal, 'manage_content', context),
    services.access.can(principal, 'read_announcements', context),
    services.access.can(principal, 'change_course_state', context),
  ]);
  return dashboardCardJson(course, await cardEnrollment(services, primary!, enrollments, course.data), {
    canManage,
    canReadAnnouncements,
    canChangeCoursePublishState,
  });
}

/** Active enrollments before invitations, then by type. */
function rankOf(row: Stored<EnrollmentData>, course: CourseData): number {
  const invited = effectiveEnrollmentState(row.data, course) === 'invited' ? TYPE_RANK.length : 0;
  return invited + TYPE_RANK.indexOf(row.data.type);
}

async function cardEnrollment(
  services: CoreServices,
  primary: Stored<EnrollmentData>,
  all: readonly Stored<EnrollmentData>[],
  course: CourseData,
): Promise<CardEnrollment> {
  const { repos } = services;
  const roleLabel = builtInRole(primary.data.role_id)?.label ?? (await repos.roles.get(primary.data.role_id))?.data.label ?? primary.data.type;
  let observee: string | null = null;
  if (primary.data.type === 'ObserverEnrollment') {
    const ids = all.flatMap((e) => (e.data.type === 'ObserverEnrollment' && e.data.associated_user_id != null ? [e.data.associated_user_id] : []));
    const users = await repos.users.getMany([...new Set(ids)]);
    observee = [...users.values()].map((u) => u.data.name).join(', ') || null;
  }
  return { type: primary.data.type, state: effectiveEnrollmentState(primary.data, course), roleLabel, observee };
}

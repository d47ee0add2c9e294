import type { CoreServices } from '../../core-services.ts';
import { effectiveEnrollmentState } from '../../domain/access.ts';
import { builtInRole } from '../../domain/permissions/index.ts';
import type { CourseData, EnrollmentData, SectionData } from '../../domain/records/course-records.ts';
import type { UserData } from '../../domain/records/directory-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { CourseScoreStore } from '../../domain/grading/course-scores.ts';
import { courseLetter } from '../common/student-grades.ts';
import type { CourseInclude } from './courses.params.ts';
import { courseJson, DEFAULT_TERM_ID, enrollmentTypeWord, type CourseEnrollmentJson } from './courses.serializer.ts';

/** Enrollments that count as members of a course in totals and teacher lists. */
const CURRENT = new Set(['active', 'invited']);

export interface CourseView {
  course: Stored<CourseData>;
  /** The caller's enrollments to embed; undefined where Canvas shows none (admin lists). */
  enrollments?: readonly Stored<EnrollmentData>[];
}

/**
 * Serializes one page of courses with their `include[]` blocks, loading what the blocks need for the whole page
 * in a few queries rather than per course.
 */
export async function courseJsonPage(
  services: CoreServices,
  views: readonly CourseView[],
  include: readonly CourseInclude[],
  baseUrl: string,
): Promise<Record<string, unknown>[]> {
  const { repos } = services;
  const wants = new Set(include);
  const ids = views.map((v) => v.course.id);
  const roster = wants.has('total_students') || wants.has('teachers') ? await repos.enrollments.find({ course_id: { $in: ids } }) : [];
  const teacherIds = new Set(roster.filter((e) => e.data.type === 'TeacherEnrollment').map((e) => e.data.user_id));
  const teachers = wants.has('teachers') ? await repos.users.getMany([...teacherIds]) : new Map<number, Stored<UserData>>();
  const own = views.flatMap((v) => v.enrollments ?? []);
  const sectionIds = [...new Set(own.map((e) => e.data.course_section_id))];
  const sections = wants.has('sections') ? await repos.sections.getMany(sectionIds) : new Map<number, Stored<SectionData>>();
  const roleNames = await customRoleNames(services, own.map((e) => e.data.role_id));
  const totals = wants.has('total_scores') ? await ownTotals(services, views) : new Map<number, ComputedScores>();
  const now = Date.now();

  return views.map(({ course, enrollments }) => {
    const current = roster.filter((e) => e.data.course_id === course.id && CURRENT.has(effectiveEnrollmentState(e.data, course.data, now)));
    const extra: Record<string, unknown> = {};
    if (enrollments) extra.enrollments = enrollments.map((e) => ({ ...enrollmentJson(e, course.data, roleNames, now), ...totals.get(e.id) }));
    if (wants.has('total_students')) {
      extra.total_students = new Set(current.filter((e) => e.data.type === 'StudentEnrollment').map((e) => e.data.user_id)).size;
    }
    if (wants.has('teachers')) {
      const ids = [...new Set(current.filter((e) => e.data.type === 'TeacherEnrollment').map((e) => e.data.user_id))];
      extra.teachers = ids.flatMap((id) => {
        const user = teachers.get(id);
        return user ? [teacherJson(baseUrl, course.id, id, user.data.short_name)] : [];
      });
    }
    if (wants.has('term')) extra.term = { id: DEFAULT_TERM_ID, name: 'Default Term', start_at: null, end_at: null, workflow_state: 'active' };
    if (wants.has('sections')) extra.sections = (enrollments ?? []).flatMap((e) => sectionBlock(sections.get(e.data.course_section_id), e));
    if (wants.has('syllabus_body')) extra.syllabus_body = course.data.syllabus_body;
    if (wants.has('public_description')) extra.public_description = course.data.public_description;
    if (wants.has('concluded')) extra.concluded = isConcluded(course.data, now);
    return courseJson(course, extra);
  });
}

/** Canvas's `computed_*` fields of a student enrollment embedded in course JSON. */
interface ComputedScores {
  computed_current_score: number | null;
  computed_final_score: number | null;
  computed_current_grade: string | null;
  computed_final_grade: string | null;
}

/**
 * `include[]=total_scores`: the caller's own student enrollments carry their posted totals (the caller is the
 * student, so nothing unposted), by enrollment id. Canvas ignores the include where a course hides final grades.
 */
async function ownTotals(services: CoreServices, views: readonly CourseView[]): Promise<Map<number, ComputedScores>> {
  const store = new CourseScoreStore(services.repos);
  const totals = new Map<number, ComputedScores>();
  for (const { course, enrollments } of views) {
    const students = (enrollments ?? []).filter((e) => e.data.type === 'StudentEnrollment');
    if (students.length === 0 || course.data.hide_final_grades) continue;
    const scores = await store.read(await store.structure(course.id), students.map((e) => e.data.user_id));
    for (const e of students) {
      const s = scores.get(e.data.user_id);
      if (!s) continue;
      totals.set(e.id, {
        computed_current_score: s.current_score,
        computed_final_score: s.final_score,
        computed_current_grade: courseLetter(course.data, s.current_score),
        computed_final_grade: courseLetter(course.data, s.final_score),
      });
    }
  }
  return totals;
}

export function isConcluded(course: CourseData, now = Date.now()): boolean {
  return course.workflow_state === 'completed' || (course.end_at !== null && Date.parse(course.end_at) < now);
}

function enrollmentJson(
  row: Stored<EnrollmentData>,
  course: CourseData,
  roleNames: ReadonlyMap<number, string>,
  now: number,
): CourseEnrollmentJson {
  const e = row.data;
  return {
    type: enrollmentTypeWord(e.type),
    role: roleNames.get(e.role_id) ?? e.type,
    role_id: e.role_id,
    user_id: e.user_id,
    enrollment_state: effectiveEnrollmentState(e, course, now),
    limit_privileges_to_course_section: e.limit_privileges_to_course_section,
    ...(e.type === 'ObserverEnrollment' ? { associated_user_id: e.associated_user_id } : {}),
  };
}

/** Canvas's user display JSON, the shape `teachers` lists. */
function teacherJson(baseUrl: string, courseId: number, userId: number, displayName: string) {
  return {
    id: userId,
    display_name: displayName,
    avatar_image_url: `${baseUrl}/images/messages/avatar-50.png`,
    html_url: `${baseUrl}/courses/${courseId}/users/${userId}`,
    pronouns: null,
  };
}

function sectionBlock(section: Stored<SectionData> | undefined, enrollment: Stored<EnrollmentData>) {
  if (!section || section.data.workflow_state === 'deleted') return [];
  const s = section.data;
  return [{ id: section.id, name: s.name, start_at: s.start_at, end_at: s.end_at, enrollment_role: enrollment.data.type }];
}

/** Role names for `enrollments[].role`: built-in ones are constants, custom ones are loaded. */
async function customRoleNames(services: CoreServices, roleIds: readonly number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  const custom = [...new Set(roleIds)].filter((id) => {
    const builtIn = builtInRole(id);
    if (builtIn) names.set(id, builtIn.name);
    return !builtIn;
  });
  for (const role of (await services.repos.roles.getMany(custom)).values()) names.set(role.id, role.data.name);
  return names;
}

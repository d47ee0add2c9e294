import type { CoreServices } from '../../core-services.ts';
import { effectiveEnrollmentState } from '../../domain/access.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { builtInRole, type EnrollmentState } from '../../domain/permissions/index.ts';
import { enrollmentVisibility, isVisible, observees, rosterSections, type RosterVisibility } from '../../domain/roster-visibility.ts';
import type { Principal } from '../../domain/principal.ts';
import type { CourseData, EnrollmentData, SectionData } from '../../domain/records/course-records.ts';
import type { UserData } from '../../domain/records/directory-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { StudentGrades, type ShownGrades } from '../common/student-grades.ts';

/** A stored enrollment with the state it reports (a concluded course shows `completed`). */
export interface CourseEnrollment {
  readonly record: Stored<EnrollmentData>;
  readonly state: EnrollmentState;
}

/** The records an enrollment's JSON refers to, loaded once per page. */
export interface EnrollmentRelations {
  course: Stored<CourseData>;
  sections: ReadonlyMap<number, Stored<SectionData>>;
  users: ReadonlyMap<number, Stored<UserData>>;
  /** Names of the custom roles on the page; built-in ones are known. */
  customRoleNames: ReadonlyMap<number, string>;
  /** The page's students' course totals the caller may see, by user id. */
  grades: ReadonlyMap<number, ShownGrades>;
}

/**
 * Without `state[]`, Canvas lists enrollments whose stored state is not rejected, completed, deleted or
 * inactive; it filters on the stored column, so a concluded course's members are still listed (as `completed`).
 */
const LISTED_BY_DEFAULT: ReadonlySet<string> = new Set(['active', 'invited', 'creation_pending']);

/** Canvas's compound `state[]` words. */
const STATE_GROUPS: Readonly<Record<string, readonly EnrollmentState[]>> = {
  current_and_invited: ['active', 'invited'],
  current_and_future: ['active', 'invited'],
  current_and_concluded: ['active', 'completed'],
};

export function matchesStates(enrollment: CourseEnrollment, states: readonly string[] | undefined): boolean {
  const stored = enrollment.record.data.workflow_state;
  if (states === undefined || states.length === 0) return LISTED_BY_DEFAULT.has(stored);
  return states.some((state) =>
    state === 'creation_pending' ? stored === 'creation_pending' : (STATE_GROUPS[state] ?? [state]).includes(enrollment.state),
  );
}

export { isVisible, type RosterVisibility };

/** Whose scores and activity an enrollment's JSON may show the caller. */
export interface EnrollmentReach {
  grades(userId: number): boolean;
  activity(userId: number): boolean;
}

/** Course records and roster queries shared by the users and enrollments areas. */
export class CourseRoster {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  /** A course that exists and is not deleted; 404 otherwise. */
  async course(courseId: number): Promise<Stored<CourseData>> {
    const course = await this.#services.repos.courses.get(courseId);
    if (!course || course.data.workflow_state === 'deleted') throw new NotFoundError();
    return course;
  }

  /** An active section (and its live course); 404 otherwise. */
  async section(sectionId: number): Promise<Stored<SectionData>> {
    const section = await this.#services.repos.sections.get(sectionId);
    if (!section || section.data.workflow_state === 'deleted') throw new NotFoundError();
    await this.course(section.data.course_id);
    return section;
  }

  async enrollments(course: Stored<CourseData>, now: number): Promise<CourseEnrollment[]> {
    const rows = await this.#services.repos.enrollments.inCourse(course.id);
    return rows.map((record) => ({ record, state: this.stateOf(record, course, now) }));
  }

  stateOf(record: Stored<EnrollmentData>, course: Stored<CourseData>, now: number): EnrollmentState {
    return effectiveEnrollmentState(record.data, course.data, now);
  }

  /** Whether the caller sees logins and SIS ids of a course's people (Canvas's `user_json_is_admin?`). */
  showsSis(principal: Principal, courseId: number): Promise<boolean> {
    return this.#services.access.canAny(principal, ['manage_students', 'read_sis', 'manage_user_logins'], { type: 'course', courseId });
  }

  /** The sections, users, custom role names and the caller's view of the grades a page of enrollments refers to. */
  async relations(principal: Principal, course: Stored<CourseData>, enrollments: readonly CourseEnrollment[]): Promise<EnrollmentRelations> {
    const { repos } = this.#services;
    const unique = (pick: (e: EnrollmentData) => number) => [...new Set(enrollments.map((e) => pick(e.record.data)))];
    const students = [...new Set(enrollments.filter((e) => e.record.data.type === 'StudentEnrollment').map((e) => e.record.data.user_id))];
    const [sections, users, roles, grades] = await Promise.all([
      repos.sections.getMany(unique((e) => e.course_section_id)),
      repos.users.getMany(unique((e) => e.user_id)),
      repos.roles.getMany(unique((e) => e.role_id).filter((id) => !builtInRole(id))),
      new StudentGrades(this.#services).forViewer(principal, course, students),
    ]);
    return { course, sections, users, customRoleNames: new Map([...roles].map(([id, role]) => [id, role.data.name])), grades };
  }

  /** Read-roster visibility: everyone, or the sections of the caller's section-limited grants. */
  rosterSections(principal: Principal, courseId: number): Promise<RosterVisibility> {
    return rosterSections(this.#services.access, principal, courseId);
  }

  /** Enrollment visibility (`domain/roster-visibility.ts`), the rule the sync pull shares. */
  enrollmentVisibility(principal: Principal, course: Stored<CourseData>): Promise<RosterVisibility> {
    return enrollmentVisibility(this.#services.access, principal, course.id);
  }

  /** How enrollment JSON is shown to the caller in one course (the serializer's view), read once per answer. */
  async view(principal: Principal, course: Stored<CourseData>, baseUrl: string, includes: Iterable<string> = []) {
    const [showSis, reach] = await Promise.all([this.showsSis(principal, course.id), this.reach(principal, course)]);
    return { baseUrl, showSis, includes: new Set(includes), reach };
  }

  /**
   * Whose scores and activity the caller sees in enrollment JSON: scores of their own, their linked students' and,
   * for graders, everyone's (Canvas's `has_grade_permissions?`); activity of their own, or everyone's with read_reports.
   */
  async reach(principal: Principal, course: Stored<CourseData>): Promise<EnrollmentReach> {
    const context = { type: 'course', courseId: course.id } as const;
    const [grader, reports, linked] = await Promise.all([
      this.#services.access.canAny(principal, ['manage_grades', 'view_all_grades'], context),
      this.#services.access.canAny(principal, ['read_reports'], context),
      observees(this.#services.access, principal, course.id),
    ]);
    return {
      grades: (userId) => grader || userId === principal.userId || linked.has(userId),
      activity: (userId) => reports || userId === principal.userId,
    };
  }
}

import type { CoreServices } from '../../core-services.ts';
import { effectiveEnrollmentState } from '../../domain/access.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { builtInRole, type EnrollmentState, type EnrollmentType } from '../../domain/permissions/index.ts';
import type { Principal } from '../../domain/principal.ts';
import type { CourseData, EnrollmentData, SectionData } from '../../domain/records/course-records.ts';
import type { UserData } from '../../domain/records/directory-records.ts';
import type { Stored } from '../../domain/repository.ts';

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

/** Who a caller may see in a course's enrollment lists. */
export type RosterVisibility =
  | { readonly kind: 'all' }
  | { readonly kind: 'sections'; readonly ids: ReadonlySet<number> }
  | { readonly kind: 'users'; readonly ids: ReadonlySet<number> };

export function isVisible(enrollment: Stored<EnrollmentData>, visibility: RosterVisibility): boolean {
  if (visibility.kind === 'all') return true;
  if (visibility.kind === 'sections') return visibility.ids.has(enrollment.data.course_section_id);
  return visibility.ids.has(enrollment.data.user_id);
}

const RELATIONAL_TYPES: ReadonlySet<EnrollmentType> = new Set(['StudentEnrollment', 'ObserverEnrollment']);

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
    const rows = await this.#services.repos.enrollments.find({ course_id: course.id });
    return rows.map((record) => ({ record, state: this.stateOf(record, course, now) }));
  }

  stateOf(record: Stored<EnrollmentData>, course: Stored<CourseData>, now: number): EnrollmentState {
    return effectiveEnrollmentState(record.data, course.data, now);
  }

  /** Whether the caller sees logins and SIS ids of a course's people (Canvas's `user_json_is_admin?`). */
  showsSis(principal: Principal, courseId: number): Promise<boolean> {
    return this.#services.access.canAny(principal, ['manage_students', 'read_sis', 'manage_user_logins'], { type: 'course', courseId });
  }

  /** The sections, users and custom role names a page of enrollments refers to, in three reads. */
  async relations(course: Stored<CourseData>, enrollments: readonly CourseEnrollment[]): Promise<EnrollmentRelations> {
    const { repos } = this.#services;
    const unique = (pick: (e: EnrollmentData) => number) => [...new Set(enrollments.map((e) => pick(e.record.data)))];
    const [sections, users, roles] = await Promise.all([
      repos.sections.getMany(unique((e) => e.course_section_id)),
      repos.users.getMany(unique((e) => e.user_id)),
      repos.roles.getMany(unique((e) => e.role_id).filter((id) => !builtInRole(id))),
    ]);
    return { course, sections, users, customRoleNames: new Map([...roles].map(([id, role]) => [id, role.data.name])) };
  }

  /** Read-roster visibility: everyone, or the sections of the caller's section-limited grants. */
  async rosterSections(principal: Principal, courseId: number): Promise<RosterVisibility> {
    const sections = await this.#services.access.visibleSections(principal, courseId);
    return sections === 'all' ? { kind: 'all' } : { kind: 'sections', ids: sections };
  }

  /**
   * Enrollment visibility (issue 4, item 4): students see their own, observers their linked students' (and their
   * own), section-limited staff their sections, other staff and admins everyone.
   */
  async enrollmentVisibility(principal: Principal, course: Stored<CourseData>): Promise<RosterVisibility> {
    const { access } = this.#services;
    const own = (await access.enrollmentsOf(principal, course.id)).filter((e) => e.workflow_state !== 'deleted');
    const staff = own.some((e) => !RELATIONAL_TYPES.has(e.type) && (e.workflow_state === 'active' || e.workflow_state === 'completed'));
    if (!staff && !(await this.#isAdmin(principal, course))) {
      const observees = own.flatMap((e) => (e.type === 'ObserverEnrollment' && e.associated_user_id !== null ? [e.associated_user_id] : []));
      return { kind: 'users', ids: new Set([principal.userId, ...observees]) };
    }
    return this.rosterSections(principal, course.id);
  }

  async #isAdmin(principal: Principal, course: Stored<CourseData>): Promise<boolean> {
    return this.#services.access.canAny(principal, ['read_course_content', 'manage_courses'], {
      type: 'account',
      accountId: course.data.account_id,
    });
  }
}

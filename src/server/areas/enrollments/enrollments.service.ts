import type { CoreServices } from '../../core-services.ts';
import { BadRequestError, NotFoundError, UnauthorizedError, ValidationError } from '../../domain/errors.ts';
import {
  BUILT_IN_ROLE_IDS,
  builtInRole,
  isEnrollmentType,
  MANAGING_PERMISSION,
  type EnrollmentType,
} from '../../domain/permissions/index.ts';
import type { Principal } from '../../domain/principal.ts';
import type { CourseData, EnrollmentData, SectionData } from '../../domain/records/course-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import type { IdResolver } from '../common/id-lookup.ts';
import { CoursesService } from '../courses/courses.service.ts';
import { CourseRoster, isVisible, matchesStates, type CourseEnrollment } from './enrollment-roster.ts';
import type { EnrollmentFields, EnrollmentListFilters } from './enrollments.params.ts';


/** Canvas's bare create errors (`enrollments_api_controller.rb`), answered as `{"message": …}`. */
const CREATE_ERRORS = {
  noParameters: 'No parameters given',
  noUser: "Can't create an enrollment without a user. Include enrollment[user_id] to create an enrollment",
  badType: 'Invalid type',
  badRole: 'Cannot create an enrollment with this role because it does not exist.',
  inactiveRole: 'Cannot create an enrollment with this role because it is inactive.',
  typeMismatch: 'The specified type must match the base type for the role',
  concluded: "Can't add an enrollment to a concluded course.",
};

const TASK_STATE = { conclude: 'completed', delete: 'deleted', inactivate: 'inactive', deactivate: 'inactive' } as const;

export class EnrollmentsService {
  readonly #services: CoreServices;
  readonly #ids: IdResolver;
  readonly roster: CourseRoster;

  constructor(services: CoreServices, ids: IdResolver) {
    this.#services = services;
    this.#ids = ids;
    this.roster = new CourseRoster(services);
  }

  /** The course (and section, on section routes) a request names; 404 when either is missing. */
  async scope(target: { course_id: string } | { section_id: string }): Promise<{ course: Stored<CourseData>; section?: Stored<SectionData> }> {
    if ('section_id' in target) {
      const section = await this.roster.section(await this.#ids.sectionId(target.section_id));
      return { course: await this.roster.course(section.data.course_id), section };
    }
    return { course: await this.roster.course(await this.#ids.courseId(target.course_id)) };
  }

  /**
   * Everything is resolved and checked before the one write (plus the default section, recreated by the courses
   * area only when the course has lost it). An identical live enrollment is returned instead of a duplicate, as Canvas does.
   */
  async create(
    principal: Principal,
    target: { course: Stored<CourseData>; section?: Stored<SectionData> },
    fields: EnrollmentFields | undefined,
    stamp: WriteStamp,
  ): Promise<CourseEnrollment> {
    const { course } = target;
    if (!fields || Object.values(fields).every((value) => value === undefined)) throw new BadRequestError(CREATE_ERRORS.noParameters);
    if (!fields.user_id) throw new BadRequestError(CREATE_ERRORS.noUser);
    const { type, roleId } = await this.#typeAndRole(fields, course);
    const section = target.section ?? (fields.course_section_id ? await this.#sectionIn(course, fields.course_section_id) : await this.#defaultSection(course));
    // A section-limited grant counts only for its own section; a section not created yet (0) is nobody's.
    const sectionId = section?.id ?? 0;
    if (!(await this.#services.access.can(principal, MANAGING_PERMISSION[type], { type: 'course', courseId: course.id, sectionId }))) {
      throw new UnauthorizedError();
    }
    const user = await this.#liveUser(fields.user_id, principal);
    if (course.data.workflow_state === 'completed') throw new BadRequestError(CREATE_ERRORS.concluded);
    const associatedUserId = type === 'ObserverEnrollment' ? await this.#observee(fields.associated_user_id, course, principal) : null;

    const { enrollments } = this.#services.repos;
    const data: Omit<EnrollmentData, 'course_section_id'> = {
      user_id: user,
      course_id: course.id,
      type,
      role_id: roleId,
      workflow_state: fields.enrollment_state ?? 'invited',
      limit_privileges_to_course_section: fields.limit_privileges_to_course_section ?? false,
      associated_user_id: associatedUserId,
      start_at: null,
      end_at: null,
      last_activity_at: null,
    };
    const existing = (await enrollments.find({ user_id: user, course_id: course.id })).find(
      (e) =>
        e.data.workflow_state !== 'deleted' &&
        e.data.type === type &&
        e.data.role_id === roleId &&
        e.data.course_section_id === sectionId &&
        e.data.associated_user_id === associatedUserId,
    );
    let record = existing;
    if (existing && fields.enrollment_state !== undefined && fields.enrollment_state !== existing.data.workflow_state) {
      record = await enrollments.update(existing.id, stamp, (current) => ({ ...current, workflow_state: data.workflow_state }));
    }
    if (!record) {
      const placed = section ?? (await new CoursesService(this.#services).defaultSection(course.id, stamp));
      record = await enrollments.create({ ...data, course_section_id: placed.id }, stamp);
    }
    return this.#withState(record, course, stamp.now);
  }

  /** A course's (or section's) enrollments the caller may see, filtered as asked, by id. */
  async list(
    principal: Principal,
    target: { course: Stored<CourseData>; section?: Stored<SectionData> },
    filters: EnrollmentListFilters,
    now: number,
  ): Promise<CourseEnrollment[]> {
    const { course, section } = target;
    const visibility = await this.roster.enrollmentVisibility(principal, course);
    const userId = filters.user_id === undefined ? undefined : await this.#ids.userId(filters.user_id, principal);
    const all = await this.roster.enrollments(course, now);
    const wanted = await this.#filter(all.map((e) => e.record), filters);
    return all.filter((enrollment) => {
      const e = enrollment.record.data;
      return (
        isVisible(enrollment.record, visibility) &&
        (section === undefined || e.course_section_id === section.id) &&
        (userId === undefined || e.user_id === userId) &&
        wanted(enrollment)
      );
    });
  }

  /**
   * A user's enrollments in live courses (Canvas's user index: the user themself, or an admin who reads rosters),
   * filtered like a course's list, by id, each with its course.
   */
  async ofUser(userId: number, filters: Omit<EnrollmentListFilters, 'user_id'>, now: number): Promise<{ course: Stored<CourseData>; enrollment: CourseEnrollment }[]> {
    const { repos } = this.#services;
    const rows = await repos.enrollments.find({ user_id: userId });
    const courses = await repos.courses.getMany([...new Set(rows.map((e) => e.data.course_id))]);
    const wanted = await this.#filter(rows, filters);
    return rows
      .sort((a, b) => a.id - b.id)
      .flatMap((record) => {
        const course = courses.get(record.data.course_id);
        if (!course || course.data.workflow_state === 'deleted') return [];
        const enrollment = this.#withState(record, course, now);
        return wanted(enrollment) ? [{ course, enrollment }] : [];
      });
  }

  /** The `type[]`, `role[]`, `role_id[]` and `state[]` filters of enrollment lists, with role names read once. */
  async #filter(rows: readonly Stored<EnrollmentData>[], filters: Omit<EnrollmentListFilters, 'user_id'>): Promise<(e: CourseEnrollment) => boolean> {
    const roleNames = filters.role ? await this.#roleNames(rows) : undefined;
    return (enrollment) => {
      const e = enrollment.record.data;
      return (
        (filters.type === undefined || filters.type.includes(e.type)) &&
        (filters.role_id === undefined || filters.role_id.includes(e.role_id)) &&
        (roleNames === undefined || filters.role!.includes(roleNames.get(e.role_id) ?? '')) &&
        matchesStates(enrollment, filters.state)
      );
    };
  }

  /** `DELETE …/enrollments/:id?task=`: conclude (default), delete, or inactivate/deactivate. */
  async end(principal: Principal, course: Stored<CourseData>, id: number, task: keyof typeof TASK_STATE, stamp: WriteStamp) {
    const record = await this.#managed(principal, course, id);
    const updated = await this.#services.repos.enrollments.update(record.id, stamp, (e) => ({ ...e, workflow_state: TASK_STATE[task] }));
    return { course, enrollment: this.#withState(updated ?? record, course, stamp.now) };
  }

  async reactivate(principal: Principal, course: Stored<CourseData>, id: number, stamp: WriteStamp) {
    const record = await this.#managed(principal, course, id);
    if (record.data.workflow_state !== 'inactive') throw new BadRequestError('Enrollment is not inactive');
    const updated = await this.#services.repos.enrollments.update(record.id, stamp, (e) => ({ ...e, workflow_state: 'active' }));
    return { course, enrollment: this.#withState(updated ?? record, course, stamp.now) };
  }

  /** An enrollment of the course that is not deleted, which the caller manages for its type and section. */
  async #managed(principal: Principal, course: Stored<CourseData>, id: number) {
    const record = await this.#services.repos.enrollments.get(id);
    if (!record || record.data.course_id !== course.id || record.data.workflow_state === 'deleted') throw new NotFoundError();
    const context = { type: 'course', courseId: course.id, sectionId: record.data.course_section_id } as const;
    if (!(await this.#services.access.can(principal, MANAGING_PERMISSION[record.data.type], context))) throw new UnauthorizedError();
    return record;
  }

  #withState(record: Stored<EnrollmentData>, course: Stored<CourseData>, now: number): CourseEnrollment {
    return { record, state: this.roster.stateOf(record, course, now) };
  }

  async #typeAndRole(fields: EnrollmentFields, course: Stored<CourseData>): Promise<{ type: EnrollmentType; roleId: number }> {
    const given = fields.type;
    if (given !== undefined && !isEnrollmentType(given)) throw new BadRequestError(CREATE_ERRORS.badType);
    if (fields.role_id === undefined) {
      if (given === undefined) throw new BadRequestError(CREATE_ERRORS.badType);
      return { type: given, roleId: BUILT_IN_ROLE_IDS[given] };
    }
    const builtIn = builtInRole(fields.role_id);
    const custom = builtIn ? undefined : await this.#services.repos.roles.get(fields.role_id);
    const chain = custom ? await this.#services.access.accountChain(course.data.account_id) : [];
    const role = builtIn ?? (custom && chain.some((a) => a.id === custom.data.account_id) ? custom.data : undefined);
    if (!role || role.workflow_state === 'deleted' || !isEnrollmentType(role.base_role_type)) {
      throw new BadRequestError(CREATE_ERRORS.badRole);
    }
    if (role.workflow_state === 'inactive') throw new BadRequestError(CREATE_ERRORS.inactiveRole);
    if (given !== undefined && given !== role.base_role_type) throw new BadRequestError(CREATE_ERRORS.typeMismatch);
    return { type: role.base_role_type, roleId: fields.role_id };
  }

  async #sectionIn(course: Stored<CourseData>, raw: string): Promise<Stored<SectionData>> {
    const section = await this.roster.section(await this.#ids.sectionId(raw));
    if (section.data.course_id !== course.id) throw new NotFoundError();
    return section;
  }

  async #defaultSection(course: Stored<CourseData>): Promise<Stored<SectionData> | undefined> {
    const sections = await this.#services.repos.sections.find({ course_id: course.id });
    return sections.find((s) => s.data.default_section && s.data.workflow_state === 'active');
  }

  async #liveUser(raw: string, principal: Principal): Promise<number> {
    const user = await this.#services.repos.users.get(await this.#ids.userId(raw, principal));
    if (!user || user.data.workflow_state === 'deleted') throw new NotFoundError();
    return user.id;
  }

  /** An observer's linked user must be a (not deleted) student of the same course. */
  async #observee(raw: string | undefined, course: Stored<CourseData>, principal: Principal): Promise<number | null> {
    if (raw === undefined) return null;
    const invalid = () => ValidationError.field('associated_user_id', 'must be a student in the course', 'invalid');
    const userId = await this.#ids.userId(raw, principal).catch((err: unknown) => {
      throw err instanceof NotFoundError ? invalid() : err;
    });
    const studentRows = await this.#services.repos.enrollments.find({ user_id: userId, course_id: course.id });
    const student = studentRows.some(
      (e) => e.data.type === 'StudentEnrollment' && e.data.workflow_state !== 'deleted' && e.data.workflow_state !== 'rejected',
    );
    if (!student) throw invalid();
    return userId;
  }

  async #roleNames(enrollments: readonly Stored<EnrollmentData>[]): Promise<Map<number, string>> {
    const ids = [...new Set(enrollments.map((e) => e.data.role_id))];
    const custom = await this.#services.repos.roles.getMany(ids.filter((id) => !builtInRole(id)));
    return new Map(ids.map((id) => [id, builtInRole(id)?.name ?? custom.get(id)?.data.name ?? '']));
  }
}

import { randomUUID } from 'node:crypto';
import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, UnauthorizedError, ValidationError, type FieldIssue } from '../../domain/errors.ts';
import { BUILT_IN_ROLE_IDS, type PermissionName } from '../../domain/permissions/index.ts';
import type { Principal } from '../../domain/principal.ts';
import type { CourseData, EnrollmentData, SectionData } from '../../domain/records/course-records.ts';
import type { AccountData } from '../../domain/records/directory-records.ts';
import { lookupKey } from '../../domain/repositories.ts';
import { writeTogether, type Stored, type WriteStamp } from '../../domain/repository.ts';
import { isoOrNull } from '../common/api-values.ts';
import { sisTakenIssue } from '../common/shared-params.ts';
import { IdResolver } from '../common/id-lookup.ts';
import type { CourseEvent, CourseFields, CourseUpdate } from './courses.params.ts';
import { nextWorkflowState } from './course-events.ts';

/** Enrollment types that see a course before it is published (Canvas's "admin" enrollments). */
const STAFF_TYPES: ReadonlySet<string> = new Set(['TeacherEnrollment', 'TaEnrollment', 'DesignerEnrollment']);
/** Admin rights that reach every course of an account, published or not. */
const ADMIN_READ: readonly PermissionName[] = ['read_course_content', 'manage_courses'];

export interface CreatedCourse {
  course: Stored<CourseData>;
  section: Stored<SectionData>;
}

/**
 * Courses: lookups other areas build on (`get`, `resolve`, `defaultSection`, `readableBy`), creation with the
 * default section, field updates and state events. Every write validates all of its input before it writes.
 */
export class CoursesService {
  readonly #services: CoreServices;
  readonly #ids: IdResolver;

  constructor(services: CoreServices) {
    this.#services = services;
    this.#ids = new IdResolver(services);
  }

  /** A course that is not deleted; NotFoundError otherwise. */
  async get(id: number): Promise<Stored<CourseData>> {
    const course = await this.#services.repos.courses.get(id);
    if (!course || course.data.workflow_state === 'deleted') throw new NotFoundError();
    return course;
  }

  /** By plain id or `sis_course_id:`; deleted courses only with `includeDeleted` (undelete needs them). */
  async resolve(raw: string, options: { includeDeleted?: boolean } = {}): Promise<Stored<CourseData>> {
    const id = await this.#ids.courseId(raw);
    if (!options.includeDeleted) return this.get(id);
    const course = await this.#services.repos.courses.get(id);
    if (!course) throw new NotFoundError();
    return course;
  }

  /**
   * Whether the principal sees the course at all. Students and observers see only published (available or
   * completed) courses; Canvas answers an unpublished one as if it did not exist for them.
   */
  async seesCourse(principal: Principal, course: Stored<CourseData>): Promise<boolean> {
    if (course.data.workflow_state === 'deleted') return false;
    const { access } = this.#services;
    if (course.data.workflow_state !== 'unpublished') return access.canReadCourse(principal, course.id);
    const own = await access.enrollmentsOf(principal, course.id);
    if (own.some((e) => STAFF_TYPES.has(e.type) && ['active', 'invited', 'completed'].includes(e.workflow_state))) return true;
    return access.canAny(principal, ADMIN_READ, { type: 'course', courseId: course.id });
  }

  /** `get` narrowed to what the principal may see: an invisible course is a 404, never a hint it exists. */
  async readableBy(principal: Principal, courseId: number): Promise<Stored<CourseData>> {
    const course = await this.get(courseId);
    if (!(await this.seesCourse(principal, course))) throw new NotFoundError();
    return course;
  }

  /** The section enrollments without one land in; recreated if a course somehow lost it. */
  async defaultSection(courseId: number, stamp?: WriteStamp): Promise<Stored<SectionData>> {
    const course = await this.get(courseId);
    const sections = await this.#services.repos.sections.find({ course_id: courseId });
    const existing = sections.find((s) => s.data.default_section && s.data.workflow_state === 'active');
    if (existing) return existing;
    const section = await this.#services.repos.sections.create(
      defaultSectionData(course.id, course.data.name),
      stamp ?? { actorId: 0, requestId: 'default-section', now: Date.now() },
    );
    return section;
  }

  /**
   * Creates the course, its default section and (enroll_me) the creator's teacher enrollment in one all-or-nothing
   * write, so neither a crash nor one refused record can leave a course without its section.
   */
  async create(
    account: Stored<AccountData>,
    input: CourseFields,
    options: { offer: boolean; enrollUserId?: number },
    stamp: WriteStamp,
  ): Promise<CreatedCourse> {
    const { repos } = this.#services;
    const name = input.name?.trim() || 'Unnamed Course';
    const data: CourseData = {
      name,
      course_code: input.course_code?.trim() || name.slice(0, 255),
      account_id: account.id,
      root_account_id: account.data.root_account_id ?? account.id,
      workflow_state: options.offer ? 'available' : 'unpublished',
      sis_course_id: input.sis_course_id ?? null,
      integration_id: input.integration_id ?? null,
      uuid: randomUUID(),
      start_at: isoOrNull(input.start_at ?? null),
      end_at: isoOrNull(input.end_at ?? null),
      time_zone: input.time_zone ?? account.data.default_time_zone,
      default_view: input.default_view ?? 'modules',
      syllabus_body: input.syllabus_body ?? null,
      public_description: input.public_description ?? null,
      is_public: input.is_public ?? false,
      license: input.license ?? 'private',
      restrict_enrollments_to_course_dates: input.restrict_enrollments_to_course_dates ?? false,
      grading_standard_id: gradingStandardOf(null, input),
      apply_assignment_group_weights: input.apply_assignment_group_weights ?? false,
      hide_final_grades: input.hide_final_grades ?? false,
      offline_locked_content: input.offline_locked_content ?? false,
      ...(input.locale ? { locale: input.locale } : {}),
    };
    await this.#validate(data, undefined);
    const course = await repos.courses.build(data, stamp);
    const section = await repos.sections.build(defaultSectionData(course.id, name), stamp);
    const enrollment =
      options.enrollUserId === undefined
        ? []
        : [repos.enrollments.insertion(await repos.enrollments.build(teacherEnrollment(options.enrollUserId, course.id, section.id), stamp))];
    await writeTogether([repos.courses.insertion(course), repos.sections.insertion(section), ...enrollment]);
    return { course, section };
  }

  /**
   * A PUT: field changes need manage_content, a state event change_course_state (Canvas checks each part with
   * its own right). All rights and values are checked before the one write.
   */
  async update(principal: Principal, course: Stored<CourseData>, input: CourseUpdate, stamp: WriteStamp): Promise<Stored<CourseData>> {
    const { event, ...fields } = input;
    const changesFields = Object.values(fields).some((value) => value !== undefined);
    if (course.data.workflow_state === 'deleted' && (changesFields || event !== 'undelete')) throw new NotFoundError();
    if (changesFields && !(await this.#can(principal, course, 'manage_content'))) throw new UnauthorizedError();
    // SIS ids tie a course to the student information system: Canvas leaves them to holders of manage_sis.
    const changesSis = fields.sis_course_id !== undefined || fields.integration_id !== undefined;
    const rootId = course.data.root_account_id;
    if (changesSis && !(await this.#services.access.can(principal, 'manage_sis', { type: 'account', accountId: rootId }))) {
      throw new UnauthorizedError();
    }
    if (event !== undefined && !(await this.#canChangeState(principal, course, event))) {
      // Only those who could bring a deleted course back may learn that it exists.
      throw course.data.workflow_state === 'deleted' ? new NotFoundError() : new UnauthorizedError();
    }

    const { grading_standard_enabled: _enabled, ...plain } = fields;
    const next: CourseData = { ...course.data, grading_standard_id: gradingStandardOf(course.data.grading_standard_id, fields) };
    for (const [key, value] of Object.entries(plain)) {
      if (value === undefined || key === 'grading_standard_id') continue;
      const field = key as keyof CourseFields;
      if (field === 'start_at' || field === 'end_at') next[field] = isoOrNull(value as Date | null);
      else if (field === 'name' || field === 'course_code') next[field] = (value as string).trim();
      else (next as unknown as Record<string, unknown>)[field] = value;
    }
    if (event !== undefined) next.workflow_state = nextWorkflowState(next.workflow_state, event);
    await this.#validate(next, course.id);
    const updated = await this.#services.repos.courses.update(course.id, stamp, () => next);
    if (!updated) throw new NotFoundError();
    return updated;
  }

  /** DELETE's two events: Canvas answers `{"delete":true}` or `{"conclude":true}`. */
  async applyEvent(principal: Principal, course: Stored<CourseData>, event: CourseEvent, stamp: WriteStamp): Promise<void> {
    await this.update(principal, course, { event }, stamp);
  }

  async #canChangeState(principal: Principal, course: Stored<CourseData>, event: CourseEvent): Promise<boolean> {
    // A deleted course has no course context left; bringing it back is an account admin's right.
    if (course.data.workflow_state === 'deleted') {
      return this.#services.access.can(principal, 'undelete_courses', { type: 'account', accountId: course.data.account_id });
    }
    const rights: PermissionName[] = event === 'delete' ? ['change_course_state', 'manage_courses'] : ['change_course_state'];
    return this.#services.access.canAny(principal, rights, { type: 'course', courseId: course.id });
  }

  #can(principal: Principal, course: Stored<CourseData>, permission: PermissionName): Promise<boolean> {
    return this.#services.access.can(principal, permission, { type: 'course', courseId: course.id });
  }

  async #validate(data: CourseData, selfId: number | undefined): Promise<void> {
    const errors: Record<string, FieldIssue[]> = {};
    if (data.name === '') errors.name = [{ type: 'blank', message: "can't be blank" }];
    if (data.course_code === '') errors.course_code = [{ type: 'blank', message: "can't be blank" }];
    if (data.start_at !== null && data.end_at !== null && Date.parse(data.end_at) < Date.parse(data.start_at)) {
      // Canvas keys this by its column name, conclude_at.
      errors.conclude_at = [{ type: 'invalid', message: 'End date cannot be before start date' }];
    }
    if (data.sis_course_id !== null) {
      const holder = await this.#services.repos.courses.byLookup(lookupKey.sis(data.sis_course_id));
      if (holder && holder.id !== selfId) errors.sis_source_id = [sisTakenIssue(data.sis_course_id)];
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  }
}

function defaultSectionData(courseId: number, name: string): SectionData {
  return {
    name,
    course_id: courseId,
    sis_section_id: null,
    integration_id: null,
    start_at: null,
    end_at: null,
    restrict_enrollments_to_section_dates: false,
    default_section: true,
    workflow_state: 'active',
  };
}

function teacherEnrollment(userId: number, courseId: number, sectionId: number): EnrollmentData {
  return {
    user_id: userId,
    course_id: courseId,
    course_section_id: sectionId,
    type: 'TeacherEnrollment',
    role_id: BUILT_IN_ROLE_IDS.TeacherEnrollment,
    workflow_state: 'active',
    limit_privileges_to_course_section: false,
    associated_user_id: null,
    start_at: null,
    end_at: null,
    last_activity_at: null,
  };
}

/**
 * The grading standard a write leaves: an id sent is kept; `grading_standard_enabled` switches the scheme on (the
 * current one, else the default scheme, id 0, as Canvas numbers it) or off.
 */
function gradingStandardOf(current: number | null, input: Pick<CourseFields, 'grading_standard_id' | 'grading_standard_enabled'>): number | null {
  if (input.grading_standard_enabled === false) return null;
  const chosen = input.grading_standard_id === undefined ? current : input.grading_standard_id;
  return input.grading_standard_enabled === true ? (chosen ?? 0) : chosen;
}

import type { CoreServices } from '../../core-services.ts';
import { effectiveEnrollmentState } from '../../domain/access.ts';
import { NotFoundError, ValidationError, type FieldIssue } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import type { CourseData, SectionData } from '../../domain/records/course-records.ts';
import type { UserData } from '../../domain/records/directory-records.ts';
import { lookupKey } from '../../domain/repositories.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import { isoOrNull } from '../common/api-values.ts';
import { sisTakenIssue } from '../common/shared-params.ts';
import { IdResolver } from '../common/id-lookup.ts';
import { CoursesService } from '../courses/courses.service.ts';
import type { NewSection, SectionInclude } from './sections.params.ts';
import { sectionJson } from './sections.serializer.ts';
import { shownSections } from '../../domain/roster-visibility.ts';

/** Enrollment states that put a student on a section's roster. */
const ON_ROSTER = new Set(['active', 'invited']);

/** Sections of a course: creation, and what a caller may see (section-limited members see only their own). */
export class SectionsService {
  readonly #services: CoreServices;
  readonly #ids: IdResolver;
  readonly courses: CoursesService;

  constructor(services: CoreServices) {
    this.#services = services;
    this.#ids = new IdResolver(services);
    this.courses = new CoursesService(services);
  }

  /** An active section by id or `sis_section_id:`, with its (not deleted) course; else NotFoundError. */
  async resolve(raw: string): Promise<{ section: Stored<SectionData>; course: Stored<CourseData> }> {
    const section = await this.#services.repos.sections.get(await this.#ids.sectionId(raw));
    if (!section || section.data.workflow_state === 'deleted') throw new NotFoundError();
    return { section, course: await this.courses.get(section.data.course_id) };
  }

  async create(course: Stored<CourseData>, input: NewSection, stamp: WriteStamp): Promise<Stored<SectionData>> {
    const data: SectionData = {
      // Canvas names an unnamed section after its course.
      name: input.name?.trim() || course.data.name,
      course_id: course.id,
      sis_section_id: input.sis_section_id ?? null,
      integration_id: input.integration_id ?? null,
      start_at: isoOrNull(input.start_at ?? null),
      end_at: isoOrNull(input.end_at ?? null),
      restrict_enrollments_to_section_dates: input.restrict_enrollments_to_section_dates ?? false,
      default_section: false,
      workflow_state: 'active',
    };
    const errors: Record<string, FieldIssue[]> = {};
    if (data.start_at !== null && data.end_at !== null && Date.parse(data.end_at) < Date.parse(data.start_at)) {
      errors.end_at = [{ type: 'invalid', message: "End date can't be before start date" }];
    }
    if (data.sis_section_id !== null && (await this.#services.repos.sections.byLookup(lookupKey.sis(data.sis_section_id)))) {
      errors.sis_source_id = [sisTakenIssue(data.sis_section_id)];
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return this.#services.repos.sections.create(data, stamp);
  }

  /**
   * The sections the principal may see: all when a grant holds read_roster course-wide, else those of their
   * section-limited grants — plus, always, the sections they are enrolled in themselves.
   */
  async visibleTo(principal: Principal, course: Stored<CourseData>): Promise<{ sections: Stored<SectionData>[]; roster: ReadonlySet<number> | 'all' }> {
    const { access, repos } = this.#services;
    const [roster, shown] = await Promise.all([access.visibleSections(principal, course.id), shownSections(access, principal, course.id)]);
    const all = (await repos.sections.find({ course_id: course.id })).filter((s) => s.data.workflow_state === 'active');
    const sections = shown === 'all' ? all : all.filter((s) => shown.has(s.id));
    return { sections, roster };
  }

  /** A section the principal may see; one they may not is a 404, like one that does not exist. */
  async visibleSection(principal: Principal, section: Stored<SectionData>, course: Stored<CourseData>) {
    const { sections, roster } = await this.visibleTo(principal, course);
    if (!sections.some((s) => s.id === section.id)) throw new NotFoundError();
    return roster;
  }

  /** Section JSON for a page, with `students` only for sections whose roster the principal may read. */
  async jsonPage(
    sections: readonly Stored<SectionData>[],
    course: Stored<CourseData>,
    include: readonly SectionInclude[],
    roster: ReadonlySet<number> | 'all',
  ): Promise<Record<string, unknown>[]> {
    const { repos } = this.#services;
    const wants = new Set(include);
    if (!wants.has('students') && !wants.has('total_students')) return sections.map((s) => sectionJson(s, course));
    const enrollments = await repos.enrollments.find({ parent_id: { $in: sections.map((s) => s.id) } });
    const students = enrollments.filter(
      (e) => e.data.type === 'StudentEnrollment' && ON_ROSTER.has(effectiveEnrollmentState(e.data, course.data)),
    );
    const users = wants.has('students') ? await repos.users.getMany([...new Set(students.map((e) => e.data.user_id))]) : new Map<number, Stored<UserData>>();
    return sections.map((section) => {
      const ids = [...new Set(students.filter((e) => e.data.course_section_id === section.id).map((e) => e.data.user_id))];
      const extra: Record<string, unknown> = {};
      if (wants.has('total_students')) extra.total_students = ids.length;
      if (wants.has('students')) {
        const readable = roster === 'all' || roster.has(section.id);
        const list = readable ? ids.flatMap((id) => {
          const user = users.get(id);
          return user ? [userJson(id, user.data)] : [];
        }) : [];
        // Canvas sends null rather than an empty list for a section without students.
        extra.students = list.length > 0 ? list : null;
      }
      return sectionJson(section, course, extra);
    });
  }
}

function userJson(id: number, user: { name: string; sortable_name: string; short_name: string }) {
  return { id, name: user.name, sortable_name: user.sortable_name, short_name: user.short_name };
}

import type { CourseData, SectionData } from '../../domain/records/course-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';

/** Canvas's Section JSON (`lib/api/v1/section.rb`) as an allow-list; `extra` holds the include[] blocks. */
export function sectionJson(section: Stored<SectionData>, course: Stored<CourseData>, extra: Record<string, unknown> = {}) {
  const s = section.data;
  return {
    id: section.id,
    name: s.name,
    course_id: s.course_id,
    sis_section_id: s.sis_section_id,
    sis_course_id: course.data.sis_course_id,
    integration_id: s.integration_id,
    sis_import_id: null,
    // Cross-listing is not supported: a section always belongs to the course it was created in.
    nonxlist_course_id: null,
    start_at: s.start_at,
    end_at: s.end_at,
    restrict_enrollments_to_section_dates: s.restrict_enrollments_to_section_dates,
    created_at: isoSeconds(section.created_at),
    ...extra,
  };
}

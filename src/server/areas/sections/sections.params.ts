import { z } from 'zod';
import { canvasBoolean, canvasDate, canvasInclude, paginationParams } from '../../http/params/canvas-params.ts';
import { boundedText, sisIdParam } from '../common/shared-params.ts';

export const SECTION_INCLUDES = ['students', 'total_students'] as const;
export type SectionInclude = (typeof SECTION_INCLUDES)[number];

const courseRef = z.string().meta({ description: 'Course id or sis_course_id:<value>.' });
const sectionRef = z.string().meta({ description: 'Section id or sis_section_id:<value>.' });
const include = canvasInclude(SECTION_INCLUDES);

export const createSectionParams = z.object({
  course_id: courseRef,
  course_section: z
    .object({
      name: boundedText().optional(),
      sis_section_id: sisIdParam().optional(),
      integration_id: sisIdParam().optional(),
      start_at: canvasDate().optional(),
      end_at: canvasDate().optional(),
      restrict_enrollments_to_section_dates: canvasBoolean().optional(),
    })
    .optional(),
});
export type NewSection = NonNullable<z.output<typeof createSectionParams>['course_section']>;

export const listSectionsParams = z.object({ course_id: courseRef, include, ...paginationParams });
export const showSectionParams = z.object({ id: sectionRef, include });
export const showCourseSectionParams = z.object({ course_id: courseRef, id: sectionRef, include });

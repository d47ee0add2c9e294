import { z } from 'zod';
import { canvasBoolean, canvasEnum, canvasNumber } from '../../http/params/canvas-params.ts';

/** Course path ids: plain or `sis_course_id:`; the permission rule resolves them (404 when unknown). */
const courseRef = z.string().meta({ description: 'Course id or sis_course_id:<value>.' });

/** Canvas's percentages (`numericality: 0..100` on LatePolicy), stored with two decimals like its decimal(5,2) columns. */
const percent = () =>
  canvasNumber()
    .pipe(z.number().min(0, 'must be greater than or equal to 0').max(100, 'must be less than or equal to 100'))
    .transform((value) => Math.round(value * 100) / 100)
    .meta({ description: 'Percentage points, 0 to 100.' });

const fields = z.object({
  missing_submission_deduction_enabled: canvasBoolean().optional(),
  missing_submission_deduction: percent().optional(),
  late_submission_deduction_enabled: canvasBoolean().optional(),
  late_submission_deduction: percent().optional().meta({ description: 'Percentage points taken off per late_submission_interval, 0 to 100.' }),
  late_submission_interval: canvasEnum(['day', 'hour']).optional(),
  late_submission_minimum_percent_enabled: canvasBoolean().optional(),
  late_submission_minimum_percent: percent().optional().meta({ description: 'The lowest a late deduction takes a score to, in percent.' }),
});
export type LatePolicyChanges = z.output<typeof fields>;

export const showLatePolicyParams = z.object({ id: courseRef });

export const writeLatePolicyParams = z.object({
  id: courseRef,
  // Optional here so a missing block answers Canvas's `late_policy is missing`, not a keyed validation error.
  late_policy: fields.optional(),
});

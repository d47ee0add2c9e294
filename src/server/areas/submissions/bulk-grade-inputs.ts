import { z } from 'zod';
import type { CheckedGrade } from './grade-change.ts';

/** A checked grade request as the job table stores it (plain JSON): what `checkGradeRequest` produced. */
const storedCheckedGrade = z.object({
  grades: z.boolean(),
  posted: z.union([z.object({ kind: z.literal('clear') }), z.object({ kind: z.literal('grade'), score: z.number(), grade: z.string() })]).optional(),
  excuse: z.boolean().optional(),
  late: z.object({ status: z.enum(['late', 'missing', 'none']).nullable(), override: z.number().optional() }).optional(),
  comment: z.object({ text: z.string(), media_comment_id: z.string().nullable(), media_comment_type: z.string().nullable(), file_ids: z.array(z.number()) }).optional(),
}) satisfies z.ZodType<CheckedGrade>;

/**
 * The inputs of a bulk grading job (`update_grades`), checked when the call was answered: per student, the
 * assignment and the checked request; students the caller could not find or reach, which fail the job.
 */
export const bulkGradeInputs = z.object({
  course_id: z.number(),
  unknown: z.array(z.string()),
  entries: z.array(z.object({ assignment_id: z.number(), student_id: z.number(), checked: storedCheckedGrade })),
});

export type BulkGradeInputs = z.infer<typeof bulkGradeInputs>;

import { z } from 'zod';
import { canvasId, canvasInclude, canvasInteger, canvasList, canvasNumber, canvasString, paginationParams } from '../../http/params/canvas-params.ts';
import { courseIdParam, positionParam } from '../modules/modules.params.ts';

/** `scores` is Outpost's: one student's posted group percentages, which Canvas shows but its REST API does not carry. */
export const ASSIGNMENT_GROUP_INCLUDES = ['assignments', 'scores'] as const;

/** Drop counts are bounded so a hostile value cannot make the drop search huge; Canvas only needs them small. */
const dropCount = () => canvasInteger({ min: 0, max: 10_000 });

/** `rules[drop_lowest]`, `rules[drop_highest]`, `rules[never_drop][]`: the whole rule set, replaced when sent. */
const rulesParam = z.object({
  drop_lowest: dropCount().optional(),
  drop_highest: dropCount().optional(),
  never_drop: canvasList(canvasId()).optional(),
});

/** Canvas takes a group's fields at the top level, not wrapped in `assignment_group[...]`. */
const groupFields = {
  name: canvasString(z.string().trim().max(255)).optional(),
  position: positionParam().optional(),
  group_weight: z.union([canvasNumber().pipe(z.number().min(0).max(1_000_000)), z.null()]).optional(),
  rules: rulesParam.optional(),
};
export type AssignmentGroupFields = z.output<z.ZodObject<typeof groupFields>>;

const include = canvasInclude(ASSIGNMENT_GROUP_INCLUDES);
const groupId = canvasId();

/** Whose group scores include[]=scores shows: the caller by default, or a student they may see the grades of. */
const studentId = canvasId().optional().meta({ description: 'With include[]=scores: the student whose scores to show (default: the caller).' });

export const listGroupsParams = z.object({ course_id: courseIdParam, include, student_id: studentId, ...paginationParams });
export const showGroupParams = z.object({ course_id: courseIdParam, assignment_group_id: groupId, include, student_id: studentId });
export const createGroupParams = z.object({ course_id: courseIdParam, ...groupFields });
export const updateGroupParams = z.object({ course_id: courseIdParam, assignment_group_id: groupId, ...groupFields });
export const deleteGroupParams = z.object({ course_id: courseIdParam, assignment_group_id: groupId, move_assignments_to: canvasId().optional() });

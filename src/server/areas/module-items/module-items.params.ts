import { z } from 'zod';
import { canvasBoolean, canvasId, canvasInclude, canvasInteger, canvasNumber, canvasString, paginationParams } from '../../http/params/canvas-params.ts';
import { courseIdParam, positionParam } from '../modules/modules.params.ts';

export const ITEM_INCLUDES = ['content_details'] as const;
export type ItemInclude = (typeof ITEM_INCLUDES)[number];

/**
 * `completion_requirement`: its type stays free text here, so an unknown type reaches the service and gets
 * Canvas's keyed 400; an empty string or null removes the requirement.
 */
const requirementParam = z.union([
  z.object({
    type: z.union([canvasString(), z.null()]).optional(),
    min_score: z.union([canvasNumber(), z.literal(''), z.null()]).optional(),
  }),
  z.literal(''),
  z.null(),
]);
export type RequirementInput = z.output<typeof requirementParam>;

/** The writable fields of an item; type and content are checked per type by the service. */
export const itemFields = z.object({
  title: canvasString(z.string().trim().max(255)).optional(),
  type: canvasString().optional(),
  // Text, so a bad id is Canvas's "Could not find content" rather than a keyed validation error.
  content_id: z.union([canvasString(), z.null()]).optional(),
  position: positionParam().optional(),
  indent: canvasInteger({ min: 0, max: 20 }).optional(),
  page_url: canvasString().optional(),
  external_url: canvasString(z.string().trim().max(2048)).optional(),
  new_tab: canvasBoolean().optional(),
  completion_requirement: requirementParam.optional(),
  published: canvasBoolean().optional(),
  module_id: canvasString().optional(),
});
export type ItemFields = z.output<typeof itemFields>;

const viewParams = { include: canvasInclude(ITEM_INCLUDES), student_id: canvasString().optional() };

export const listItemsParams = z.object({
  course_id: courseIdParam,
  module_id: canvasId(),
  search_term: canvasString().optional(),
  ...viewParams,
  ...paginationParams,
});

export const showItemParams = z.object({ course_id: courseIdParam, module_id: canvasId(), id: canvasId(), ...viewParams });

export const createItemParams = z.object({ course_id: courseIdParam, module_id: canvasId(), module_item: itemFields.optional() });

export const updateItemParams = z.object({ course_id: courseIdParam, module_id: canvasId(), id: canvasId(), module_item: itemFields.optional() });

export const itemIdParams = z.object({ course_id: courseIdParam, module_id: canvasId(), id: canvasId() });

export const selectMasteryPathParams = z.object({
  course_id: courseIdParam,
  module_id: canvasId(),
  id: canvasId(),
  assignment_set_id: canvasString().optional(),
  student_id: canvasString().optional(),
});

export const SEQUENCE_ASSET_TYPES = ['moduleitem', 'file', 'page', 'discussion', 'assignment', 'quiz', 'externaltool'] as const;

export const sequenceParams = z.object({
  course_id: courseIdParam,
  asset_type: canvasString().optional(),
  asset_id: canvasString().optional(),
});

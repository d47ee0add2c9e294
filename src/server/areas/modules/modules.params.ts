import { z } from 'zod';
import {
  canvasBoolean,
  canvasDate,
  canvasId,
  canvasInclude,
  canvasInteger,
  canvasList,
  canvasString,
  paginationParams,
} from '../../http/params/canvas-params.ts';

/** `:course_id` is resolved by the access rule (plain id or `sis_course_id:`), so it stays raw text here. */
export const courseIdParam = z.string().meta({ description: 'Course id or sis_course_id:<value>.' });

export const MODULE_INCLUDES = ['items', 'content_details'] as const;
export type ModuleInclude = (typeof MODULE_INCLUDES)[number];

export const positionParam = () => canvasInteger({ min: 1, max: 1_000_000 });

/** The writable fields of a module, all optional: create requires a name itself (Canvas's own 400 body). */
export const moduleFields = z.object({
  name: canvasString(z.string().trim().max(255)).optional(),
  unlock_at: canvasDate().optional(),
  position: positionParam().optional(),
  require_sequential_progress: canvasBoolean().optional(),
  // Ids as strings (Canvas also accepts `module_12`); unknown ones are dropped, as are those that do not precede.
  prerequisite_module_ids: canvasList(canvasString()).optional(),
  publish_final_grade: canvasBoolean().optional(),
  published: canvasBoolean().optional(),
});
export type ModuleFields = z.output<typeof moduleFields>;

const viewParams = {
  include: canvasInclude(MODULE_INCLUDES),
  student_id: canvasString().optional(),
};

export const listModulesParams = z.object({
  course_id: courseIdParam,
  ...viewParams,
  search_term: canvasString().optional(),
  ...paginationParams,
});

export const showModuleParams = z.object({ course_id: courseIdParam, id: canvasId(), ...viewParams });

export const createModuleParams = z.object({ course_id: courseIdParam, module: moduleFields.optional() });

export const updateModuleParams = z.object({ course_id: courseIdParam, id: canvasId(), module: moduleFields.optional() });

export const moduleIdParams = z.object({ course_id: courseIdParam, id: canvasId() });

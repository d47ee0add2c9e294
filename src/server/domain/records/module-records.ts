/**
 * Shapes of modules, module items (Canvas's content tags) and per-student module progressions. Modules and items
 * live in the `course` collection; progressions in `course_user` (they belong to one student, docs/architecture.md §4.2).
 */

export const MODULE_ITEM_TYPES = ['File', 'Page', 'Discussion', 'Assignment', 'Quiz', 'SubHeader', 'ExternalUrl', 'ExternalTool'] as const;
export type ModuleItemType = (typeof MODULE_ITEM_TYPES)[number];

/** `must_mark_done` is Canvas's fifth type (the "mark as done" button); the spec lists the other four. */
export const REQUIREMENT_TYPES = ['must_view', 'must_submit', 'must_contribute', 'min_score', 'must_mark_done'] as const;
export type RequirementType = (typeof REQUIREMENT_TYPES)[number];

export interface CompletionRequirement {
  type: RequirementType;
  /** Only for min_score. */
  min_score?: number;
}

export interface ModuleData {
  course_id: number;
  name: string;
  position: number;
  /** ISO 8601 UTC, or null. */
  unlock_at: string | null;
  require_sequential_progress: boolean;
  prerequisite_module_ids: number[];
  publish_final_grade: boolean;
  /** Canvas's draft state, kept apart from workflow_state (which the spec shows as active/deleted). */
  published: boolean;
  workflow_state: 'active' | 'deleted';
}

export interface ModuleItemData {
  course_id: number;
  module_id: number;
  position: number;
  title: string;
  indent: number;
  type: ModuleItemType;
  /** The assignment, quiz, topic, file or tool; null for Page (page_url), SubHeader and ExternalUrl. */
  content_id: number | null;
  page_url: string | null;
  external_url: string | null;
  new_tab: boolean;
  completion_requirement: CompletionRequirement | null;
  published: boolean;
  workflow_state: 'active' | 'deleted';
}

export type ProgressionState = 'locked' | 'unlocked' | 'started' | 'completed';

/** One fulfilled requirement, as Canvas's `requirements_met` records it. */
export interface MetRequirement {
  id: number;
  type: RequirementType;
}

/** One student's progress through one module (Canvas's ContextModuleProgression). */
export interface ModuleProgressionData {
  course_id: number;
  module_id: number;
  user_id: number;
  workflow_state: ProgressionState;
  requirements_met: MetRequirement[];
  /** Latest score per item id, so a min_score requirement is judged against its current minimum. */
  scores: Record<string, number>;
  current_position: number | null;
  completed_at: string | null;
  /** Mastery path choices: item id → chosen assignment set id. */
  mastery_choices: Record<string, number>;
}

/** Per-course module settings: Mastery Paths (Canvas's conditional release) is off unless turned on. */
export interface ModuleSettingsData {
  course_id: number;
  mastery_paths: boolean;
  /** Item id → the assignment sets a student may choose from after that item. */
  assignment_sets: Record<string, Array<{ id: number; assignment_ids: number[] }>>;
}

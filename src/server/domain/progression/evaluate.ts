import type { CompletionRequirement, MetRequirement, ModuleProgressionData, ProgressionState } from '../records/module-records.ts';

/**
 * Canvas's module progression (docs/canvas-compatibility.md §2.4), as a pure function of the modules, the items a student can see,
 * the stored rows and the time. The service loads and persists; this decides. Kept free of storage so every
 * scenario (prerequisite chains, sequential locking, relock, dates, near-miss scores) is a plain unit test.
 */

/** Canvas accepts float near-misses such as 0.9999 against a minimum of 1 (scores pass through floats). */
export const SCORE_TOLERANCE = 1e-3;

export interface ModuleFacts {
  id: number;
  position: number;
  published: boolean;
  /** Epoch ms, or null. */
  unlock_at: number | null;
  require_sequential_progress: boolean;
  prerequisite_module_ids: readonly number[];
}

export interface ItemFacts {
  id: number;
  module_id: number;
  position: number;
  requirement: CompletionRequirement | null;
}

/** What a row keeps between evaluations: its state (only relock moves it back to locked) and its facts. */
export type RowState = Pick<
  ModuleProgressionData,
  'workflow_state' | 'requirements_met' | 'scores' | 'current_position' | 'completed_at'
>;

export interface EvaluatedModule {
  row: RowState;
  /** True when the row differs from the stored one (or none was stored) and should be written. */
  changed: boolean;
  /** Item id → whether its requirement is met; only items with a requirement, only when not locked. */
  met: ReadonlyMap<number, boolean>;
  /** Items the student cannot open yet: all of a locked module, or those past a sequential module's position. */
  lockedItemIds: ReadonlySet<number>;
}

export interface CourseFacts {
  /** Every active module of the course, published or not (prerequisites may name unpublished ones). */
  modules: readonly ModuleFacts[];
  /** Item lists per module id, only the items the student can see (published), in (position, title) order. */
  itemsByModule: ReadonlyMap<number, readonly ItemFacts[]>;
  rows: ReadonlyMap<number, RowState>;
  now: number;
}

export function emptyRow(): RowState {
  return { workflow_state: 'locked', requirements_met: [], scores: {}, current_position: null, completed_at: null };
}

/** Evaluates every published module for one student; unpublished modules get no progression (step 1). */
export function evaluateCourse(facts: CourseFacts): Map<number, EvaluatedModule> {
  const byId = new Map(facts.modules.map((m) => [m.id, m]));
  const results = new Map<number, EvaluatedModule>();
  const inProgress = new Set<number>();

  const evaluate = (module: ModuleFacts): EvaluatedModule | undefined => {
    if (!module.published) return undefined;
    const done = results.get(module.id);
    if (done) return done;
    // A prerequisite cycle (only possible after modules were reordered) counts as not completed.
    if (inProgress.has(module.id)) return undefined;
    inProgress.add(module.id);
    const prerequisitesDone = () =>
      module.prerequisite_module_ids.every((id) => {
        const prerequisite = byId.get(id);
        // Deleted or unpublished prerequisites no longer hold anyone back (Canvas's active_prerequisites).
        if (!prerequisite || !prerequisite.published) return true;
        return evaluate(prerequisite)?.row.workflow_state === 'completed';
      });
    const result = evaluateModule(module, facts.itemsByModule.get(module.id) ?? [], facts.rows.get(module.id), prerequisitesDone, facts.now);
    inProgress.delete(module.id);
    results.set(module.id, result);
    return result;
  };

  for (const module of facts.modules) evaluate(module);
  return results;
}

function evaluateModule(
  module: ModuleFacts,
  items: readonly ItemFacts[],
  stored: RowState | undefined,
  prerequisitesDone: () => boolean,
  now: number,
): EvaluatedModule {
  const start = stored ?? emptyRow();
  let state: ProgressionState = start.workflow_state;
  // Step 2 runs only while locked, and never locks a row again: only relock does (docs/canvas-compatibility.md §2.6).
  if (state === 'locked' && !(module.unlock_at !== null && module.unlock_at > now) && prerequisitesDone()) state = 'unlocked';

  const met = new Map<number, boolean>();
  let currentPosition: number | null = null;
  const lockedItemIds = new Set<number>();
  if (state === 'locked') {
    for (const item of items) lockedItemIds.add(item.id);
  } else {
    const required = items.filter((item) => item.requirement !== null);
    for (const item of required) met.set(item.id, requirementMet(item.id, item.requirement!, start));
    const metCount = [...met.values()].filter(Boolean).length;
    state = metCount === required.length ? 'completed' : metCount > 0 ? 'started' : 'unlocked';
    if (module.require_sequential_progress) {
      // Walk in order; the first unmet requirement is as far as the student may go.
      for (const item of items) {
        currentPosition = item.position;
        if (met.get(item.id) === false) break;
      }
      for (const item of items) if (currentPosition !== null && item.position > currentPosition) lockedItemIds.add(item.id);
    }
  }

  const completedAt = state === 'completed' ? (start.completed_at ?? new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z')) : null;
  const row: RowState = { ...start, workflow_state: state, current_position: currentPosition, completed_at: completedAt };
  const changed =
    stored === undefined ||
    stored.workflow_state !== row.workflow_state ||
    stored.current_position !== row.current_position ||
    stored.completed_at !== row.completed_at;
  return { row, changed, met, lockedItemIds };
}

/** Step 3: whether one item's requirement is satisfied by what the row has recorded. */
export function requirementMet(itemId: number, requirement: CompletionRequirement, row: Pick<RowState, 'requirements_met' | 'scores'>): boolean {
  const recorded = row.requirements_met.filter((entry: MetRequirement) => entry.id === itemId);
  switch (requirement.type) {
    case 'must_view':
      // Any other met requirement on the item implies it was viewed.
      return recorded.length > 0;
    case 'min_score': {
      const score = row.scores[String(itemId)];
      return score !== undefined && score + SCORE_TOLERANCE >= (requirement.min_score ?? 0);
    }
    default:
      return recorded.some((entry) => entry.type === requirement.type);
  }
}

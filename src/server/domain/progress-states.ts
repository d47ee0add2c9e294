import type { ProgressData } from './records/local-records.ts';

export interface NewProgress {
  context_type: string;
  context_id: number;
  user_id: number;
  /** What the job does, e.g. `assign_unassigned_members`. */
  tag: string;
}

/**
 * Canvas's Progress states, `queued` → `running` → `completed` or `failed`, as changes of the stored data. A
 * finished progress never changes again, so a late write from a retried job cannot turn a failure into a success.
 */
export const progressStates = {
  queued: (input: NewProgress): ProgressData => ({ ...input, completion: 0, workflow_state: 'queued', message: null, results: null }),

  /** Running, at `completion` percent (clamped to 0..100). */
  running: (completion: number, message?: string) =>
    unlessFinished((p) => ({ ...p, workflow_state: 'running', completion: Math.min(100, Math.max(0, completion)), message: message ?? p.message })),

  completed: (results: unknown = null, message?: string) =>
    unlessFinished((p) => ({ ...p, workflow_state: 'completed', completion: 100, results, message: message ?? p.message })),

  failed: (message: string) => unlessFinished((p) => ({ ...p, workflow_state: 'failed', message })),
};

export const isFinished = (p: ProgressData): boolean => p.workflow_state === 'completed' || p.workflow_state === 'failed';

function unlessFinished(change: (current: ProgressData) => ProgressData): (current: ProgressData) => ProgressData {
  return (current) => (isFinished(current) ? current : change(current));
}

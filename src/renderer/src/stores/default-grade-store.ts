import { create } from 'zustand';
import { followProgress } from '../lib/follow-progress.ts';
import { cellKey, useGradebookStore, type GradebookData } from './gradebook-store.ts';
import { currentApi, useSessionStore } from './session-store.ts';

/** A bulk "set default grade" for one assignment, from the request to the cells showing the new grades. */
export type DefaultGradeJob =
  | { assignmentId: number; status: 'running'; completion: number }
  | { assignmentId: number; status: 'done'; graded: number }
  | { assignmentId: number; status: 'failed'; message: string };

interface DefaultGradeStore {
  job?: DefaultGradeJob;
  /**
   * Gives `grade` to every student of the gradebook without one (excused students count as graded), or to every
   * student when `overwrite`, through one `update_grades` call; follows its Progress, then reads the grades back.
   */
  defaultGradeSet: (courseId: number, assignmentId: number, grade: string, overwrite: boolean) => Promise<void>;
  jobDismissed: () => void;
}

export const useDefaultGradeStore = create<DefaultGradeStore>()((set) => ({
  defaultGradeSet: async (courseId, assignmentId, grade, overwrite) => {
    const load = useGradebookStore.getState().load[courseId];
    if (load?.status !== 'loaded') return;
    const targets = studentsToGrade(load.data, assignmentId, overwrite);
    set({ job: { assignmentId, status: 'running', completion: 0 } });
    try {
      if (targets.length > 0) {
        const api = currentApi();
        const started = await api.gradesPosted(courseId, assignmentId, new Map(targets.map((id) => [id, grade])));
        await followProgress(
          started,
          (id) => api.progress(id),
          (completion) => set({ job: { assignmentId, status: 'running', completion } }),
          'The default grade could not be saved',
        );
        await useGradebookStore.getState().assignmentRegraded(courseId, assignmentId);
      }
      set({ job: { assignmentId, status: 'done', graded: targets.length } });
    } catch (error) {
      set({ job: { assignmentId, status: 'failed', message: error instanceof Error ? error.message : String(error) } });
    }
  },
  jobDismissed: () => set({ job: undefined }),
}));

/** Canvas's rule: only students with no grade get the default, unless the teacher asks to overwrite. */
function studentsToGrade(data: GradebookData, assignmentId: number, overwrite: boolean): number[] {
  return data.students
    .filter((student) => {
      const submission = data.submissions[cellKey(student.id, assignmentId)];
      return overwrite || (!submission?.excused && (submission?.entered_grade ?? null) === null);
    })
    .map((student) => student.id);
}

useSessionStore.subscribe((state, previous) => {
  if (previous.session.phase === 'signed-in' && state.session.phase !== 'signed-in') useDefaultGradeStore.setState({ job: undefined });
});

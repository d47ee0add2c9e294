import type { PlannerItem, PlannerNote, PlannerOverride } from '../../../contracts/planner-dtos.ts';
import type { Http } from './http.ts';

/** The planner: a course's to-do items for the caller or a student they observe, and the caller's done marks. */
export function plannerCalls(http: Http) {
  return {
    /** Canvas's default window (two weeks either side of today); `observed_user_id` reads a linked student's. */
    todoItems: (courseId: number, observedUserId?: number) =>
      http.getAll<PlannerItem>('/api/v1/planner/items', {
        'context_codes[]': [`course_${courseId}`],
        ...(observedUserId === undefined ? {} : { observed_user_id: observedUserId }),
      }),
    /** Marks an item done or not: a new override the first time, the existing one after. */
    itemMarked: (item: PlannerItem, done: boolean) =>
      item.planner_override
        ? http.writeJson<PlannerOverride>('PUT', `/api/v1/planner/overrides/${item.planner_override.id}`, { marked_complete: done })
        : http.writeJson<PlannerOverride>('POST', '/api/v1/planner/overrides', {
            plannable_type: item.plannable_type,
            plannable_id: Number(item.plannable_id),
            marked_complete: done,
          }),
    createNote: (courseId: number, note: NoteDraft) => http.writeJson<PlannerNote>('POST', '/api/v1/planner_notes', { ...note, course_id: courseId }),
    updateNote: (noteId: number, note: NoteDraft) => http.writeJson<PlannerNote>('PUT', `/api/v1/planner_notes/${noteId}`, note),
    deleteNote: (noteId: number) => http.write('DELETE', `/api/v1/planner_notes/${noteId}`),
  };
}

/** What the note form sends: a title and the moment the note shows on the list. */
export interface NoteDraft {
  title: string;
  todo_date: string;
}

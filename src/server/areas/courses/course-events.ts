import type { CourseWorkflowState } from '../../domain/records/course-records.ts';
import type { CourseEvent } from './courses.params.ts';

/**
 * Canvas's course state machine, as the API shows it (`created`/`claimed` both read `unpublished`). An event
 * that does not apply to the current state leaves it as it is, as Canvas's `process_event` does.
 */
const TRANSITIONS: Readonly<Record<CourseEvent, Partial<Record<CourseWorkflowState, CourseWorkflowState>>>> = {
  offer: { unpublished: 'available', completed: 'available' },
  claim: { available: 'unpublished' },
  conclude: { unpublished: 'completed', available: 'completed' },
  delete: { unpublished: 'deleted', available: 'deleted', completed: 'deleted' },
  // Canvas brings a deleted course back unpublished (`claimed`), never straight to students.
  undelete: { deleted: 'unpublished' },
};

export function nextWorkflowState(current: CourseWorkflowState, event: CourseEvent): CourseWorkflowState {
  return TRANSITIONS[event][current] ?? current;
}

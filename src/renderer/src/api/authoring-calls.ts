import type { Assignment, AssignmentGroup, AssignmentWrite } from '../../../contracts/lms-dtos.ts';
import type { Http } from './http.ts';

/** A teacher's writes to the course's content; like every write they go to the local API, which records them for sync. */
export function authoringCalls(http: Http) {
  const course = (courseId: number) => `/api/v1/courses/${courseId}`;
  return {
    assignmentGroups: (courseId: number) => http.getAll<AssignmentGroup>(`${course(courseId)}/assignment_groups`),
    createAssignment: (courseId: number, assignment: AssignmentWrite) =>
      http.writeJson<Assignment>('POST', `${course(courseId)}/assignments`, { assignment }),
    updateAssignment: (courseId: number, assignmentId: number, assignment: AssignmentWrite) =>
      http.writeJson<Assignment>('PUT', `${course(courseId)}/assignments/${assignmentId}`, { assignment }),
    deleteAssignment: (courseId: number, assignmentId: number) => http.write('DELETE', `${course(courseId)}/assignments/${assignmentId}`),
  };
}

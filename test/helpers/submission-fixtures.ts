import { api } from './api-fixtures.ts';
import { createAssignment } from './content-fixtures.ts';
import { createRosterCourse, type RosterCourse } from './enrollment-fixtures.ts';
import type { TestServer } from './server.ts';

/** A roster course (teacher, section-limited TA, designer, two students, an observer of student A, an outsider). */
export type SubmissionCourse = RosterCourse;

export const createSubmissionCourse = createRosterCourse;

type Json = Record<string, unknown> & { id: number };

/** A published assignment through the API; online text and url submissions, 10 points, unless `fields` say otherwise. */
export function createGradedAssignment(server: TestServer, course: SubmissionCourse, fields: Record<string, unknown> = {}): Promise<Json> {
  return createAssignment(server, course.teacher.token, course.id, {
    published: true,
    points_possible: 10,
    submission_types: ['online_text_entry', 'online_url'],
    ...fields,
  });
}

/** A text submission by the token's student; throws unless 201. */
export async function submitText(server: TestServer, token: string, courseId: number, assignmentId: number, body = '<p>My essay</p>'): Promise<Json> {
  const res = await api(server, token, 'POST', `/api/v1/courses/${courseId}/assignments/${assignmentId}/submissions`, {
    submission: { submission_type: 'online_text_entry', body },
  });
  if (res.status !== 201) throw new Error(`submit failed: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json as Json;
}

/** A PUT grade by the teacher; throws unless 200. */
export async function gradeAs(server: TestServer, token: string, courseId: number, assignmentId: number, userId: number, submission: Record<string, unknown>): Promise<Json> {
  const res = await api(server, token, 'PUT', `/api/v1/courses/${courseId}/assignments/${assignmentId}/submissions/${userId}`, { submission });
  if (res.status !== 200) throw new Error(`grade failed: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json as Json;
}

import { randomUUID } from 'node:crypto';
import { CoursesService } from '../../src/server/areas/courses/courses.service.ts';
import { BUILT_IN_ROLE_IDS } from '../../src/server/domain/permissions/index.ts';
import { writeTogether } from '../../src/server/domain/repository.ts';
import { api, fixtureStamp } from './api-fixtures.ts';
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

/**
 * `count` new students in the course's default section, written in two transactions (users, then enrollments):
 * fast enough to set up a large course. They have no tokens; their ids ascend.
 */
export async function enrollManyStudents(server: TestServer, courseId: number, count: number): Promise<number[]> {
  const { repos, installation } = server.core.services;
  const stamp = fixtureStamp();
  const sectionId = (await new CoursesService(server.core.services).defaultSection(courseId)).id;
  const tag = randomUUID().slice(0, 8);
  const users = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      repos.users.build(
        {
          name: `Student ${i}`, sortable_name: `${i}, Student`, short_name: `Student ${i}`, login_id: `many.${tag}.${i}`, sis_user_id: null, integration_id: null,
          email: null, time_zone: null, locale: null, root_account_id: installation.root_account_id, workflow_state: 'registered', uuid: randomUUID(),
        },
        stamp,
      ),
    ),
  );
  await writeTogether(users.map((user) => repos.users.insertion(user)));
  const enrollments = await Promise.all(
    users.map((user) =>
      repos.enrollments.build(
        {
          user_id: user.id, course_id: courseId, course_section_id: sectionId, type: 'StudentEnrollment', role_id: BUILT_IN_ROLE_IDS.StudentEnrollment,
          workflow_state: 'active', limit_privileges_to_course_section: false, associated_user_id: null, start_at: null, end_at: null, last_activity_at: null,
        },
        stamp,
      ),
    ),
  );
  await writeTogether(enrollments.map((enrollment) => repos.enrollments.insertion(enrollment)));
  return users.map((user) => user.id).sort((a, b) => a - b);
}

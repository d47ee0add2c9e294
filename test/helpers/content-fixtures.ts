import { randomUUID } from 'node:crypto';
import { BUILT_IN_ROLE_IDS, type EnrollmentType } from '../../src/server/domain/permissions/index.ts';
import type { AssignmentData, DiscussionTopicData, QuizData } from '../../src/server/domain/records/content-records.ts';
import { api, createFixtureUser, fixtureStamp, type FixtureUser } from './api-fixtures.ts';
import type { TestServer } from './server.ts';

/**
 * Courses, people and content for content-area tests (and later modules): the course and its people are written
 * through the server's repositories; content goes through the HTTP API, as a client would create it.
 */

export interface ContentCourse {
  id: number;
  sectionId: number;
  teacher: FixtureUser;
  student: FixtureUser;
  /** Has a token but no enrollment in the course. */
  outsider: FixtureUser;
}

/** An available course in the root account with a default section, a teacher, a student and an outsider. */
export async function createContentCourse(server: TestServer, name = 'Content 101'): Promise<ContentCourse> {
  const { repos, installation } = server.core.services;
  const course = await repos.courses.create(
    {
      name,
      course_code: name,
      account_id: installation.root_account_id,
      root_account_id: installation.root_account_id,
      workflow_state: 'available',
      sis_course_id: `SIS-${randomUUID()}`,
      integration_id: null,
      uuid: randomUUID(),
      start_at: null,
      end_at: null,
      time_zone: 'Etc/UTC',
      default_view: 'modules',
      syllabus_body: null,
      public_description: null,
      is_public: false,
      license: 'private',
      restrict_enrollments_to_course_dates: false,
      grading_standard_id: null,
      apply_assignment_group_weights: false,
      hide_final_grades: false,
    },
    fixtureStamp(),
  );
  const section = await repos.sections.create(
    {
      name,
      course_id: course.id,
      sis_section_id: null,
      integration_id: null,
      start_at: null,
      end_at: null,
      restrict_enrollments_to_section_dates: false,
      default_section: true,
      workflow_state: 'active',
    },
    fixtureStamp(),
  );
  const teacher = await createFixtureUser(server, 'Teacher');
  const student = await createFixtureUser(server, 'Student');
  const outsider = await createFixtureUser(server, 'Outsider');
  await enrollFixtureUser(server, course.id, section.id, teacher.id, 'TeacherEnrollment');
  await enrollFixtureUser(server, course.id, section.id, student.id, 'StudentEnrollment');
  return { id: course.id, sectionId: section.id, teacher, student, outsider };
}

export async function enrollFixtureUser(
  server: TestServer,
  courseId: number,
  sectionId: number,
  userId: number,
  type: EnrollmentType,
): Promise<void> {
  await server.core.services.repos.enrollments.create(
    {
      user_id: userId,
      course_id: courseId,
      course_section_id: sectionId,
      type,
      role_id: BUILT_IN_ROLE_IDS[type],
      workflow_state: 'active',
      limit_privileges_to_course_section: false,
      associated_user_id: null,
      start_at: null,
      end_at: null,
      last_activity_at: null,
    },
    fixtureStamp(),
  );
}

type Json = Record<string, unknown> & { id: number };

async function created(res: Promise<{ status: number; json: unknown }>, what: string): Promise<Json> {
  const { status, json } = await res;
  if (status !== 200) throw new Error(`creating ${what} failed: ${status} ${JSON.stringify(json)}`);
  return json as Json;
}

export function createAssignment(server: TestServer, token: string, courseId: number, fields: Partial<Record<keyof AssignmentData | 'published', unknown>> = {}) {
  return created(api(server, token, 'POST', `/api/v1/courses/${courseId}/assignments`, { assignment: { name: 'Essay', ...fields } }), 'assignment');
}

export function createQuiz(server: TestServer, token: string, courseId: number, fields: Partial<Record<keyof QuizData | 'published', unknown>> = {}) {
  return created(api(server, token, 'POST', `/api/v1/courses/${courseId}/quizzes`, { quiz: { title: 'Quiz', ...fields } }), 'quiz');
}

export function createDiscussionTopic(
  server: TestServer,
  token: string,
  courseId: number,
  fields: Partial<Record<keyof DiscussionTopicData | 'published' | 'assignment', unknown>> = {},
) {
  return created(api(server, token, 'POST', `/api/v1/courses/${courseId}/discussion_topics`, { title: 'Topic', ...fields }), 'topic');
}

export function createFile(server: TestServer, token: string, courseId: number, name = 'notes.txt', text = 'hello', extra: Record<string, unknown> = {}) {
  const content = Buffer.from(text).toString('base64');
  return created(api(server, token, 'POST', `/api/v1/courses/${courseId}/files`, { name, content, ...extra }), 'file');
}

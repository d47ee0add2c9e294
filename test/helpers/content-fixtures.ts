import type { AssignmentData, DiscussionTopicData, QuizData } from '../../src/server/domain/records/content-records.ts';
import { api, createFixtureUser, type FixtureUser } from './api-fixtures.ts';
import { createFixtureCourse, enrollFixtureUser, type FixtureCourse } from './course-fixtures.ts';
import type { TestServer } from './server.ts';

/**
 * Courses, people and content for content-area tests: the course and its people come from the course fixtures
 * (the courses service and the enrollment repository); content goes through the HTTP API, as a client would create it.
 */

export interface ContentCourse extends FixtureCourse {
  teacher: FixtureUser;
  student: FixtureUser;
  /** Has a token but no enrollment in the course. */
  outsider: FixtureUser;
}

/** An available course in the root account with a default section, a teacher, a student and an outsider. */
export async function createContentCourse(server: TestServer, name = 'Content 101'): Promise<ContentCourse> {
  const course = await createFixtureCourse(server, { name, course_code: name });
  const teacher = await createFixtureUser(server, 'Teacher');
  const student = await createFixtureUser(server, 'Student');
  const outsider = await createFixtureUser(server, 'Outsider');
  await enrollFixtureUser(server, course.id, teacher.id, 'TeacherEnrollment', { sectionId: course.sectionId });
  await enrollFixtureUser(server, course.id, student.id, 'StudentEnrollment', { sectionId: course.sectionId });
  return { ...course, teacher, student, outsider };
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

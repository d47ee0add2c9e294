import { expect } from 'vitest';
import { BUILT_IN_ROLE_IDS, type EnrollmentType } from '../../src/server/domain/permissions/index.ts';
import type { EnrollmentData } from '../../src/server/domain/records/course-records.ts';
import { AccountsService } from '../../src/server/areas/accounts/accounts.service.ts';
import { CoursesService } from '../../src/server/areas/courses/courses.service.ts';
import type { CourseFields } from '../../src/server/areas/courses/courses.params.ts';
import { SectionsService } from '../../src/server/areas/sections/sections.service.ts';
import { fixtureStamp } from './api-fixtures.ts';
import type { TestServer } from './server.ts';

export interface FixtureCourse {
  id: number;
  /** The default section every course gets on creation. */
  sectionId: number;
  accountId: number;
}

/**
 * A course created through the courses service (the same rules as `POST /accounts/:id/courses`), in the root
 * account unless `accountId` says otherwise; published unless `published: false`.
 */
export async function createFixtureCourse(
  server: TestServer,
  options: CourseFields & { accountId?: number; published?: boolean } = {},
): Promise<FixtureCourse> {
  const { accountId, published = true, ...fields } = options;
  const services = server.core.services;
  const account = await new AccountsService(services).get(accountId ?? services.installation.root_account_id);
  const { course, section } = await new CoursesService(services).create(
    account,
    { name: 'Fixture Course', ...fields },
    { offer: published },
    fixtureStamp(),
  );
  return { id: course.id, sectionId: section.id, accountId: account.id };
}

/** Another section of a course, through the sections service. */
export async function createFixtureSection(server: TestServer, courseId: number, name = 'Section B', sisSectionId?: string): Promise<number> {
  const sections = new SectionsService(server.core.services);
  const course = await sections.courses.get(courseId);
  return (await sections.create(course, { name, sis_section_id: sisSectionId ?? null }, fixtureStamp())).id;
}

export interface FixtureEnrollmentOptions {
  sectionId?: number;
  state?: EnrollmentData['workflow_state'];
  limitToSection?: boolean;
  associatedUserId?: number;
  roleId?: number;
}

/**
 * Enrolls a user with a built-in role (or `roleId`). Written straight to the repository: the enrollments area
 * owns the real rules; these tests only need the relation to exist.
 */
export async function enrollFixtureUser(
  server: TestServer,
  courseId: number,
  userId: number,
  type: EnrollmentType,
  options: FixtureEnrollmentOptions = {},
): Promise<number> {
  const services = server.core.services;
  const sectionId = options.sectionId ?? (await new CoursesService(services).defaultSection(courseId)).id;
  const enrollment = await services.repos.enrollments.create(
    {
      user_id: userId,
      course_id: courseId,
      course_section_id: sectionId,
      type,
      role_id: options.roleId ?? BUILT_IN_ROLE_IDS[type],
      workflow_state: options.state ?? 'active',
      limit_privileges_to_course_section: options.limitToSection ?? false,
      associated_user_id: options.associatedUserId ?? null,
      start_at: null,
      end_at: null,
      last_activity_at: null,
    },
    fixtureStamp(),
  );
  return enrollment.id;
}

interface ApiAnswer {
  status: number;
  headers: Headers;
  json: unknown;
}

/*
 * The error answers every area gives alike; `label` names the request when a test loops over several.
 */

/** No token, or a bad one: 401 with the Bearer challenge (docs/canvas-compatibility.md §0.2). */
export function expectInvalidToken(res: ApiAnswer, label?: string): void {
  expect(res.status, label).toBe(401);
  expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm=/);
  expect(res.json).toEqual({ errors: [{ message: 'Invalid access token.' }] });
}

/** A valid token without the right: 401 `unauthorized`, without the challenge header. */
export function expectUnauthorized(res: ApiAnswer, label?: string): void {
  expect(res.status, label).toBe(401);
  expect(res.headers.get('www-authenticate')).toBeNull();
  expect(res.json).toEqual({ status: 'unauthorized', errors: [{ message: 'user not authorized to perform that action' }] });
}

export function expectNotFound(res: ApiAnswer, label?: string): void {
  expectNotFoundSaying(res, { errors: [{ message: 'The specified resource does not exist.' }] }, label);
}

/** A 404 in the endpoint's own words, where Canvas's controller has them (`{"message":"page not found"}`…). */
export function expectNotFoundSaying(res: ApiAnswer, body: unknown, label?: string): void {
  expect(res.status, label).toBe(404);
  expect(res.json, label).toEqual(body);
}

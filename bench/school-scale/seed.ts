import { SubmissionStore } from '../../src/server/areas/submissions/submission-store.ts';
import { createFixtureUser, fixtureStamp, type FixtureUser } from '../../test/helpers/api-fixtures.ts';
import { createFixtureCourse, enrollFixtureUser } from '../../test/helpers/course-fixtures.ts';
import { gradeEveryone, settleBackgroundWork, storeTotals } from '../../test/helpers/gradebook-fixtures.ts';
import type { TestServer } from '../../test/helpers/server.ts';
import { enrollManyStudents } from '../../test/helpers/submission-fixtures.ts';
import { call } from '../modules/course.ts';

export interface SchoolSize {
  courses: number;
  studentsPerCourse: number;
  assignmentsPerCourse: number;
  /** Share of each course's assignments (the earliest due) graded for every student; the rest stay unsubmitted. */
  gradedShare: number;
  /** How many courses the timed student takes, as a secondary-school timetable has several. */
  timetable: number;
}

export interface SeededCourse {
  id: number;
  teacher: FixtureUser;
  students: number[];
  assignments: number[];
  /** Assignments nobody has a grade on yet: the push measure grades them. */
  ungraded: number[];
}

export interface School {
  courses: SeededCourse[];
  /** A student enrolled in the first `timetable` courses, with a token. */
  student: FixtureUser;
}

const DAY = 86_400_000;
const ASSIGNMENTS_PER_MODULE = 4;

/**
 * A school as its hub would hold it. The structure (assignments with due dates spread over ±3 weeks, modules of
 * four assignment items each with a must_submit requirement) goes through the API in each course; the people go
 * straight to the repositories (3,000 users through the API would take longer than the target); the grades are
 * written to the repository with the totals stored as grading through the API stores them, and every other
 * student × assignment pair gets the unsubmitted placeholder the server itself creates on first read.
 */
export async function seedSchool(server: TestServer, size: SchoolSize): Promise<School> {
  const student = await createFixtureUser(server, 'Timed Student');
  const courses: SeededCourse[] = [];
  for (let c = 0; c < size.courses; c++) {
    const course = await createFixtureCourse(server, { name: `Course ${c + 1}` });
    const teacher = await createFixtureUser(server, `Teacher ${c + 1}`);
    await enrollFixtureUser(server, course.id, teacher.id, 'TeacherEnrollment');
    const students = await enrollManyStudents(server, course.id, size.studentsPerCourse);
    if (c < size.timetable) {
      await enrollFixtureUser(server, course.id, student.id, 'StudentEnrollment');
      students.push(student.id);
    }
    const assignments = await createAssignments(server, teacher.token, course.id, size.assignmentsPerCourse);
    await createModules(server, teacher.token, course.id, assignments);
    const graded = assignments.slice(0, Math.round(assignments.length * size.gradedShare));
    const ungraded = assignments.slice(graded.length);
    await gradeEveryone(server, course.id, teacher.id, students, graded);
    await placeholders(server, ungraded, students);
    await storeTotals(server, course.id, students);
    courses.push({ id: course.id, teacher, students, assignments, ungraded });
  }
  await settleBackgroundWork(server);
  return { courses, student };
}

/**
 * Published 10-point online-text assignments, due one a day from three weeks ago on; one after the other, as a
 * teacher's client sends them (in parallel they would meet the per-user rate limit).
 */
async function createAssignments(server: TestServer, token: string, courseId: number, count: number): Promise<number[]> {
  const start = Date.now() - 21 * DAY;
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const assignment = { name: `Assignment ${i + 1}`, published: true, points_possible: 10, submission_types: ['online_text_entry'], due_at: new Date(start + i * DAY).toISOString() };
    ids.push((await call(server, token, 'POST', `/api/v1/courses/${courseId}/assignments`, { assignment })).id);
  }
  return ids;
}

/** One published module per four assignments, each item requiring a submission. */
async function createModules(server: TestServer, token: string, courseId: number, assignments: readonly number[]): Promise<void> {
  const base = `/api/v1/courses/${courseId}/modules`;
  for (let first = 0; first < assignments.length; first += ASSIGNMENTS_PER_MODULE) {
    const module = await call(server, token, 'POST', base, { module: { name: `Week ${first / ASSIGNMENTS_PER_MODULE + 1}` } });
    for (const id of assignments.slice(first, first + ASSIGNMENTS_PER_MODULE)) {
      await call(server, token, 'POST', `${base}/${module.id}/items`, { module_item: { type: 'Assignment', content_id: id, completion_requirement: { type: 'must_submit' } } });
    }
    await call(server, token, 'PUT', `${base}/${module.id}`, { module: { published: true } });
  }
}

/** The unsubmitted submissions the server keeps for every student (created here as its first read would). */
async function placeholders(server: TestServer, assignmentIds: readonly number[], studentIds: readonly number[]): Promise<void> {
  const store = new SubmissionStore(server.core.services);
  for (const id of assignmentIds) {
    const assignment = await server.core.services.repos.assignments.get(id);
    if (!assignment) throw new Error(`assignment ${id} not found`);
    await store.ensure(assignment, studentIds, fixtureStamp());
  }
}

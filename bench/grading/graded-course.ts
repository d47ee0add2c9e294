import { api, createFixtureUser, type FixtureUser } from '../../test/helpers/api-fixtures.ts';
import { createFixtureCourse, enrollFixtureUser } from '../../test/helpers/course-fixtures.ts';
import { gradeEveryone, settleBackgroundWork, storeTotals } from '../../test/helpers/gradebook-fixtures.ts';
import type { TestServer } from '../../test/helpers/server.ts';
import { enrollManyStudents } from '../../test/helpers/submission-fixtures.ts';

export interface GradedCourse {
  courseId: number;
  teacher: FixtureUser;
  students: number[];
  assignments: number[];
}

/**
 * A weighted course (Homework 40 %, Exams 60 %) of `studentCount` students and `assignmentCount` published
 * assignments worth 10 points, every student graded on every assignment but the last. The people and grades go
 * straight to the repositories (test/helpers), with the totals stored as grading through the API stores them; the
 * structure goes through the API.
 */
export async function buildGradedCourse(server: TestServer, studentCount: number, assignmentCount: number): Promise<GradedCourse> {
  const course = await createFixtureCourse(server, { name: 'Grading bench' });
  const teacher = await createFixtureUser(server, 'Bench Teacher');
  await enrollFixtureUser(server, course.id, teacher.id, 'TeacherEnrollment');
  const students = await enrollManyStudents(server, course.id, studentCount);
  const base = `/api/v1/courses/${course.id}`;
  const groups: number[] = [];
  for (const [name, group_weight] of [['Homework', 40], ['Exams', 60]] as const) {
    groups.push(((await api(server, teacher.token, 'POST', `${base}/assignment_groups`, { name, group_weight })).json as { id: number }).id);
  }
  const assignments: number[] = [];
  for (let i = 0; i < assignmentCount; i++) {
    const body = { assignment: { name: `A${i}`, published: true, points_possible: 10, assignment_group_id: groups[i % 2] } };
    assignments.push(((await api(server, teacher.token, 'POST', `${base}/assignments`, body)).json as { id: number }).id);
  }
  await api(server, teacher.token, 'PUT', base, { course: { apply_assignment_group_weights: true } });
  await gradeEveryone(server, course.id, teacher.id, students, assignments.slice(0, -1));
  await storeTotals(server, course.id, students);
  await settleBackgroundWork(server);
  return { courseId: course.id, teacher, students, assignments };
}

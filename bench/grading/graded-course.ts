import type { SubmissionData } from '../../src/server/domain/records/submission-records.ts';
import { writeTogether } from '../../src/server/domain/repository.ts';
import { api, createFixtureUser, fixtureStamp, type FixtureUser } from '../../test/helpers/api-fixtures.ts';
import { createFixtureCourse, enrollFixtureUser } from '../../test/helpers/course-fixtures.ts';
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
 * straight to the repositories in large batches (the API would take minutes); the structure goes through the API.
 */
export async function buildGradedCourse(server: TestServer, studentCount: number, assignmentCount: number): Promise<GradedCourse> {
  const { repos } = server.core.services;
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
  const stamp = fixtureStamp();
  for (const assignmentId of assignments.slice(0, -1)) {
    const built = await Promise.all(
      students.map((userId, i) => {
        const score = (i * 7 + assignmentId) % 11;
        const data: SubmissionData = {
          course_id: course.id, assignment_id: assignmentId, user_id: userId, submission_type: null, body: null, url: null, attachment_ids: [],
          media_comment_id: null, media_comment_type: null, attempt: null, submitted_at: null, score, grade: String(score), points_deducted: null,
          grader_id: teacher.id, graded_at: new Date().toISOString(), grade_matches_current_submission: true, excused: false,
          late_policy_status: null, seconds_late_override: null, workflow_state: 'graded',
        };
        return repos.submissions.build(data, stamp);
      }),
    );
    await writeTogether(built.map((r) => repos.submissions.insertion(r)));
  }
  return { courseId: course.id, teacher, students, assignments };
}

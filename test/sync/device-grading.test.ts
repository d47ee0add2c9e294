import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../src/contracts/session-dtos.ts';
import { api } from '../helpers/api-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { restartTestServer, startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, enrollManyStudents, submitText } from '../helpers/submission-fixtures.ts';
import { eventually, startDeviceOf } from '../helpers/sync-fixtures.ts';

const STUDENTS = 50;

/** A teacher grades and comments a whole class offline; reconnected, every grade and comment arrives once. */
describe('a teacher device grading offline', () => {
  let hub: TestServer;
  let device: TestServer;
  let course: RosterCourse;
  let students: number[];
  let assignmentId: number;
  let token: string;

  beforeAll(async () => {
    hub = await startTestServer();
    course = await createRosterCourse(hub, 'Grading offline');
    students = await enrollManyStudents(hub, course.id, STUDENTS);
    assignmentId = (await createGradedAssignment(hub, course)).id;
    await submitText(hub, course.studentA.token, course.id, assignmentId, '<p>Submitted before</p>');
    ({ device, token } = await startDeviceOf(hub, course.teacher));
  });
  afterAll(async () => {
    await device?.stop();
    await hub?.stop();
  });

  const status = async () => (await api(device, token, 'GET', '/api/v1/sync/status')).json as SyncStatus;

  it(`grades and comments ${STUDENTS + 1} students offline; each grade and comment reaches the hub exactly once`, async () => {
    await eventually(async () => ((await device.core.services.repos.enrollments.find({ course_id: course.id })).length >= STUDENTS + 2 ? true : undefined), 'the roster on the device');
    await eventually(async () => device.core.services.repos.submissions.byLookup(`submission:${assignmentId}:${course.studentA.id}`), "the student's submission on the device");
    await hub.close();

    const graded = [course.studentA.id, ...students];
    for (const [i, studentId] of graded.entries()) {
      const res = await api(device, token, 'PUT', `/api/v1/courses/${course.id}/assignments/${assignmentId}/submissions/${studentId}`, {
        submission: { posted_grade: String(i % 11) },
        comment: { text_comment: `Feedback ${i}` },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    }
    expect((await status()).waiting).toBe(graded.length);

    hub = await restartTestServer(hub);
    await eventually(async () => ((await status()).waiting === 0 ? true : undefined), 'every grade sent', 1200);
    expect((await status()).refused).toEqual([]);

    const { repos } = hub.core.services;
    const submissions = (await repos.submissions.find({ parent_id: assignmentId })).filter((s) => graded.includes(s.data.user_id));
    // One submission per student (none duplicated by the device's offline placeholders), graded as on the device.
    expect(submissions).toHaveLength(graded.length);
    const scores = new Map(submissions.map((s) => [s.data.user_id, s.data.score]));
    expect(graded.map((id) => scores.get(id))).toEqual(graded.map((_, i) => i % 11));
    expect((await repos.submissions.byLookup(`submission:${assignmentId}:${course.studentA.id}`))?.data.body).toBe('<p>Submitted before</p>');
    const comments = (await repos.submissionComments.find({ course_id: course.id })).filter((c) => c.data.assignment_id === assignmentId);
    expect(comments.map((c) => c.data.comment).sort()).toEqual(graded.map((_, i) => `Feedback ${i}`).sort());
    expect(new Set(comments.map((c) => c.data.author_id))).toEqual(new Set([course.teacher.id]));

    // Each replayed grade recomputed its student's course totals on the hub (one 10-point assignment: score × 10).
    const res = await api(hub, course.teacher.token, 'GET', `/api/v1/courses/${course.id}/enrollments?type[]=StudentEnrollment&per_page=100`);
    expect(res.status).toBe(200);
    const currentScore = new Map((res.json as { user_id: number; grades: { current_score: number | null } }[]).map((e) => [e.user_id, e.grades.current_score]));
    expect(graded.map((id) => currentScore.get(id))).toEqual(graded.map((_, i) => (i % 11) * 10));
    // One stored total per student: the device's offline totals did not come back as second records.
    const totals = (await repos.courseScores.find({ course_id: course.id })).filter((t) => graded.includes(t.data.user_id));
    expect(totals).toHaveLength(graded.length);
    const stored = new Map(totals.map((t) => [t.data.user_id, t.data.current_score]));
    expect(graded.map((id) => stored.get(id))).toEqual(graded.map((_, i) => (i % 11) * 10));
  });
});

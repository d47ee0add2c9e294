import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseScoreKey } from '../../src/server/domain/records/grading-records.ts';
import { api } from '../helpers/api-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { failWritesOf } from '../helpers/write-faults.ts';
import { createGradedAssignment, createSubmissionCourse, gradeAs, type SubmissionCourse } from '../helpers/submission-fixtures.ts';

type Json = Record<string, unknown> & { id: number };

/**
 * Course totals against hand-computed expectations. One course, built up step by step: each step changes one
 * thing (a grade, an excuse, weights, a drop rule, a mute, a grading standard) and checks the totals it gives.
 *
 * Homework (weight 40): H1 10 pts, H2 10 pts, H3 20 pts. Exams (weight 60): E1 100 pts, E2 50 pts.
 */
describe('course totals: enrollment grades and include[]=total_scores', () => {
  let server: TestServer;
  let c: SubmissionCourse;
  let courseBase: string;
  const work: Record<'H1' | 'H2' | 'H3' | 'E1' | 'E2', Json> = {} as never;
  let homework: Json;

  const grade = (name: keyof typeof work, userId: number, submission: Record<string, unknown>) =>
    gradeAs(server, c.teacher.token, c.id, work[name].id, userId, submission);
  /** The `grades` of a student's enrollment, as the token's holder sees it. */
  const gradesOf = async (token: string, studentId: number): Promise<Json | undefined> => {
    const res = await api(server, token, 'GET', `${courseBase}/enrollments?type[]=StudentEnrollment&per_page=100`);
    expect(res.status).toBe(200);
    return (res.json as Json[]).find((e) => e.user_id === studentId)?.grades as Json | undefined;
  };
  const teacherSees = (studentId = c.studentA.id) => gradesOf(c.teacher.token, studentId);
  const updateCourse = async (course: Record<string, unknown>) =>
    expect((await api(server, c.teacher.token, 'PUT', courseBase, { course })).status).toBe(200);

  beforeAll(async () => {
    server = await startTestServer();
    c = await createSubmissionCourse(server, 'Totals 101');
    courseBase = `/api/v1/courses/${c.id}`;
    const group = async (name: string, group_weight: number) =>
      (await api(server, c.teacher.token, 'POST', `${courseBase}/assignment_groups`, { name, group_weight })).json as Json;
    homework = await group('Homework', 40);
    const exams = await group('Exams', 60);
    const add = async (name: keyof typeof work, groupId: number, points: number) => {
      work[name] = await createGradedAssignment(server, c, { name, assignment_group_id: groupId, points_possible: points });
    };
    await add('H1', homework.id, 10);
    await add('H2', homework.id, 10);
    await add('H3', homework.id, 20);
    await add('E1', exams.id, 100);
    await add('E2', exams.id, 50);
  });
  afterAll(() => server.stop());

  it('nothing graded: no current score, a final score of zero', async () => {
    expect(await teacherSees()).toMatchObject({ current_score: null, final_score: 0, current_grade: null, final_grade: null });
  });

  it('unweighted: current ignores ungraded work, final counts it as zero; stored in the grade’s own write', async () => {
    await grade('H1', c.studentA.id, { posted_grade: '8' });
    await grade('E1', c.studentA.id, { posted_grade: '70' });
    // current 78/110, final 78/190
    expect(await teacherSees()).toMatchObject({ current_score: 70.91, final_score: 41.05 });
    const stored = await server.core.services.repos.courseScores.byLookup(courseScoreKey(c.id, c.studentA.id));
    expect(stored?.data).toMatchObject({ current_score: 70.91, final_score: 41.05, unposted_current_score: 70.91 });
    // Only the graded student's totals were written.
    expect(await server.core.services.repos.courseScores.byLookup(courseScoreKey(c.id, c.studentB.id))).toBeUndefined();
  });

  it('a grade whose totals cannot be written is not written either (one transaction)', async () => {
    const restore = failWritesOf(server, (doc) => doc.type === 'course_score', server.core.db.collections.course_user);
    try {
      const res = await api(server, c.teacher.token, 'PUT', `${courseBase}/assignments/${work.E1.id}/submissions/${c.studentA.id}`, {
        submission: { posted_grade: '10' },
      });
      expect(res.status).toBe(500);
    } finally {
      restore();
    }
    const e1 = await api(server, c.teacher.token, 'GET', `${courseBase}/assignments/${work.E1.id}/submissions/${c.studentA.id}`);
    expect(e1.json).toMatchObject({ score: 70 });
    expect(await teacherSees()).toMatchObject({ current_score: 70.91 });
  });

  it('excused work counts in neither', async () => {
    await grade('H3', c.studentA.id, { excuse: true });
    // final 78/170
    expect(await teacherSees()).toMatchObject({ current_score: 70.91, final_score: 45.88 });
  });

  it('weighted groups once the course applies weights, renormalised over groups with graded work', async () => {
    await updateCourse({ apply_assignment_group_weights: true });
    expect((await api(server, c.teacher.token, 'GET', courseBase)).json).toMatchObject({ apply_assignment_group_weights: true });
    // current: 0.8×40 + 0.7×60 = 74; final: (8/20)×40 + (70/150)×60 = 16 + 28 = 44
    expect(await teacherSees()).toMatchObject({ current_score: 74, final_score: 44 });
    // Student B has only homework graded: current is homework alone, scaled from 40 to 100.
    await grade('H1', c.studentB.id, { posted_grade: '9' });
    expect(await teacherSees(c.studentB.id)).toMatchObject({ current_score: 90, final_score: 9 });
  });

  it('drop_lowest drops the homework whose removal leaves the best score', async () => {
    await grade('H2', c.studentA.id, { posted_grade: '2' });
    // without the rule: homework 10/20 → 0.5×40 + 42 = 62
    expect(await teacherSees()).toMatchObject({ current_score: 62 });
    const put = await api(server, c.teacher.token, 'PUT', `${courseBase}/assignment_groups/${homework.id}`, { rules: { drop_lowest: 1 } });
    expect(put.status).toBe(200);
    // H2 dropped: homework 8/10 → 32 + 42 = 74; final 32 + 28 = 60
    expect(await teacherSees()).toMatchObject({ current_score: 74, final_score: 60 });
  });

  it('never_drop keeps the work it names, and the drop count applies to the rest', async () => {
    await api(server, c.teacher.token, 'PUT', `${courseBase}/assignment_groups/${homework.id}`, { rules: { drop_lowest: 1, never_drop: [work.H2.id] } });
    // H2 stays; H1 is the only droppable work and a group always keeps one: homework 10/20 → 20 + 42 = 62
    expect(await teacherSees()).toMatchObject({ current_score: 62 });
    await api(server, c.teacher.token, 'PUT', `${courseBase}/assignment_groups/${homework.id}`, { rules: { drop_lowest: 1 } });
    expect(await teacherSees()).toMatchObject({ current_score: 74 });
  });

  it('a muted assignment’s grades are hidden from the student and their observer, not from the teacher', async () => {
    const muted = await api(server, c.teacher.token, 'PUT', `${courseBase}/assignments/${work.E2.id}`, { assignment: { muted: true } });
    expect(muted.json).toMatchObject({ muted: true });
    await grade('E2', c.studentA.id, { posted_grade: '50' });
    // teacher (every grade): exams 120/150 → 32 + 48 = 80
    expect(await teacherSees()).toMatchObject({
      current_score: 74,
      final_score: 60,
      unposted_current_score: 80,
      unposted_final_score: 80,
    });
    for (const token of [c.studentA.token, c.observer.token]) {
      const seen = await gradesOf(token, c.studentA.id);
      expect(seen).toMatchObject({ current_score: 74, final_score: 60 });
      expect(seen).not.toHaveProperty('unposted_current_score');
    }
  });

  it('include[]=scores gives each group the posted percentages of the caller or of a student they may see', async () => {
    const groupsSeenBy = async (token: string, query = '') => {
      const res = await api(server, token, 'GET', `${courseBase}/assignment_groups?include[]=scores${query}`);
      expect(res.status).toBe(200);
      return Object.fromEntries((res.json as Json[]).map((g) => [g.name, g.scores]));
    };
    // Homework: H2 dropped, H3 excused → 8/10. Exams: E2 is muted, so ungraded here: current 70/100, final 70/150.
    const posted = { Homework: { current_score: 80, final_score: 80 }, Exams: { current_score: 70, final_score: 46.67 } };
    expect(await groupsSeenBy(c.studentA.token)).toMatchObject(posted);
    expect(await groupsSeenBy(c.observer.token, `&student_id=${c.studentA.id}`)).toMatchObject(posted);
    expect(await groupsSeenBy(c.teacher.token, `&student_id=${c.studentA.id}`)).toMatchObject(posted);
    expect(await groupsSeenBy(c.studentB.token, `&student_id=${c.studentA.id}`)).toMatchObject({ Homework: null, Exams: null });
    const plain = await api(server, c.studentA.token, 'GET', `${courseBase}/assignment_groups`);
    expect((plain.json as Json[])[0]).not.toHaveProperty('scores');
  });

  it('those without grading rights see the grades link but no scores; a section-limited TA sees their section', async () => {
    const own = await gradesOf(c.studentB.token, c.studentB.id);
    expect(own).toMatchObject({ current_score: 90 });
    expect(await gradesOf(c.designer.token, c.studentA.id)).toEqual({ html_url: expect.stringContaining(`/courses/${c.id}/grades/${c.studentA.id}`) });
    expect(await gradesOf(c.ta.token, c.studentB.id)).toMatchObject({ current_score: 90, unposted_current_score: 90 });
  });

  it('letter grades come from the course’s grading standard, when it has one', async () => {
    await updateCourse({ grading_standard_id: 1 });
    // Canvas's default scheme: 74 is a C, 60 an F, 80 a B-
    expect(await teacherSees()).toMatchObject({ current_grade: 'C', final_grade: 'F', unposted_current_grade: 'B-' });
  });

  it('include[]=total_scores puts the student’s posted totals on their course enrollments', async () => {
    const list = await api(server, c.studentA.token, 'GET', '/api/v1/courses?include[]=total_scores');
    const course = (list.json as Json[]).find((x) => x.id === c.id)!;
    expect(course.enrollments).toEqual([
      expect.objectContaining({ type: 'student', computed_current_score: 74, computed_final_score: 60, computed_current_grade: 'C', computed_final_grade: 'F' }),
    ]);
    const one = (await api(server, c.studentA.token, 'GET', `${courseBase}?include[]=total_scores`)).json as Json;
    expect((one.enrollments as Json[])[0]).toMatchObject({ computed_current_score: 74 });
    const without = (await api(server, c.studentA.token, 'GET', courseBase)).json as Json;
    expect((without.enrollments as Json[])[0]).not.toHaveProperty('computed_current_score');
  });

  it('a course that hides final grades ignores include[]=total_scores', async () => {
    await updateCourse({ hide_final_grades: true });
    const one = (await api(server, c.studentA.token, 'GET', `${courseBase}?include[]=total_scores`)).json as Json;
    expect((one.enrollments as Json[])[0]).not.toHaveProperty('computed_current_score');
    await updateCourse({ hide_final_grades: false });
  });

  it('bulk grading updates each graded student’s totals', async () => {
    const res = await api(server, c.teacher.token, 'POST', `${courseBase}/submissions/update_grades`, {
      grade_data: { [work.H2.id]: { [c.studentB.id]: { posted_grade: '10' } }, [work.E1.id]: { [c.studentB.id]: { posted_grade: '100' } } },
    });
    expect(res.status).toBe(200);
    const progress = new URL((res.json as Json).url as string).pathname;
    let state = '';
    for (let i = 0; i < 200 && state !== 'completed' && state !== 'failed'; i++) {
      state = ((await api(server, c.teacher.token, 'GET', progress)).json as Json).workflow_state as string;
      if (state !== 'completed') await new Promise((r) => setTimeout(r, 20));
    }
    expect(state).toBe('completed');
    // B: homework H1 9/10, H2 10/10 (drop_lowest drops H1) → 40; exams 100/100 → 60: current 100.
    // final: homework H1, H2, H3 0/20 → drop H3 → 19/20... the best: drop H3 (0/20) → 19/20 = 0.95×40 = 38; exams 100/150 → 40: 78
    expect(await teacherSees(c.studentB.id)).toMatchObject({ current_score: 100, final_score: 78 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createFixtureUser } from '../helpers/api-fixtures.ts';
import { createFixtureCourse, enrollFixtureUser, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createAssignment } from '../helpers/content-fixtures.ts';
import { createItem, createPublishedModule } from '../helpers/module-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, createSubmissionCourse, enrollManyStudents, gradeAs, submitText, type SubmissionCourse } from '../helpers/submission-fixtures.ts';
import { formApi } from '../helpers/poll-fixtures.ts';

const ADMIN_TOKEN = 'grading-admin-token';
type Json = Record<string, unknown>;

describe('submissions API: grading and comments (PUT)', () => {
  let server: TestServer;
  let course: SubmissionCourse;
  let assignment: Json & { id: number };
  let base: string;
  const put = (token: string, userId: number | string, body: unknown, path = base) => api(server, token, 'PUT', `${path}/${userId}`, body);

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN_TOKEN });
    course = await createSubmissionCourse(server, 'Grading 101');
    assignment = await createGradedAssignment(server, course);
    base = `/api/v1/courses/${course.id}/assignments/${assignment.id}/submissions`;
    await submitText(server, course.studentA.token, course.id, assignment.id);
  });
  afterAll(() => server.stop());

  it('401: students, observers and designers cannot grade; the section TA cannot reach section A', async () => {
    for (const who of [course.studentA, course.observer, course.designer, course.ta]) {
      expectUnauthorized(await put(who.token, course.studentA.id, { submission: { posted_grade: '5' } }), who.login);
    }
    expectUnauthorized(await put(course.studentA.token, course.studentA.id, { rubric_assessment: { crit: { points: 3 } } }));
    // Comments: the student on their own, graders; not an observer, not another student.
    expectUnauthorized(await put(course.observer.token, course.studentA.id, { comment: { text_comment: 'hi' } }));
    expectUnauthorized(await put(course.studentB.token, course.studentA.id, { comment: { text_comment: 'hi' } }));
  });

  it('404 for a non-student user_id and an unknown assignment', async () => {
    expectNotFound(await put(ADMIN_TOKEN, course.teacher.id, { submission: { posted_grade: '5' } }));
    expectNotFound(await put(ADMIN_TOKEN, course.studentA.id, { submission: { posted_grade: '5' } }, `/api/v1/courses/${course.id}/assignments/999999999/submissions`));
  });

  it('400 for an unparseable posted_grade, and for grading while excusing; nothing is saved', async () => {
    for (const body of [
      { submission: { posted_grade: 'banana' } },
      { submission: { posted_grade: '5', excuse: true }, comment: { text_comment: 'must not be saved' } },
      { submission: { posted_grade: 'x' }, comment: { text_comment: 'must not be saved' } },
    ]) {
      const res = await put(course.teacher.token, course.studentA.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await put(course.teacher.token, course.studentA.id, { submission: { posted_grade: '5', excuse: 'true' } })).json).toEqual({
      error: 'Cannot simultaneously grade and excuse an assignment',
    });
    expect((await put(course.teacher.token, course.studentA.id, { submission: { posted_grade: 'banana' } })).json).toMatchObject({
      errors: { posted_grade: [expect.objectContaining({ attribute: 'posted_grade' })] },
    });
    const shown = (await api(server, course.teacher.token, 'GET', `${base}/${course.studentA.id}?include[]=submission_comments`)).json as Json;
    expect(shown).toMatchObject({ score: null, grade: null, workflow_state: 'submitted', submission_comments: [] });
  });

  it('grades: score, grade, grader and graded state; the response carries comments and all_submissions', async () => {
    const res = await put(course.teacher.token, course.studentA.id, { submission: { posted_grade: '8.5' }, comment: { text_comment: 'Good work' } });
    expect(res.status).toBe(200);
    const s = res.json as Json;
    expect(s).toMatchObject({ score: 8.5, grade: '8.5', entered_score: 8.5, grader_id: course.teacher.id, workflow_state: 'graded', attempt: 1, grade_matches_current_submission: true });
    expect(s.graded_at).toMatch(/Z$/);
    expect(s.submission_comments).toEqual([expect.objectContaining({ comment: 'Good work', author_id: course.teacher.id, author_name: expect.any(String) })]);
    expect(s.all_submissions).toEqual([expect.objectContaining({ id: s.id, score: 8.5 })]);
    // A resubmission keeps the score but no longer matches it.
    const again = await submitText(server, course.studentA.token, course.id, assignment.id, 'v2');
    expect(again).toMatchObject({ attempt: 2, score: 8.5, workflow_state: 'submitted', grade_matches_current_submission: false });
  });

  it('the section TA grades their own section’s student, through the section path too', async () => {
    const sectionBase = `/api/v1/sections/${course.sectionB}/assignments/${assignment.id}/submissions`;
    const res = await put(course.ta.token, course.studentB.id, { submission: { posted_grade: '100%' } }, sectionBase);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ score: 10, grade: '10', workflow_state: 'graded', attempt: null, submission_type: null });
    // Student A is not in section B.
    expectNotFound(await put(course.teacher.token, course.studentA.id, { submission: { posted_grade: '1' } }, sectionBase));
  });

  it('posted_grade per grading type, blank clears', async () => {
    const letter = await createGradedAssignment(server, course, { grading_type: 'letter_grade' });
    const lPath = `/api/v1/courses/${course.id}/assignments/${letter.id}/submissions`;
    expect((await put(course.teacher.token, course.studentA.id, { submission: { posted_grade: '85%' } }, lPath)).json).toMatchObject({ score: 8.5, grade: 'B' });
    expect((await put(course.teacher.token, course.studentA.id, { submission: { posted_grade: 'A-' } }, lPath)).json).toMatchObject({ score: 9.3, grade: 'A-' });
    const pf = await createGradedAssignment(server, course, { grading_type: 'pass_fail' });
    const pPath = `/api/v1/courses/${course.id}/assignments/${pf.id}/submissions`;
    expect((await put(course.teacher.token, course.studentA.id, { submission: { posted_grade: 'pass' } }, pPath)).json).toMatchObject({ score: 10, grade: 'complete' });
    expect((await put(course.teacher.token, course.studentA.id, { submission: { posted_grade: '5' } }, pPath)).status).toBe(400);
    const cleared = (await put(course.teacher.token, course.studentA.id, { submission: { posted_grade: '' } }, pPath)).json;
    expect(cleared).toMatchObject({ score: null, grade: null, workflow_state: 'unsubmitted', grader_id: null });
  });

  it('excuse clears the grade; a late_policy_status un-excuses; seconds_late_override only while late', async () => {
    const a = await createGradedAssignment(server, course);
    const path = `/api/v1/courses/${course.id}/assignments/${a.id}/submissions`;
    await gradeAs(server, course.teacher.token, course.id, a.id, course.studentB.id, { posted_grade: '7' });
    const excused = (await put(course.teacher.token, course.studentB.id, { submission: { excuse: '1' } }, path)).json;
    expect(excused).toMatchObject({ excused: true, score: null, grade: null, workflow_state: 'graded', late: false, missing: false });
    const late = (await put(course.teacher.token, course.studentB.id, { submission: { late_policy_status: 'late', seconds_late_override: 3600 } }, path)).json;
    expect(late).toMatchObject({ excused: false, late: true, late_policy_status: 'late', seconds_late: 3600 });
    const missing = (await put(course.teacher.token, course.studentB.id, { submission: { late_policy_status: 'missing' } }, path)).json;
    expect(missing).toMatchObject({ late: false, missing: true, late_policy_status: 'missing', seconds_late: 0 });
    const none = (await put(course.teacher.token, course.studentB.id, { submission: { late_policy_status: 'null' } }, path)).json;
    expect(none).toMatchObject({ late_policy_status: null, missing: false });
    expect((await put(course.teacher.token, course.studentB.id, { submission: { late_policy_status: 'sometimes' } }, path)).status).toBe(400);
  });

  it('comments: the student on their own work, media comments, history unchanged by comments', async () => {
    const res = await put(course.studentA.token, 'self', { comment: { media_comment_id: 'm-9', media_comment_type: 'video' } });
    expect(res.status).toBe(200);
    const comments = (res.json as { submission_comments: Json[] }).submission_comments;
    expect(comments.at(-1)).toMatchObject({ author_id: course.studentA.id, comment: 'This is a media comment.', media_comment: { media_id: 'm-9', media_type: 'video' } });
    expect(res.json).toMatchObject({ score: 8.5, attempt: 2 });
  });
});

describe('submissions API: bulk grading, gradeable students, summary, read marks, student lists, progression', () => {
  let server: TestServer;
  let course: SubmissionCourse;
  let assignment: Json & { id: number };
  let courseBase: string;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN_TOKEN });
    course = await createSubmissionCourse(server, 'Bulk 101');
    assignment = await createGradedAssignment(server, course);
    courseBase = `/api/v1/courses/${course.id}`;
  });
  afterAll(() => server.stop());

  /** Polls a Progress as its owner until it is done. */
  async function finished(progressUrl: string, token = course.teacher.token, attempts = 100): Promise<Json> {
    const path = new URL(progressUrl).pathname;
    for (let i = 0; i < attempts; i++) {
      const p = (await api(server, token, 'GET', path)).json as Json;
      if (p.workflow_state === 'completed' || p.workflow_state === 'failed') return p;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('progress never finished');
  }

  describe('update_grades', () => {
    const path = () => `${courseBase}/assignments/${assignment.id}/submissions/update_grades`;

    it('401 for students and a draft assignment; 400 for empty or unparseable grade_data, nothing saved', async () => {
      expectUnauthorized(await api(server, course.studentA.token, 'POST', path(), { grade_data: { [course.studentA.id]: { posted_grade: '1' } } }));
      const draft = await createGradedAssignment(server, course, { published: false });
      expectUnauthorized(await api(server, course.teacher.token, 'POST', `${courseBase}/assignments/${draft.id}/submissions/update_grades`, { grade_data: { [course.studentA.id]: { posted_grade: '1' } } }));
      const empty = await api(server, course.teacher.token, 'POST', path(), {});
      expect(empty.status).toBe(400);
      expect(empty.json).toEqual({ error: "'grade_data' parameter required" });
      const bad = await api(server, course.teacher.token, 'POST', path(), { grade_data: { [course.studentA.id]: { posted_grade: '3' }, [course.studentB.id]: { posted_grade: 'nope' } } });
      expect(bad.status).toBe(400);
      const a = (await api(server, course.teacher.token, 'GET', `${courseBase}/assignments/${assignment.id}/submissions/${course.studentA.id}`)).json;
      expect(a).toMatchObject({ score: null });
    });

    it('answers a Progress and grades everyone in one go, comments included', async () => {
      const res = await api(server, course.teacher.token, 'POST', path(), {
        grade_data: { [course.studentA.id]: { posted_grade: '9', text_comment: 'Nice' }, [course.studentB.id]: { excuse: true } },
      });
      expect(res.status).toBe(200);
      const progress = res.json as Json;
      expect(progress).toMatchObject({ tag: 'submissions_update', context_type: 'Course', context_id: course.id, workflow_state: 'queued', completion: 0 });
      expect(await finished(progress.url as string)).toMatchObject({ workflow_state: 'completed', completion: 100 });
      const list = (await api(server, course.teacher.token, 'GET', `${courseBase}/assignments/${assignment.id}/submissions?include[]=submission_comments`)).json as Json[];
      expect(list.find((s) => s.user_id === course.studentA.id)).toMatchObject({ score: 9, grade: '9', submission_comments: [expect.objectContaining({ comment: 'Nice' })] });
      expect(list.find((s) => s.user_id === course.studentB.id)).toMatchObject({ excused: true });
    });

    it('course path takes assignment_id per student; unknown or unreachable students fail the job with nothing written', async () => {
      const other = await createGradedAssignment(server, course);
      const res = await api(server, course.ta.token, 'POST', `${courseBase}/submissions/update_grades`, {
        grade_data: { [course.studentB.id]: { posted_grade: '4', assignment_id: other.id }, [course.studentA.id]: { posted_grade: '4', assignment_id: other.id }, '77777777': { posted_grade: '1', assignment_id: other.id } },
      });
      expect(res.status).toBe(200);
      const done = await finished((res.json as Json).url as string, course.ta.token);
      expect(done).toMatchObject({ workflow_state: 'failed', message: `Couldn't find User(s) with API ids '77777777', '${course.studentA.id}'` });
      const b = (await api(server, course.teacher.token, 'GET', `${courseBase}/assignments/${other.id}/submissions/${course.studentB.id}`)).json;
      expect(b).toMatchObject({ score: null });
      const ok = await api(server, course.ta.token, 'POST', `${courseBase}/submissions/update_grades`, { grade_data: { [course.studentB.id]: { posted_grade: '4', assignment_id: other.id } } });
      expect(await finished((ok.json as Json).url as string, course.ta.token)).toMatchObject({ workflow_state: 'completed' });
      const missingId = await api(server, course.teacher.token, 'POST', `${courseBase}/submissions/update_grades`, { grade_data: { [course.studentB.id]: { posted_grade: '4' } } });
      expect(missingId.status).toBe(400);
    });

    it('course path, Canvas’s form grade_data[<assignment_id>][<student_id>][…], form-encoded and JSON: grades, excuses and comments across assignments', async () => {
      const [first, second] = [await createGradedAssignment(server, course), await createGradedAssignment(server, course)];
      const { studentA, studentB } = course;
      const form = [
        `grade_data[${first.id}][${studentA.id}][posted_grade]=7`,
        `grade_data[${first.id}][${studentA.id}][text_comment]=Well+argued`,
        `grade_data[${first.id}][${studentB.id}][excuse]=true`,
        `grade_data[${second.id}][${studentB.id}][posted_grade]=80%25`,
      ].join('&');
      const res = await formApi(server, course.teacher.token, 'POST', `${courseBase}/submissions/update_grades`, form);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ tag: 'submissions_update', context_type: 'Course', context_id: course.id, workflow_state: 'queued' });
      expect(await finished((res.json as Json).url as string)).toMatchObject({ workflow_state: 'completed', completion: 100 });
      const show = async (a: Json & { id: number }, userId: number) =>
        (await api(server, course.teacher.token, 'GET', `${courseBase}/assignments/${a.id}/submissions/${userId}?include[]=submission_comments`)).json as Json;
      expect(await show(first, studentA.id)).toMatchObject({ score: 7, grade: '7', submission_comments: [expect.objectContaining({ comment: 'Well argued' })] });
      expect(await show(first, studentB.id)).toMatchObject({ excused: true, workflow_state: 'graded' });
      expect(await show(second, studentB.id)).toMatchObject({ score: 8, grade: '8' });
      expect(await show(second, studentA.id)).toMatchObject({ score: null });

      const json = await api(server, course.teacher.token, 'POST', `${courseBase}/submissions/update_grades`, {
        grade_data: { [second.id]: { [studentA.id]: { posted_grade: '10' }, [`sis_user_id:nobody`]: { posted_grade: '1' } } },
      });
      expect(await finished((json.json as Json).url as string)).toMatchObject({ workflow_state: 'failed', message: "Couldn't find User(s) with API ids 'sis_user_id:nobody'" });
      const ok = await api(server, course.teacher.token, 'POST', `${courseBase}/submissions/update_grades`, { grade_data: { [second.id]: { [studentA.id]: { posted_grade: '10' } } } });
      expect(await finished((ok.json as Json).url as string)).toMatchObject({ workflow_state: 'completed' });
      expect(await show(second, studentA.id)).toMatchObject({ score: 10 });
      // An unknown assignment is a 404, a draft a 401; nothing runs.
      expectNotFound(await api(server, course.teacher.token, 'POST', `${courseBase}/submissions/update_grades`, { grade_data: { 999999999: { [studentA.id]: { posted_grade: '1' } } } }));
      const draft = await createGradedAssignment(server, course, { published: false });
      expectUnauthorized(await formApi(server, course.teacher.token, 'POST', `${courseBase}/submissions/update_grades`, `grade_data[${draft.id}][${studentA.id}][posted_grade]=1`));
      // The course-level form on an assignment's path, or grade_data that is not a hash, is a 400.
      expect((await api(server, course.teacher.token, 'POST', `${courseBase}/assignments/${first.id}/submissions/update_grades`, { grade_data: { [first.id]: { [studentA.id]: { posted_grade: '1' } } } })).status).toBe(400);
      expect((await formApi(server, course.teacher.token, 'POST', `${courseBase}/submissions/update_grades`, 'grade_data=x')).json).toEqual({ error: "'grade_data' parameter required" });
    });

    it('the assignment-level form takes every student of a 1,000-student course in one form-encoded call', async () => {
      const big = await createFixtureCourse(server, { name: 'Lecture 1000' });
      const teacher = await createFixtureUser(server, 'Lecture Teacher');
      await enrollFixtureUser(server, big.id, teacher.id, 'TeacherEnrollment');
      const students = await enrollManyStudents(server, big.id, 1000);
      const lecture = await createAssignment(server, teacher.token, big.id, { published: true, points_possible: 10, submission_types: ['online_text_entry'] });
      const form = students.map((id, i) => `grade_data[${id}][posted_grade]=${i % 11}&grade_data[${id}][text_comment]=Seen`).join('&');
      const res = await formApi(server, teacher.token, 'POST', `/api/v1/courses/${big.id}/assignments/${lecture.id}/submissions/update_grades`, form);
      expect(res.status).toBe(200);
      expect(await finished((res.json as Json).url as string, teacher.token, 3000)).toMatchObject({ workflow_state: 'completed' });
      const summary = await api(server, teacher.token, 'GET', `/api/v1/courses/${big.id}/assignments/${lecture.id}/submission_summary`);
      expect(summary.json).toEqual({ graded: 1000, ungraded: 0, not_submitted: 0 });
      const last = await api(server, teacher.token, 'GET', `/api/v1/courses/${big.id}/assignments/${lecture.id}/submissions/${students[999]}?include[]=submission_comments`);
      expect(last.json).toMatchObject({ score: 999 % 11, submission_comments: [expect.objectContaining({ comment: 'Seen' })] });
    });
  });

  describe('gradeable students and summary', () => {
    it('401 without view grades; UserDisplay by id; the section TA sees their section', async () => {
      const path = `${courseBase}/assignments/${assignment.id}/gradeable_students`;
      expectUnauthorized(await api(server, course.studentA.token, 'GET', path));
      expectUnauthorized(await api(server, course.designer.token, 'GET', path));
      expectNotFound(await api(server, course.teacher.token, 'GET', `${courseBase}/assignments/999999999/gradeable_students`));
      const all = (await api(server, course.teacher.token, 'GET', path)).json as Json[];
      expect(all.map((u) => u.id)).toEqual([course.studentA.id, course.studentB.id].sort((a, b) => a - b));
      expect(all[0]).toEqual({ id: expect.any(Number), display_name: expect.any(String), avatar_image_url: expect.any(String), html_url: expect.stringContaining('/users/') });
      const ta = (await api(server, course.ta.token, 'GET', path)).json as Json[];
      expect(ta.map((u) => u.id)).toEqual([course.studentB.id]);
      const paged = await api(server, course.teacher.token, 'GET', `${path}?per_page=1`);
      expect((paged.json as Json[]).length).toBe(1);
      expect(paged.headers.get('link')).toContain('rel="next"');
    });

    it('the multi-assignment list adds assignment_ids', async () => {
      const res = await api(server, course.teacher.token, 'GET', `${courseBase}/assignments/gradeable_students?assignment_ids[]=${assignment.id}`);
      expect(res.status).toBe(200);
      expect((res.json as Json[])[0]).toMatchObject({ assignment_ids: [assignment.id] });
      expectUnauthorized(await api(server, course.studentA.token, 'GET', `${courseBase}/assignments/gradeable_students`));
    });

    it('submission_summary counts graded, ungraded and not submitted', async () => {
      const a = await createGradedAssignment(server, course);
      await submitText(server, course.studentA.token, course.id, a.id);
      const path = `${courseBase}/assignments/${a.id}/submission_summary`;
      expectUnauthorized(await api(server, course.studentA.token, 'GET', path));
      expect((await api(server, course.teacher.token, 'GET', path)).json).toEqual({ graded: 0, ungraded: 1, not_submitted: 1 });
      // The assignment JSON counts the same work; the section B TA has nothing waiting.
      const shownTo = async (token: string) => (await api(server, token, 'GET', `${courseBase}/assignments/${a.id}`)).json as Json;
      expect(await shownTo(course.teacher.token)).toMatchObject({ has_submitted_submissions: true, needs_grading_count: 1 });
      expect(await shownTo(course.ta.token)).toMatchObject({ needs_grading_count: 0 });
      expect(await shownTo(course.studentA.token)).not.toHaveProperty('needs_grading_count');
      await gradeAs(server, course.teacher.token, course.id, a.id, course.studentA.id, { posted_grade: '3' });
      expect((await api(server, course.teacher.token, 'GET', path)).json).toEqual({ graded: 1, ungraded: 0, not_submitted: 1 });
      // Counted from each submission's stored progress, which the grade's own write changed.
      expect(await shownTo(course.teacher.token)).toMatchObject({ has_submitted_submissions: true, needs_grading_count: 0 });
      const section = `/api/v1/sections/${course.sectionB}/assignments/${a.id}/submission_summary`;
      expect((await api(server, course.teacher.token, 'GET', section)).json).toEqual({ graded: 0, ungraded: 0, not_submitted: 1 });
    });
  });

  describe('read and unread', () => {
    it('204 with an empty body; read_status follows; a graded submission starts unread for its student', async () => {
      const path = `${courseBase}/assignments/${assignment.id}/submissions/${course.studentA.id}`;
      const status = async () => ((await api(server, course.studentA.token, 'GET', `${path}?include[]=read_status`)).json as Json).read_status;
      expect(await status()).toBe('unread');
      const read = await api(server, course.studentA.token, 'PUT', `${path}/read`);
      expect(read.status).toBe(204);
      expect(read.json).toBeUndefined();
      expect(await status()).toBe('read');
      expect((await api(server, course.studentA.token, 'DELETE', `${path}/read`)).status).toBe(204);
      expect(await status()).toBe('unread');
      expectUnauthorized(await api(server, course.studentB.token, 'PUT', `${path}/read`));
      expectNotFound(await api(server, course.teacher.token, 'PUT', `${courseBase}/assignments/${assignment.id}/submissions/${course.teacher.id}/read`));
    });
  });

  describe('students/submissions', () => {
    const path = () => `${courseBase}/students/submissions`;

    it('defaults to the caller; students may not ask for others; observers see their linked student', async () => {
      const own = (await api(server, course.studentA.token, 'GET', path())).json as Json[];
      expect(own.length).toBeGreaterThan(0);
      expect(new Set(own.map((s) => s.user_id))).toEqual(new Set([course.studentA.id]));
      expectUnauthorized(await api(server, course.studentA.token, 'GET', `${path()}?student_ids[]=${course.studentB.id}`));
      const observed = (await api(server, course.observer.token, 'GET', `${path()}?student_ids[]=all`)).json as Json[];
      expect(new Set(observed.map((s) => s.user_id))).toEqual(new Set([course.studentA.id]));
      expectUnauthorized(await api(server, course.designer.token, 'GET', path()));
    });

    it('graders: all, filters, order, grouped, and a 400 for too many ids', async () => {
      const all = (await api(server, course.teacher.token, 'GET', `${path()}?student_ids[]=all&assignment_ids[]=${assignment.id}`)).json as Json[];
      expect(all.map((s) => s.user_id).sort()).toEqual([course.studentA.id, course.studentB.id].sort());
      const graded = (await api(server, course.teacher.token, 'GET', `${path()}?student_ids[]=all&workflow_state=graded&per_page=100`)).json as Json[];
      expect(graded.every((s) => s.workflow_state === 'graded')).toBe(true);
      const desc = (await api(server, course.teacher.token, 'GET', `${path()}?student_ids[]=all&order_direction=descending&per_page=100`)).json as Json[];
      const ids = desc.map((s) => s.id as number);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const grouped = (await api(server, course.teacher.token, 'GET', `${path()}?student_ids[]=${course.studentB.id}&grouped=1`)).json as Json[];
      expect(grouped).toEqual([expect.objectContaining({ user_id: course.studentB.id, section_id: course.sectionB, submissions: expect.any(Array) })]);
      const many = Array.from({ length: 51 }, (_, i) => `student_ids[]=${i + 1}`).join('&');
      const tooMany = await api(server, course.teacher.token, 'GET', `${path()}?${many}`);
      expect(tooMany.status).toBe(400);
      expect(tooMany.json).toEqual({ error: 'too many students' });
    });
  });

  describe('module progression', () => {
    it('a submission completes must_submit and a posted grade min_score', async () => {
      const a = await createGradedAssignment(server, course);
      const b = await createGradedAssignment(server, course);
      const mod = await createPublishedModule(server, course.teacher.token, course.id);
      const items = [
        await createItem(server, course.teacher.token, course.id, mod.id, { type: 'Assignment', content_id: a.id, completion_requirement: { type: 'must_submit' } }),
        await createItem(server, course.teacher.token, course.id, mod.id, { type: 'Assignment', content_id: b.id, completion_requirement: { type: 'min_score', min_score: 7 } }),
      ];
      const itemsPath = `${courseBase}/modules/${mod.id}/items`;
      for (const item of items) await api(server, course.teacher.token, 'PUT', `${itemsPath}/${item.id}`, { module_item: { published: true } });
      const completed = async (id: number) =>
        (((await api(server, course.studentA.token, 'GET', `${itemsPath}/${id}`)).json as Json).completion_requirement as Json).completed;
      expect(await completed(items[0]!.id)).toBe(false);
      await submitText(server, course.studentA.token, course.id, a.id);
      expect(await completed(items[0]!.id)).toBe(true);
      await gradeAs(server, course.teacher.token, course.id, b.id, course.studentA.id, { posted_grade: '5' });
      expect(await completed(items[1]!.id)).toBe(false);
      await gradeAs(server, course.teacher.token, course.id, b.id, course.studentA.id, { posted_grade: '8' });
      expect(await completed(items[1]!.id)).toBe(true);
    });
  });
});

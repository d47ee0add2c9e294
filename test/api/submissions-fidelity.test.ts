import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { createFixtureSection, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { formApi } from '../helpers/poll-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, createSubmissionCourse, submitText, type SubmissionCourse } from '../helpers/submission-fixtures.ts';

type Json = Record<string, unknown> & { id: number };

/** Submissions requests sent as Canvas's documentation shows them, answered as Canvas answers them. */
describe('submissions API: Canvas’s errors, section paths, includes, comment edits', () => {
  let server: TestServer;
  let course: SubmissionCourse;
  let assignment: Json;
  let courseBase: string;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: 'fidelity-admin-token' });
    course = await createSubmissionCourse(server, 'Fidelity 101');
    assignment = await createGradedAssignment(server, course);
    courseBase = `/api/v1/courses/${course.id}`;
    await submitText(server, course.studentA.token, course.id, assignment.id, '<p>v1</p>');
    await submitText(server, course.studentA.token, course.id, assignment.id, '<p>v2</p>');
  });
  afterAll(() => server.stop());

  it('a missing or unknown submission_type is 400 with Canvas’s message, form-encoded or JSON', async () => {
    const path = `${courseBase}/assignments/${assignment.id}/submissions`;
    for (const form of ['submission[body]=hello', 'submission[submission_type]=bogus&submission[body]=x', 'comment[text_comment]=hi']) {
      const res = await formApi(server, course.studentA.token, 'POST', path, form);
      expect(res.status, form).toBe(400);
      expect(res.json, form).toEqual({ message: 'Invalid submission[submission_type] given' });
    }
    expect((await api(server, course.studentA.token, 'POST', path, {})).json).toEqual({ message: 'Invalid submission[submission_type] given' });
  });

  /** Canvas's 403 (not its usual 401) for `/students/submissions` naming assignments the caller cannot list. */
  const expectInvalidAssignmentIds = (res: { status: number; json: unknown }) => {
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ error: 'invalid assignment ids requested' });
  };

  it('a bad workflow_state or order is 400 with Rails’ inclusion message; unknown assignment ids are refused, not an empty list', async () => {
    const bad = await api(server, course.teacher.token, 'GET', `${courseBase}/students/submissions?student_ids[]=all&workflow_state=bogus`);
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ errors: { workflow_state: [{ attribute: 'workflow_state', type: 'inclusion', message: 'is not included in the list' }] } });
    const late = await api(server, course.teacher.token, 'PUT', `${courseBase}/assignments/${assignment.id}/submissions/${course.studentA.id}`, { submission: { late_policy_status: 'bogus' } });
    expect(late.json).toEqual({ errors: { late_policy_status: [{ attribute: 'late_policy_status', type: 'inclusion', message: 'is not included in the list' }] } });
    expectInvalidAssignmentIds(await api(server, course.teacher.token, 'GET', `${courseBase}/students/submissions?student_ids[]=all&assignment_ids[]=999999999`));
    expectInvalidAssignmentIds(await api(server, course.teacher.token, 'GET', `${courseBase}/students/submissions?student_ids[]=all&assignment_ids[]=${assignment.id}&assignment_ids[]=999999999`));
    expectNotFound(await api(server, course.teacher.token, 'GET', `${courseBase}/assignments/gradeable_students?assignment_ids[]=999999999`));
    // A student naming a draft learns nothing about it; its editor gets the published ones only.
    const draft = await createGradedAssignment(server, course, { published: false });
    expectInvalidAssignmentIds(await api(server, course.studentA.token, 'GET', `${courseBase}/students/submissions?assignment_ids[]=${draft.id}`));
    expect((await api(server, course.teacher.token, 'GET', `${courseBase}/students/submissions?student_ids[]=all&assignment_ids[]=${draft.id}`)).json).toEqual([]);
    const known = await api(server, course.teacher.token, 'GET', `${courseBase}/students/submissions?student_ids[]=${course.studentA.id}&assignment_ids[]=${assignment.id}`);
    expect((known.json as Json[]).map((s) => s.user_id)).toEqual([course.studentA.id]);
  });

  it('section paths (also by sis_section_id) list, show and grade, with include[]=submission_history, rubric_assessment, visibility', async () => {
    const sisSection = await createFixtureSection(server, course.id, 'SIS section', 'SEC-FID');
    expect(sisSection).toBeGreaterThan(0);
    const sectionBase = `/api/v1/sections/${course.sectionB}/assignments/${assignment.id}/submissions`;
    const listed = await api(server, course.teacher.token, 'GET', `${sectionBase}?include[]=visibility`);
    expect((listed.json as Json[]).map((s) => s.user_id)).toEqual([course.studentB.id]);
    expect((listed.json as Json[])[0]).toMatchObject({ assignment_visible: true });
    expect((await api(server, course.teacher.token, 'GET', `/api/v1/sections/sis_section_id:SEC-FID/assignments/${assignment.id}/submissions`)).json).toEqual([]);
    expectNotFound(await api(server, course.teacher.token, 'GET', `/api/v1/sections/sis_section_id:NOPE/assignments/${assignment.id}/submissions`));
    const graded = await formApi(server, course.teacher.token, 'PUT', `${sectionBase}/${course.studentB.id}`, 'submission[posted_grade]=7&include[]=visibility');
    expect(graded.json).toMatchObject({ user_id: course.studentB.id, score: 7, assignment_visible: true });
    const shown = await api(server, course.teacher.token, 'GET',
      `${courseBase}/assignments/${assignment.id}/submissions/${course.studentA.id}?include[]=submission_history&include[]=rubric_assessment&include[]=visibility`);
    const body = shown.json as Json;
    expect((body.submission_history as Json[]).map((h) => [h.attempt, h.body])).toEqual([[1, '<p>v1</p>'], [2, '<p>v2</p>']]);
    expect(body.assignment_visible).toBe(true);
    // No rubric assessment exists, so Canvas adds no key.
    expect(body).not.toHaveProperty('rubric_assessment');
  });

  describe('editing and deleting a submission comment', () => {
    let comment: Json;
    const userPath = () => `${courseBase}/assignments/${assignment.id}/submissions/${course.studentA.id}`;
    const commentPath = (id: number | string) => `${userPath()}/comments/${id}`;

    beforeAll(async () => {
      const res = await api(server, course.studentA.token, 'PUT', userPath(), { comment: { text_comment: 'First thoughts' } });
      comment = ((res.json as { submission_comments: Json[] }).submission_comments).at(-1)!;
    });

    it('its author edits it (comment=…, form-encoded): 200 with the comment, edited_at set', async () => {
      const res = await formApi(server, course.studentA.token, 'PUT', commentPath(comment.id), 'comment=Second+thoughts');
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: comment.id, author_id: course.studentA.id, comment: 'Second thoughts', edited_at: expect.stringMatching(/Z$/), created_at: comment.created_at });
      const shown = (await api(server, course.teacher.token, 'GET', `${userPath()}?include[]=submission_comments`)).json as { submission_comments: Json[] };
      expect(shown.submission_comments.find((c) => c.id === comment.id)).toMatchObject({ comment: 'Second thoughts' });
      expect((await api(server, course.studentA.token, 'PUT', commentPath(comment.id), { comment: 'Third' })).json).toMatchObject({ comment: 'Third' });
    });

    it('401 for anyone else editing (the teacher too) or deleting (another student); 400 for a blank text; 404 for unknown or foreign ids', async () => {
      expectUnauthorized(await api(server, course.teacher.token, 'PUT', commentPath(comment.id), { comment: 'Teacher edit' }));
      expectUnauthorized(await api(server, course.studentB.token, 'PUT', commentPath(comment.id), { comment: 'x' }));
      expectUnauthorized(await api(server, course.observer.token, 'DELETE', commentPath(comment.id)));
      const blank = await api(server, course.studentA.token, 'PUT', commentPath(comment.id), { comment: '  ' });
      expect(blank.status).toBe(400);
      expect((await api(server, course.studentA.token, 'PUT', commentPath(comment.id), {})).status).toBe(400);
      expectNotFound(await api(server, course.teacher.token, 'DELETE', commentPath(999999999)));
      // The comment is student A's: under student B's submission it does not exist.
      expectNotFound(await api(server, course.teacher.token, 'DELETE', `${courseBase}/assignments/${assignment.id}/submissions/${course.studentB.id}/comments/${comment.id}`));
      const other = await createGradedAssignment(server, course);
      expectNotFound(await api(server, course.teacher.token, 'DELETE', `${courseBase}/assignments/${other.id}/submissions/${course.studentA.id}/comments/${comment.id}`));
    });

    it('a grader deletes it: 200 with the comment; it is gone from the submission and a second delete is 404', async () => {
      const res = await api(server, course.teacher.token, 'DELETE', commentPath(comment.id));
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: comment.id, comment: 'Third', author_id: course.studentA.id });
      const shown = (await api(server, course.studentA.token, 'GET', `${userPath()}?include[]=submission_comments`)).json as { submission_comments: Json[] };
      expect(shown.submission_comments.map((c) => c.id)).not.toContain(comment.id);
      expectNotFound(await api(server, course.teacher.token, 'DELETE', commentPath(comment.id)));
      expectNotFound(await api(server, course.studentA.token, 'PUT', commentPath(comment.id), { comment: 'back?' }));
      // Its author may delete their own too.
      const mine = await api(server, course.studentA.token, 'PUT', userPath(), { comment: { text_comment: 'Oops' } });
      const oops = ((mine.json as { submission_comments: Json[] }).submission_comments).at(-1)!;
      expect((await formApi(server, course.studentA.token, 'DELETE', commentPath(oops.id), '')).status).toBe(200);
    });
  });
});

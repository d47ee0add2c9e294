import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createFixtureUser, type FixtureUser } from '../helpers/api-fixtures.ts';
import { enrollFixtureUser, expectInvalidToken, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { formApi } from '../helpers/poll-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, createSubmissionCourse, gradeAs, submitText, type SubmissionCourse } from '../helpers/submission-fixtures.ts';

const ADMIN_TOKEN = 'peer-reviews-admin-token';
type Json = Record<string, unknown> & { id: number };

describe('peer reviews API', () => {
  let server: TestServer;
  let course: SubmissionCourse;
  /** A second student in the default section: the usual reviewer of student A. */
  let studentC: FixtureUser;
  let assignment: Json;
  /** Student A's submission (submitted), student B's (a placeholder). */
  let subA: Json;
  let subB: Json;
  const courseBase = () => `/api/v1/courses/${course.id}/assignments/${assignment.id}`;
  const reviewsOf = (submissionId: number, base = courseBase()) => `${base}/submissions/${submissionId}/peer_reviews`;
  const assign = (token: string, submissionId: number, userId: unknown, base?: string) => api(server, token, 'POST', reviewsOf(submissionId, base), { user_id: userId });
  const unassign = (token: string, submissionId: number, userId: unknown, base?: string) => api(server, token, 'DELETE', reviewsOf(submissionId, base), { user_id: userId });

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN_TOKEN });
    course = await createSubmissionCourse(server, 'Peer Review 101');
    studentC = await createFixtureUser(server, 'Cleo Student');
    await enrollFixtureUser(server, course.id, studentC.id, 'StudentEnrollment');
    assignment = await createGradedAssignment(server, course, { peer_reviews: true });
    subA = await submitText(server, course.studentA.token, course.id, assignment.id, '<p>A’s essay</p>');
    subB = (await api(server, course.teacher.token, 'GET', `${courseBase()}/submissions/${course.studentB.id}`)).json as Json;
  });
  afterAll(() => server.stop());

  describe('errors first', () => {
    it('401 with the Bearer challenge without a token, on every path', async () => {
      const section = `/api/v1/sections/${course.sectionB}/assignments/${assignment.id}`;
      for (const base of [courseBase(), section]) {
        expectInvalidToken(await api(server, undefined, 'GET', `${base}/peer_reviews`));
        expectInvalidToken(await api(server, undefined, 'GET', reviewsOf(subA.id, base)));
        expectInvalidToken(await api(server, undefined, 'POST', reviewsOf(subA.id, base), { user_id: studentC.id }));
        expectInvalidToken(await api(server, undefined, 'DELETE', reviewsOf(subA.id, base), { user_id: studentC.id }));
      }
    });

    it('401 unauthorized: students, observers and designers cannot assign or remove; outsiders cannot list', async () => {
      for (const who of [course.studentA, studentC, course.observer, course.designer, course.outsider]) {
        expectUnauthorized(await assign(who.token, subA.id, studentC.id), who.login);
        expectUnauthorized(await unassign(who.token, subA.id, studentC.id), who.login);
      }
      expectUnauthorized(await api(server, course.outsider.token, 'GET', `${courseBase()}/peer_reviews`));
      expectUnauthorized(await api(server, course.outsider.token, 'GET', reviewsOf(subA.id)));
    });

    it('404 for unknown courses, sections, assignments and submissions, and for reviewers who are not students in reach', async () => {
      expectNotFound(await api(server, ADMIN_TOKEN, 'GET', `/api/v1/courses/999999999/assignments/${assignment.id}/peer_reviews`));
      expectNotFound(await api(server, ADMIN_TOKEN, 'GET', `/api/v1/sections/999999999/assignments/${assignment.id}/peer_reviews`));
      expectNotFound(await api(server, ADMIN_TOKEN, 'GET', `/api/v1/courses/${course.id}/assignments/999999999/peer_reviews`));
      expectNotFound(await api(server, ADMIN_TOKEN, 'GET', `/api/v1/courses/${course.id}/assignments/abc/peer_reviews`));
      expectNotFound(await api(server, ADMIN_TOKEN, 'GET', reviewsOf(999999999)));
      expectNotFound(await assign(course.teacher.token, 999999999, studentC.id));
      // A submission of another assignment is not this assignment's.
      const other = await createGradedAssignment(server, course, { peer_reviews: true });
      const otherSub = await submitText(server, course.studentA.token, course.id, other.id);
      expectNotFound(await assign(course.teacher.token, otherSub.id, studentC.id));
      // Student A is not in section B.
      expectNotFound(await assign(course.teacher.token, subA.id, studentC.id, `/api/v1/sections/${course.sectionB}/assignments/${assignment.id}`));
      for (const who of [course.teacher, course.observer, course.outsider]) {
        expectNotFound(await assign(course.teacher.token, subA.id, who.id), who.login);
      }
      expectNotFound(await assign(course.teacher.token, subA.id, 999999999));
      // The section-B TA reaches neither student A's work nor student C.
      expectNotFound(await assign(course.ta.token, subA.id, course.studentB.id));
      expectNotFound(await assign(course.ta.token, subB.id, studentC.id));
      // Students get a 404 for a draft assignment.
      const draft = await createGradedAssignment(server, course, { published: false, peer_reviews: true });
      expectNotFound(await api(server, course.studentA.token, 'GET', `/api/v1/courses/${course.id}/assignments/${draft.id}/peer_reviews`));
    });

    it('400: a missing or malformed user_id, a self-review, removing a reviewer never assigned', async () => {
      expect((await api(server, course.teacher.token, 'POST', reviewsOf(subA.id), {})).status).toBe(400);
      expect((await assign(course.teacher.token, subA.id, 'abc')).status).toBe(400);
      const self = await assign(course.teacher.token, subA.id, course.studentA.id);
      expect(self.status).toBe(400);
      expect(self.json).toEqual({ errors: { base: 'Create failed' } });
      const never = await unassign(course.teacher.token, subA.id, course.studentB.id);
      expect(never.status).toBe(400);
      expect(never.json).toEqual({ errors: { base: 'Delete failed' } });
      // Nothing was written by any of these.
      expect((await api(server, course.teacher.token, 'GET', `${courseBase()}/peer_reviews`)).json).toEqual([]);
    });
  });

  describe('assigning, listing, reviewing and removing', () => {
    let review: Json;

    it('a teacher assigns a reviewer: 200 with the PeerReview; assigning again answers the same review', async () => {
      const res = await assign(course.teacher.token, subA.id, studentC.id);
      expect(res.status).toBe(200);
      review = res.json as Json;
      expect(review).toEqual({
        id: expect.any(Number),
        user_id: course.studentA.id,
        assessor_id: studentC.id,
        asset_id: subA.id,
        asset_type: 'Submission',
        workflow_state: 'assigned',
      });
      const again = await assign(course.teacher.token, subA.id, String(studentC.id));
      expect(again.json).toEqual(review);
      // The section-B TA assigns within their section (student C is out of reach, student A's work too).
      const sectionPath = `/api/v1/sections/${course.sectionB}/assignments/${assignment.id}`;
      const byTa = await api(server, course.ta.token, 'POST', `${reviewsOf(subB.id, sectionPath)}?include[]=user`, { user_id: course.studentA.id });
      expectNotFound(byTa);
    });

    it('lists: graders see every review, the reviewee theirs, the reviewer and others none (Canvas for_assessee)', async () => {
      const teacherB = await assign(course.teacher.token, subB.id, studentC.id);
      expect(teacherB.status).toBe(200);
      const all = (await api(server, course.teacher.token, 'GET', `${courseBase()}/peer_reviews`)).json as Json[];
      expect(all.map((r) => r.id)).toEqual([review.id, (teacherB.json as Json).id]);
      expect((await api(server, course.teacher.token, 'GET', reviewsOf(subA.id))).json).toEqual([review]);
      expect((await api(server, course.studentA.token, 'GET', `${courseBase()}/peer_reviews`)).json).toEqual([review]);
      expect((await api(server, studentC.token, 'GET', `${courseBase()}/peer_reviews`)).json).toEqual([]);
      expect((await api(server, course.studentB.token, 'GET', reviewsOf(subA.id))).json).toEqual([]);
      // The section-B TA sees only section B's reviewees; the section path limits a teacher the same way.
      const ta = (await api(server, course.ta.token, 'GET', `${courseBase()}/peer_reviews`)).json as Json[];
      expect(ta.map((r) => r.user_id)).toEqual([course.studentB.id]);
      const section = (await api(server, course.teacher.token, 'GET', `/api/v1/sections/${course.sectionB}/assignments/${assignment.id}/peer_reviews`)).json as Json[];
      expect(section.map((r) => r.user_id)).toEqual([course.studentB.id]);
      // Lists are not paginated: Canvas renders every review.
      const res = await api(server, course.teacher.token, 'GET', `${courseBase()}/peer_reviews?per_page=1`);
      expect((res.json as Json[]).length).toBe(2);
      expect(res.headers.get('link')).toBeNull();
    });

    it('the reviewer reads the reviewed submission without its grade, and comments on it, which completes the review', async () => {
      await gradeAs(server, course.teacher.token, course.id, assignment.id, course.studentA.id, { posted_grade: '9' });
      const path = `${courseBase()}/submissions/${course.studentA.id}`;
      const shown = await api(server, studentC.token, 'GET', `${path}?include[]=submission_comments&include[]=submission_history`);
      expect(shown.status).toBe(200);
      const body = shown.json as Json;
      expect(body).toMatchObject({ id: subA.id, user_id: course.studentA.id, body: '<p>A’s essay</p>', submission_comments: [] });
      for (const key of ['score', 'grade', 'entered_score', 'entered_grade', 'grader_id']) expect(body, key).not.toHaveProperty(key);
      expect((body.submission_history as Json[])[0]).not.toHaveProperty('score');
      // The student still sees their grade.
      expect((await api(server, course.studentA.token, 'GET', path)).json).toMatchObject({ score: 9, grade: '9' });
      // Commenting is allowed, grading is not.
      expectUnauthorized(await api(server, studentC.token, 'PUT', path, { submission: { posted_grade: '10' } }));
      const commented = await api(server, studentC.token, 'PUT', path, { comment: { text_comment: 'Clear thesis.' } });
      expect(commented.status).toBe(200);
      expect(commented.json).not.toHaveProperty('score');
      expect((commented.json as { submission_comments: Json[] }).submission_comments).toEqual([
        expect.objectContaining({ author_id: studentC.id, comment: 'Clear thesis.' }),
      ]);
      const [after] = (await api(server, course.teacher.token, 'GET', reviewsOf(subA.id))).json as Json[];
      expect(after).toMatchObject({ id: review.id, workflow_state: 'completed' });
      // A student who is not a reviewer still gets a 401.
      expectUnauthorized(await api(server, course.studentB.token, 'GET', path));
      expectUnauthorized(await api(server, course.studentB.token, 'PUT', path, { comment: { text_comment: 'hi' } }));
    });

    it('include[]=user adds user and assessor (UserDisplay); include[]=submission_comments (or _comment) the submission’s comments', async () => {
      const res = await api(server, course.teacher.token, 'GET', `${reviewsOf(subA.id)}?include[]=user&include[]=submission_comments`);
      const [r] = res.json as Json[];
      expect(r).toMatchObject({
        user: { id: course.studentA.id, display_name: expect.any(String), avatar_image_url: expect.any(String), html_url: expect.stringContaining(`/users/${course.studentA.id}`) },
        assessor: { id: studentC.id, display_name: expect.any(String) },
        submission_comments: [expect.objectContaining({ author_id: studentC.id, comment: 'Clear thesis.' })],
      });
      const singular = (await api(server, course.teacher.token, 'GET', `${reviewsOf(subA.id)}?include[]=submission_comment`)).json as Json[];
      expect(singular[0]).toHaveProperty('submission_comments');
      expect(singular[0]).not.toHaveProperty('user');
      const created = await assign(course.teacher.token, subA.id, course.studentB.id);
      const withUser = await api(server, course.teacher.token, 'POST', `${reviewsOf(subA.id)}?include[]=user`, { user_id: course.studentB.id });
      expect(withUser.json).toMatchObject({ id: (created.json as Json).id, assessor: { id: course.studentB.id } });
    });

    it('removing answers the review; the reviewer loses access; assigning again brings it back', async () => {
      const res = await unassign(course.teacher.token, subA.id, studentC.id);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ ...review, workflow_state: 'completed' });
      expect(((await api(server, course.teacher.token, 'GET', reviewsOf(subA.id))).json as Json[]).map((r) => r.assessor_id)).toEqual([course.studentB.id]);
      expectUnauthorized(await api(server, studentC.token, 'GET', `${courseBase()}/submissions/${course.studentA.id}`));
      expect((await unassign(course.teacher.token, subA.id, studentC.id)).status).toBe(400);
      const back = await assign(course.teacher.token, subA.id, studentC.id);
      expect(back.json).toEqual({ ...review, workflow_state: 'assigned' });
    });

    it('a teacher assigns a reviewer by hand on an assignment whose peer_reviews flag is off (form-encoded, as Canvas documents); list, include and delete work', async () => {
      const plain = await createGradedAssignment(server, course);
      expect(plain.peer_reviews).toBe(false);
      const plainSub = await submitText(server, course.studentA.token, course.id, plain.id);
      const base = `/api/v1/courses/${course.id}/assignments/${plain.id}`;
      const made = await formApi(server, course.teacher.token, 'POST', `${base}/submissions/${plainSub.id}/peer_reviews`, `user_id=${studentC.id}`);
      expect(made.status).toBe(200);
      expect(made.json).toEqual({ id: expect.any(Number), user_id: course.studentA.id, assessor_id: studentC.id, asset_id: plainSub.id, asset_type: 'Submission', workflow_state: 'assigned' });
      const id = (made.json as Json).id;
      await api(server, studentC.token, 'PUT', `${base}/submissions/${course.studentA.id}`, { comment: { text_comment: 'Nice work.' } });
      const listed = await api(server, course.teacher.token, 'GET', `${base}/peer_reviews?include[]=submission_comments&include[]=user`);
      expect(listed.json).toEqual([
        expect.objectContaining({
          id,
          workflow_state: 'completed',
          user: expect.objectContaining({ id: course.studentA.id }),
          assessor: expect.objectContaining({ id: studentC.id }),
          submission_comments: [expect.objectContaining({ author_id: studentC.id, comment: 'Nice work.' })],
        }),
      ]);
      expect((await api(server, course.studentA.token, 'GET', `${base}/submissions/${plainSub.id}/peer_reviews`)).json).toEqual([expect.objectContaining({ id })]);
      const gone = await formApi(server, course.teacher.token, 'DELETE', `${base}/submissions/${plainSub.id}/peer_reviews`, `user_id=${studentC.id}`);
      expect(gone.status).toBe(200);
      expect(gone.json).toMatchObject({ id, assessor_id: studentC.id });
      expect((await api(server, course.teacher.token, 'GET', `${base}/peer_reviews`)).json).toEqual([]);
    });

    it('the section path assigns and removes for the section’s students', async () => {
      const sectionPath = `/api/v1/sections/${course.sectionB}/assignments/${assignment.id}`;
      const made = await assign(course.teacher.token, subB.id, course.studentA.id, sectionPath);
      expect(made.status).toBe(200);
      expect(made.json).toMatchObject({ user_id: course.studentB.id, assessor_id: course.studentA.id, asset_id: subB.id });
      const gone = await unassign(course.teacher.token, subB.id, course.studentA.id, sectionPath);
      expect(gone.json).toMatchObject({ id: (made.json as Json).id, workflow_state: 'assigned' });
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, fixtureStamp } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, createSubmissionCourse, submitText, type SubmissionCourse } from '../helpers/submission-fixtures.ts';

const ADMIN_TOKEN = 'submissions-admin-token';
type Json = Record<string, unknown>;

describe('submissions API: submit, list, show', () => {
  let server: TestServer;
  let course: SubmissionCourse;
  let assignment: Json & { id: number };
  let base: string;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN_TOKEN });
    course = await createSubmissionCourse(server, 'Submissions 101');
    assignment = await createGradedAssignment(server, course);
    base = `/api/v1/courses/${course.id}/assignments/${assignment.id}/submissions`;
  });
  afterAll(() => server.stop());

  describe('errors first', () => {
    it('401 with WWW-Authenticate without a token, on every route', async () => {
      const routes = [
        ['POST', base], ['GET', base], ['GET', `${base}/1`], ['PUT', `${base}/1`], ['POST', `${base}/1/files`],
        ['PUT', `${base}/1/read`], ['DELETE', `${base}/1/read`], ['POST', `${base}/update_grades`],
        ['GET', `/api/v1/courses/${course.id}/assignments/${assignment.id}/gradeable_students`],
        ['GET', `/api/v1/courses/${course.id}/assignments/gradeable_students`],
        ['GET', `/api/v1/courses/${course.id}/assignments/${assignment.id}/submission_summary`],
        ['GET', `/api/v1/courses/${course.id}/students/submissions`],
        ['POST', `/api/v1/courses/${course.id}/submissions/update_grades`],
        ['GET', `/api/v1/sections/${course.sectionB}/assignments/${assignment.id}/submissions`],
      ] as const;
      for (const [method, path] of routes) expectInvalidToken(await api(server, undefined, method, path), `${method} ${path}`);
    });

    it('401 unauthorized for submitting without a student enrollment', async () => {
      for (const who of [course.teacher, course.observer, course.designer, course.outsider]) {
        expectUnauthorized(await api(server, who.token, 'POST', base, { submission: { submission_type: 'online_text_entry', body: 'x' } }));
      }
      // On a section path, the student must be in that section.
      const other = `/api/v1/sections/${course.sectionB}/assignments/${assignment.id}/submissions`;
      expectUnauthorized(await api(server, course.studentA.token, 'POST', other, { submission: { submission_type: 'online_text_entry', body: 'x' } }));
    });

    it('401 for listing without grade rights or a relation, and for another student’s submission', async () => {
      expectUnauthorized(await api(server, course.designer.token, 'GET', base));
      expectUnauthorized(await api(server, course.outsider.token, 'GET', base));
      expectUnauthorized(await api(server, course.studentA.token, 'GET', `${base}/${course.studentB.id}`));
      expectUnauthorized(await api(server, course.observer.token, 'GET', `${base}/${course.studentB.id}`));
      // The TA is limited to section B.
      expectUnauthorized(await api(server, course.ta.token, 'GET', `${base}/${course.studentA.id}`));
    });

    it('404 for unknown courses, sections, assignments, and non-student users', async () => {
      expectNotFound(await api(server, ADMIN_TOKEN, 'GET', `/api/v1/courses/999999999/assignments/${assignment.id}/submissions`));
      expectNotFound(await api(server, ADMIN_TOKEN, 'GET', `/api/v1/sections/999999999/assignments/${assignment.id}/submissions`));
      expectNotFound(await api(server, ADMIN_TOKEN, 'GET', `/api/v1/courses/${course.id}/assignments/999999999/submissions`));
      expectNotFound(await api(server, ADMIN_TOKEN, 'GET', `${base}/${course.teacher.id}`));
      expectNotFound(await api(server, ADMIN_TOKEN, 'GET', `${base}/nobody`));
      expectNotFound(await api(server, course.studentA.token, 'POST', `/api/v1/courses/${course.id}/assignments/999999999/submissions`, { submission: { submission_type: 'online_text_entry', body: 'x' } }));
    });

    it('404 for a student submitting to an unpublished assignment', async () => {
      const draft = await createGradedAssignment(server, course, { published: false });
      const res = await api(server, course.studentA.token, 'POST', `/api/v1/courses/${course.id}/assignments/${draft.id}/submissions`, { submission: { submission_type: 'online_text_entry', body: 'x' } });
      expectNotFound(res);
    });

    it('400 for a disallowed submission_type, or a missing field for the type; nothing is saved', async () => {
      const fresh = await createGradedAssignment(server, course, { submission_types: ['online_url'] });
      const path = `/api/v1/courses/${course.id}/assignments/${fresh.id}/submissions`;
      const disallowed = await api(server, course.studentA.token, 'POST', path, { submission: { submission_type: 'online_text_entry', body: 'x' } });
      expect(disallowed.status).toBe(400);
      expect(disallowed.json).toEqual({ message: 'Invalid submission[submission_type] given' });
      const unknown = await api(server, course.studentA.token, 'POST', path, { submission: { submission_type: 'carrier_pigeon' } });
      expect(unknown.status).toBe(400);
      const missing = await api(server, course.studentA.token, 'POST', path, { submission: { submission_type: 'online_url', body: 'ignored' } });
      expect(missing.status).toBe(400);
      expect(missing.json).toEqual({ message: 'Invalid parameters for submission_type online_url. Required: submission[url]' });
      const badScheme = await api(server, course.studentA.token, 'POST', path, { submission: { submission_type: 'online_url', url: 'javascript:alert(1)' } });
      expect(badScheme.status).toBe(400);
      const noSubmission = await api(server, course.studentA.token, 'POST', path, {});
      expect(noSubmission.status).toBe(400);
      const shown = await api(server, course.teacher.token, 'GET', `${path}/${course.studentA.id}`);
      expect(shown.json).toMatchObject({ workflow_state: 'unsubmitted', attempt: null, submission_type: null });
    });

    it('400 for an upload without valid files', async () => {
      const uploads = await createGradedAssignment(server, course, { submission_types: ['online_upload'] });
      const path = `/api/v1/courses/${course.id}/assignments/${uploads.id}/submissions`;
      const res = await api(server, course.studentA.token, 'POST', path, { submission: { submission_type: 'online_upload', file_ids: [999999999] } });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message: 'No valid file ids given' });
    });
  });

  describe('submit', () => {
    it('201 with Location; sanitized body; attempts count up; a comment comes along', async () => {
      const res = await api(server, course.studentA.token, 'POST', base, {
        comment: { text_comment: 'Here it is' },
        submission: { submission_type: 'online_text_entry', body: '<p>Essay<script>alert(1)</script></p>', url: 'ignored.example' },
      });
      expect(res.status).toBe(201);
      expect(res.headers.get('location')).toBe(`${server.url}${base}/${course.studentA.id}`);
      const s = res.json as Json;
      expect(s).toMatchObject({
        assignment_id: assignment.id,
        user_id: course.studentA.id,
        submission_type: 'online_text_entry',
        body: '<p>Essay</p>',
        url: null,
        attempt: 1,
        workflow_state: 'submitted',
        score: null,
        grade: null,
        late: false,
        missing: false,
        excused: false,
        grade_matches_current_submission: true,
      });
      expect(typeof s.id).toBe('number');
      expect(s.submitted_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(s.submission_comments).toEqual([expect.objectContaining({ author_id: course.studentA.id, comment: 'Here it is', media_comment: null })]);
      const again = await submitText(server, course.studentA.token, course.id, assignment.id, 'second');
      expect(again).toMatchObject({ id: s.id, attempt: 2, body: 'second' });
    });

    it('online_url assumes http; media_recording needs both media fields and a recording of the caller', async () => {
      const a = await createGradedAssignment(server, course, { submission_types: ['online_url', 'media_recording'] });
      const path = `/api/v1/courses/${course.id}/assignments/${a.id}/submissions`;
      const url = await api(server, course.studentB.token, 'POST', path, { submission: { submission_type: 'online_url', url: 'example.com/work' } });
      expect(url.status).toBe(201);
      expect(url.json).toMatchObject({ url: 'http://example.com/work', submission_type: 'online_url' });
      const half = await api(server, course.studentB.token, 'POST', path, { submission: { submission_type: 'media_recording', media_comment_id: 'm-1' } });
      expect(half.status).toBe(400);
      // Outpost holds no media but the caller's own uploads: an id of a media service names nothing here.
      const foreign = await api(server, course.studentB.token, 'POST', path, { submission: { submission_type: 'media_recording', media_comment_id: 'm-1', media_comment_type: 'audio' } });
      expect(foreign.status).toBe(400);
      expect(foreign.json).toEqual({ message: 'No valid media_comment_id given' });
      const shown = await api(server, course.studentB.token, 'GET', `${path}/self`);
      expect(shown.json).toMatchObject({ attempt: 1, submission_type: 'online_url' });
      expect(shown.json).not.toHaveProperty('media_comment');
    });

    it('uploads a file for the own submission, then submits it; another student may not upload for them', async () => {
      const a = await createGradedAssignment(server, course, { submission_types: ['online_upload'] });
      const path = `/api/v1/courses/${course.id}/assignments/${a.id}/submissions`;
      const content = Buffer.from('my work').toString('base64');
      expectUnauthorized(await api(server, course.studentB.token, 'POST', `${path}/${course.studentA.id}/files`, { name: 'w.txt', content }));
      const up = await api(server, course.studentA.token, 'POST', `${path}/self/files`, { name: 'w.txt', content });
      expect(up.status).toBe(200);
      const file = up.json as Json & { id: number };
      // Not another student's file.
      const stolen = await api(server, course.studentB.token, 'POST', path, { submission: { submission_type: 'online_upload', file_ids: [file.id] } });
      expect(stolen.status).toBe(400);
      const res = await api(server, course.studentA.token, 'POST', path, { submission: { submission_type: 'online_upload', file_ids: [file.id] } });
      expect(res.status).toBe(201);
      expect((res.json as { attachments: Json[] }).attachments).toEqual([expect.objectContaining({ id: file.id, display_name: 'w.txt' })]);
      const listed = await api(server, course.studentB.token, 'GET', `/api/v1/courses/${course.id}/files`);
      expect((listed.json as Json[]).map((f) => f.id)).not.toContain(file.id);

      // The file is the student's work: another student cannot read or download it by id; the teacher can.
      const byId = `/api/v1/files/${file.id}`;
      expect((await api(server, course.studentB.token, 'GET', byId)).status).toBe(404);
      expect((await api(server, course.studentB.token, 'GET', `${byId}/download`)).status).toBe(404);
      expect((await api(server, course.studentA.token, 'GET', byId)).status).toBe(200);
      expect((await api(server, course.teacher.token, 'GET', byId)).status).toBe(200);
      const download = await fetch(`${server.url}${byId}/download`, { headers: { authorization: `Bearer ${course.teacher.token}` } });
      expect(await download.text()).toBe('my work');
      const teacherList = await api(server, course.teacher.token, 'GET', `/api/v1/courses/${course.id}/files`);
      expect((teacherList.json as Json[]).map((f) => f.id)).not.toContain(file.id);
    });

    it('late when submitted after the due date; 401 once the assignment is locked', async () => {
      const past = new Date(Date.now() - 3600_000).toISOString();
      const late = await createGradedAssignment(server, course, { due_at: past });
      const s = await submitText(server, course.studentA.token, course.id, late.id);
      expect(s).toMatchObject({ late: true, missing: false });
      expect(s.seconds_late as number).toBeGreaterThanOrEqual(3599);
      const locked = await createGradedAssignment(server, course, { due_at: past, lock_at: new Date(Date.now() - 1000).toISOString() });
      expectUnauthorized(await api(server, course.studentA.token, 'POST', `/api/v1/courses/${course.id}/assignments/${locked.id}/submissions`, { submission: { submission_type: 'online_text_entry', body: 'x' } }));
    });
  });

  describe('list and show', () => {
    it('graders list every student by user id, with unsubmitted placeholders', async () => {
      const res = await api(server, course.teacher.token, 'GET', base);
      expect(res.status).toBe(200);
      const list = res.json as Json[];
      expect(list.map((s) => s.user_id)).toEqual([course.studentA.id, course.studentB.id].sort((a, b) => a - b));
      expect(list.find((s) => s.user_id === course.studentB.id)).toMatchObject({ workflow_state: 'unsubmitted', attempt: null, missing: false });
      expect(typeof list[0]!.id).toBe('number');
      const again = await api(server, course.teacher.token, 'GET', base);
      expect((again.json as Json[]).map((s) => s.id)).toEqual(list.map((s) => s.id));
    });

    it('the list is the graders’ (the section TA sees their section); students and observers read one submission', async () => {
      expectUnauthorized(await api(server, course.studentB.token, 'GET', base));
      expectUnauthorized(await api(server, course.observer.token, 'GET', base));
      const ta = (await api(server, course.ta.token, 'GET', base)).json as Json[];
      expect(ta.map((s) => s.user_id)).toEqual([course.studentB.id]);
      const shown = await api(server, course.observer.token, 'GET', `${base}/${course.studentA.id}`);
      expect(shown.status).toBe(200);
      const self = await api(server, course.studentA.token, 'GET', `${base}/self`);
      expect(self.json).toMatchObject({ user_id: course.studentA.id, attempt: 2 });
    });

    it('section paths list the section’s students only, and take sis ids', async () => {
      const { repos } = server.core.services;
      await repos.sections.update(course.sectionB, fixtureStamp(), (s) => ({ ...s, sis_section_id: 'SEC-B' }));
      await repos.courses.update(course.id, fixtureStamp(), (c) => ({ ...c, sis_course_id: 'SUB-101' }));
      const bySection = await api(server, course.teacher.token, 'GET', `/api/v1/sections/sis_section_id:SEC-B/assignments/${assignment.id}/submissions`);
      expect((bySection.json as Json[]).map((s) => s.user_id)).toEqual([course.studentB.id]);
      const byCourse = await api(server, course.teacher.token, 'GET', `/api/v1/courses/sis_course_id:SUB-101/assignments/${assignment.id}/submissions/${course.studentA.id}`);
      expect(byCourse.json).toMatchObject({ user_id: course.studentA.id, attempt: 2 });
    });

    it('paginates with a Link header', async () => {
      const res = await api(server, course.teacher.token, 'GET', `${base}?per_page=1`);
      expect((res.json as Json[]).length).toBe(1);
      expect(res.headers.get('link')).toContain('rel="next"');
      const page2 = await api(server, course.teacher.token, 'GET', `${base}?per_page=1&page=2`);
      expect((page2.json as Json[])[0]!.user_id).toBe(Math.max(course.studentA.id, course.studentB.id));
    });

    it('include[] adds comments, history, assignment, course, user, visibility, group and read status', async () => {
      const res = await api(server, course.teacher.token, 'GET',
        `${base}/${course.studentA.id}?include[]=submission_comments&include[]=submission_history&include[]=assignment&include[]=course&include[]=user&include[]=visibility&include[]=group&include[]=read_status&include[]=bogus`);
      const s = res.json as Json;
      expect(s.submission_comments).toEqual([expect.objectContaining({ comment: 'Here it is', author: expect.objectContaining({ id: course.studentA.id }) })]);
      expect((s.submission_history as Json[]).map((h) => h.attempt)).toEqual([1, 2]);
      expect(s.assignment).toMatchObject({ id: assignment.id });
      expect(s.course).toMatchObject({ id: course.id });
      expect(s.user).toMatchObject({ id: course.studentA.id, name: 'Amy Student' });
      expect(s).toMatchObject({ assignment_visible: true, group: { id: null, name: null }, read_status: 'read' });
      const plain = (await api(server, course.teacher.token, 'GET', `${base}/${course.studentA.id}`)).json as Json;
      expect(plain).not.toHaveProperty('submission_comments');
      expect(plain).not.toHaveProperty('user');
    });
  });
});

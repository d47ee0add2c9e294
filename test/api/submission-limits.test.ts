import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../src/contracts/upload-limits.ts';
import { api } from '../helpers/api-fixtures.ts';
import { expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createItem, createPublishedModule } from '../helpers/module-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, createSubmissionCourse, submitText, type SubmissionCourse } from '../helpers/submission-fixtures.ts';

type Json = Record<string, unknown>;

/** What a student meets before submitting: clean bodies, attempt limits, allowed file types, and why a lock holds. */
describe('submitting: sanitized bodies, attempt limits, file types, locks explained', () => {
  let server: TestServer;
  let course: SubmissionCourse;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: 'submission-limits-admin' });
    course = await createSubmissionCourse(server, 'Limits 101');
  });
  afterAll(() => server.stop());

  const submissions = (assignmentId: number) => `/api/v1/courses/${course.id}/assignments/${assignmentId}/submissions`;

  it('a rich-text body loses its script and event handlers, in the answer and when read again', async () => {
    const a = await createGradedAssignment(server, course);
    const hostile = '<p onclick="steal()">Essay <img src="https://example.test/x.png" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">link</a></p>';
    const saved = await submitText(server, course.studentA.token, course.id, a.id, hostile);
    const read = await api(server, course.teacher.token, 'GET', `${submissions(a.id)}/${course.studentA.id}`);
    for (const body of [saved.body, (read.json as Json).body] as string[]) {
      expect(body).toContain('Essay');
      expect(body).not.toMatch(/script|onerror|onclick|javascript:/i);
    }
  });

  it('allowed_attempts: shown on the assignment, the attempt past it is a 400 and nothing changes; 0 is refused', async () => {
    const a = await createGradedAssignment(server, course, { allowed_attempts: 2 });
    expect(a.allowed_attempts).toBe(2);
    expect((await createGradedAssignment(server, course)).allowed_attempts).toBe(-1);
    await submitText(server, course.studentA.token, course.id, a.id, 'one');
    await submitText(server, course.studentA.token, course.id, a.id, 'two');
    const third = await api(server, course.studentA.token, 'POST', submissions(a.id), { submission: { submission_type: 'online_text_entry', body: 'three' } });
    expect(third.status).toBe(400);
    expect(third.json).toEqual({ message: 'You have reached the maximum number of allowed attempts for this assignment' });
    const read = await api(server, course.studentA.token, 'GET', `${submissions(a.id)}/self`);
    expect(read.json).toMatchObject({ attempt: 2, body: 'two' });

    const zero = await api(server, course.teacher.token, 'PUT', `/api/v1/courses/${course.id}/assignments/${a.id}`, { assignment: { allowed_attempts: 0 } });
    expect(zero.status).toBe(400);
    const unlimited = await api(server, course.teacher.token, 'PUT', `/api/v1/courses/${course.id}/assignments/${a.id}`, { assignment: { allowed_attempts: -1 } });
    expect(unlimited.json).toMatchObject({ allowed_attempts: -1 });
    await submitText(server, course.studentA.token, course.id, a.id, 'three');
  });

  it('allowed_extensions: a submission file of another type is refused at step 1 and in the one-request upload', async () => {
    const a = await createGradedAssignment(server, course, { submission_types: ['online_upload'], allowed_extensions: ['pdf', '.TXT'] });
    const files = `${submissions(a.id)}/self/files`;
    const content = Buffer.from('work').toString('base64');
    for (const body of [{ name: 'run.exe', size: 4 }, { name: 'run.exe', content }, { name: 'noextension', size: 4 }]) {
      const refused = await api(server, course.studentA.token, 'POST', files, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect((refused.json as Json).message).toMatch(/^Invalid file type: .* \(pdf, txt\)$/);
    }
    expect((await api(server, course.studentA.token, 'POST', files, { name: 'essay.PDF', size: 4 })).status).toBe(200);
    expect((await api(server, course.studentA.token, 'POST', files, { name: 'notes.txt', content })).status).toBe(200);
    // Too large for Outpost: refused before any byte is sent.
    const large = await api(server, course.studentA.token, 'POST', files, { name: 'big.pdf', size: MAX_FILE_BYTES + 1 });
    expect(large.status).toBe(400);
  });

  it('a closed or not yet open assignment says why; submitting is refused; the teacher is never locked out', async () => {
    const closed = await createGradedAssignment(server, course, { lock_at: new Date(Date.now() - 60_000).toISOString() });
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const notYet = await createGradedAssignment(server, course, { unlock_at: future });
    const show = (token: string, id: number) => api(server, token, 'GET', `/api/v1/courses/${course.id}/assignments/${id}`);
    expect((await show(course.studentA.token, closed.id)).json).toMatchObject({
      locked_for_user: true,
      lock_info: { asset_string: `assignment_${closed.id}`, lock_at: closed.lock_at },
      lock_explanation: `This assignment was locked ${String(closed.lock_at)}.`,
    });
    expect((await show(course.studentA.token, notYet.id)).json).toMatchObject({ locked_for_user: true, lock_explanation: `This assignment is locked until ${String(notYet.unlock_at)}.` });
    const teacherView = (await show(course.teacher.token, closed.id)).json as Json;
    expect(teacherView.locked_for_user).toBe(false);
    expect(teacherView).not.toHaveProperty('lock_explanation');
    for (const id of [closed.id, notYet.id]) {
      expectUnauthorized(await api(server, course.studentA.token, 'POST', submissions(id), { submission: { submission_type: 'online_text_entry', body: 'x' } }));
    }
  });

  it('an assignment in a module whose prerequisite is not complete is locked with the module named, until it is', async () => {
    const first = await createGradedAssignment(server, course);
    const second = await createGradedAssignment(server, course);
    const week1 = await createPublishedModule(server, course.teacher.token, course.id, { name: 'Week 1' });
    const item = await createItem(server, course.teacher.token, course.id, week1.id, { type: 'Assignment', content_id: first.id, completion_requirement: { type: 'must_submit' } });
    await api(server, course.teacher.token, 'PUT', `/api/v1/courses/${course.id}/modules/${week1.id}/items/${item.id}`, { module_item: { published: true } });
    const week2 = await createPublishedModule(server, course.teacher.token, course.id, { name: 'Week 2', prerequisite_module_ids: [week1.id] });
    const later = await createItem(server, course.teacher.token, course.id, week2.id, { type: 'Assignment', content_id: second.id });
    await api(server, course.teacher.token, 'PUT', `/api/v1/courses/${course.id}/modules/${week2.id}/items/${later.id}`, { module_item: { published: true } });

    const show = () => api(server, course.studentB.token, 'GET', `/api/v1/courses/${course.id}/assignments/${second.id}`);
    expect((await show()).json).toMatchObject({
      locked_for_user: true,
      lock_info: { context_module: { id: week2.id, name: 'Week 2' } },
      lock_explanation: "This assignment hasn't been unlocked yet. It is part of the module Week 2.",
    });
    expectUnauthorized(await api(server, course.studentB.token, 'POST', submissions(second.id), { submission: { submission_type: 'online_text_entry', body: 'x' } }));
    // Submitting the first assignment completes Week 1, which opens Week 2.
    await submitText(server, course.studentB.token, course.id, first.id);
    const opened = (await show()).json as Json;
    expect(opened.locked_for_user).toBe(false);
    expect(opened).not.toHaveProperty('lock_explanation');
    await submitText(server, course.studentB.token, course.id, second.id);
  });
});

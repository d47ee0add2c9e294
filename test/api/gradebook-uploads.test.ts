import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRecord, parseCsv } from '../../src/server/areas/common/csv.ts';
import { api } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { exportGradebook, finishedProgress } from '../helpers/export-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, createSubmissionCourse, gradeAs, type SubmissionCourse } from '../helpers/submission-fixtures.ts';

type Json = Record<string, unknown> & { id: number };

describe('gradebook uploads: preview, then confirm (Outpost’s /courses/:id/gradebook_uploads)', () => {
  let server: TestServer;
  let c: SubmissionCourse;
  let h1: Json;
  let h2: Json;
  let base: string;

  const submission = async (assignmentId: number, userId: number) =>
    (await api(server, c.teacher.token, 'GET', `${base}/assignments/${assignmentId}/submissions/${userId}`)).json as Json;
  const upload = (token: string, csv: string) => api(server, token, 'POST', `${base}/gradebook_uploads`, { csv, filename: 'grades.csv' });
  /** The course's export with `edit` applied to its records. */
  const edited = async (edit: (rows: string[][]) => void): Promise<string> => {
    const rows = parseCsv((await exportGradebook(server, c.teacher.token, c.id)).text);
    edit(rows);
    return rows.map((r) => csvRecord(r)).join('');
  };
  const rowOf = (rows: string[][], userId: number) => rows.find((r) => r[1] === String(userId))!;
  const colOf = (rows: string[][], assignment: Json) => rows[0]!.findIndex((t) => t.endsWith(`(${assignment.id})`));

  beforeAll(async () => {
    server = await startTestServer();
    c = await createSubmissionCourse(server, 'Upload 101');
    base = `/api/v1/courses/${c.id}`;
    h1 = await createGradedAssignment(server, c, { name: 'H1', points_possible: 10 });
    h2 = await createGradedAssignment(server, c, { name: 'H2', points_possible: 20 });
    await gradeAs(server, c.teacher.token, c.id, h1.id, c.studentA.id, { posted_grade: '8' });
    await gradeAs(server, c.teacher.token, c.id, h1.id, c.studentB.id, { posted_grade: '10' });
  });
  afterAll(() => server.stop());

  it('previews every change cell by cell (scores, EX, blanks), unknown rows and columns, invalid cells; saves nothing', async () => {
    const csv = await edited((rows) => {
      const [a, b] = [rowOf(rows, c.studentA.id), rowOf(rows, c.studentB.id)];
      a[colOf(rows, h1)] = '9';
      a[colOf(rows, h2)] = 'ex';
      b[colOf(rows, h1)] = '';
      b[colOf(rows, h2)] = 'abc';
      // Totals edited by hand are read-only: ignored.
      a[rows[0]!.indexOf('Current Score')] = '100';
      rows[0]!.push('Ghost (999999999)', 'Attendance');
      rows.forEach((r, i) => i > 0 && r.push('5', 'x'));
      rows.push(['Nobody, Known', '999999999', '', '', '', '1', '2'], [...b]);
    });
    const res = await upload(c.teacher.token, csv);
    expect(res.status).toBe(201);
    const preview = res.json as Json;
    expect(preview).toMatchObject({ workflow_state: 'previewed', filename: 'grades.csv', unchanged: 0, progress_id: null });
    expect(preview.changes).toEqual([
      { assignment_id: h1.id, student_id: c.studentA.id, old: '8', new: '9' },
      { assignment_id: h2.id, student_id: c.studentA.id, old: null, new: 'EX' },
      { assignment_id: h1.id, student_id: c.studentB.id, old: '10', new: null },
    ]);
    expect(preview.invalid).toEqual([{ row: 4, assignment_id: h2.id, student_id: c.studentB.id, value: 'abc', message: expect.stringContaining('not a valid grade') }]);
    expect(preview.unknown_students).toEqual([
      { row: 5, id: '999999999', sis_user_id: '', sis_login_id: '', name: 'Nobody, Known', reason: 'not_found' },
      expect.objectContaining({ row: 6, id: String(c.studentB.id), reason: 'repeated' }),
    ]);
    expect(preview.unknown_assignments).toEqual([{ column: 16, title: 'Ghost (999999999)' }]);
    expect(preview.ignored_columns).toEqual(expect.arrayContaining(['Current Score', 'Unposted Final Score', 'Attendance']));
    // Nothing saved.
    expect(await submission(h1.id, c.studentA.id)).toMatchObject({ score: 8 });
    expect(await submission(h2.id, c.studentA.id)).toMatchObject({ excused: false });
    expect((await api(server, c.teacher.token, 'GET', `${base}/gradebook_uploads/${preview.id}`)).json).toEqual(preview);

    // Confirmed: one Progress of the bulk grading job; grades and totals follow.
    const confirmed = await api(server, c.teacher.token, 'POST', `${base}/gradebook_uploads/${preview.id}/confirm`);
    expect(confirmed.status).toBe(200);
    const progress = confirmed.json as Json;
    expect(progress).toMatchObject({ tag: 'submissions_update', context_type: 'Course', context_id: c.id });
    expect(await finishedProgress(server, c.teacher.token, progress.id)).toMatchObject({ workflow_state: 'completed' });
    expect(await submission(h1.id, c.studentA.id)).toMatchObject({ score: 9, grader_id: c.teacher.id });
    expect(await submission(h2.id, c.studentA.id)).toMatchObject({ excused: true });
    expect(await submission(h1.id, c.studentB.id)).toMatchObject({ score: null });
    const enrollments = (await api(server, c.teacher.token, 'GET', `${base}/enrollments?type[]=StudentEnrollment`)).json as Array<Json & { grades: Json }>;
    expect(enrollments.find((e) => e.user_id === c.studentA.id)?.grades).toMatchObject({ current_score: 90 });
    expect((await api(server, c.teacher.token, 'GET', `${base}/gradebook_uploads/${preview.id}`)).json).toMatchObject({ workflow_state: 'confirmed', progress_id: progress.id });
    // Once only.
    expect((await api(server, c.teacher.token, 'POST', `${base}/gradebook_uploads/${preview.id}/confirm`)).status).toBe(409);
  });

  it('a grade changed since the preview refuses the confirmation, and nothing is saved', async () => {
    const csv = await edited((rows) => {
      rowOf(rows, c.studentA.id)[colOf(rows, h1)] = '3';
      rowOf(rows, c.studentB.id)[colOf(rows, h2)] = '15';
    });
    const preview = (await upload(c.teacher.token, csv)).json as Json;
    expect(preview.changes).toHaveLength(2);
    await gradeAs(server, c.teacher.token, c.id, h1.id, c.studentA.id, { posted_grade: '7' });
    const res = await api(server, c.teacher.token, 'POST', `${base}/gradebook_uploads/${preview.id}/confirm`);
    expect(res.status).toBe(409);
    expect(await submission(h2.id, c.studentB.id)).toMatchObject({ score: null });
    expect(await submission(h1.id, c.studentA.id)).toMatchObject({ score: 7 });
  });

  it('only graders upload and confirm, only their own uploads; a file that is not CSV is a 400', async () => {
    const csv = await edited((rows) => {
      rowOf(rows, c.studentB.id)[colOf(rows, h2)] = '12';
    });
    expectInvalidToken(await upload('', csv));
    expectUnauthorized(await upload(c.studentA.token, csv));
    expectUnauthorized(await upload(c.designer.token, csv));
    expectUnauthorized(await upload(c.observer.token, csv));
    const preview = (await upload(c.teacher.token, csv)).json as Json;
    expectUnauthorized(await api(server, c.studentB.token, 'GET', `${base}/gradebook_uploads/${preview.id}`));
    expectUnauthorized(await api(server, c.ta.token, 'POST', `${base}/gradebook_uploads/${preview.id}/confirm`));
    expect((await api(server, c.teacher.token, 'GET', `${base}/gradebook_uploads/999999999`)).status).toBe(404);
    expect(await submission(h2.id, c.studentB.id)).toMatchObject({ score: null });

    expect((await upload(c.teacher.token, 'Student,ID\n"unclosed,1\n')).status).toBe(400);
    expect((await upload(c.teacher.token, 'Name,Score\nAmy,1\n')).status).toBe(400);
  });

  it('a section-limited TA sees the students outside their section as unknown', async () => {
    const csv = await edited((rows) => {
      rowOf(rows, c.studentA.id)[colOf(rows, h2)] = '11';
      rowOf(rows, c.studentB.id)[colOf(rows, h2)] = '12';
    });
    const preview = (await upload(c.ta.token, csv)).json as Json;
    expect(preview.changes).toEqual([{ assignment_id: h2.id, student_id: c.studentB.id, old: null, new: '12' }]);
    expect(preview.unknown_students).toEqual([expect.objectContaining({ id: String(c.studentA.id), reason: 'not_found' })]);
  });
});

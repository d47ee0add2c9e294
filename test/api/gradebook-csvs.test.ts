import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/server/areas/common/csv.ts';
import { api, fixtureStamp } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { exportGradebook } from '../helpers/export-fixtures.ts';
import { restartTestServer, startTestServer, type TestServer } from '../helpers/server.ts';
import { ExportFilesService } from '../../src/server/areas/export-files/export-files.service.ts';
import { progressStates } from '../../src/server/domain/progress-states.ts';
import { finishedProgress } from '../helpers/export-fixtures.ts';
import { createGradedAssignment, createSubmissionCourse, gradeAs, type SubmissionCourse } from '../helpers/submission-fixtures.ts';

type Json = Record<string, unknown> & { id: number };

describe('gradebook CSV export (POST /courses/:id/gradebook_csvs)', () => {
  let server: TestServer;
  let c: SubmissionCourse;
  let homework: Json;
  let exams: Json;
  const work: Record<'H1' | 'H2' | 'E1' | 'Draft', Json> = {} as never;
  let notes: Json;

  beforeAll(async () => {
    server = await startTestServer();
    c = await createSubmissionCourse(server, 'Export 101');
    const base = `/api/v1/courses/${c.id}`;
    const group = async (name: string, position: number) =>
      (await api(server, c.teacher.token, 'POST', `${base}/assignment_groups`, { name, position })).json as Json;
    exams = await group('Exams', 2);
    homework = await group('Homework', 1);
    // Created out of column order: the CSV orders by group position, then assignment position.
    work.E1 = await createGradedAssignment(server, c, { name: 'Midterm, part "A"', assignment_group_id: exams.id, points_possible: 50 });
    work.H1 = await createGradedAssignment(server, c, { name: '=cmd|calc', assignment_group_id: homework.id, points_possible: 10 });
    work.H2 = await createGradedAssignment(server, c, { name: 'Essay', assignment_group_id: homework.id, points_possible: 20 });
    work.Draft = await createGradedAssignment(server, c, { name: 'Draft', assignment_group_id: homework.id, published: false });
    notes = (await api(server, c.teacher.token, 'POST', `${base}/custom_gradebook_columns`, { column: { title: 'Notes' } })).json as Json;
    await api(server, c.teacher.token, 'PUT', `${base}/custom_gradebook_columns/${notes.id}/data/${c.studentA.id}`, { column_data: { content: 'talks, a lot\nsecond line' } });
    await gradeAs(server, c.teacher.token, c.id, work.H1.id, c.studentA.id, { posted_grade: '8' });
    await gradeAs(server, c.teacher.token, c.id, work.E1.id, c.studentA.id, { posted_grade: '40.5' });
    await gradeAs(server, c.teacher.token, c.id, work.H2.id, c.studentA.id, { excuse: true });
    await gradeAs(server, c.teacher.token, c.id, work.H1.id, c.studentB.id, { posted_grade: '10' });
    // A name a spreadsheet would run as a formula, with a quote and a comma.
    await server.core.services.repos.users.update(c.studentB.id, fixtureStamp(), (u) => ({ ...u, sortable_name: '@SUM(1+1), "Ben"', sis_user_id: 'SIS-B' }));
  });
  afterAll(() => server.stop());

  it('writes Canvas’s columns in Canvas’s order, the points-possible row, EX, totals, RFC 4180 quoting and CRLF', async () => {
    const { text, headers, started } = await exportGradebook(server, c.teacher.token, c.id);
    expect(started).toMatchObject({ filename: expect.stringMatching(/_Grades-.+\.csv$/), attachment: { 'content-type': 'text/csv' }, progress: { tag: 'gradebook_to_csv' } });
    expect(headers.get('content-type')).toMatch(/^text\/csv/);
    expect(headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(Number(headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n')[0]).toBe(
      [
        'Student', 'ID', 'SIS User ID', 'SIS Login ID', 'Section', 'Notes',
        `'=cmd|calc (${work.H1.id})`, `Essay (${work.H2.id})`, `"Midterm, part ""A"" (${work.E1.id})"`,
        'Homework Current Score', 'Homework Unposted Current Score', 'Homework Final Score', 'Homework Unposted Final Score',
        'Exams Current Score', 'Exams Unposted Current Score', 'Exams Final Score', 'Exams Unposted Final Score',
        'Current Score', 'Unposted Current Score', 'Final Score', 'Unposted Final Score',
      ].join(','),
    );
    const rows = parseCsv(text);
    expect(rows[1]).toEqual(['    Points Possible', '', '', '', '', '', '10', '20', '50', ...Array(12).fill('(read only)')]);
    // Students by sortable name: "@SUM…" sorts before "Student, Amy"; the formula gets its apostrophe.
    expect(rows).toHaveLength(4);
    const [, , ben, amy] = rows as string[][];
    expect(ben!.slice(0, 9)).toEqual([`'@SUM(1+1), "Ben"`, String(c.studentB.id), 'SIS-B', expect.any(String), 'Export 101 B', '', '10', '', '']);
    expect(amy!.slice(0, 9)).toEqual([expect.any(String), String(c.studentA.id), '', expect.any(String), expect.any(String), 'talks, a lot\nsecond line', '8', 'EX', '40.5']);
    // Homework: 8/10 (the essay excused); exams 40.5/50; course 48.5/60.
    expect(amy!.slice(9)).toEqual(['80', '80', '80', '80', '81', '81', '81', '81', '80.83', '80.83', '80.83', '80.83']);
    // Ben: homework 10/10 current, 10/30 final; exams nothing graded.
    expect(ben!.slice(9, 13)).toEqual(['100', '100', '33.33', '33.33']);
    expect(ben!.slice(13, 17)).toEqual(['', '', '0', '0']);
    // The unpublished draft has no column.
    expect(text).not.toContain('Draft');
  });

  it('only graders export; only the requester downloads', async () => {
    expectInvalidToken(await api(server, undefined, 'POST', `/api/v1/courses/${c.id}/gradebook_csvs`));
    expectUnauthorized(await api(server, c.studentA.token, 'POST', `/api/v1/courses/${c.id}/gradebook_csvs`));
    expectUnauthorized(await api(server, c.designer.token, 'POST', `/api/v1/courses/${c.id}/gradebook_csvs`));
    expectUnauthorized(await api(server, c.outsider.token, 'POST', `/api/v1/courses/${c.id}/gradebook_csvs`));
    const { started } = await exportGradebook(server, c.teacher.token, c.id);
    const attachment = `/api/v1/export_files/${started.attachment_id as number}`;
    expectUnauthorized(await api(server, c.studentA.token, 'GET', `${attachment}/download`));
    expectUnauthorized(await api(server, c.ta.token, 'GET', attachment));
    expect((await api(server, c.teacher.token, 'GET', attachment)).json).toMatchObject({ id: started.attachment_id, workflow_state: 'processed' });
    expect((await api(server, c.teacher.token, 'GET', '/api/v1/export_files/99999999/download')).status).toBe(404);
  });

  it('a section-limited TA exports only the students of their section', async () => {
    const { text } = await exportGradebook(server, c.ta.token, c.id);
    const rows = parseCsv(text);
    expect(rows.slice(2).map((r) => r[1])).toEqual([String(c.studentB.id)]);
  });

  it('a course with no students still gets its header and points-possible rows', async () => {
    const empty = await createSubmissionCourse(server, 'Empty');
    await server.core.services.repos.enrollments.update(empty.enrollmentIds.studentA, fixtureStamp(), (e) => ({ ...e, workflow_state: 'deleted' }));
    await server.core.services.repos.enrollments.update(empty.enrollmentIds.studentB, fixtureStamp(), (e) => ({ ...e, workflow_state: 'deleted' }));
    const { text } = await exportGradebook(server, empty.teacher.token, empty.id);
    expect(parseCsv(text)).toEqual([
      ['Student', 'ID', 'SIS User ID', 'SIS Login ID', 'Section', 'Current Score', 'Unposted Current Score', 'Final Score', 'Unposted Final Score'],
      ['    Points Possible', '', '', '', '', '(read only)', '(read only)', '(read only)', '(read only)'],
    ]);
  });

  it('an export cut short by a crash resumes at the next start and writes each chunk once', async () => {
    const fresh = (await exportGradebook(server, c.teacher.token, c.id)).text;
    const rows = parseCsv(fresh);
    const { repos } = server.core.services;
    const files = new ExportFilesService(server.core.services);
    const file = await files.begin({ courseId: c.id, userId: c.teacher.id, kind: 'gradebook_csv', filename: 'resumed.csv', contentType: 'text/csv' }, fixtureStamp());
    // Item 0 (the header and points rows) was written, and the process died before its done mark.
    const head = fresh.split('\r\n').slice(0, 2).join('\r\n') + '\r\n';
    await files.append(file.id, 0, Buffer.from(head), fixtureStamp());
    const queued = progressStates.queued({ context_type: 'Course', context_id: c.id, user_id: c.teacher.id, tag: 'gradebook_to_csv' });
    const progress = await repos.progress.create(progressStates.running(10)(queued), fixtureStamp());
    const inputs = { course_id: c.id, export_id: file.id, student_ids: rows.slice(2).map((r) => Number(r[1])) };
    await repos.jobs.create({ kind: 'gradebook_to_csv', progress_id: progress.id, user_id: c.teacher.id, inputs, workflow_state: 'running' }, fixtureStamp());
    server = await restartTestServer(server);
    expect(await finishedProgress(server, c.teacher.token, progress.id)).toMatchObject({ workflow_state: 'completed' });
    const download = await fetch(`${server.url}/api/v1/export_files/${file.id}/download`, { headers: { authorization: `Bearer ${c.teacher.token}` } });
    expect(await download.text()).toBe(fresh);
    expect((await server.core.services.repos.exportFiles.get(file.id))?.data).toMatchObject({ workflow_state: 'available', chunks: 2, size: Buffer.byteLength(fresh) });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, createSubmissionCourse, gradeAs, submitText, type SubmissionCourse } from '../helpers/submission-fixtures.ts';

type Json = Record<string, unknown>;

/**
 * Issue 33, class 2: list filters that were parsed (or silently dropped) but not applied. `/students/submissions`
 * takes `submitted_since`, `graded_since`, `enrollment_state`, and its grouped form names each student's section and,
 * with `include[]=total_scores`, their course totals.
 */
describe('fidelity: /students/submissions applies its filters', () => {
  let server: TestServer;
  let c: SubmissionCourse;
  let base: string;
  let first: Json;
  let second: Json;
  let between: string;

  const list = async (query: string, token = c.teacher.token) => {
    const res = await api(server, token, 'GET', `${base}/students/submissions?student_ids[]=all&per_page=100&${query}`);
    return res;
  };
  const pairs = (rows: Json[]) => rows.map((s) => `${String(s.user_id)}:${String(s.assignment_id)}`).sort();

  beforeAll(async () => {
    server = await startTestServer();
    c = await createSubmissionCourse(server, 'Filters 101');
    base = `/api/v1/courses/${c.id}`;
    first = await createGradedAssignment(server, c, { name: 'First' });
    second = await createGradedAssignment(server, c, { name: 'Second' });
    await submitText(server, c.studentA.token, c.id, first.id as number);
    await gradeAs(server, c.teacher.token, c.id, first.id as number, c.studentA.id, { posted_grade: '8' });
    // Times are kept to the second, and `*_since` compares strictly: `between` is the next whole second, and the
    // later work comes a second after it.
    const next = Math.ceil((Date.now() + 1) / 1000) * 1000;
    between = new Date(next).toISOString();
    await new Promise((resolve) => setTimeout(resolve, next + 1000 - Date.now()));
    await submitText(server, c.studentB.token, c.id, second.id as number);
    await gradeAs(server, c.teacher.token, c.id, second.id as number, c.studentA.id, { posted_grade: '6' });
  });
  afterAll(() => server.stop());

  it('submitted_since keeps only work submitted after the time', async () => {
    const res = await list(`submitted_since=${encodeURIComponent(between)}`);
    expect(res.status).toBe(200);
    expect(pairs(res.json as Json[])).toEqual([`${c.studentB.id}:${String(second.id)}`]);
  });

  it('graded_since keeps only work graded after the time (an incremental grade sync)', async () => {
    const res = await list(`graded_since=${encodeURIComponent(between)}`);
    expect(res.status).toBe(200);
    expect(pairs(res.json as Json[])).toEqual([`${c.studentA.id}:${String(second.id)}`]);
    const all = await list(`graded_since=${encodeURIComponent('2000-01-01T00:00:00Z')}`);
    expect((all.json as Json[]).length).toBe(2);
  });

  it('an unreadable date is a 400, not every submission', async () => {
    for (const param of ['submitted_since', 'graded_since']) {
      const res = await list(`${param}=yesterday-ish`);
      expect(res.status).toBe(400);
    }
  });

  it('enrollment_state=active|concluded picks students by their enrollment', async () => {
    const concluded = await api(server, c.teacher.token, 'DELETE', `${base}/enrollments/${c.enrollmentIds.studentB}?task=conclude`);
    expect(concluded.status).toBe(200);
    const active = await list('enrollment_state=active');
    expect(new Set((active.json as Json[]).map((s) => s.user_id))).toEqual(new Set([c.studentA.id]));
    const done = await list('enrollment_state=concluded');
    expect(new Set((done.json as Json[]).map((s) => s.user_id))).toEqual(new Set([c.studentB.id]));
    expect((await list('enrollment_state=sometimes')).status).toBe(400);
  });

  it('grouped entries name the section, and carry course totals with include[]=total_scores', async () => {
    const plain = await list('grouped=true');
    expect(plain.status).toBe(200);
    const entries = plain.json as Json[];
    expect(entries.find((e) => e.user_id === c.studentA.id)).toMatchObject({ section_id: c.sectionId });
    expect(entries.find((e) => e.user_id === c.studentB.id)).toMatchObject({ section_id: c.sectionB });
    expect(entries[0]).not.toHaveProperty('computed_current_score');

    const withTotals = await list('grouped=true&include[]=total_scores');
    const a = (withTotals.json as Json[]).find((e) => e.user_id === c.studentA.id)!;
    // 8/10 + 6/10 = 70%, both graded, so current and final agree.
    expect(a).toMatchObject({ section_id: c.sectionId, computed_current_score: 70, computed_final_score: 70 });
    expect((a.submissions as Json[]).length).toBe(2);
    // SIS ids go to callers with SIS rights (a teacher reads SIS data), never to the student.
    expect(a).toMatchObject({ sis_user_id: null, integration_id: null });
    const own = await api(server, c.studentA.token, 'GET', `${base}/students/submissions?grouped=true`);
    expect(own.json).toEqual([expect.objectContaining({ user_id: c.studentA.id, section_id: c.sectionId })]);
    expect((own.json as Json[])[0]).not.toHaveProperty('sis_user_id');
  });

  it('post_to_sis=true keeps only work on assignments posted to SIS, which Outpost has none of', async () => {
    const res = await list('post_to_sis=true');
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
    expect(((await list('post_to_sis=false')).json as Json[]).length).toBeGreaterThan(0);
  });
});

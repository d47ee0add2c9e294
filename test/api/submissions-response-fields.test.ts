import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, createSubmissionCourse, gradeAs, submitText, type SubmissionCourse } from '../helpers/submission-fixtures.ts';

type Json = Record<string, unknown>;
type Grouped = { user_id: number; submissions: Json[] }[];

/** `students/submissions` with Canvas's `response_fields[]`: each submission cut to the named fields, nothing else changed. */
describe('students/submissions response_fields[]', () => {
  let server: TestServer;
  let course: SubmissionCourse;
  let base: string;
  const get = async (query: string) => {
    const res = await api(server, course.teacher.token, 'GET', `${base}/students/submissions?${query}`);
    expect(res.status, query).toBe(200);
    return res;
  };

  beforeAll(async () => {
    server = await startTestServer();
    course = await createSubmissionCourse(server, 'Response fields 101');
    base = `/api/v1/courses/${course.id}`;
    const first = await createGradedAssignment(server, course);
    const second = await createGradedAssignment(server, course);
    await submitText(server, course.studentA.token, course.id, first.id as number);
    await gradeAs(server, course.teacher.token, course.id, first.id as number, course.studentA.id, { posted_grade: '7' });
    await gradeAs(server, course.teacher.token, course.id, second.id as number, course.studentB.id, { excuse: true });
  });
  afterAll(() => server.stop());

  it('keeps only the named fields of each submission, ignores unknown names, and lists the same submissions in the same order', async () => {
    const full = (await get('student_ids[]=all')).json as Json[];
    const cut = (await get('student_ids[]=all&response_fields[]=id&response_fields[]=score&response_fields[]=excused&response_fields[]=no_such_field')).json as Json[];
    expect(full.length).toBe(4);
    expect(cut).toEqual(full.map((s) => ({ id: s.id, score: s.score, excused: s.excused })));
    expect(cut.find((s) => s.score === 7)).toBeDefined();
    expect(cut.filter((s) => s.excused === true)).toHaveLength(1);
  });

  it('naming every field gives the whole JSON, and each field alone is the whole JSON’s value', async () => {
    const full = (await get('student_ids[]=all&include[]=submission_comments&include[]=user')).json as Json[];
    const names = [...new Set(full.flatMap((s) => Object.keys(s)))];
    const all = (await get(`student_ids[]=all&include[]=submission_comments&include[]=user&${names.map((n) => `response_fields[]=${n}`).join('&')}`)).json;
    expect(all).toEqual(full);
    for (const name of names) {
      const one = (await get(`student_ids[]=all&include[]=submission_comments&include[]=user&response_fields[]=${name}`)).json as Json[];
      expect(one, name).toEqual(full.map((s) => (Object.hasOwn(s, name) ? { [name]: s[name] } : {})));
    }
  });

  it('without the parameter the JSON is Canvas’s full submission; with only unknown names each submission is empty', async () => {
    const [full] = (await get('student_ids[]=all')).json as Json[];
    expect(Object.keys(full!)).toEqual(expect.arrayContaining(['id', 'user_id', 'assignment_id', 'grade', 'entered_grade', 'late', 'missing', 'html_url', 'preview_url']));
    expect((await get('student_ids[]=all&response_fields[]=bogus')).json).toEqual([{}, {}, {}, {}]);
  });

  it('applies to included fields too: an include is kept only when named', async () => {
    const kept = (await get('student_ids[]=all&include[]=submission_comments&response_fields[]=id&response_fields[]=submission_comments')).json as Json[];
    for (const s of kept) expect(Object.keys(s).sort()).toEqual(['id', 'submission_comments']);
    const dropped = (await get('student_ids[]=all&include[]=submission_comments&response_fields[]=id')).json as Json[];
    for (const s of dropped) expect(Object.keys(s)).toEqual(['id']);
  });

  it('grouped: each student keeps their own submissions, cut to the fields, even when user_id is not among them', async () => {
    const full = (await get('student_ids[]=all&grouped=1')).json as Grouped;
    const cut = (await get('student_ids[]=all&grouped=1&response_fields[]=assignment_id&response_fields[]=entered_grade')).json as Grouped;
    expect(cut.map((g) => g.user_id)).toEqual(full.map((g) => g.user_id));
    // `response_fields[]` cuts the submissions, not what the entry says about the student.
    expect(cut.map(({ user_id, submissions }) => ({ user_id, submissions }))).toEqual(full.map((g) => ({ user_id: g.user_id, submissions: g.submissions.map((s) => ({ assignment_id: s.assignment_id, entered_grade: s.entered_grade })) })));
    expect(cut.find((g) => g.user_id === course.studentA.id)!.submissions.some((s) => s.entered_grade === '7')).toBe(true);
  });

  it('pages as the full list does: the same submissions on each page, with the Link header', async () => {
    const full = (await get('student_ids[]=all&per_page=100')).json as Json[];
    const pages: Json[] = [];
    let next: string | undefined = `${base}/students/submissions?student_ids[]=all&response_fields[]=id&per_page=3`;
    while (next) {
      const res = await api(server, course.teacher.token, 'GET', next);
      pages.push(...(res.json as Json[]));
      next = /<([^>]+)>; rel="next"/.exec(res.headers.get('link') ?? '')?.[1]?.replace(server.url, '');
    }
    expect(pages).toEqual(full.map((s) => ({ id: s.id })));
  });

  it('a malformed response_fields is a 400, never a 5xx', async () => {
    const res = await api(server, course.teacher.token, 'GET', `${base}/students/submissions?student_ids[]=all&response_fields[]=${'x'.repeat(101)}`);
    expect(res.status).toBe(400);
    expect(server.errors).toEqual([]);
  });
});

describe('students/submissions response_fields[] of a grade not posted yet', () => {
  let server: TestServer;
  afterAll(() => server.stop());

  it('a student who names the grade fields still reads them hidden, as in the whole JSON', async () => {
    server = await startTestServer();
    const course = await createSubmissionCourse(server, 'Response fields 102');
    const base = `/api/v1/courses/${course.id}`;
    const muted = await createGradedAssignment(server, course, { muted: true });
    await submitText(server, course.studentA.token, course.id, muted.id as number);
    await gradeAs(server, course.teacher.token, course.id, muted.id as number, course.studentA.id, { posted_grade: '7' });
    const read = async (query: string) => (await api(server, course.studentA.token, 'GET', `${base}/students/submissions?student_ids[]=self${query}`)).json as Json[];
    const [full] = await read('');
    const grades = ['score', 'grade', 'entered_score', 'entered_grade', 'points_deducted', 'workflow_state'];
    expect(full).toMatchObject({ score: null, grade: null, entered_score: null, entered_grade: null });
    expect(await read(grades.map((n) => `&response_fields[]=${n}`).join(''))).toEqual([Object.fromEntries(grades.map((n) => [n, full![n]]))]);
  });
});

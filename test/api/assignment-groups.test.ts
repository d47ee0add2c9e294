import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { formApi } from '../helpers/poll-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, createSubmissionCourse, type SubmissionCourse } from '../helpers/submission-fixtures.ts';

type Json = Record<string, unknown> & { id: number };

describe('assignment groups API', () => {
  let server: TestServer;
  let c: SubmissionCourse;
  let base: string;
  const teacher = (method: string, path: string, body?: unknown) => api(server, c.teacher.token, method, path, body);

  beforeAll(async () => {
    server = await startTestServer();
    c = await createSubmissionCourse(server, 'Groups 101');
    base = `/api/v1/courses/${c.id}/assignment_groups`;
  });
  afterAll(() => server.stop());

  it('a student sees no group before any exists; a teacher’s first look creates the default "Assignments"', async () => {
    expect((await api(server, c.studentA.token, 'GET', base)).json).toEqual([]);
    const listed = await teacher('GET', base);
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual([
      { id: expect.any(Number), name: 'Assignments', position: 1, group_weight: 0, sis_source_id: null, integration_data: {}, rules: {} },
    ]);
    expect((await teacher('GET', base)).json).toHaveLength(1);
  });

  it('an assignment created without a group lands in the first group', async () => {
    const [first] = (await teacher('GET', base)).json as Json[];
    const a = await createGradedAssignment(server, c, { name: 'Lands first' });
    expect(a.assignment_group_id).toBe(first!.id);
  });

  it('401 without a token or the right; 404 for unknown groups and other courses’ groups', async () => {
    expectInvalidToken(await api(server, undefined, 'GET', base));
    expectUnauthorized(await api(server, c.outsider.token, 'GET', base));
    const [first] = (await teacher('GET', base)).json as Json[];
    for (const who of [c.studentA, c.observer]) {
      expectUnauthorized(await api(server, who.token, 'POST', base, { name: 'Nope' }), who.login);
      expectUnauthorized(await api(server, who.token, 'PUT', `${base}/${first!.id}`, { name: 'Nope' }), who.login);
      expectUnauthorized(await api(server, who.token, 'DELETE', `${base}/${first!.id}`), who.login);
    }
    expectNotFound(await teacher('GET', `${base}/999999999`));
    expectNotFound(await teacher('PUT', `${base}/999999999`, { name: 'x' }));
    const other = await createSubmissionCourse(server, 'Groups 102');
    const theirs = (await api(server, other.teacher.token, 'POST', `/api/v1/courses/${other.id}/assignment_groups`, { name: 'Theirs' })).json as Json;
    expectNotFound(await teacher('GET', `${base}/${theirs.id}`));
  });

  it('400 for a negative weight or drop count, and nothing is created', async () => {
    const before = ((await teacher('GET', base)).json as Json[]).length;
    expect((await teacher('POST', base, { name: 'Bad', group_weight: -5 })).status).toBe(400);
    expect((await teacher('POST', base, { name: 'Bad', rules: { drop_lowest: -1 } })).status).toBe(400);
    expect((await teacher('POST', base, { name: 'Bad', rules: { never_drop: ['x'] } })).status).toBe(400);
    expect((await teacher('GET', base)).json).toHaveLength(before);
  });

  it('creates from Canvas’s form-encoded fields, last in position order, and echoes the rules it was given', async () => {
    const res = await formApi(server, c.teacher.token, 'POST', base, 'name=Quizzes&group_weight=40&rules[drop_lowest]=1&rules[never_drop][]=7&rules[never_drop][]=7');
    expect(res.status).toBe(200);
    const created = res.json as Json;
    expect(created).toMatchObject({ name: 'Quizzes', group_weight: 40, rules: { drop_lowest: 1, never_drop: [7] } });
    const listed = (await teacher('GET', base)).json as Json[];
    expect(listed.at(-1)).toMatchObject({ id: created.id, position: listed.length });
  });

  it('PUT changes what it names; rules, when sent, replace the whole set', async () => {
    const g = (await teacher('POST', base, { name: 'Labs', group_weight: 10, rules: { drop_lowest: 2, drop_highest: 1 } })).json as Json;
    const put = await teacher('PUT', `${base}/${g.id}`, { group_weight: 25.5, rules: { drop_highest: 1 } });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ name: 'Labs', group_weight: 25.5, rules: { drop_highest: 1 } });
    expect((put.json as Json).rules).not.toHaveProperty('drop_lowest');
    expect((await teacher('GET', `${base}/${g.id}`)).json).toMatchObject({ group_weight: 25.5, rules: { drop_highest: 1 } });
  });

  it('include[]=assignments lists each group’s work; students see published work only', async () => {
    const g = (await teacher('POST', base, { name: 'Essays' })).json as Json;
    const shown = await createGradedAssignment(server, c, { name: 'Shown', assignment_group_id: g.id });
    const draft = await createGradedAssignment(server, c, { name: 'Draft', assignment_group_id: g.id, published: false });
    const asTeacher = (await teacher('GET', `${base}/${g.id}?include[]=assignments`)).json as Json;
    expect((asTeacher.assignments as Json[]).map((a) => a.id)).toEqual([shown.id, draft.id]);
    const asStudent = (await api(server, c.studentA.token, 'GET', `${base}?include[]=assignments`)).json as Json[];
    const essays = asStudent.find((x) => x.id === g.id)!;
    expect((essays.assignments as Json[]).map((a) => a.id)).toEqual([shown.id]);
    expect(asStudent.every((x) => Array.isArray(x.assignments))).toBe(true);
    // An assignment PUT into another group moves; an unknown group id is ignored, as Canvas does.
    const [first] = (await teacher('GET', base)).json as Json[];
    const moved = await teacher('PUT', `/api/v1/courses/${c.id}/assignments/${shown.id}`, { assignment: { assignment_group_id: first!.id } });
    expect(moved.json).toMatchObject({ assignment_group_id: first!.id });
    const kept = await teacher('PUT', `/api/v1/courses/${c.id}/assignments/${shown.id}`, { assignment: { assignment_group_id: 999999999 } });
    expect(kept.json).toMatchObject({ assignment_group_id: first!.id });
  });

  describe('DELETE', () => {
    it('moves the group’s work to move_assignments_to, then deletes the group', async () => {
      const from = (await teacher('POST', base, { name: 'From' })).json as Json;
      const to = (await teacher('POST', base, { name: 'To' })).json as Json;
      const a = await createGradedAssignment(server, c, { name: 'Moving', assignment_group_id: from.id });
      const res = await teacher('DELETE', `${base}/${from.id}?move_assignments_to=${to.id}`);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: from.id, name: 'From' });
      expectNotFound(await teacher('GET', `${base}/${from.id}`));
      expect((await teacher('GET', `/api/v1/courses/${c.id}/assignments/${a.id}`)).json).toMatchObject({ assignment_group_id: to.id });
    });

    it('without move_assignments_to deletes the group’s work', async () => {
      const g = (await teacher('POST', base, { name: 'Doomed' })).json as Json;
      const a = await createGradedAssignment(server, c, { name: 'Going', assignment_group_id: g.id });
      expect((await teacher('DELETE', `${base}/${g.id}`)).status).toBe(200);
      expectNotFound(await teacher('GET', `/api/v1/courses/${c.id}/assignments/${a.id}`));
    });

    it('404 for a move to an unknown group, 400 for a move to itself; nothing changes', async () => {
      const g = (await teacher('POST', base, { name: 'Stays' })).json as Json;
      const a = await createGradedAssignment(server, c, { name: 'Staying', assignment_group_id: g.id });
      expectNotFound(await teacher('DELETE', `${base}/${g.id}?move_assignments_to=999999999`));
      const self = await teacher('DELETE', `${base}/${g.id}?move_assignments_to=${g.id}`);
      expect(self.status).toBe(400);
      expect((await teacher('GET', `${base}/${g.id}`)).status).toBe(200);
      expect((await teacher('GET', `/api/v1/courses/${c.id}/assignments/${a.id}`)).json).toMatchObject({ assignment_group_id: g.id });
    });
  });
});

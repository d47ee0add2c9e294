import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { createAssignment } from '../helpers/content-fixtures.ts';
import { expectInvalidToken, expectNotFound } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { createNote, createOverride } from '../helpers/planner-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

type Json = Record<string, unknown> & { id: number };

describe('planner overrides API', () => {
  let server: TestServer;
  let course: RosterCourse;
  let assignment: Json;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: 'planner-overrides-admin' });
    course = await createRosterCourse(server, 'Planner Overrides 101');
    assignment = await createAssignment(server, course.teacher.token, course.id, { published: true });
  });
  afterAll(() => server.stop());

  it('401 with the Bearer challenge without a token, on every route', async () => {
    expectInvalidToken(await api(server, undefined, 'GET', '/api/v1/planner/overrides'));
    expectInvalidToken(await api(server, undefined, 'POST', '/api/v1/planner/overrides', { plannable_type: 'assignment', plannable_id: assignment.id }));
    for (const method of ['GET', 'PUT', 'DELETE']) expectInvalidToken(await api(server, undefined, method, '/api/v1/planner/overrides/1'));
  });

  it('404 for plannables the caller cannot see, with Canvas’s message; for other users’ overrides and unknown ids', async () => {
    const draft = await createAssignment(server, course.teacher.token, course.id, { published: false });
    for (const [type, id, name] of [
      ['assignment', 999999999, 'Assignment'],
      ['assignment', draft.id, 'Assignment'],
      ['quiz', assignment.id, 'Quizzes::Quiz'],
      ['planner_note', 999999999, 'PlannerNote'],
    ] as const) {
      const res = await api(server, course.studentA.token, 'POST', '/api/v1/planner/overrides', { plannable_type: type, plannable_id: id });
      expect(res.status, `${type} ${id}`).toBe(404);
      expect(res.json).toEqual({ message: `No object of type ${name} with that ID` });
    }
    // An outsider is in no course: the assignment is not theirs to plan.
    expect((await api(server, course.outsider.token, 'POST', '/api/v1/planner/overrides', { plannable_type: 'assignment', plannable_id: assignment.id })).status).toBe(404);
    const mine = await createOverride(server, course.studentA.token, 'assignment', assignment.id);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      expectNotFound(await api(server, course.studentB.token, method, `/api/v1/planner/overrides/${mine.id}`));
      expectNotFound(await api(server, course.studentA.token, method, '/api/v1/planner/overrides/999999999'));
    }
    await api(server, course.studentA.token, 'DELETE', `/api/v1/planner/overrides/${mine.id}`);
  });

  it('400 for a missing or unknown plannable_type, a missing plannable_id, and a duplicate', async () => {
    const post = (body: unknown) => api(server, course.studentB.token, 'POST', '/api/v1/planner/overrides', body);
    expect((await post({ plannable_id: assignment.id })).status).toBe(400);
    expect((await post({ plannable_type: 'calendar', plannable_id: assignment.id })).json).toMatchObject({ errors: { plannable_type: [expect.objectContaining({ type: 'invalid' })] } });
    expect((await post({ plannable_type: 'assignment' })).status).toBe(400);
    expect((await post({ plannable_type: 'assignment', plannable_id: assignment.id })).status).toBe(201);
    const dup = await post({ plannable_type: 'Assignment', plannable_id: assignment.id });
    expect(dup.status).toBe(400);
    expect(dup.json).toMatchObject({ errors: { plannable_id: [expect.objectContaining({ type: 'taken' })] } });
  });

  it('creates (201; Canvas class names accepted), shows, updates both flags, deletes softly and revives', async () => {
    const note = await createNote(server, course.teacher.token);
    const res = await api(server, course.teacher.token, 'POST', '/api/v1/planner/overrides', { plannable_type: 'PlannerNote', plannable_id: String(note.id), marked_complete: 'true' });
    expect(res.status).toBe(201);
    const o = res.json as Json;
    expect(o).toEqual({
      id: expect.any(Number),
      plannable_type: 'planner_note',
      plannable_id: note.id,
      user_id: course.teacher.id,
      assignment_id: null,
      workflow_state: 'active',
      marked_complete: true,
      dismissed: false,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
      deleted_at: null,
    });
    expect((await api(server, course.teacher.token, 'GET', `/api/v1/planner/overrides/${o.id}`)).json).toEqual(o);
    // Update always sets both flags: the omitted one becomes false.
    const put = await api(server, course.teacher.token, 'PUT', `/api/v1/planner/overrides/${o.id}`, { dismissed: '1' });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ marked_complete: false, dismissed: true });
    const del = await api(server, course.teacher.token, 'DELETE', `/api/v1/planner/overrides/${o.id}`);
    expect(del.json).toMatchObject({ id: o.id, workflow_state: 'deleted', deleted_at: expect.stringMatching(/Z$/) });
    expect((await api(server, course.teacher.token, 'GET', '/api/v1/planner/overrides')).json).toEqual([]);
    const again = await createOverride(server, course.teacher.token, 'planner_note', note.id, { dismissed: true });
    expect(again).toMatchObject({ id: o.id, workflow_state: 'active', deleted_at: null, dismissed: true, marked_complete: false });
  });

  it('lists the caller’s active overrides by id, paginated', async () => {
    const user = course.designer;
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createOverride(server, user.token, 'planner_note', (await createNote(server, user.token)).id));
    const first = await api(server, user.token, 'GET', '/api/v1/planner/overrides?per_page=2');
    expect((first.json as Json[]).map((o) => o.id)).toEqual([made[0]!.id, made[1]!.id]);
    expect(first.headers.get('link')).toContain('rel="next"');
    const second = await api(server, user.token, 'GET', '/api/v1/planner/overrides?per_page=2&page=2');
    expect((second.json as Json[]).map((o) => o.id)).toEqual([made[2]!.id]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { expectInvalidToken, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { createNote, dayFromNow, daysFromNow } from '../helpers/planner-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

type Json = Record<string, unknown> & { id: number };

describe('planner notes API', () => {
  let server: TestServer;
  let course: RosterCourse;
  let other: RosterCourse;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: 'planner-notes-admin' });
    course = await createRosterCourse(server, 'Planner Notes 101');
    other = await createRosterCourse(server, 'Planner Notes 102');
  });
  afterAll(() => server.stop());

  it('401 with the Bearer challenge without a token, on every route', async () => {
    expectInvalidToken(await api(server, undefined, 'GET', '/api/v1/planner_notes'));
    expectInvalidToken(await api(server, undefined, 'POST', '/api/v1/planner_notes', { title: 'x', todo_date: daysFromNow(1) }));
    for (const method of ['GET', 'PUT', 'DELETE']) expectInvalidToken(await api(server, undefined, method, '/api/v1/planner_notes/1'));
  });

  it('401 unauthorized for a note about a course the caller cannot read; 404 for an unknown one', async () => {
    expectUnauthorized(await api(server, course.studentA.token, 'POST', '/api/v1/planner_notes', { title: 'x', todo_date: daysFromNow(1), course_id: other.id }));
    expectNotFound(await api(server, course.studentA.token, 'POST', '/api/v1/planner_notes', { title: 'x', todo_date: daysFromNow(1), course_id: 999999999 }));
    const note = await createNote(server, course.studentA.token);
    expectUnauthorized(await api(server, course.studentA.token, 'PUT', `/api/v1/planner_notes/${note.id}`, { course_id: other.id }));
  });

  it('404 for another user’s note, an unknown or malformed id, and a deleted note', async () => {
    const note = await createNote(server, course.studentA.token);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      expectNotFound(await api(server, course.studentB.token, method, `/api/v1/planner_notes/${note.id}`, method === 'PUT' ? { title: 'mine' } : undefined));
      expectNotFound(await api(server, course.studentA.token, method, '/api/v1/planner_notes/999999999', method === 'PUT' ? { title: 'x' } : undefined));
    }
    expectNotFound(await api(server, course.studentA.token, 'GET', '/api/v1/planner_notes/abc'));
    expect((await api(server, course.studentA.token, 'DELETE', `/api/v1/planner_notes/${note.id}`)).status).toBe(200);
    expectNotFound(await api(server, course.studentA.token, 'GET', `/api/v1/planner_notes/${note.id}`));
  });

  it('400: title and todo_date are required; a bad date, a bad list date; nothing is written', async () => {
    const before = ((await api(server, course.observer.token, 'GET', '/api/v1/planner_notes')).json as Json[]).length;
    const missing = await api(server, course.observer.token, 'POST', '/api/v1/planner_notes', {});
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ errors: { title: [expect.objectContaining({ type: 'blank' })], todo_date: [expect.objectContaining({ type: 'blank' })] } });
    expect((await api(server, course.observer.token, 'POST', '/api/v1/planner_notes', { title: 'x', todo_date: 'someday' })).status).toBe(400);
    expect((await api(server, course.observer.token, 'POST', '/api/v1/planner_notes', { title: '  ', todo_date: daysFromNow(1) })).status).toBe(400);
    const bad = await api(server, course.observer.token, 'GET', '/api/v1/planner_notes?start_date=nope');
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ errors: { start_date: 'Invalid date or invalid datetime for start_date' } });
    expect(((await api(server, course.observer.token, 'GET', '/api/v1/planner_notes')).json as Json[]).length).toBe(before);
    const note = await createNote(server, course.observer.token);
    expect((await api(server, course.observer.token, 'PUT', `/api/v1/planner_notes/${note.id}`, { title: '' })).status).toBe(400);
    expect((await api(server, course.observer.token, 'GET', `/api/v1/planner_notes/${note.id}`)).json).toMatchObject({ title: 'Read chapter 3' });
  });

  it('creates (201), shows, updates, unlinks and deletes a note', async () => {
    const due = daysFromNow(3);
    const res = await api(server, course.studentA.token, 'POST', '/api/v1/planner_notes', { title: 'Study', details: 'ch. 4', todo_date: due, course_id: String(course.id) });
    expect(res.status).toBe(201);
    const note = res.json as Json;
    expect(note).toEqual({
      id: expect.any(Number),
      title: 'Study',
      details: 'ch. 4',
      description: 'ch. 4',
      user_id: course.studentA.id,
      course_id: course.id,
      workflow_state: 'active',
      todo_date: due,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    expect((await api(server, course.studentA.token, 'GET', `/api/v1/planner_notes/${note.id}`)).json).toEqual(note);
    const updated = await api(server, course.studentA.token, 'PUT', `/api/v1/planner_notes/${note.id}`, { description: 'ch. 5', course_id: '' });
    expect(updated.json).toMatchObject({ title: 'Study', details: 'ch. 5', course_id: null, todo_date: due });
    const deleted = await api(server, course.studentA.token, 'DELETE', `/api/v1/planner_notes/${note.id}`);
    expect(deleted.json).toMatchObject({ id: note.id, workflow_state: 'deleted' });
  });

  it('lists the caller’s notes by todo date: inclusive day range, context_codes, pagination', async () => {
    const user = course.ta;
    const today = await createNote(server, user.token, { title: 'today', todo_date: daysFromNow(0) });
    const later = await createNote(server, user.token, { title: 'later', todo_date: daysFromNow(5), course_id: course.id });
    const earlier = await createNote(server, user.token, { title: 'earlier', todo_date: daysFromNow(-5) });
    const list = async (query = '') => ((await api(server, user.token, 'GET', `/api/v1/planner_notes${query}`)).json as Json[]).map((n) => n.title);
    expect(await list()).toEqual(['earlier', 'today', 'later']);
    expect(await list(`?start_date=${dayFromNow(0)}&end_date=${dayFromNow(0)}`)).toEqual(['today']);
    expect(await list(`?start_date=${dayFromNow(-1)}`)).toEqual(['today', 'later']);
    expect(await list(`?end_date=${dayFromNow(0)}`)).toEqual(['earlier', 'today']);
    expect(await list(`?context_codes[]=course_${course.id}`)).toEqual(['later']);
    expect(await list(`?context_codes[]=user_${user.id}`)).toEqual(['earlier', 'today']);
    // Unreadable courses and other users are dropped, not refused.
    expect(await list(`?context_codes[]=course_${other.id}&context_codes[]=user_${course.studentA.id}`)).toEqual([]);
    const page = await api(server, user.token, 'GET', '/api/v1/planner_notes?per_page=2');
    expect((page.json as Json[]).map((n) => n.id)).toEqual([earlier.id, today.id]);
    expect(page.headers.get('link')).toContain('rel="next"');
    const page2 = await api(server, user.token, 'GET', '/api/v1/planner_notes?per_page=2&page=2');
    expect((page2.json as Json[]).map((n) => n.id)).toEqual([later.id]);
    // Others never see them.
    expect(await (async () => ((await api(server, course.teacher.token, 'GET', '/api/v1/planner_notes')).json as Json[]).length)()).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createSubmissionCourse, type SubmissionCourse } from '../helpers/submission-fixtures.ts';

type Json = Record<string, unknown> & { id: number };

/** Issue 33, class 3: routes of Canvas's controllers that canvasapi and Canvas tools call. */
describe('fidelity: routes Canvas tools call', () => {
  let server: TestServer;
  let c: SubmissionCourse;
  let base: string;

  /** Polls a Progress until it ends; jobs run after the answer. */
  const finished = async (id: number): Promise<Json> => {
    for (;;) {
      const progress = (await api(server, c.teacher.token, 'GET', `/api/v1/progress/${id}`)).json as Json;
      if (progress.workflow_state === 'completed' || progress.workflow_state === 'failed') return progress;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const column = async (title: string) => (await api(server, c.teacher.token, 'POST', `${base}/custom_gradebook_columns`, { column: { title } })).json as Json;
  const entries = async (columnId: number) =>
    ((await api(server, c.teacher.token, 'GET', `${base}/custom_gradebook_columns/${columnId}/data`)).json as Json[]).map((d) => [d.user_id, d.content]);

  beforeAll(async () => {
    server = await startTestServer();
    c = await createSubmissionCourse(server, 'Routes 101');
    base = `/api/v1/courses/${c.id}`;
  });
  afterAll(() => server.stop());

  describe('PUT /courses/:id/custom_gradebook_column_data (bulk column data)', () => {
    it('sets, replaces and (blank) deletes entries of several columns in one Progress', async () => {
      const notes = await column('Notes');
      const seat = await column('Seat');
      await api(server, c.teacher.token, 'PUT', `${base}/custom_gradebook_columns/${seat.id}/data/${c.studentB.id}`, { column_data: { content: 'B4' } });
      const res = await api(server, c.teacher.token, 'PUT', `${base}/custom_gradebook_column_data`, {
        column_data: [
          { column_id: notes.id, user_id: c.studentA.id, content: 'Strong start' },
          { column_id: notes.id, user_id: c.studentB.id, content: 'Missed lab' },
          { column_id: seat.id, user_id: c.studentB.id, content: '' },
          // A column that does not exist is skipped, as Canvas skips it.
          { column_id: 987654321, user_id: c.studentA.id, content: 'nowhere' },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ tag: 'custom_columns_submissions_update', workflow_state: 'queued', context_type: 'Course', context_id: c.id });
      expect(await finished((res.json as Json).id)).toMatchObject({ workflow_state: 'completed', completion: 100 });
      expect(await entries(notes.id)).toEqual([[c.studentA.id, 'Strong start'], [c.studentB.id, 'Missed lab']]);
      expect(await entries(seat.id)).toEqual([]);
    });

    it('takes form-encoded lists too', async () => {
      const col = await column('Form');
      const body = new URLSearchParams([['column_data[][column_id]', String(col.id)], ['column_data[][user_id]', String(c.studentA.id)], ['column_data[][content]', 'via form']]);
      const res = await fetch(`${server.url}${base}/custom_gradebook_column_data`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${c.teacher.token}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      });
      expect(res.status).toBe(200);
      await finished(((await res.json()) as Json).id);
      expect(await entries(col.id)).toEqual([[c.studentA.id, 'via form']]);
    });

    it('404 for an unknown course or a student out of reach, 401 without manage_grades, 400 without entries; nothing written', async () => {
      const col = await column('Checks');
      const row = { column_id: col.id, user_id: c.studentA.id, content: 'x' };
      expectNotFound(await api(server, c.teacher.token, 'PUT', '/api/v1/courses/987654321/custom_gradebook_column_data', { column_data: [row] }));
      expectUnauthorized(await api(server, c.studentA.token, 'PUT', `${base}/custom_gradebook_column_data`, { column_data: [row] }));
      // The section-limited TA does not reach student A.
      expectNotFound(await api(server, c.ta.token, 'PUT', `${base}/custom_gradebook_column_data`, { column_data: [row, { ...row, user_id: c.studentB.id }] }));
      expect((await api(server, c.teacher.token, 'PUT', `${base}/custom_gradebook_column_data`, {})).status).toBe(400);
      expect((await api(server, c.teacher.token, 'PUT', `${base}/custom_gradebook_column_data`, { column_data: [{ column_id: col.id, user_id: c.studentA.id }] })).status).toBe(400);
      expect(await entries(col.id)).toEqual([]);
    });
  });
});

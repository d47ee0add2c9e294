import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringifyIds } from '../../src/server/http/string-ids.ts';
import { createModule } from '../helpers/module-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const STRING_IDS = 'application/json+canvas-string-ids, text/javascript, application/json+canvas-string-ids';
type Json = Record<string, unknown>;

describe('string ids (Accept: application/json+canvas-string-ids)', () => {
  let server: TestServer;
  let c: RosterCourse;
  let first: Json & { id: number };
  let second: Json & { id: number };

  const get = async (path: string, accept?: string): Promise<{ status: number; json: unknown }> => {
    const headers: Record<string, string> = { authorization: `Bearer ${c.teacher.token}` };
    if (accept) headers.accept = accept;
    const res = await fetch(server.url + path, { headers });
    return { status: res.status, json: (await res.json()) as unknown };
  };

  beforeAll(async () => {
    server = await startTestServer();
    c = await createRosterCourse(server, 'String Ids 101');
    first = await createModule(server, c.teacher.token, c.id, { name: 'One', position: 1 });
    second = await createModule(server, c.teacher.token, c.id, { name: 'Two', position: 2, prerequisite_module_ids: [first.id] });
  });
  afterAll(() => server.stop());

  it('a course: id and account_id become strings; other numbers and nulls stay as they are', async () => {
    const plain = (await get(`/api/v1/courses/${c.id}`)).json as Json;
    const res = await get(`/api/v1/courses/${c.id}`, STRING_IDS);
    expect(res.status).toBe(200);
    const json = res.json as Json;
    expect(json.id).toBe(String(c.id));
    expect(json.account_id).toBe(String(plain.account_id));
    expect(json).toEqual(stringifyIds(plain));
  });

  it('an enrollment: id, user_id, course_id and course_section_id become strings', async () => {
    const list = (await get(`/api/v1/courses/${c.id}/enrollments?user_id=${c.studentA.id}`, STRING_IDS)).json as Json[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: String(c.enrollmentIds.studentA),
      user_id: String(c.studentA.id),
      course_id: String(c.id),
      course_section_id: expect.stringMatching(/^\d+$/),
    });
    // Nested objects follow the rule too.
    expect((list[0]!.user as Json).id).toBe(String(c.studentA.id));
  });

  it('modules in a list: prerequisite_module_ids elements become strings; position and items_count stay numbers', async () => {
    const list = (await get(`/api/v1/courses/${c.id}/modules`, STRING_IDS)).json as Json[];
    expect(list.map((m) => m.id)).toEqual([String(first.id), String(second.id)]);
    expect(list[1]).toMatchObject({ prerequisite_module_ids: [String(first.id)], position: 2, items_count: 0 });
  });

  it('without the header nothing changes', async () => {
    const list = (await get(`/api/v1/courses/${c.id}/modules`, 'application/json')).json as Json[];
    expect(list[1]).toMatchObject({ id: second.id, prerequisite_module_ids: [first.id], position: 2 });
    expect(((await get(`/api/v1/courses/${c.id}`)).json as Json).id).toBe(c.id);
  });

  it("follows Canvas's key rule exactly", () => {
    const input = {
      id: 1,
      user_id: 2,
      paid: 3,
      idle: 4,
      points_possible: 5,
      sis_user_id: 'abc',
      grader_id: null,
      float_id: 1.5,
      assignment_ids: [6, '7', null],
      ids: [8],
      rids: [9],
      nested: [{ course_id: 10, list: [{ id: 11 }] }],
    };
    expect(stringifyIds(input)).toEqual({
      id: '1',
      user_id: '2',
      paid: 3,
      idle: 4,
      points_possible: 5,
      sis_user_id: 'abc',
      grader_id: null,
      float_id: 1.5,
      assignment_ids: ['6', '7', null],
      ids: ['8'],
      rids: [9],
      nested: [{ course_id: '10', list: [{ id: '11' }] }],
    });
    // The route's object is not changed in place.
    expect(input.id).toBe(1);
  });
});

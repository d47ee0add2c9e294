import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { createAssignment } from '../helpers/content-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { createItem, createPublishedModule, updateModule, type Json } from '../helpers/module-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/**
 * A course's modules, items and their content are cached between requests (domain/progression/course-cache.ts);
 * every write to the course must show in the very next answer, whichever area made it.
 */
describe('modules list after writes (cached course structure)', () => {
  let server: TestServer;
  let c: RosterCourse;
  let list: string;
  beforeAll(async () => {
    server = await startTestServer();
    c = await createRosterCourse(server, 'Cache 101');
    list = `/api/v1/courses/${c.id}/modules?include[]=items&include[]=content_details`;
  });
  afterAll(() => server.stop());

  type ModuleJson = Json & { items: Array<Json & { content_details: Record<string, unknown> }> };
  const modules = async (token: string) => (await api(server, token, 'GET', list)).json as ModuleJson[];

  it('shows content, items and modules as changed, to the teacher and to students', async () => {
    const t = c.teacher.token;
    const m = await createPublishedModule(server, t, c.id, { name: 'Week 1' });
    const a = await createAssignment(server, t, c.id, { points_possible: 10, published: true });
    await createItem(server, t, c.id, m.id, { type: 'Assignment', content_id: a.id });
    expect((await modules(t))[0]!.items[0]!.content_details.points_possible).toBe(10);
    expect((await modules(c.studentA.token))[0]!.items).toHaveLength(1);

    // A write in another area (assignments) reaches the next list.
    expect((await api(server, t, 'PUT', `/api/v1/courses/${c.id}/assignments/${a.id}`, { assignment: { points_possible: 20 } })).status).toBe(200);
    expect((await modules(t))[0]!.items[0]!.content_details.points_possible).toBe(20);

    await createItem(server, t, c.id, m.id, { type: 'SubHeader', title: 'Later' });
    await updateModule(server, t, c.id, m.id, { name: 'Week one' });
    const [teacherView] = await modules(t);
    expect(teacherView).toMatchObject({ name: 'Week one', items_count: 2 });

    await updateModule(server, t, c.id, m.id, { published: false });
    expect(await modules(c.studentA.token)).toEqual([]);
  });
});

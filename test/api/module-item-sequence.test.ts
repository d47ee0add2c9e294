import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { createAssignment } from '../helpers/content-fixtures.ts';
import { expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { createItem, createModule, createPublishedModule, createUrlItem, enableMasteryPaths, type Json } from '../helpers/module-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('module item sequence', () => {
  let server: TestServer;
  let c: RosterCourse;
  let seq: string;
  let ids: Record<string, number>;
  beforeAll(async () => {
    server = await startTestServer();
    c = await createRosterCourse(server, 'Sequence');
    seq = `/api/v1/courses/${c.id}/module_item_sequence`;
    const t = c.teacher.token;
    const m1 = await createPublishedModule(server, t, c.id, { name: 'One' });
    const hidden = await createModule(server, t, c.id, { name: 'Hidden' });
    const m2 = await createPublishedModule(server, t, c.id, { name: 'Two' });
    const a = await createAssignment(server, t, c.id, { published: true });
    const first = await createUrlItem(server, t, c.id, m1.id, { title: 'First' });
    await createItem(server, t, c.id, m1.id, { type: 'SubHeader', title: 'Header' });
    const draft = await createItem(server, t, c.id, m1.id, { type: 'ExternalUrl', external_url: 'https://d.test', title: 'Draft' });
    await createUrlItem(server, t, c.id, hidden.id, { title: 'In hidden' });
    const assignment = await createItem(server, t, c.id, m2.id, { type: 'Assignment', content_id: a.id });
    ids = { m1: m1.id, m2: m2.id, first: first.id, draft: draft.id, assignment: assignment.id, a: a.id };
  });
  afterAll(() => server.stop());

  it('refuses outsiders and bad parameters', async () => {
    expectUnauthorized(await api(server, c.outsider.token, 'GET', `${seq}?asset_type=ModuleItem&asset_id=1`));
    expect(await api(server, c.studentA.token, 'GET', `${seq}?asset_type=Bogus&asset_id=1`)).toMatchObject({ status: 400, json: { message: 'invalid asset_type' } });
    expect(await api(server, c.studentA.token, 'GET', `${seq}?asset_type=ModuleItem`)).toMatchObject({ status: 400, json: { message: 'missing asset_id' } });
    expect((await api(server, c.studentA.token, 'GET', `${seq}?asset_type=ModuleItem&asset_id=999999`)).json).toEqual({ items: [], modules: [] });
  });

  it('crosses module boundaries, skipping SubHeaders and what the student cannot see', async () => {
    const res = await api(server, c.studentA.token, 'GET', `${seq}?asset_type=moduleitem&asset_id=${ids.first}`);
    const body = res.json as { items: Array<Record<string, Json | null>>; modules: Json[] };
    expect(body.items).toHaveLength(1);
    expect(body.items[0]!.prev).toBeNull();
    expect(body.items[0]!.current).toMatchObject({ id: ids.first, title: 'First' });
    expect(body.items[0]!.next).toMatchObject({ id: ids.assignment, module_id: ids.m2 });
    expect(body.modules.map((m) => m.id)).toEqual([ids.m1, ids.m2]);
    expect(body.modules[0]).not.toHaveProperty('state');
    const teacher = (await api(server, c.teacher.token, 'GET', `${seq}?asset_type=ModuleItem&asset_id=${ids.first}`)).json as typeof body;
    expect(teacher.items[0]!.next).toMatchObject({ id: ids.draft });
  });

  it('finds content by its own id', async () => {
    const body = (await api(server, c.studentA.token, 'GET', `${seq}?asset_type=Assignment&asset_id=${ids.a}`)).json as { items: Array<Record<string, Json | null>> };
    expect(body.items[0]!.current).toMatchObject({ id: ids.assignment });
    expect(body.items[0]!.prev).toMatchObject({ id: ids.first });
    expect(body.items[0]!.next).toBeNull();
  });

  // One test for both states: turning Mastery Paths on is a course setting no later test could take back.
  it('select_mastery_path answers 400 until Mastery Paths is on, then records a choice from the item\'s sets', async () => {
    const path = `/api/v1/courses/${c.id}/modules/${ids.m2}/items/${ids.assignment}/select_mastery_path`;
    expect(await api(server, c.studentA.token, 'POST', path, { assignment_set_id: '1' })).toMatchObject({ status: 400, json: { message: 'mastery paths not enabled' } });

    await enableMasteryPaths(server, c.teacher.token, c.id, { [ids.assignment!]: [{ id: 1, assignment_ids: [ids.a!] }, { id: 2, assignment_ids: [] }] });
    expect((await api(server, c.studentA.token, 'POST', path, {})).status).toBe(400);
    expect((await api(server, c.studentA.token, 'POST', path, { assignment_set_id: '9' })).json).toEqual({ message: 'invalid assignment_set_id' });
    const chosen = await api(server, c.studentA.token, 'POST', path, { assignment_set_id: '1' });
    expect(chosen.status).toBe(200);
    expect(chosen.json).toMatchObject({ meta: { primaryCollection: 'assignments' }, assignments: [{ id: ids.a }], items: [{ id: ids.assignment }] });
    const body = (await api(server, c.studentA.token, 'GET', `${seq}?asset_type=ModuleItem&asset_id=${ids.assignment}`)).json as { items: Array<Record<string, unknown>> };
    expect(body.items[0]!.mastery_path).toMatchObject({ selected_set_id: 1, assignment_sets: [{ id: 1 }, { id: 2 }] });
  });
});

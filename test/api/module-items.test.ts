import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { createAssignment, createQuiz } from '../helpers/content-fixtures.ts';
import { expectInvalidToken, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { createFixturePage, createItem, createModule, createPublishedModule, createUrlItem, type Json } from '../helpers/module-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('module items API', () => {
  let server: TestServer;
  let c: RosterCourse;
  let m: Json;
  let items: string;
  beforeAll(async () => {
    server = await startTestServer();
    c = await createRosterCourse(server, 'Items 101');
    m = await createPublishedModule(server, c.teacher.token, c.id, { name: 'Week 1' });
    items = `/api/v1/courses/${c.id}/modules/${m.id}/items`;
  });
  afterAll(() => server.stop());

  it('refuses requests without a token, and callers without the right', async () => {
    const item = await createUrlItem(server, c.teacher.token, c.id, m.id);
    for (const [method, path] of [
      ['GET', items], ['GET', `${items}/${item.id}`], ['POST', items], ['PUT', `${items}/${item.id}`], ['DELETE', `${items}/${item.id}`],
      ['PUT', `${items}/${item.id}/done`], ['DELETE', `${items}/${item.id}/done`], ['POST', `${items}/${item.id}/mark_read`],
      ['POST', `${items}/${item.id}/select_mastery_path`], ['GET', `/api/v1/courses/${c.id}/module_item_sequence`],
    ] as const) {
      expectInvalidToken(await api(server, undefined, method, path, method === 'GET' || method === 'DELETE' ? undefined : {}));
    }
    expectUnauthorized(await api(server, c.outsider.token, 'GET', items));
    expectUnauthorized(await api(server, c.studentA.token, 'POST', items, { module_item: { type: 'SubHeader', title: 'x' } }));
    expectUnauthorized(await api(server, c.studentA.token, 'PUT', `${items}/${item.id}`, { module_item: { title: 'x' } }));
    expectUnauthorized(await api(server, c.observer.token, 'DELETE', `${items}/${item.id}`));
    expectUnauthorized(await api(server, c.outsider.token, 'POST', `${items}/${item.id}/mark_read`));
  });

  it('answers 404 for unknown modules and items, and unpublished ones to students', async () => {
    expectNotFound(await api(server, c.teacher.token, 'GET', `/api/v1/courses/${c.id}/modules/999999/items`));
    expectNotFound(await api(server, c.teacher.token, 'GET', `${items}/999999`));
    const draft = await createItem(server, c.teacher.token, c.id, m.id, { type: 'SubHeader', title: 'Draft header' });
    expect(draft.published).toBe(false);
    expectNotFound(await api(server, c.studentA.token, 'GET', `${items}/${draft.id}`));
    expectNotFound(await api(server, c.studentA.token, 'POST', `${items}/${draft.id}/mark_read`));
    const other = await createModule(server, c.teacher.token, c.id, { name: 'Other' });
    expectNotFound(await api(server, c.teacher.token, 'GET', `/api/v1/courses/${c.id}/modules/${other.id}/items/${draft.id}`));
  });

  it('validates per type before writing anything', async () => {
    const count = async () => ((await api(server, c.teacher.token, 'GET', `${items}?per_page=100`)).json as Json[]).length;
    const before = await count();
    const post = (module_item: unknown) => api(server, c.teacher.token, 'POST', items, module_item === undefined ? {} : { module_item });
    expect(await post(undefined)).toMatchObject({ status: 400, json: { message: 'missing module item parameter' } });
    expect(await post({ type: 'Bogus' })).toMatchObject({ status: 400, json: { message: 'Could not find content' } });
    expect(await post({ type: 'Assignment', content_id: '999999' })).toMatchObject({ status: 400, json: { message: 'Could not find content' } });
    expect(await post({ type: 'Page' })).toMatchObject({ status: 400, json: { message: 'missing page_url parameter' } });
    expect(await post({ type: 'Page', page_url: 'nope' })).toMatchObject({ status: 400, json: { message: 'invalid page_url parameter' } });
    expect((await post({ type: 'ExternalUrl' })).status).toBe(400);
    expect((await post({ type: 'ExternalUrl', external_url: 'javascript:alert(1)' })).status).toBe(400);
    expect((await post({ type: 'ExternalTool', external_url: 'https://tool.test' })).status).toBe(400);
    expect((await post({ type: 'SubHeader' })).status).toBe(400);
    const unknownRequirement = await post({ type: 'SubHeader', title: 'x', completion_requirement: { type: 'must_dance' } });
    expect(unknownRequirement).toMatchObject({
      status: 400,
      json: { errors: { completion_requirement: [{ message: 'Invalid completion requirement type' }] } },
    });
    expect(await count()).toBe(before);
  });

  it('creates all eight types with their own fields', async () => {
    const mod = await createPublishedModule(server, c.teacher.token, c.id, { name: 'Types' });
    const a = await createAssignment(server, c.teacher.token, c.id, { published: true, points_possible: 10 });
    const q = await createQuiz(server, c.teacher.token, c.id);
    const topic = (await api(server, c.teacher.token, 'POST', `/api/v1/courses/${c.id}/discussion_topics`, { title: 'Talk', published: true })).json as Json;
    const file = (await api(server, c.teacher.token, 'POST', `/api/v1/courses/${c.id}/files`, { name: 'a.txt', content: 'aGk=' })).json as Json;
    await createFixturePage(server, c.id, 'intro', 'Intro');
    const made = [
      await createItem(server, c.teacher.token, c.id, mod.id, { type: 'Assignment', content_id: a.id, completion_requirement: { type: 'min_score', min_score: 7 } }),
      await createItem(server, c.teacher.token, c.id, mod.id, { type: 'Quiz', content_id: String(q.id), completion_requirement: { type: 'must_contribute' } }),
      await createItem(server, c.teacher.token, c.id, mod.id, { type: 'Discussion', content_id: topic.id, completion_requirement: { type: 'must_contribute' } }),
      await createItem(server, c.teacher.token, c.id, mod.id, { type: 'File', content_id: file.id }),
      await createItem(server, c.teacher.token, c.id, mod.id, { type: 'Page', page_url: 'intro', completion_requirement: { type: 'must_view' } }),
      await createItem(server, c.teacher.token, c.id, mod.id, { type: 'SubHeader', title: 'Part 2', indent: 1 }),
      await createItem(server, c.teacher.token, c.id, mod.id, { type: 'ExternalUrl', external_url: 'https://example.test', title: 'Site' }),
      await createItem(server, c.teacher.token, c.id, mod.id, { type: 'ExternalTool', external_url: 'https://tool.test', content_id: '5', new_tab: true }),
    ];
    expect(made.map((i) => [i.type, i.position])).toEqual([
      ['Assignment', 1], ['Quiz', 2], ['Discussion', 3], ['File', 4], ['Page', 5], ['SubHeader', 6], ['ExternalUrl', 7], ['ExternalTool', 8],
    ]);
    expect(made[0]).toMatchObject({ title: 'Essay', content_id: a.id, published: true, url: `${server.url}/api/v1/courses/${c.id}/assignments/${a.id}` });
    expect(made[0]!.completion_requirement).toEqual({ type: 'min_score', min_score: 7 });
    // must_contribute does not apply to a quiz: ignored, not refused.
    expect(made[1]).not.toHaveProperty('completion_requirement');
    expect(made[1]!.published).toBe(false);
    expect(made[2]!.completion_requirement).toEqual({ type: 'must_contribute' });
    expect(made[4]).toMatchObject({ page_url: 'intro', title: 'Intro', url: `${server.url}/api/v1/courses/${c.id}/pages/intro` });
    expect(made[4]).not.toHaveProperty('content_id');
    expect(made[5]).toMatchObject({ indent: 1, published: false });
    expect(made[5]).not.toHaveProperty('html_url');
    expect(made[6]).toMatchObject({ external_url: 'https://example.test', html_url: `${server.url}/api/v1/courses/${c.id}/module_item_redirect/${made[6]!.id}` });
    expect(made[7]).toMatchObject({ new_tab: true, content_id: 5, published: false });
    const details = (await api(server, c.teacher.token, 'GET', `/api/v1/courses/${c.id}/modules/${mod.id}/items?include[]=content_details&per_page=1`));
    expect(details.json).toEqual([expect.objectContaining({ content_details: { points_possible: 10, locked_for_user: false } })]);
    expect(details.headers.get('link')).toContain('rel="next"');
  });

  it('moves items within a module and to another one; deletes leave positions alone', async () => {
    const mod = await createPublishedModule(server, c.teacher.token, c.id, { name: 'Moves' });
    const path = `/api/v1/courses/${c.id}/modules/${mod.id}/items`;
    const [a, b, d] = [
      await createItem(server, c.teacher.token, c.id, mod.id, { type: 'SubHeader', title: 'A' }),
      await createItem(server, c.teacher.token, c.id, mod.id, { type: 'SubHeader', title: 'B' }),
      await createItem(server, c.teacher.token, c.id, mod.id, { type: 'SubHeader', title: 'D' }),
    ];
    const inserted = await createItem(server, c.teacher.token, c.id, mod.id, { type: 'SubHeader', title: 'C', position: 2 });
    const titles = async (p = path) => ((await api(server, c.teacher.token, 'GET', p)).json as Json[]).map((i) => `${i.title}${i.position}`);
    expect(await titles()).toEqual(['A1', 'C2', 'B3', 'D4']);
    await api(server, c.teacher.token, 'PUT', `${path}/${d.id}`, { module_item: { position: 1 } });
    expect(await titles()).toEqual(['D1', 'A2', 'C3', 'B4']);
    const target = await createPublishedModule(server, c.teacher.token, c.id, { name: 'Target' });
    expect((await api(server, c.teacher.token, 'PUT', `${path}/${a.id}`, { module_item: { module_id: '999999' } })).json).toEqual({ message: 'invalid module_id' });
    const moved = await api(server, c.teacher.token, 'PUT', `${path}/${a.id}`, { module_item: { module_id: String(target.id) } });
    expect(moved.json).toMatchObject({ module_id: target.id, position: 1 });
    expect(await titles()).toEqual(['D1', 'C2', 'B3']);
    const del = await api(server, c.teacher.token, 'DELETE', `${path}/${inserted.id}`);
    expect(del.json).toMatchObject({ id: inserted.id, workflow_state: 'deleted' });
    expect(await titles()).toEqual(['D1', 'B3']);
    expect(b.id).toBeGreaterThan(0);
  });

  it('done, not done and mark_read drive the student progression; locked items refuse mark_read', async () => {
    const first = await createPublishedModule(server, c.teacher.token, c.id, { name: 'Seq', require_sequential_progress: true });
    const path = `/api/v1/courses/${c.id}/modules/${first.id}/items`;
    const view = await createUrlItem(server, c.teacher.token, c.id, first.id, { title: 'Read me', completion_requirement: { type: 'must_view' } });
    const done = await createUrlItem(server, c.teacher.token, c.id, first.id, { title: 'Do me', completion_requirement: { type: 'must_mark_done' } });
    const second = await createPublishedModule(server, c.teacher.token, c.id, { name: 'After', prerequisite_module_ids: [first.id] });
    const me = c.studentA.token;
    const state = async (id: number) => ((await api(server, me, 'GET', `/api/v1/courses/${c.id}/modules/${id}`)).json as Json).state;
    expect(await state(first.id)).toBe('unlocked');
    expect(await state(second.id)).toBe('locked');
    const locked = await api(server, me, 'POST', `${path}/${done.id}/mark_read`);
    expect(locked).toMatchObject({ status: 403, json: { message: 'The module item is locked.' } });
    const lockedItem = (await api(server, me, 'GET', `${path}/${done.id}?include[]=content_details`)).json as Json;
    expect(lockedItem.content_details).toMatchObject({ locked_for_user: true, lock_info: { context_module: { id: first.id } } });
    expect(await api(server, me, 'POST', `${path}/${view.id}/mark_read`)).toMatchObject({ status: 200, json: { message: 'OK' } });
    expect(((await api(server, me, 'GET', `${path}/${view.id}`)).json as Json).completion_requirement).toEqual({ type: 'must_view', completed: true });
    expect(await state(first.id)).toBe('started');
    expect(await api(server, me, 'PUT', `${path}/${done.id}/done`)).toMatchObject({ status: 200, json: { message: 'OK' } });
    expect(await state(first.id)).toBe('completed');
    expect(await state(second.id)).toBe('completed');
    expect(await api(server, me, 'DELETE', `${path}/${done.id}/done`)).toMatchObject({ status: 200, json: { message: 'OK' } });
    expect(await state(first.id)).toBe('started');
    // Only the marked-done entry is undone; the view stays.
    expect(((await api(server, me, 'GET', `${path}/${view.id}`)).json as Json).completion_requirement).toMatchObject({ completed: true });
    // Teachers are never locked and get a plain OK.
    expect((await api(server, c.teacher.token, 'PUT', `${path}/${done.id}/done`)).status).toBe(200);
  });

  it('select_mastery_path is a 400 while Mastery Paths is off', async () => {
    const item = await createUrlItem(server, c.teacher.token, c.id, m.id);
    expect(await api(server, c.studentA.token, 'POST', `${items}/${item.id}/select_mastery_path`, { assignment_set_id: '1' })).toMatchObject({
      status: 400,
      json: { message: 'mastery paths not enabled' },
    });
  });
});

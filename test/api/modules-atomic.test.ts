import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError } from '../../src/server/domain/errors.ts';
import { StaleWriteError, writeTogether } from '../../src/server/domain/repository.ts';
import { ALL_OR_NOTHING_CONTEXT } from '../../src/server/storage/sqlite/index.ts';
import { api, createFixtureUser, fixtureStamp, type FixtureUser } from '../helpers/api-fixtures.ts';
import { createFixtureCourse, enrollFixtureUser } from '../helpers/course-fixtures.ts';
import { createItem, createModule, type Json } from '../helpers/module-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/**
 * Position shifts and cascades write many records; they must land together or not at all, and a concurrent
 * change must be detected rather than overwritten.
 */
describe('atomic multi-record writes', () => {
  let server: TestServer;
  let teacher: FixtureUser;
  beforeAll(async () => {
    server = await startTestServer();
    teacher = await createFixtureUser(server, 'Atomic Teacher');
  });
  afterAll(() => server.stop());

  const course = async (name: string) => {
    const created = await createFixtureCourse(server, { name });
    await enrollFixtureUser(server, created.id, teacher.id, 'TeacherEnrollment');
    return created.id;
  };
  const modulesOf = async (courseId: number) =>
    (await server.core.services.repos.modules.find({ course_id: courseId })).filter((m) => m.data.workflow_state === 'active');
  const itemPositions = async (moduleId: number) =>
    (await server.core.services.repos.moduleItems.find({ parent_id: moduleId }))
      .filter((i) => i.data.workflow_state === 'active')
      .sort((a, b) => a.data.position - b.data.position)
      .map((i) => ({ id: i.id, position: i.data.position }));

  it('writes nothing when one record of the batch fails (here: an insert whose key exists)', async () => {
    const courseId = await course('All or nothing');
    for (const name of ['A', 'B', 'C']) await createModule(server, teacher.token, courseId, { name });
    const { modules } = server.core.services.repos;
    const [a, b, c] = await modulesOf(courseId);
    const batch = [
      modules.replacement(a!, { ...a!.data, name: 'A2' }, fixtureStamp()),
      modules.replacement(b!, { ...b!.data, name: 'B2' }, fixtureStamp()),
      modules.insertion(c!),
    ];
    await expect(writeTogether(batch)).rejects.toBeInstanceOf(StaleWriteError);
    expect((await modulesOf(courseId)).map((m) => m.data.name)).toEqual(['A', 'B', 'C']);
  });

  it('refuses a batch when a record changed after it was read, and a stale revision at the storage level', async () => {
    const courseId = await course('Stale');
    for (const name of ['A', 'B']) await createModule(server, teacher.token, courseId, { name });
    const { modules } = server.core.services.repos;
    const [a, b] = await modulesOf(courseId);
    await modules.update(b!.id, fixtureStamp(), (d) => ({ ...d, name: 'B by someone else' }));
    const attempt = modules.replaceMany([{ read: a!, data: { ...a!.data, position: 2 } }, { read: b!, data: { ...b!.data, position: 1 } }], fixtureStamp());
    await expect(attempt).rejects.toBeInstanceOf(ConflictError);
    expect((await modulesOf(courseId)).map((m) => [m.data.name, m.data.position])).toEqual([['A', 1], ['B by someone else', 2]]);

    // The storage itself: one row with an outdated `previous` revision stops the other row of the same bulkWrite.
    const storage = server.core.db.collections.course.storageInstance;
    const [docA, docB] = await storage.findDocumentsById([a!.key, b!.key], false);
    const stale = { ...docB!, _rev: '1-outdated' };
    const rows = [
      { previous: docA!, document: { ...docA!, data: { ...docA!.data, name: 'A written' } } },
      { previous: stale, document: { ...docB!, data: { ...docB!.data, name: 'B written' } } },
    ];
    const { error } = await storage.bulkWrite(rows, ALL_OR_NOTHING_CONTEXT);
    expect(error.map((e) => [e.documentId, e.status])).toEqual([[b!.key, 409]]);
    expect((await modulesOf(courseId)).map((m) => m.data.name)).toEqual(['A', 'B by someone else']);
  });

  it('keeps module positions 1..n under concurrent inserts and moves (each request is 200 or a 409, never half-done)', async () => {
    const courseId = await course('Concurrent modules');
    const base = `/api/v1/courses/${courseId}/modules`;
    const start: Json[] = [];
    for (let i = 0; i < 5; i++) start.push(await createModule(server, teacher.token, courseId, { name: `M${i}` }));
    const results = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => api(server, teacher.token, 'POST', base, { module: { name: `New ${i}`, position: 1 + (i % 3) } })),
      ...start.map((m, i) => api(server, teacher.token, 'PUT', `${base}/${m.id}`, { module: { position: 5 - i } })),
    ]);
    for (const r of results) expect([200, 409]).toContain(r.status);
    const created = results.slice(0, 8).filter((r) => r.status === 200).length;
    const positions = (await modulesOf(courseId)).map((m) => m.data.position).sort((x, y) => x - y);
    expect(positions).toEqual(Array.from({ length: 5 + created }, (_, i) => i + 1));
  });

  it('keeps item positions consistent and the order of untouched items stable under random create/move/delete', async () => {
    const courseId = await course('Random items');
    const [m1, m2] = [await createModule(server, teacher.token, courseId, { name: 'One' }), await createModule(server, teacher.token, courseId, { name: 'Two' })];
    const moduleIds = [m1.id, m2.id];
    const itemsPath = (moduleId: number) => `/api/v1/courses/${courseId}/modules/${moduleId}/items`;
    const op = fc.oneof(
      fc.record({ kind: fc.constant('create' as const), module: fc.nat(1), position: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }) }),
      fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), module: fc.nat(1), position: fc.integer({ min: 1, max: 8 }) }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 10 }), async (ops) => {
        for (const o of ops) {
          const before = [await itemPositions(m1.id), await itemPositions(m2.id)];
          const all = before.flatMap((list, index) => list.map((entry) => ({ ...entry, module: moduleIds[index]! })));
          let subject: number | undefined;
          if (o.kind === 'create') {
            const body = { type: 'SubHeader', title: 'Item', position: o.position };
            subject = (await createItem(server, teacher.token, courseId, moduleIds[o.module]!, body)).id;
          } else if (all.length > 0) {
            const target = all[o.pick % all.length]!;
            subject = target.id;
            const path = `${itemsPath(target.module)}/${target.id}`;
            const res =
              o.kind === 'delete'
                ? await api(server, teacher.token, 'DELETE', path)
                : await api(server, teacher.token, 'PUT', path, { module_item: { module_id: String(moduleIds[o.module]), position: o.position } });
            expect(res.status).toBe(200);
          }
          const after = [await itemPositions(m1.id), await itemPositions(m2.id)];
          for (const list of after) expect(new Set(list.map((e) => e.position)).size).toBe(list.length);
          // Everything the operation did not name keeps its relative order within its module.
          for (let index = 0; index < 2; index++) {
            const untouched = (list: Array<{ id: number }>) => list.map((e) => e.id).filter((id) => id !== subject);
            expect(untouched(after[index]!)).toEqual(untouched(before[index]!));
          }
        }
      }),
      { numRuns: 12 },
    );
  });
});

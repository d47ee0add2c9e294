import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RECORD_MIGRATIONS } from '../../src/server/domain/record-migrations.ts';
import { CourseRecordsMemory } from '../../src/server/storage/course-records-memory.ts';
import { openDatabase, type OutpostDatabase } from '../../src/server/storage/database.ts';
import type { StoredRecord } from '../../src/server/storage/record-schema.ts';
import { TypedRecords, type Stored } from '../../src/server/storage/typed-records.ts';
import { randomWrites } from '../helpers/random-writes.ts';
import { seededRandom } from '../helpers/storage-random.ts';

type Data = { score: number };

/**
 * What the memory answers is what the storage holds, after any mix of inserts, updates, deletions and moves
 * between courses, also for writes that land while a course loads; courses beyond the limit are dropped and
 * the caller is told to read the storage; kept records cannot be changed by a caller.
 */
describe('CourseRecordsMemory', () => {
  let dir: string;
  let db: OutpostDatabase;
  let records: TypedRecords<Data>;

  const record = (id: number, courseId: number, userId: number, score: number): StoredRecord<Data> => ({
    key: `submission:${id}`, type: 'submission', id, course_id: courseId, user_id: userId, parent_id: 0, sort_key: '',
    lookup_key: '', created_at: id, updated_at: id, updated_by: 0, request_id: '', data: { score },
  });
  const byId = (list: readonly Stored<Data>[]) => [...list].sort((a, b) => a.id - b.id);
  const stored = (courseId: number, userIds?: number[]) =>
    records.find(userIds ? { course_id: courseId, user_id: { $in: userIds } } : { course_id: courseId });

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'outpost-memory-'));
    db = await openDatabase({ dataDir: dir, migrations: RECORD_MIGRATIONS });
    records = new TypedRecords(db.course_user, 'submission');
  });
  afterEach(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers what the storage holds through random writes, also those made while a course loads', async () => {
    let memory = new CourseRecordsMemory(records);
    const random = seededRandom(7);
    const next = (n: number) => random.int(n);
    await db.course_user.bulkInsert(Array.from({ length: 120 }, (_, i) => record(i + 1, 1 + (i % 3), 10 + (i % 8), i)));
    // Another type beside them never shows.
    await db.course_user.insert({ ...record(500, 1, 10, 0), key: 'submission_version:500', type: 'submission_version' });
    let nextId = 121;
    const writes = randomWrites(db.course_user, records, random, {
      fresh: () => record(nextId++, 1 + next(3), 10 + next(8), next(100)),
      changes: [
        (picked) => ({ ...picked, data: { score: next(100) } }),
        (picked) => ({ ...picked, course_id: 1 + next(3), user_id: 10 + next(8) }),
      ],
    });
    for (let round = 0; round < 60; round++) {
      const courseId = 1 + next(3);
      const users = [10 + next(8), 10 + next(8), 10 + next(8)];
      const startWrites = await writes.round();
      // Every third round the course is dropped first (a tiny limit would), so its load races the writes.
      if (round % 3 === 0) memory = new CourseRecordsMemory(records);
      const reading = Promise.all([memory.ofUsers(courseId, users), memory.inCourse(courseId)]);
      await startWrites();
      await reading;
      expect(byId((await memory.ofUsers(courseId, users))!)).toEqual(await stored(courseId, users));
      expect(await memory.inCourse(courseId)).toEqual(await stored(courseId));
    }
    for (const courseId of [1, 2, 3]) expect(await memory.inCourse(courseId)).toEqual(await stored(courseId));
  });

  it('drops the least recently read course past its limit, and keeps no course larger than the limit', async () => {
    const memory = new CourseRecordsMemory(records, 10);
    await db.course_user.bulkInsert([
      ...Array.from({ length: 6 }, (_, i) => record(i + 1, 1, 10 + i, i)),
      ...Array.from({ length: 6 }, (_, i) => record(i + 11, 2, 10 + i, i)),
      ...Array.from({ length: 11 }, (_, i) => record(i + 21, 3, 10 + i, i)),
    ]);
    expect(await memory.inCourse(1)).toHaveLength(6);
    expect(memory.holds(1)).toBe(true);
    expect(await memory.inCourse(2)).toHaveLength(6);
    expect([memory.holds(1), memory.holds(2)]).toEqual([false, true]);
    expect(await memory.inCourse(3)).toBeUndefined();
    expect([memory.holds(2), memory.holds(3)]).toEqual([true, false]);
  });

  it('hands out frozen records', async () => {
    const memory = new CourseRecordsMemory(records);
    await db.course_user.insert(record(1, 1, 10, 5));
    const [kept] = (await memory.ofUsers(1, [10]))!;
    expect(() => {
      (kept!.data as { score: number }).score = 6;
    }).toThrow(TypeError);
    expect((await memory.ofUsers(1, [10]))![0]!.data.score).toBe(5);
  });
});

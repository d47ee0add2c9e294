import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RxJsonSchema } from 'rxdb';
import { checkSchema } from 'rxdb/plugins/dev-mode';
import { afterEach, describe, expect, it } from 'vitest';
import { RECORD_MIGRATIONS } from '../../src/server/domain/record-migrations.ts';
import { COLLECTION_NAMES, openDatabase, type OutpostDatabase } from '../../src/server/storage/database.ts';
import { currentRecordSchema, RECORD_SCHEMAS, type StoredRecord } from '../../src/server/storage/record-schema.ts';

const dirs: string[] = [];
const open: OutpostDatabase[] = [];

async function openIn(dataDir: string, options: Partial<Parameters<typeof openDatabase>[0]> = {}): Promise<OutpostDatabase> {
  const db = await openDatabase({ dataDir, migrations: RECORD_MIGRATIONS, ...options });
  open.push(db);
  return db;
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-db-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function record(type: string, id: number, data: Record<string, unknown>, courseId = 0): StoredRecord {
  return {
    key: `${type}:${id}`, type, id, course_id: courseId, user_id: 0, parent_id: 0, sort_key: '', lookup_key: '',
    created_at: 1, updated_at: 1, updated_by: 0, request_id: '', data,
  };
}

describe('the Outpost database', () => {
  it('has at most 6 collections, one per sync partition', async () => {
    const db = await openIn(tempDir());
    expect(Object.keys(db.collections).sort()).toEqual([...COLLECTION_NAMES].sort());
    expect(COLLECTION_NAMES.length).toBeLessThanOrEqual(6);
  });

  it('uses schemas RxDB dev-mode accepts', () => {
    for (const schema of RECORD_SCHEMAS) expect(() => checkSchema(schema)).not.toThrow();
  });

  it('keeps records across a close and reopen of the SQLite file', async () => {
    const dir = tempDir();
    const db = await openIn(dir);
    await db.course.insert(record('assignment', 42, { name: 'Essay 1', points_possible: 10 }, 7));
    await db.close();
    open.pop();
    const reopened = await openIn(dir);
    const found = await reopened.course.find({ selector: { type: 'assignment', course_id: 7 } }).exec();
    expect(found.map((d) => d.toJSON().data)).toEqual([{ name: 'Essay 1', points_possible: 10 }]);
  });

  it('migrates stored records when a new schema version is appended', async () => {
    const dir = tempDir();
    const v0 = await openIn(dir);
    await v0.course.bulkInsert([
      record('assignment', 1, { name: 'Quiz', points: 5 }),
      record('assignment', 2, { name: 'Essay', points: 20 }),
    ]);
    await v0.close();
    open.pop();

    const base = currentRecordSchema();
    const v1: RxJsonSchema<StoredRecord> = { ...base, version: base.version + 1 };
    const v1Db = await openIn(dir, {
      schemas: [...RECORD_SCHEMAS, v1],
      migrations: {
        ...RECORD_MIGRATIONS,
        [v1.version]: (doc: StoredRecord) => {
          const { points, ...rest } = doc.data as { points: number };
          return { ...doc, data: { ...rest, points_possible: points } };
        },
      },
    });
    const docs = await v1Db.course.find({ selector: { type: 'assignment' }, sort: [{ key: 'asc' }] }).exec();
    expect(docs.map((d) => d.toJSON().data)).toEqual([
      { name: 'Quiz', points_possible: 5 },
      { name: 'Essay', points_possible: 20 },
    ]);
  });
  it('gives submissions stored before schema version 1 their progress slot', async () => {
    const dir = tempDir();
    const v0 = await openIn(dir, { schemas: RECORD_SCHEMAS.slice(0, 1), migrations: {} });
    const submission = (id: number, fields: Record<string, unknown>) =>
      record('submission', id, {
        course_id: 7, assignment_id: 3, user_id: id, submission_type: null, score: null, excused: false,
        grade_matches_current_submission: true, workflow_state: 'unsubmitted', ...fields,
      }, 7);
    await v0.course_user.bulkInsert([
      submission(1, {}),
      submission(2, { submission_type: 'online_url', workflow_state: 'submitted' }),
      submission(3, { submission_type: 'online_url', workflow_state: 'graded', score: 4 }),
      record('submission_comment', 4, { comment: 'kept as it was' }, 7),
    ]);
    await v0.close();
    open.pop();

    const current = await openIn(dir);
    const docs = await current.course_user.find({ selector: {}, sort: [{ key: 'asc' }] }).exec();
    expect(docs.map((d) => [d.key, d.sort_key, d.parent_id])).toEqual([
      ['submission:1', '', 3],
      ['submission:2', 'needs_grading', 3],
      ['submission:3', 'submitted', 3],
      ['submission_comment:4', '', 0],
    ]);
  });
});

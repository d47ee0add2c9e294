import {
  createRevision,
  normalizeMangoQuery,
  prepareQuery,
  type BulkWriteRow,
  type MangoQuery,
  type PreparedQuery,
  type RxDocumentData,
} from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { getRxStorageSQLite } from '../../src/server/storage/sqlite/index.ts';
import { openInstance } from '../helpers/storage-fixtures.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';
import { FUZZ_SCHEMA, plannerProbes, randomFields, randomQuery, randomText, type FuzzDoc } from '../helpers/storage-fuzz-generators.ts';
import { fuzzOps, fuzzScale, fuzzSeeds, seededRandom, type Random } from '../helpers/storage-random.ts';

/**
 * Differential fuzzing (docs/architecture.md §4.1, issue 3): the same random writes go to our SQLite storage and to RxDB's
 * storage-memory, and every random Mango query must return the same documents in the same order, with the same
 * count, from both. The SQLite file is closed and reopened along the way, so what is compared is what was
 * persisted. Sizes: OUTPOST_FUZZ_OPS (operations per seed), OUTPOST_FUZZ_SCALE (multiplies seeds and
 * operations), OUTPOST_FUZZ_SEEDS=1,2,3 (replay the seeds a failure printed).
 */
const SEEDS = fuzzSeeds(Math.max(1, Math.round(3 * fuzzScale())));
const OPS_PER_SEED = fuzzOps(500);
/** Later operations work on more documents, so time grows faster than the operation count; generous on purpose. */
const TIMEOUT_MS = Math.max(120_000, OPS_PER_SEED * 100);

type Instance = Awaited<ReturnType<typeof openInstance<FuzzDoc>>>;
type Doc = RxDocumentData<FuzzDoc>;
type Row = BulkWriteRow<FuzzDoc>;

const dirs = tempDirs();
const open: Instance[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((instance) => instance.close()));
  dirs.removeAll();
});

async function openFuzzTable(storage: Parameters<typeof openInstance>[0], databaseName: string): Promise<Instance> {
  const instance = await openInstance<FuzzDoc>(storage, FUZZ_SCHEMA, databaseName, 'docs');
  open.push(instance);
  return instance;
}

function openSqlite(directory: string): Promise<Instance> {
  return openFuzzTable(getRxStorageSQLite({ directory }), 'fuzz');
}

/** What the fuzzer has learned about the planner, to prove the run exercised what it claims to. */
interface Coverage {
  branches: Set<string>;
  indexes: Set<string>;
  queries: number;
  /** Random selectors RxDB's own planner refuses; a growing share would mean the generator drifted. */
  rejected: number;
  writes: number;
  reopens: number;
}

function describeCoverage({ writes, queries, rejected, reopens, indexes }: Coverage): string {
  return `${writes} writes, ${queries} queries (${rejected} refused by RxDB), ${reopens} reopens, indexes: ${[...indexes].join(' | ')}`;
}

class FuzzRun {
  readonly #random: Random;
  readonly #directory: string;
  readonly #memory: Instance;
  #sqlite: Instance;
  /** Every document ever written, tombstones included, as both storages must hold it. */
  readonly #model = new Map<string, Doc>();
  #clock = 1_700_000_000_000;
  #nextId = 0;
  readonly coverage: Coverage = { branches: new Set(), indexes: new Set(), queries: 0, rejected: 0, writes: 0, reopens: 0 };

  private constructor(random: Random, directory: string, memory: Instance, sqlite: Instance) {
    this.#random = random;
    this.#directory = directory;
    this.#memory = memory;
    this.#sqlite = sqlite;
  }

  static async start(seed: number): Promise<FuzzRun> {
    const directory = dirs.make('outpost-fuzz-');
    const memory = await openFuzzTable(getRxStorageMemory(), `fuzz-${seed}-${Date.now()}`);
    return new FuzzRun(seededRandom(seed), directory, memory, await openSqlite(directory));
  }

  async step(op: number): Promise<void> {
    const roll = this.#random.next();
    if (roll < 0.3) await this.#write(op, this.#inserts());
    else if (roll < 0.45) await this.#write(op, this.#updates());
    else if (roll < 0.55) await this.#write(op, this.#deletes());
    else if (roll < 0.58) await this.#write(op, this.#staleWrites());
    else if (roll < 0.6) await this.reopen();
    else await this.#compareQuery(op, randomQuery(this.#random, this.#liveDocs()));
  }

  async reopen(): Promise<void> {
    await this.#sqlite.close();
    open.splice(open.indexOf(this.#sqlite), 1);
    this.#sqlite = await openSqlite(this.#directory);
    this.coverage.reopens++;
  }

  /** Fixed queries that pin each planner branch, so coverage never depends on luck. */
  async probe(op: number): Promise<void> {
    for (const query of plannerProbes(this.#liveDocs()[0])) await this.#compareQuery(op, query);
  }

  /** Both storages hold the same documents, tombstones included, and the change feed pages through all of them. */
  async compareEverything(): Promise<void> {
    const ids = [...this.#model.keys()];
    const byId = (docs: Doc[]) => new Map(docs.map((doc) => [doc.id, doc]));
    const [ours, theirs] = await Promise.all([this.#sqlite, this.#memory].map((s) => s.findDocumentsById(ids, true).then(byId)));
    expect(ours).toEqual(theirs);
    expect(ours).toEqual(this.#model);

    const fed = new Map<string, Doc>();
    let checkpoint: unknown;
    for (;;) {
      const page = await this.#sqlite.getChangedDocumentsSince!(7, checkpoint);
      if (page.documents.length === 0) break;
      for (const doc of page.documents) fed.set(doc.id, doc);
      checkpoint = page.checkpoint;
    }
    expect(fed).toEqual(this.#model);
  }

  #liveDocs(): Doc[] {
    return [...this.#model.values()].filter((doc) => !doc._deleted);
  }

  #row(fields: Omit<FuzzDoc, 'id'>, id: string, previous: Doc | undefined, deleted = false): Row {
    const document: Doc = {
      id,
      ...fields,
      _deleted: deleted,
      _attachments: {},
      _rev: createRevision('fuzzer', previous),
      _meta: { lwt: ++this.#clock },
    };
    return { previous, document };
  }

  #someDocs(docs: Doc[], max: number): Doc[] {
    const picked = new Map<string, Doc>();
    for (let i = 1 + this.#random.int(max); i > 0 && docs.length > 0; i--) {
      const doc = this.#random.pick(docs);
      picked.set(doc.id, doc);
    }
    return [...picked.values()];
  }

  /** New ids with odd characters in the primary key (it ends every index string); now and then an existing id, a 409. */
  #inserts(): Row[] {
    return Array.from({ length: 1 + this.#random.int(8) }, () => {
      const existing = this.#model.size > 0 && this.#random.chance(0.05) ? this.#random.pick([...this.#model.keys()]) : undefined;
      return this.#row(randomFields(this.#random), existing ?? `${randomText(this.#random, 4)}#${this.#nextId++}`, undefined);
    });
  }

  /** Live documents and tombstones alike: writing over a tombstone revives it. */
  #updates(): Row[] {
    return this.#someDocs([...this.#model.values()], 5).map((doc) => {
      const fields = this.#random.chance(0.5) ? randomFields(this.#random) : { ...stripMeta(doc), num: this.#random.int(201) / 2 };
      return this.#row(fields, doc.id, doc);
    });
  }

  #deletes(): Row[] {
    return this.#someDocs(this.#liveDocs(), 5).map((doc) => this.#row(stripMeta(doc), doc.id, doc, true));
  }

  #staleWrites(): Row[] {
    return this.#someDocs([...this.#model.values()], 2).map((doc) =>
      this.#row(randomFields(this.#random), doc.id, { ...doc, _rev: `${parseInt(doc._rev, 10)}-stale` }),
    );
  }

  async #write(op: number, rows: Row[]): Promise<void> {
    if (rows.length === 0) return;
    const [ours, theirs] = await Promise.all([this.#sqlite, this.#memory].map((s) => s.bulkWrite(rows, 'fuzz')));
    const outcome = (result: typeof ours) => result!.error.map((e) => `${e.status} ${e.documentId}`).sort();
    expect(outcome(ours), `op ${op}: write errors`).toEqual(outcome(theirs));
    const failed = new Set(ours!.error.map((e) => e.documentId));
    for (const { document } of rows) if (!failed.has(document.id)) this.#model.set(document.id, document);
    this.coverage.writes += rows.length - failed.size;
  }

  async #compareQuery(op: number, mango: MangoQuery<Doc>): Promise<void> {
    let prepared: PreparedQuery<FuzzDoc>;
    try {
      prepared = prepareQuery(FUZZ_SCHEMA, normalizeMangoQuery(FUZZ_SCHEMA, mango));
    } catch {
      // RxDB itself rejects some random selectors (e.g. range operators on booleans): nothing to compare.
      this.coverage.rejected++;
      return;
    }
    const { queryPlan } = prepared;
    this.coverage.queries++;
    this.coverage.indexes.add(queryPlan.index.join(','));
    this.coverage.branches.add(`selector ${queryPlan.selectorSatisfiedByIndex ? 'by index' : 'matched'}, sort ${queryPlan.sortSatisfiedByIndex ? 'by index' : 'in JS'}`);
    const context = `op ${op}: ${JSON.stringify(mango)}`;

    const [ours, theirs] = await Promise.all([this.#sqlite, this.#memory].map((s) => s.query(prepared)));
    const ids = (docs: Doc[]) => docs.map((doc) => doc.id);
    expect(ids(ours!.documents), context).toEqual(ids(theirs!.documents));
    expect(ours!.documents, context).toEqual(theirs!.documents);

    const [ourCount, theirCount] = await Promise.all([this.#sqlite, this.#memory].map((s) => s.count(prepared)));
    expect(ourCount!.count, `${context} (count)`).toBe(theirCount!.count);
  }
}

function stripMeta(doc: Doc): Omit<FuzzDoc, 'id'> {
  const { id: _id, _deleted, _attachments, _rev, _meta, ...fields } = doc;
  return fields;
}

describe('SQLite RxStorage vs storage-memory: differential fuzz', () => {
  it.each(SEEDS)('seed %i: same results for random writes and Mango queries, across reopens', { timeout: TIMEOUT_MS }, async (seed) => {
    // Only a failing seed needs telling how to replay it, and what it had covered by then.
    onTestFailed(() => console.log(`fuzz seed ${seed}, ${OPS_PER_SEED} ops (replay: OUTPOST_FUZZ_SEEDS=${seed} OUTPOST_FUZZ_OPS=${OPS_PER_SEED})`));
    const run = await FuzzRun.start(seed);
    onTestFailed(() => console.log(`seed ${seed} covered ${describeCoverage(run.coverage)}`));
    for (let op = 0; op < OPS_PER_SEED; op++) {
      await run.step(op);
      if (op % 100 === 99) {
        await run.probe(op);
        await run.compareEverything();
      }
    }
    await run.reopen();
    await run.probe(OPS_PER_SEED);
    await run.compareEverything();

    const { branches, indexes } = run.coverage;
    expect([...branches].sort()).toEqual([
      'selector by index, sort by index',
      'selector by index, sort in JS',
      'selector matched, sort by index',
      'selector matched, sort in JS',
    ]);
    expect(indexes.size).toBeGreaterThanOrEqual(4);
  });
});

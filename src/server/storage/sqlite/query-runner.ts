import {
  getQueryMatcher,
  getSortComparator,
  getStartIndexStringFromLowerBound,
  getStartIndexStringFromUpperBound,
  type PreparedQuery,
  type QueryMatcher,
  type RxDocumentData,
  type RxJsonSchema,
  type RxStorageCountResult,
} from 'rxdb';
import type { TableHandle } from './table-handle.ts';
import type { RangeKind } from './table-statements.ts';
import { withKeyAt, type ValueRanges } from './in-as-ranges.ts';
import { compactIndexKey } from './index-key.ts';

/** The plan's index range as SQL: which `ix{n}` column and the two bounds RxDB computes for it. */
interface IndexRange {
  position: number;
  lower: Buffer;
  upper: Buffer;
  inclusiveStart: boolean;
  inclusiveEnd: boolean;
}

function indexRange<RxDocType>(
  table: TableHandle<RxDocType>,
  schema: RxJsonSchema<RxDocumentData<RxDocType>>,
  { queryPlan }: PreparedQuery<RxDocType>,
): IndexRange {
  const wanted = queryPlan.index.join(',');
  const position = table.layout.indexes.findIndex((index) => index.join(',') === wanted);
  if (position === -1) throw new Error(`query uses index [${wanted}], which the schema of ${table.layout.name} does not define`);
  return {
    position,
    lower: compactIndexKey(getStartIndexStringFromLowerBound(schema, queryPlan.index, queryPlan.startKeys)),
    upper: compactIndexKey(getStartIndexStringFromUpperBound(schema, queryPlan.index, queryPlan.endKeys)),
    inclusiveStart: queryPlan.inclusiveStart,
    inclusiveEnd: queryPlan.inclusiveEnd,
  };
}

function rangeStatement(table: TableHandle<unknown>, range: IndexRange, kind: RangeKind) {
  return table.statements.range(range.position, range.inclusiveStart, range.inclusiveEnd, kind);
}

/**
 * Runs a prepared query over the index range of its plan. When the index alone decides membership and order,
 * SQLite applies skip and limit; otherwise RxDB's own matcher and comparator finish the job in JavaScript, and
 * skip/limit apply only after matching and sorting — exactly as RxDB's reference storages do.
 */
export function runQuery<RxDocType>(
  table: TableHandle<RxDocType>,
  schema: RxJsonSchema<RxDocumentData<RxDocType>>,
  prepared: PreparedQuery<RxDocType>,
): RxDocumentData<RxDocType>[] {
  const { query, queryPlan } = prepared;
  const range = indexRange(table, schema, prepared);
  const skip = query.skip ?? 0;
  const limit = typeof query.limit === 'number' ? query.limit : Infinity;

  if (queryPlan.selectorSatisfiedByIndex && queryPlan.sortSatisfiedByIndex) {
    // SQLite's LIMIT -1 means no limit. Each row's text is parsed as it is stepped, so it is garbage at once: a
    // course's 50,000 submissions never sit in memory twice (46 MB of text beside the parsed records).
    const docs: RxDocumentData<RxDocType>[] = [];
    for (const row of rangeStatement(table as TableHandle<unknown>, range, 'docs').iterate(range.lower, range.upper, limit === Infinity ? -1 : limit, skip) as IterableIterator<string>) {
      docs.push(JSON.parse(row) as RxDocumentData<RxDocType>);
    }
    return docs;
  }

  const matches = queryPlan.selectorSatisfiedByIndex ? undefined : getQueryMatcher(schema, query);
  let docs = collect(table, range, matches, queryPlan.sortSatisfiedByIndex ? skip + limit : Infinity);
  if (!queryPlan.sortSatisfiedByIndex) docs = docs.sort(getSortComparator(schema, query));
  return docs.slice(skip, skip + limit);
}

/**
 * A range costs about as much as reading this many records (bounds to encode, a statement to run): the plan's own
 * range is read instead when it holds no more than this many records per value.
 */
const RECORDS_PER_RANGE = 4;

/**
 * Runs a prepared query as one index range per value of an `$in` (`inAsRanges`): the matcher and comparator are made
 * once for all ranges. Each range gives at most its first skip + limit records when the index orders them; the page is
 * cut once the ranges' records are merged in the query's order (RxDB's comparator ends on the primary key, so the
 * order is total, and the ranges never overlap, so no record comes twice). Where the plan's range is sparse (many
 * values, few records between them) it is read as planned: counting it stops as soon as splitting would pay.
 */
export function runValueRanges<RxDocType>(
  table: TableHandle<RxDocType>,
  schema: RxJsonSchema<RxDocumentData<RxDocType>>,
  prepared: PreparedQuery<RxDocType>,
  { position, values }: ValueRanges,
): RxDocumentData<RxDocType>[] {
  const { query, queryPlan } = prepared;
  const whole = indexRange(table, schema, prepared);
  const enoughToSplit = values.length * RECORDS_PER_RANGE + 1;
  if ((rangeStatement(table as TableHandle<unknown>, whole, 'countUpTo').get(whole.lower, whole.upper, enoughToSplit) as number) < enoughToSplit) {
    return runQuery(table, schema, prepared);
  }
  const skip = query.skip ?? 0;
  const limit = typeof query.limit === 'number' ? query.limit : Infinity;
  const matches = queryPlan.selectorSatisfiedByIndex ? undefined : getQueryMatcher(schema, query);
  const enough = queryPlan.sortSatisfiedByIndex ? skip + limit : Infinity;
  const docs = values.flatMap((value) => collect(table, indexRange(table, schema, { query, queryPlan: withKeyAt(queryPlan, position, value) }), matches, enough));
  return docs.sort(getSortComparator(schema, query)).slice(skip, skip + limit);
}

/** The matching documents of an index range in index order, stopping at `enough`. */
function collect<RxDocType>(table: TableHandle<RxDocType>, range: IndexRange, matches: QueryMatcher<RxDocumentData<RxDocType>> | undefined, enough: number) {
  const docs: RxDocumentData<RxDocType>[] = [];
  if (enough <= 0) return docs;
  for (const row of rangeStatement(table as TableHandle<unknown>, range, 'docs').iterate(range.lower, range.upper, -1, 0) as IterableIterator<string>) {
    const doc = JSON.parse(row) as RxDocumentData<RxDocType>;
    if (matches && !matches(doc)) continue;
    docs.push(doc);
    if (docs.length >= enough) break;
  }
  return docs;
}

/** Counts ignore skip and limit (RxDB's contract). 'fast' only when the index range alone is the answer. */
export function runCount<RxDocType>(
  table: TableHandle<RxDocType>,
  schema: RxJsonSchema<RxDocumentData<RxDocType>>,
  prepared: PreparedQuery<RxDocType>,
): RxStorageCountResult {
  const range = indexRange(table, schema, prepared);
  if (prepared.queryPlan.selectorSatisfiedByIndex) {
    const count = rangeStatement(table as TableHandle<unknown>, range, 'count').get(range.lower, range.upper) as number;
    return { count, mode: 'fast' };
  }
  const matches = getQueryMatcher(schema, prepared.query);
  let count = 0;
  const rows = rangeStatement(table as TableHandle<unknown>, range, 'docs').iterate(range.lower, range.upper, -1, 0);
  for (const row of rows as IterableIterator<string>) {
    if (matches(JSON.parse(row) as RxDocumentData<RxDocType>)) count++;
  }
  return { count, mode: 'slow' };
}

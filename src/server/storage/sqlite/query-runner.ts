import {
  getQueryMatcher,
  getSortComparator,
  getStartIndexStringFromLowerBound,
  getStartIndexStringFromUpperBound,
  type PreparedQuery,
  type RxDocumentData,
  type RxJsonSchema,
  type RxStorageCountResult,
} from 'rxdb';
import type { TableHandle } from './table-handle.ts';
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

function rangeStatement(table: TableHandle<unknown>, range: IndexRange, count: boolean) {
  return table.statements.range(range.position, range.inclusiveStart, range.inclusiveEnd, count);
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
  const statement = rangeStatement(table as TableHandle<unknown>, range, false);
  const skip = query.skip ?? 0;
  const limit = typeof query.limit === 'number' ? query.limit : Infinity;
  const parse = (doc: string) => JSON.parse(doc) as RxDocumentData<RxDocType>;

  if (queryPlan.selectorSatisfiedByIndex && queryPlan.sortSatisfiedByIndex) {
    // SQLite's LIMIT -1 means no limit.
    return (statement.all(range.lower, range.upper, limit === Infinity ? -1 : limit, skip) as string[]).map(parse);
  }

  const matches = queryPlan.selectorSatisfiedByIndex ? undefined : getQueryMatcher(schema, query);
  const enough = queryPlan.sortSatisfiedByIndex ? skip + limit : Infinity;
  let docs: RxDocumentData<RxDocType>[] = [];
  for (const row of statement.iterate(range.lower, range.upper, -1, 0) as IterableIterator<string>) {
    const doc = parse(row);
    if (matches && !matches(doc)) continue;
    docs.push(doc);
    if (docs.length >= enough) break;
  }
  if (!queryPlan.sortSatisfiedByIndex) docs = docs.sort(getSortComparator(schema, query));
  return docs.slice(skip, skip + limit);
}

/** Counts ignore skip and limit (RxDB's contract). 'fast' only when the index range alone is the answer. */
export function runCount<RxDocType>(
  table: TableHandle<RxDocType>,
  schema: RxJsonSchema<RxDocumentData<RxDocType>>,
  prepared: PreparedQuery<RxDocType>,
): RxStorageCountResult {
  const range = indexRange(table, schema, prepared);
  if (prepared.queryPlan.selectorSatisfiedByIndex) {
    const count = rangeStatement(table as TableHandle<unknown>, range, true).get(range.lower, range.upper) as number;
    return { count, mode: 'fast' };
  }
  const matches = getQueryMatcher(schema, prepared.query);
  let count = 0;
  const rows = rangeStatement(table as TableHandle<unknown>, range, false).iterate(range.lower, range.upper, -1, 0);
  for (const row of rows as IterableIterator<string>) {
    if (matches(JSON.parse(row) as RxDocumentData<RxDocType>)) count++;
  }
  return { count, mode: 'slow' };
}

import { prepareQuery, type FilledMangoQuery, type PreparedQuery, type RxDocumentData, type RxJsonSchema, type RxQueryPlan } from 'rxdb';

type Schema<T> = RxJsonSchema<RxDocumentData<T>>;

/**
 * A query with `$in` on an indexed field, as one prepared query per value: each ranges over that value's part of the
 * index only. RxDB's planner bounds `$in` by its smallest and largest value, which for a list of course or topic
 * ids spread over the table is nearly every record of the type; one range per value reads only the records asked for.
 *
 * The plan is RxDB's own for the query with `$eq` on the first value, with that value swapped in the range bounds for
 * each of the others: the planner rates operators, not values, so the plan is the one it would make for any of them.
 * Only when every index field up to the `$in` field is a single value, so that the ranges never overlap. Each query
 * keeps the `$in` selector, so the storage's matcher (when the index does not decide membership) accepts the records
 * of every range; each is paged to the first `skip + limit` records, from which the caller's page is cut after the
 * ranges are merged in the query's order.
 *
 * undefined when no field qualifies (the query runs as RxDB plans it); an empty list when the `$in` is empty.
 */
export function inAsRanges<T>(schema: Schema<T>, query: FilledMangoQuery<T>): PreparedQuery<T>[] | undefined {
  for (const [field, condition] of Object.entries(query.selector as Record<string, unknown>)) {
    const values = onlyIn(condition);
    if (!values || !values.every((value) => fitsIndexField(schema, field, value))) continue;
    const distinct = [...new Set(values)];
    const [first] = distinct;
    if (first === undefined) return [];
    const { queryPlan } = prepareQuery(schema, { ...query, selector: { ...query.selector, [field]: { $eq: first } } });
    const position = queryPlan.index.indexOf(field);
    if (position === -1 || !pointsUpTo(queryPlan, position)) continue;
    const { skip, limit } = query;
    const eachQuery: FilledMangoQuery<T> = { ...query, skip: 0, ...(limit === undefined ? {} : { limit: skip + limit }) };
    return distinct.map((value) => ({ query: eachQuery, queryPlan: withKeyAt(queryPlan, position, value) }));
  }
  return undefined;
}

/** The values of a condition that is exactly `{ $in: [...] }`. */
function onlyIn(condition: unknown): unknown[] | undefined {
  if (typeof condition !== 'object' || condition === null) return undefined;
  const keys = Object.keys(condition);
  const values = (condition as { $in?: unknown }).$in;
  return keys.length === 1 && Array.isArray(values) ? values : undefined;
}

/**
 * Whether a value can be an index bound of the top-level field: of its schema type and within its limits. Anything
 * else is left to RxDB's plan and matcher, which answer it as they always did.
 */
function fitsIndexField<T>(schema: Schema<T>, field: string, value: unknown): boolean {
  const property = (schema.properties as Record<string, { type?: string; minimum?: number; maximum?: number; maxLength?: number } | undefined>)[field];
  if (property?.type === 'number' || property?.type === 'integer') {
    return Number.isSafeInteger(value) && (value as number) >= (property.minimum ?? 0) && (value as number) <= (property.maximum ?? Number.MAX_SAFE_INTEGER);
  }
  if (property?.type === 'string') return typeof value === 'string' && value.length <= (property.maxLength ?? 0);
  return false;
}

/** Whether the plan's range is a single value in every index field up to and including `position`. */
function pointsUpTo(plan: RxQueryPlan, position: number): boolean {
  return plan.startKeys.slice(0, position + 1).every((key, i) => key === plan.endKeys[i]);
}

function withKeyAt(plan: RxQueryPlan, position: number, value: unknown): RxQueryPlan {
  const startKeys = [...plan.startKeys];
  const endKeys = [...plan.endKeys];
  startKeys[position] = value as RxQueryPlan['startKeys'][number];
  endKeys[position] = value as RxQueryPlan['endKeys'][number];
  return { ...plan, startKeys, endKeys };
}

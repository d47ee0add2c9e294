import type { PreparedQuery, RxDocumentData, RxJsonSchema, RxQueryPlan } from 'rxdb';

type Schema<T> = RxJsonSchema<RxDocumentData<T>>;
type PlanKey = RxQueryPlan['startKeys'][number];

/**
 * A prepared query whose plan ranges over an `$in`, as one prepared query per value of the `$in`. RxDB's planner
 * bounds `$in` by its smallest and largest value, which for course or topic ids spread over a school's records is
 * nearly every record of the type; one range per value reads only the records of the values asked for.
 *
 * Only RxDB's own plan is split: same index, same bounds everywhere else, and only when the `$in` field is the first
 * one the plan does not fix to a single value, so the ranges lie inside the plan's range and never overlap. Each
 * query keeps the `$in` selector (RxDB's plan never lets the index alone decide an `$in`, so the storage's matcher
 * still checks every record) and is paged to its first `skip + limit` records, from which the caller's page is cut
 * once the ranges are merged in the query's order.
 *
 * undefined when the plan has no such `$in` (the query runs as planned); an empty list when an `$in` is empty.
 */
export function inAsRanges<T>(schema: Schema<T>, prepared: PreparedQuery<T>): PreparedQuery<T>[] | undefined {
  const { query, queryPlan } = prepared;
  const selector = query.selector as Record<string, unknown>;
  if (Object.values(selector).some((condition) => onlyIn(condition)?.length === 0)) return [];
  const position = queryPlan.startKeys.findIndex((key, i) => key !== queryPlan.endKeys[i]);
  const field = queryPlan.index[position];
  const values = field === undefined ? undefined : onlyIn(selector[field]);
  if (!field || !values || !values.every((value) => fitsIndexField(schema, field, value))) return undefined;
  const { skip, limit } = query;
  const eachQuery = { ...query, skip: 0, ...(limit === undefined ? {} : { limit: skip + limit }) };
  return [...new Set(values as PlanKey[])].map((value) => ({ query: eachQuery, queryPlan: withKeyAt(queryPlan, position, value) }));
}

/** The values of a condition that is exactly `{ $in: [...] }`. */
function onlyIn(condition: unknown): unknown[] | undefined {
  if (typeof condition !== 'object' || condition === null || Object.keys(condition).length !== 1) return undefined;
  const values = (condition as { $in?: unknown }).$in;
  return Array.isArray(values) ? values : undefined;
}

/**
 * Whether the value can bound the index range of a top-level field: of its schema type and within its limits, as the
 * index strings encode them. Anything else is left to RxDB's plan and matcher, which answer it as they always did.
 */
function fitsIndexField<T>(schema: Schema<T>, field: string, value: unknown): boolean {
  type Property = { type?: string; minimum?: number; maximum?: number; maxLength?: number } | undefined;
  const property = (schema.properties as Record<string, Property>)[field];
  if (property?.type === 'number' || property?.type === 'integer') {
    return Number.isSafeInteger(value) && (value as number) >= (property.minimum ?? 0) && (value as number) <= (property.maximum ?? Number.MAX_SAFE_INTEGER);
  }
  if (property?.type === 'string') return typeof value === 'string' && value.length <= (property.maxLength ?? 0);
  return false;
}

function withKeyAt(plan: RxQueryPlan, position: number, value: PlanKey): RxQueryPlan {
  const startKeys = plan.startKeys.with(position, value);
  const endKeys = plan.endKeys.with(position, value);
  return { ...plan, startKeys, endKeys };
}

import type { PreparedQuery, RxDocumentData, RxJsonSchema, RxQueryPlan } from 'rxdb';

type Schema<T> = RxJsonSchema<RxDocumentData<T>>;
export type PlanKey = RxQueryPlan['startKeys'][number];

/** A plan's range split at one index field: one range per value, the plan's bounds everywhere else. */
export interface ValueRanges {
  /** The index field (position in the plan's index) each range fixes to one value. */
  readonly position: number;
  /** Distinct; empty when the `$in` is. */
  readonly values: readonly PlanKey[];
}

/**
 * Where a prepared query's plan ranges over an `$in`, the ranges that read only the records of its values. RxDB's
 * planner bounds `$in` by its smallest and largest value, which for course or topic ids spread over a school's records
 * is nearly every record of the type; one range per value reads only the records asked for.
 *
 * Only RxDB's own plan is split: same index, same bounds everywhere else, and only when the `$in` field is the first
 * one the plan does not fix to a single value, so the ranges lie inside the plan's range and never overlap. RxDB's plan
 * never lets the index alone decide an `$in`, so whoever runs the ranges still matches every record against the
 * whole selector. An empty `$in` anywhere in the selector matches nothing: no values, no ranges.
 *
 * undefined when the plan has no such `$in` (the query runs as planned).
 */
export function inAsRanges<T>(schema: Schema<T>, { query, queryPlan }: PreparedQuery<T>): ValueRanges | undefined {
  const selector = query.selector as Record<string, unknown>;
  if (Object.values(selector).some((condition) => onlyIn(condition)?.length === 0)) return { position: 0, values: [] };
  const position = queryPlan.startKeys.findIndex((key, i) => key !== queryPlan.endKeys[i]);
  const field = queryPlan.index[position];
  const values = field === undefined ? undefined : onlyIn(selector[field]);
  if (!field || !values || !values.every((value) => fitsIndexField(schema, field, value))) return undefined;
  return { position, values: [...new Set(values as PlanKey[])] };
}

/** The plan with one index field fixed to a value: one of the ranges of `inAsRanges`. */
export function withKeyAt(plan: RxQueryPlan, position: number, value: PlanKey): RxQueryPlan {
  return { ...plan, startKeys: plan.startKeys.with(position, value), endKeys: plan.endKeys.with(position, value) };
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

import type { z } from 'zod';
import { NotFoundError, ValidationError, type FieldIssue } from '../../domain/errors.ts';

/**
 * Turns zod's issues into the domain's ValidationError, keyed the way Rails keys model errors: by attribute
 * name, so `module[name]` reports as `name` (docs/canvas-compatibility.md §1.4). A failing path parameter is different: Canvas
 * cannot find a record whose id it cannot parse, so it is a 404, never a 400.
 */
export function validationFailure(error: z.ZodError, pathParams: ReadonlySet<string>, input: unknown): Error {
  if (error.issues.some((issue) => typeof issue.path[0] === 'string' && pathParams.has(issue.path[0]))) {
    return new NotFoundError();
  }
  const fields: Record<string, FieldIssue[]> = Object.create(null) as Record<string, FieldIssue[]>;
  for (const issue of error.issues) {
    const attribute = attributeOf(issue.path);
    (fields[attribute] ??= []).push(fieldIssue(issue, valueAt(input, issue.path)));
  }
  return new ValidationError(fields);
}

function attributeOf(path: readonly PropertyKey[]): string {
  for (let i = path.length - 1; i >= 0; i--) {
    const segment = path[i];
    if (typeof segment === 'string') return segment;
  }
  return 'base';
}

/** zod leaves the offending input out of its issues, so it is looked up in what was validated. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

function fieldIssue(issue: z.core.$ZodIssue, value: unknown): FieldIssue {
  if (value === undefined) return { type: 'blank', message: "can't be blank" };
  const type = issue.code === 'too_big' ? 'too_long' : issue.code === 'too_small' ? 'too_short' : issue.code === 'invalid_value' ? 'inclusion' : 'invalid';
  return { type, message: issue.message };
}

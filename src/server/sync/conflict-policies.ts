import { isDeepStrictEqual } from 'node:util';
import { declarationOf } from '../domain/declarations/index.ts';
import { FIELD_BY_FIELD } from '../domain/declarations/record-declaration.ts';

/** Fields of a record before and after one write: the ones it changed, and the other fields of their groups. */
export interface FieldChange {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * A device records, with each write, the fields it changed (before and after) grouped as its type's declared
 * conflict policy says (domain/declarations/, decision 0045); the hub compares those with its own record before
 * replaying the write. A group both sides changed is a conflict; different groups are not. Types without a
 * declaration (bookkeeping) are compared field by field.
 *
 * What a write changed in a record of `type`, as the device records it; null when it changed no data field.
 */
export function changeOf(type: string, before: Record<string, unknown>, after: Record<string, unknown>): FieldChange | null {
  const groups = groupsOf(type, before, after).filter((group) => differing(group, before, after).length > 0);
  if (groups.length === 0) return null;
  const fields = groups.flat();
  return { before: pick(before, fields), after: pick(after, fields) };
}

/**
 * The fields of the groups both the write and the hub changed: the write changed its group from `before` to
 * `after`, and the hub's record no longer holds `before` in that group (nor the same `after`). Empty: no conflict.
 */
export function clashingFields(type: string, change: FieldChange, hub: Record<string, unknown>): string[] {
  const clashing: string[] = [];
  for (const group of groupsOf(type, change.before, change.after)) {
    const recorded = group.filter((field) => Object.hasOwn(change.before, field) || Object.hasOwn(change.after, field));
    if (recorded.length === 0 || differing(recorded, change.before, change.after).length === 0) continue;
    const changedOnHub = differing(recorded, change.before, hub);
    if (changedOnHub.length > 0 && differing(recorded, change.after, hub).length > 0) clashing.push(...recorded);
  }
  return clashing;
}

/** The policy's groups, and every other (non-derived) field of either state as a group of its own. */
function groupsOf(type: string, ...states: Record<string, unknown>[]): (readonly string[])[] {
  const policy = declarationOf(type)?.conflicts ?? FIELD_BY_FIELD;
  const covered = new Set([...policy.groups.flat(), ...policy.derived]);
  const rest = [...new Set(states.flatMap((state) => Object.keys(state)))].filter((field) => !covered.has(field));
  return [...policy.groups, ...rest.map((field) => [field])];
}

function differing(fields: readonly string[], from: Record<string, unknown>, to: Record<string, unknown>): string[] {
  return fields.filter((field) => !isDeepStrictEqual(from[field] ?? null, to[field] ?? null));
}

function pick(data: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, data[field] ?? null]));
}

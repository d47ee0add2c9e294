import { badRequest } from '../http-errors.ts';

/**
 * Keys that name Object.prototype members (`__proto__`, `constructor`, `hasOwnProperty`…) or `prototype`. No
 * Canvas parameter is called that, and such keys are how prototype pollution and `obj.hasOwnProperty()` crashes
 * start, so a request carrying one anywhere is refused (docs/architecture.md §5.2) instead of silently dropped:
 * a client sending one is either probing or broken, and either way should hear about it.
 */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

export function isForbiddenKey(key: string): boolean {
  return FORBIDDEN_KEYS.has(key);
}

/**
 * JSON bodies nest at most this deep (the outer object is level 1). Canvas parameters stay within a handful of
 * levels and a device's replayed entries add three or four; anything deeper is an attack on the recursive code
 * (validation, serialisation) that later walks the value, which would otherwise fail with a stack overflow (a 5xx).
 */
export const MAX_JSON_DEPTH = 32;

/** Throws 400 when a parsed JSON value nests deeper than `MAX_JSON_DEPTH` or has a forbidden key at any depth. */
export function assertSafeJson(value: unknown): void {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth > MAX_JSON_DEPTH) throw badRequest(`The JSON request body is nested deeper than ${MAX_JSON_DEPTH} levels.`);
    // Object.keys sees an own `__proto__` (JSON.parse creates one) without triggering the accessor.
    for (const key of Object.keys(next.value)) {
      if (isForbiddenKey(key)) throw badRequest(`Parameter name not allowed: ${key}`);
      pending.push({ value: (next.value as Record<string, unknown>)[key], depth: next.depth + 1 });
    }
  }
}

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

/** Throws 400 when any object key at any depth of a parsed JSON value is forbidden. */
export function assertNoForbiddenKeys(value: unknown): void {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null) continue;
    // Object.keys sees an own `__proto__` (JSON.parse creates one) without triggering the accessor.
    for (const key of Object.keys(next)) {
      if (isForbiddenKey(key)) throw badRequest(`Parameter name not allowed: ${key}`);
      pending.push((next as Record<string, unknown>)[key]);
    }
  }
}

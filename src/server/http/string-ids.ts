import type { Request } from 'express';

/**
 * Canvas's string-ids mode (docs/canvas-compatibility.md §1.1; `lib/api.rb`, `stringify_json_ids`). JavaScript clients cannot hold
 * 64-bit ids as numbers, so they send this Accept type and Canvas turns every integer id into a string. The rule
 * goes by key name only: `id` and `*_id` values, and the elements of `*_ids` arrays, at any depth. Other numbers
 * (points, positions) are never touched, nor ids that are already strings or null.
 */
const STRING_IDS_TYPE = 'application/json+canvas-string-ids';

const ID_KEY = /(^|_)id$/;
const IDS_KEY = /(^|_)ids$/;

export function wantsStringIds(accept: string | undefined): boolean {
  return accept?.includes(STRING_IDS_TYPE) ?? false;
}

/** The JSON body to send for the request: unchanged unless the client asked for string ids. */
export function jsonForRequest(req: Request, body: unknown): unknown {
  return wantsStringIds(req.get('accept')) ? stringifyIds(body) : body;
}

/** A copy of `value` with Canvas's rule applied; the route's own objects are never mutated. */
export function stringifyIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stringifyIds);
  if (!isPlainObject(value)) return value;
  // fromEntries defines own properties, so a `__proto__` key stays a key and never becomes a prototype.
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => {
      const converted = ID_KEY.test(key) ? idString(v) : IDS_KEY.test(key) && Array.isArray(v) ? v.map(idString) : v;
      return [key, stringifyIds(converted)];
    }),
  );
}

function idString(value: unknown): unknown {
  return Number.isInteger(value) ? String(value) : value;
}

/** Only what a route builds as JSON; anything else (a Date, a Buffer) is left for `JSON.stringify` as it is. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

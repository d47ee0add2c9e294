import { badRequest } from '../http-errors.ts';
import { isForbiddenKey } from './forbidden-keys.ts';

/**
 * Canvas bracket parameters (`include[]=a`, `module[name]=x`, `grade_data[4711][posted_grade]=B`) parsed the way
 * Rack parses them for Canvas (decision 0030):
 * - `[key]` is always a hash key, digits included, so id-keyed hashes keep their ids and no index can make a
 *   sparse array (`grade_data[98765]` is the key "98765", never slot 98765 of a list);
 * - `[]` appends to a list; `list[][a]=1&list[][b]=2` builds one hash per entry, a new one starting when the
 *   last already has the key (Rack's rule);
 * - a repeated scalar takes its last value (clients send `per_page` twice);
 * - a name used both as a value and as a list or hash (`a[]=1&a[b]=2`) is a 400, as Rack refuses it.
 * Limits (docs/architecture.md §5.2) throw instead of truncating, so a client never has parameters silently
 * dropped: at most `MAX_DEPTH` bracket levels and `parameterLimit` parameters. Hashes have no prototype, and
 * a key naming an Object.prototype member is refused, so no parsed key can reach Object.prototype.
 */
export const MAX_DEPTH = 5;
export const DEFAULT_PARAMETER_LIMIT = 1000;

export type ParsedParams = Record<string, unknown>;
type Hash = Record<string, unknown>;

/** Parses a query string or a form-encoded body; any limit violation or forbidden key is a 400. */
export function parseCanvasParams(encoded: string, parameterLimit = DEFAULT_PARAMETER_LIMIT): ParsedParams {
  const params = newHash();
  if (encoded === '') return params;
  const pairs = encoded.split('&');
  // Counted before any per-key work, so a 2 MB form of `&&&…` is refused at once.
  if (pairs.length > parameterLimit) throw badRequest(`Invalid parameters: more than ${parameterLimit} parameters.`);
  for (const pair of pairs) {
    const end = pair.indexOf('=');
    const name = safeDecode(end === -1 ? pair : pair.slice(0, end));
    const path = keyPath(name);
    // Rack skips a parameter without a name (`=x`, `&&`).
    if (path[0] === '') continue;
    assign(params, path, end === -1 ? '' : safeDecode(pair.slice(end + 1)), name);
  }
  return params;
}

/** The query string of a request URL, without the `?`. */
export function queryStringOf(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start + 1);
}

const BRACKET = /\[([^[\]]*)\]/y;

/** `a[b][]` → `['a', 'b', '']`: the name, then each bracket's content ('' for `[]`). */
function keyPath(name: string): string[] {
  const path = bracketSegments(name);
  if (path.length - 1 > MAX_DEPTH) throw badRequest(`Invalid parameters: ${name.slice(0, 100)} is nested deeper than ${MAX_DEPTH} levels.`);
  for (const key of path) if (isForbiddenKey(key)) throw badRequest(`Parameter name not allowed: ${key}`);
  return path;
}

function bracketSegments(name: string): string[] {
  const open = name.indexOf('[');
  if (open <= 0) return [name];
  const path = [name.slice(0, open)];
  let at = open;
  while (at < name.length) {
    BRACKET.lastIndex = at;
    const match = BRACKET.exec(name);
    if (!match) {
      // Text that is not a bracket pair (`a[b`, `a[b]c`) is one more literal key.
      path.push(name.slice(at));
      break;
    }
    path.push(match[1]!);
    at = BRACKET.lastIndex;
  }
  return path;
}

function assign(hash: Hash, path: readonly string[], value: string, name: string): void {
  const [key, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) {
    hash[key] = value;
    return;
  }
  if (rest[0] !== '') {
    const child = (hash[key] ??= newHash());
    if (!isHash(child)) throw mixed(name);
    assign(child, rest, value, name);
    return;
  }
  const list = (hash[key] ??= []);
  if (!Array.isArray(list)) throw mixed(name);
  const inner = rest.slice(1);
  if (inner.length === 0) {
    list.push(value);
    return;
  }
  if (inner[0] === '') throw badRequest(`Invalid parameters: ${name.slice(0, 100)} nests a list directly in a list.`);
  const last: unknown = list.at(-1);
  if (isHash(last) && !hasPath(last, inner)) {
    assign(last, inner, value, name);
    return;
  }
  const entry = newHash();
  list.push(entry);
  assign(entry, inner, value, name);
}

/** Whether a hash already holds a value at `path`; a path through `[]` never does (Rack's rule). */
function hasPath(hash: Hash, path: readonly string[]): boolean {
  let at: unknown = hash;
  for (const key of path) {
    if (key === '' || !isHash(at) || !Object.hasOwn(at, key)) return false;
    at = at[key];
  }
  return true;
}

function mixed(name: string): Error {
  return badRequest(`Invalid parameters: ${name.slice(0, 100)} is used both as a value and as a list or hash.`);
}

function isHash(value: unknown): value is Hash {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function newHash(): Hash {
  return Object.create(null) as Hash;
}

function safeDecode(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    // Undecodable text is kept as it is, rather than refusing the whole request.
    return spaced;
  }
}

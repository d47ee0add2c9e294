import qs from 'qs';
import { badRequest } from '../http-errors.ts';
import { assertNoForbiddenBracketKeys } from './forbidden-keys.ts';

/**
 * Canvas bracket parameters (`include[]=a`, `module[name]=x`) with the limits of docs/architecture.md §5.2. Every limit
 * throws instead of truncating, so a client never has parameters silently dropped. `duplicates: 'last'` is Rack's
 * rule: a repeated scalar takes its last value (clients send `per_page` twice). `plainObjects` gives
 * null-prototype objects, so no parsed key can reach Object.prototype.
 */
const QS_OPTIONS = {
  depth: 5,
  strictDepth: true,
  arrayLimit: 100,
  parameterLimit: 1000,
  throwOnLimitExceeded: true,
  plainObjects: true,
  allowPrototypes: false,
  duplicates: 'last',
} as const;

export type ParsedParams = Record<string, unknown>;

/** Parses a query string or a form-encoded body; any limit violation or forbidden key is a 400. */
export function parseCanvasParams(encoded: string): ParsedParams {
  if (encoded === '') return Object.create(null) as ParsedParams;
  const pairs = encoded.split('&');
  // Checked here too so a 2 MB form of `&&&…` is refused before any per-key work.
  if (pairs.length > QS_OPTIONS.parameterLimit) throw badRequest('Invalid parameters: more than 1000 parameters.');
  assertNoForbiddenBracketKeys(rawKeysOf(pairs));
  try {
    return qs.parse(encoded, QS_OPTIONS) as ParsedParams;
  } catch (err) {
    // qs throws RangeError for its limits; anything else is still the client's input, never a 500.
    throw badRequest(`Invalid parameters: ${err instanceof Error ? err.message : 'unparseable'}`);
  }
}

/** The query string of a request URL, without the `?`. */
export function queryStringOf(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start + 1);
}

function rawKeysOf(pairs: readonly string[]): string[] {
  return pairs.map((pair) => {
    const end = pair.indexOf('=');
    return safeDecode(end === -1 ? pair : pair.slice(0, end));
  });
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    // qs keeps undecodable text as it is, so the check must look at the same text.
    return text;
  }
}

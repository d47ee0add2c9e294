/**
 * Rails' `Hash#to_query`, which Canvas uses to rebuild the query of each Link URL: keys escaped with brackets
 * as `%5B%5D`, per-key chunks sorted bytewise, arrays kept in order, values escaped with `CGI.escape`.
 */
export function toRailsQuery(params: Readonly<Record<string, unknown>>): string {
  return objectChunks(params, undefined).join('&');
}

function objectChunks(object: Readonly<Record<string, unknown>>, prefix: string | undefined): string[] {
  const chunks = Object.keys(object)
    .map((key) => valueQuery(object[key], prefix === undefined ? key : `${prefix}[${key}]`))
    .filter((chunk) => chunk !== '');
  // Ruby's sort on these ASCII strings compares bytes; JS code-unit order is the same for ASCII.
  return chunks.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function valueQuery(value: unknown, key: string): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return `${cgiEscape(`${key}[]`)}=`;
    return value.map((item) => valueQuery(item, `${key}[]`)).join('&');
  }
  if (typeof value === 'object' && value !== null) return objectChunks(value as Record<string, unknown>, key).join('&');
  return `${cgiEscape(key)}=${cgiEscape(value === undefined || value === null ? '' : String(value))}`;
}

/** Ruby's `CGI.escape`: unreserved `A-Za-z0-9_.-~` kept, space → `+`, every other UTF-8 byte `%XX` uppercase. */
export function cgiEscape(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    if (/[A-Za-z0-9_.~-]/.test(char)) out += char;
    else if (byte === 0x20) out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

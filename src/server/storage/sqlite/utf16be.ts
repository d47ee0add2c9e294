/**
 * Strings bound to SQLite as UTF-16BE BLOBs. SQLite compares BLOBs with memcmp, and memcmp over big-endian
 * UTF-16 code units is exactly JavaScript's string order (code unit by code unit, shorter prefix first), also for
 * characters outside the BMP and for lone surrogates. TEXT would be stored as UTF-8, which orders supplementary
 * characters differently and silently replaces lone surrogates.
 */
export function encodeUtf16Be(value: string): Buffer {
  const bytes = Buffer.from(value, 'utf16le');
  return bytes.swap16();
}

export function decodeUtf16Be(bytes: Uint8Array): string {
  // swap16 works in place: copy first so a buffer handed out by better-sqlite3 is never mutated.
  return Buffer.from(bytes).swap16().toString('utf16le');
}

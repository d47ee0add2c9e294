/**
 * Compact, order-preserving form of RxDB's index strings, stored as UTF-16BE BLOBs.
 *
 * RxDB pads every string field of an index to its schema maxLength with spaces, so a record's index strings run to
 * hundreds of characters that are mostly spaces (about 1,900 per course_user record over its six indexes). Stored as
 * is, in both the row and the index B-trees, they made SQLite write ten times the bytes of a hand-written table.
 *
 * This encoding drops the runs of spaces while keeping the order exactly. Two index strings of one index always have
 * the same length, so comparing them equals comparing them extended with spaces forever; read that way, a string is
 * a sequence of tokens "m spaces, then the non-space unit d" ended by END (only spaces from here on), and the first
 * differing token decides. If one token has fewer spaces, its unit d meets a space of the other: d < space sorts it
 * first, d > space last. Hence the token order below (all units are 16-bit, compared big-endian by memcmp):
 *
 *   d < space, m spaces before:   LOW, m, d            (by m ascending, then d)
 *   end of string:                END
 *   d > space, m > 0 spaces:      AFTER_SPACES, 0xFFFF - m, d   (fewer spaces sort later)
 *   d > space, no spaces before:  d                    (d ≥ 0x21, above the three markers)
 *
 * No token is a prefix of another, so memcmp on the encodings gives the order of the strings. Index strings of
 * different lengths (only from values longer than their maxLength, which RxDB itself cannot order either) may
 * encode alike; the fuzz test holds the encoding to storage-memory's order.
 */
const SPACE = 0x20;
const LOW = 0x0001;
const END = 0x0002;
const AFTER_SPACES = 0x0003;
const MAX_RUN = 0xffff;

let scratch = Buffer.allocUnsafe(4096);

export function compactIndexKey(indexString: string): Buffer {
  // Worst case: three units per character plus END, two bytes each.
  const needed = (indexString.length * 3 + 1) * 2;
  if (scratch.length < needed) scratch = Buffer.allocUnsafe(needed * 2);
  const out = scratch;
  let at = 0;
  let spaces = 0;
  // Bytes are written by hand: Buffer#writeUInt16BE costs several times more, and this runs for every index of
  // every written document.
  for (let i = 0; i < indexString.length; i++) {
    const unit = indexString.charCodeAt(i);
    if (unit === SPACE) {
      spaces++;
      continue;
    }
    if (spaces > MAX_RUN) throw new Error(`index string has a run of more than ${MAX_RUN} spaces`);
    if (unit < SPACE) {
      out[at++] = 0;
      out[at++] = LOW;
      out[at++] = spaces >>> 8;
      out[at++] = spaces & 0xff;
    } else if (spaces > 0) {
      const run = MAX_RUN - spaces;
      out[at++] = 0;
      out[at++] = AFTER_SPACES;
      out[at++] = run >>> 8;
      out[at++] = run & 0xff;
    }
    out[at++] = unit >>> 8;
    out[at++] = unit & 0xff;
    spaces = 0;
  }
  out[at++] = 0;
  out[at++] = END;
  // A copy: the scratch buffer is reused by the next call, the key may be kept (bound parameters are copied anyway).
  return Buffer.from(out.subarray(0, at));
}

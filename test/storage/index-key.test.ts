import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactIndexKey } from '../../src/server/storage/sqlite/index-key.ts';

/** Units around every boundary the encoding cares about: controls, the space, the markers, surrogates, U+FFFF. */
const unit = fc.constantFrom('\u0000', '\u0001', '\u0002', '\u0003', '\u001f', ' ', '!', 'a', '\uD800', '\uDC00', '\uFFFE', '\uFFFF');
const sign = (n: number) => Math.sign(n);

describe('compact index keys', () => {
  it('sort like the index strings they encode (same length, as RxDB produces them), and never collide', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.infiniteStream(fc.array(unit, { maxLength: 40 })), (length, texts) => {
        const [a, b] = [texts.next().value, texts.next().value].map((units: string[]) => units.join('').padEnd(length, ' ').slice(0, length)) as [
          string,
          string,
        ];
        const expected = a < b ? -1 : a > b ? 1 : 0;
        expect(sign(Buffer.compare(compactIndexKey(a), compactIndexKey(b)))).toBe(expected);
      }),
      { numRuns: 20_000 },
    );
  });

  it('shrinks the space padding RxDB adds to every string field', () => {
    const padded = '0' + 'submission'.padEnd(48, ' ') + '0000000000000007' + 'submission:1'.padEnd(120, ' ');
    expect(compactIndexKey(padded).length).toBeLessThan(padded.length / 2);
  });
});

import { describe, expect, it } from 'vitest';
import { LeakyBucket } from '../../../src/server/http/leaky-bucket.ts';
import { toCanvasBoolean } from '../../../src/server/http/params/canvas-params.ts';
import { cgiEscape, toRailsQuery } from '../../../src/server/http/rails-query.ts';
import { formatFloat } from '../../../src/server/http/throttle.ts';

describe('Rails to_query for Link URLs', () => {
  it('escapes like CGI.escape and sorts per-key chunks', () => {
    expect(cgiEscape("a b*~'é[]")).toBe('a+b%2A~%27%C3%A9%5B%5D');
    expect(toRailsQuery({ z: '1', include: ['b', 'a'], a: { c: '2', b: '3' }, e: [] })).toBe(
      'a%5Bb%5D=3&a%5Bc%5D=2&e%5B%5D=&include%5B%5D=b&include%5B%5D=a&z=1',
    );
  });
});

describe('Canvas booleans', () => {
  it('follows value_to_boolean', () => {
    expect([true, 1, 'YES', ' t ', '12abc'].map(toCanvasBoolean)).toEqual([true, true, true, true, true]);
    expect([false, 0, null, 'off', '', 'abc', '0x1'].map(toCanvasBoolean)).toEqual([false, false, false, false, false, false, false]);
  });
});

describe('leaky bucket and float headers', () => {
  it('drains at the outflow rate and caps at the maximum', () => {
    const bucket = new LeakyBucket({ highWater: 600, maximum: 800, outflowPerSecond: 10 }, 0);
    bucket.add(1000, 0);
    expect(bucket.current(0)).toBe(800);
    expect(bucket.full(0)).toBe(true);
    expect(bucket.current(20_000)).toBe(600);
    expect(bucket.full(20_001)).toBe(false);
    expect(bucket.current(200_000)).toBe(0);
  });

  it('formats like Ruby Float#to_s', () => {
    expect([0, 600, 0.0123456789, 599.5].map(formatFloat)).toEqual(['0.0', '600.0', '0.012346', '599.5']);
  });
});

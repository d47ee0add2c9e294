import { describe, expect, it } from 'vitest';
import { formatFileSize, formatPercent, formatPoints } from '../../../src/renderer/src/lib/format.ts';

// Outside a running app the formatting helpers speak English (the locale store switches them in the UI).
describe('numbers and sizes through Intl', () => {
  it('writes file sizes in decimal units, as Intl names them', () => {
    expect([1, 512, 48_400, 3_000_000].map(formatFileSize)).toEqual(['1 byte', '512 bytes', '48 kB', '3.0 MB']);
  });

  it('keeps every digit of a percentage and counts points with a plural', () => {
    expect([formatPercent(85.333), formatPercent(null)]).toEqual(['85.333%', '–']);
    expect([formatPoints(1), formatPoints(2.5), formatPoints(null)]).toEqual(['1 pt', '2.5 pts', 'No points']);
  });
});

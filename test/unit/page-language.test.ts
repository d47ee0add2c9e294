import { describe, expect, it } from 'vitest';
import { pageLocale, preferredLanguages } from '../../src/server/pages/page-intl.ts';

/** Which language the server's own pages speak (docs/decisions/0140). */
describe("the server pages' language", () => {
  it('reads Accept-Language by weight, keeping the header order among equals and leaving out q=0 and *', () => {
    expect(preferredLanguages('de;q=0.2, fr-CA, sw;q=0.9, es;q=0, *;q=0.1, ar;q=0.9')).toEqual(['fr-CA', 'sw', 'ar', 'de']);
    expect(preferredLanguages('')).toEqual([]);
  });

  it("picks the asked-for language when Outpost has it, else the browser's best match, else English", () => {
    expect(pageLocale('ar', 'fr')).toBe('ar');
    expect(pageLocale('xx', 'de, fr-CA;q=0.8')).toBe('fr');
    expect(pageLocale(undefined, 'de, ja')).toBe('en');
    expect(pageLocale(undefined, undefined)).toBe('en');
    expect(pageLocale(undefined, 'en-XA')).toBe('en-XA');
  });
});

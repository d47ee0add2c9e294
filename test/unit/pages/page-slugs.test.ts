import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyTitle, titleErrors, titleFromSlug, toSlug, uniqueSlug } from '../../../src/server/areas/pages/page-slugs.ts';

describe('page slugs', () => {
  it('follows stringex to_url for the cases Canvas documents', () => {
    expect(toSlug("it's nothing at all")).toBe('its-nothing-at-all');
    expect(toSlug('Rock & Roll')).toBe('rock-and-roll');
    expect(toSlug('100% Done')).toBe('100-percent-done');
    expect(toSlug('Costs $12')).toBe('costs-12-dollars');
    expect(toSlug('  New Wiki Page!  ')).toBe('new-wiki-page');
    expect(toSlug('Crème Brûlée Straße')).toBe('creme-brulee-strasse');
    expect(toSlug('カタカナ ガイド')).toBe('カタカナ-ガイド');
  });

  it('hands out base, then -2, -3…, never -1', () => {
    const taken = new Set<string>();
    const slugs = ['intro', 'intro', 'intro', 'intro'].map((base) => {
      const slug = uniqueSlug(base, taken);
      taken.add(slug);
      return slug;
    });
    expect(slugs).toEqual(['intro', 'intro-2', 'intro-3', 'intro-4']);
  });

  it('property: slugs in a wiki stay unique and a collision suffix is never -1', () => {
    const title = fc.oneof(
      fc.constantFrom('Intro', 'intro', 'Intro 2', 'INTRO!', 'Week 1', 'week-1', 'Q&A', 'Q and A', 'カタカナ', 'a-2', 'A 2'),
      fc.string({ minLength: 1, maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.array(title, { minLength: 1, maxLength: 40 }), (titles) => {
        const taken = new Set<string>();
        for (const t of titles) {
          const base = toSlug(t) || 'page';
          const slug = uniqueSlug(base, taken);
          expect(taken.has(slug)).toBe(false);
          if (slug !== base) {
            expect(slug.startsWith(`${base}-`)).toBe(true);
            const n = Number(slug.slice(base.length + 1));
            expect(n).toBeGreaterThanOrEqual(2);
          }
          taken.add(slug);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('property: a slug has no uppercase letters, no separators at either end, and slugs itself unchanged', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const slug = toSlug(text);
        expect(slug).toBe(slug.toLowerCase());
        expect(slug).not.toMatch(/^-|-$|--/);
        expect(toSlug(slug)).toBe(slug);
      }),
      { numRuns: 500 },
    );
  });

  it('validates titles as Canvas does', () => {
    expect(titleErrors('')?.fields).toEqual({ title: [{ type: 'blank', message: "Title can't be blank" }] });
    expect(titleErrors('!!!')).toBeDefined();
    expect(titleErrors('x'.repeat(256))).toBeDefined();
    expect(titleErrors('ok')).toBeUndefined();
  });

  it('names copies "<title> Copy", then "Copy 2", ignoring case, spaces and hyphens', () => {
    expect(copyTitle('Syllabus', ['Syllabus'])).toBe('Syllabus Copy');
    expect(copyTitle('Syllabus', ['Syllabus', 'syllabus-copy'])).toBe('Syllabus Copy 2');
    expect(copyTitle('X Copy', ['X', 'X Copy'])).toBe('X Copy 2');
    expect(copyTitle('X Copy 2', ['X', 'X Copy', 'X Copy 2'])).toBe('X Copy 3');
    expect(titleFromSlug('made-by-put')).toBe('Made By Put');
  });
});

import { ValidationError } from '../../domain/errors.ts';

/**
 * Slugs and titles of wiki pages (docs/canvas-compatibility.md §4.2), pure so the unit tests can hammer them. Slugs follow stringex's
 * `to_url`, which is what Canvas clients have seen for years: lowercase, apostrophes dropped, `&` → `and`,
 * `%` → `percent`, `$12` → `12-dollars`, Latin accents folded, other scripts (katakana…) kept.
 */

/** Latin letters NFD does not decompose into a base plus accents. */
const FOLDED: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i' };

export function toSlug(text: string): string {
  return text
    .replace(/\$\s*(\d+(?:\.\d+)?)/g, ' $1 dollars ')
    .replace(/&/g, ' and ')
    .replace(/%/g, ' percent ')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    // Fold accents only off Latin letters: stripping marks from kana would change the characters themselves.
    .normalize('NFD')
    .replace(/([a-z])\p{M}+/gu, '$1')
    .normalize('NFC')
    .replace(/[ßæœøđðłþı]/g, (ch) => FOLDED[ch] ?? ch)
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * `base`, or the first free `base-2`, `base-3`…: Canvas never hands out `-1`, so a second "Intro" is `intro-2`.
 * `taken` holds every slug a live page of the wiki answers to, old ones included.
 */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Canvas's title rules: required, at most 255 characters, with at least one letter or digit. */
export function titleErrors(title: string): ValidationError | undefined {
  const issue = (type: string, message: string) => ValidationError.field('title', message, type);
  if (title.trim() === '') return issue('blank', "Title can't be blank");
  if (title.length > 255) return issue('too_long', 'Title is too long (maximum is 255 characters)');
  if (!/[\p{L}\p{N}]/u.test(title)) return issue('invalid', 'Title must contain at least one letter or number');
  return undefined;
}

/** How Canvas compares copy titles: case ignored, spaces and hyphens alike. */
const normalizeTitle = (title: string) => title.toLowerCase().replace(/[\s-]+/g, ' ').trim();

/** "<title> Copy", then "… Copy 2", "… Copy 3"; copying "X Copy" gives "X Copy 2", not "X Copy Copy". */
export function copyTitle(title: string, existingTitles: readonly string[]): string {
  const root = title.replace(/ copy(?: \d+)?$/i, '');
  const taken = new Set(existingTitles.map(normalizeTitle));
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? `${root} Copy` : `${root} Copy ${n}`;
    if (!taken.has(normalizeTitle(candidate))) return candidate.slice(0, 255);
  }
}

/** A title for a page created by a PUT on an unknown slug: the slug's words, capitalised. */
export function titleFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

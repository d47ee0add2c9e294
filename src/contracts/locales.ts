/**
 * The languages Outpost speaks, shared by the server (which keeps a user's `locale`, as Canvas does) and the renderer
 * (which loads the matching catalogue). Codes are BCP 47 tags, as Canvas's `locale` and `effective_locale` are.
 */
export const SUPPORTED_LOCALES = ['en', 'es', 'fr', 'ar', 'sw'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

/**
 * The pseudo-locale: English accented, lengthened and bracketed (built from the English catalogue when loaded). It is
 * not offered in the Language list; tests set it to find text that skips the catalogue and boxes too tight for longer
 * languages. `en-XA` is the tag Android and Chromium use for the same purpose.
 */
export const PSEUDO_LOCALE = 'en-XA';

export type OutpostLocale = SupportedLocale | typeof PSEUDO_LOCALE;

export const DEFAULT_LOCALE: SupportedLocale = 'en';

const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(['ar']);

export function isOutpostLocale(value: string | null | undefined): value is OutpostLocale {
  return value === PSEUDO_LOCALE || (SUPPORTED_LOCALES as readonly string[]).includes(value ?? '');
}

/** The writing direction of a locale's script, for the document's `dir`. */
export function textDirection(locale: OutpostLocale): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr';
}

/**
 * The best supported locale for a list of preferred tags (a browser's `navigator.languages`): an exact match first,
 * then the language alone (`fr-CA` → `fr`); English when nothing matches.
 */
export function matchLocale(preferred: readonly string[]): OutpostLocale {
  for (const tag of preferred) {
    if (isOutpostLocale(tag)) return tag;
    const language = tag.split('-')[0]?.toLowerCase();
    if (isOutpostLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}

import { createIntl, createIntlCache, type IntlShape, type MessageDescriptor } from '@formatjs/intl';
import { DEFAULT_LOCALE, PSEUDO_LOCALE, isOutpostLocale, matchLocale, textDirection, type OutpostLocale } from '../../contracts/locales.ts';
import { pseudoMessages } from '../../contracts/pseudo-locale.ts';
import ar from './messages/ar.json' with { type: 'json' };
import english from './messages/en.json' with { type: 'json' };
import es from './messages/es.json' with { type: 'json' };
import fr from './messages/fr.json' with { type: 'json' };
import sw from './messages/sw.json' with { type: 'json' };

/*
 * The server's own pages (the OAuth2 consent page and its error page) speak the person's language through FormatJS,
 * like the UI (docs/decisions/0103, 0140). Their catalogue is `pages/messages/`, apart from the UI's: the server
 * core runs without the renderer (a headless hub), and it holds only what these pages say. `npm run i18n:extract`
 * writes its English as it does the UI's, and the catalogue test checks both.
 */

const TRANSLATIONS: Readonly<Record<Exclude<OutpostLocale, 'en' | typeof PSEUDO_LOCALE>, Record<string, string>>> = { es, fr, ar, sw };

const cache = createIntlCache();
const intls = new Map<OutpostLocale, IntlShape>();

/** FormatJS in one of Outpost's languages; a message not yet translated shows in English. */
export function pageIntl(locale: OutpostLocale): IntlShape {
  let intl = intls.get(locale);
  if (!intl) {
    const messages = locale === 'en' ? english : locale === PSEUDO_LOCALE ? pseudoMessages(english) : { ...english, ...TRANSLATIONS[locale] };
    // The pseudo-locale formats dates and numbers as English does.
    intl = createIntl({ locale: locale === PSEUDO_LOCALE ? DEFAULT_LOCALE : locale, defaultLocale: DEFAULT_LOCALE, messages }, cache);
    intls.set(locale, intl);
  }
  return intl;
}

/**
 * The page's language: the one asked for by name (the consent page reloads itself with the signed-in person's
 * `locale`, since the session cookie is not sent outside `/api/`), else the browser's best match in
 * `Accept-Language`, else English.
 */
export function pageLocale(asked: string | undefined, acceptLanguage: string | undefined): OutpostLocale {
  if (isOutpostLocale(asked)) return asked;
  return matchLocale(preferredLanguages(acceptLanguage ?? ''));
}

/** `fr-CA,fr;q=0.9,en;q=0.5` → `['fr-CA', 'fr', 'en']`: by weight, the header's order among equals, `q=0` left out. */
export function preferredLanguages(header: string): string[] {
  return header
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((lang) => lang.tag !== '' && lang.tag !== '*' && lang.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((lang) => lang.tag);
}

/** `lang` and `dir` for the page's `<html>`. */
export function documentLanguage(locale: OutpostLocale): string {
  return `lang="${locale}" dir="${textDirection(locale)}"`;
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

/** The type to give `defineMessages(...)`: FormatJS infers no arguments otherwise, so `{tool}` would take no value. */
export type PageMessages<K extends string> = Readonly<Record<K, MessageDescriptor>>;

/** Markup placed inside a message as one of its arguments (an element the page's script fills in). */
export interface Markup {
  readonly markup: string;
}

/**
 * A message as HTML: its text and text arguments escaped, `Markup` arguments placed as they are. Markup goes in as a
 * private-use character (which escaping leaves alone and no message holds) and is put in place afterwards.
 */
export function formatHtml(intl: IntlShape, message: MessageDescriptor, values: Readonly<Record<string, string | number | Markup>> = {}): string {
  const markups: string[] = [];
  const plain = Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      if (typeof value !== 'object') return [name, value];
      markups.push(value.markup);
      return [name, String.fromCodePoint(MARKUP_SLOT + markups.length - 1)];
    }),
  );
  return escapeHtml(intl.formatMessage(message, plain)).replace(/[\uE000-\uF8FF]/gu, (slot) => markups[slot.codePointAt(0)! - MARKUP_SLOT] ?? '');
}

/** The start of Unicode's private-use area. */
const MARKUP_SLOT = 0xe000;

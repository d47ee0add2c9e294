import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { PSEUDO_LOCALE, type OutpostLocale } from '../../../contracts/locales.ts';
import english from './messages/en.json' with { type: 'json' };
import { pseudoMessages } from './pseudo.ts';

export type Catalogue = Record<string, string> | Record<string, MessageFormatElement[]>;

/**
 * English is the source of truth (`npm run i18n:extract` writes it from the code) and ships in the main bundle, since
 * it is also every other language's fallback; the others load on demand, each in its own chunk.
 */
const TRANSLATIONS: Record<Exclude<OutpostLocale, 'en' | typeof PSEUDO_LOCALE>, () => Promise<{ default: Record<string, string> }>> = {
  es: () => import('./messages/es.json'),
  fr: () => import('./messages/fr.json'),
  ar: () => import('./messages/ar.json'),
  sw: () => import('./messages/sw.json'),
};

export const englishMessages: Readonly<Record<string, string>> = english;

export async function loadCatalogue(locale: OutpostLocale): Promise<Catalogue> {
  if (locale === 'en') return englishMessages;
  if (locale === PSEUDO_LOCALE) return pseudoMessages(englishMessages);
  const { default: translated } = await TRANSLATIONS[locale]();
  // A message not yet translated shows in English rather than as its id.
  return { ...englishMessages, ...translated };
}

import { createIntl, createIntlCache, type IntlConfig, type IntlShape } from '@formatjs/intl';
import { DEFAULT_LOCALE } from '../../../contracts/locales.ts';

/*
 * Formatting for code outside components (stores, `lib/format.ts`): FormatJS's core, without React, so these
 * helpers stay plain functions (unit tests run them under Node). Until the locale store has loaded a catalogue,
 * English from the messages' own text.
 */

const cache = createIntlCache();
let current: IntlShape = createIntl({ locale: DEFAULT_LOCALE, defaultLocale: DEFAULT_LOCALE }, cache);

/**
 * Messages and formats in the current language. A text made this way does not change by itself when the language
 * does, so keep such texts short-lived (notices, errors) or make them during a render.
 */
export function currentIntl(): IntlShape {
  return current;
}

/** Called by the locale store when the screens switch language. */
export function currentIntlChanged(config: Pick<IntlConfig, 'locale' | 'defaultLocale' | 'messages'>): void {
  current = createIntl(config, cache);
}

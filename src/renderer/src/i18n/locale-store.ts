import { useEffect } from 'react';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { create } from 'zustand';
import { DEFAULT_LOCALE, isOutpostLocale, matchLocale, textDirection, type OutpostLocale } from '../../../contracts/locales.ts';
import { englishMessages, loadCatalogue, type Catalogue } from './catalogues.ts';
import { currentIntlChanged } from './current-intl.ts';

interface LocaleStore {
  /** The language the screens are in now. */
  locale: OutpostLocale;
  /** Formats messages, dates and numbers in that language: components read it through react-intl's context. */
  intl: IntlShape;
  /** Switches the screens to `locale` once its catalogue has loaded; the last one asked for wins. */
  localeWanted: (locale: OutpostLocale) => Promise<void>;
  /** The language of the course being shown, which overrides the person's inside it as Canvas does. */
  courseLocale?: OutpostLocale;
  courseLocaleChanged: (locale: OutpostLocale | undefined) => void;
}

const cache = createIntlCache();

function intlFor(locale: OutpostLocale, messages: Catalogue): IntlShape {
  const config = { locale, defaultLocale: DEFAULT_LOCALE, messages };
  // Code outside components formats in the same language (i18n/current-intl.ts).
  currentIntlChanged(config);
  return createIntl(config, cache);
}

let latestWanted: OutpostLocale = DEFAULT_LOCALE;

export const useLocaleStore = create<LocaleStore>()((set, get) => ({
  locale: DEFAULT_LOCALE,
  intl: intlFor(DEFAULT_LOCALE, englishMessages),
  localeWanted: async (locale) => {
    latestWanted = locale;
    if (get().locale === locale) return;
    const messages = await loadCatalogue(locale);
    if (latestWanted !== locale) return;
    applyToDocument(locale);
    set({ locale, intl: intlFor(locale, messages) });
  },
  courseLocaleChanged: (courseLocale) => set({ courseLocale }),
}));

/** Inside a course: its own language, when it has one, for as long as the course is shown. */
export function useCourseLocale(locale: string | null | undefined): void {
  const courseLocaleChanged = useLocaleStore((s) => s.courseLocaleChanged);
  const known = isOutpostLocale(locale) ? locale : undefined;
  useEffect(() => {
    courseLocaleChanged(known);
    return () => courseLocaleChanged(undefined);
  }, [known, courseLocaleChanged]);
}

/** `lang` for screen readers, hyphenation and fonts; `dir` flips the layout (the CSS uses logical properties). */
function applyToDocument(locale: OutpostLocale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = textDirection(locale);
}

const DEVICE_CHOICE_KEY = 'outpost.locale';

/** The language chosen on this device before anyone signed in (first run, sign-in), else the browser's. */
export function deviceLocale(): OutpostLocale {
  const chosen = readChoice();
  return isOutpostLocale(chosen) ? chosen : matchLocale(navigator.languages);
}

export function deviceLocaleChosen(locale: OutpostLocale): void {
  try {
    localStorage.setItem(DEVICE_CHOICE_KEY, locale);
  } catch {
    // Storage can be refused (private windows, a full quota): the choice then lasts until the page reloads.
  }
  void useLocaleStore.getState().localeWanted(locale);
}

function readChoice(): string | null {
  try {
    return localStorage.getItem(DEVICE_CHOICE_KEY);
  } catch {
    return null;
  }
}

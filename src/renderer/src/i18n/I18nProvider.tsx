import { useEffect, type ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { isOutpostLocale } from '../../../contracts/locales.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { deviceLocale, useLocaleStore } from './locale-store.ts';

/**
 * The screens' language: inside a course with a language of its own, that one; else the signed-in person's own
 * `locale` (Settings → Language), else what this device chose or its browser prefers. Everything below reads
 * messages and formats through react-intl.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const intl = useLocaleStore((s) => s.intl);
  const userLocale = useSessionStore((s) => (s.session.phase === 'signed-in' ? s.session.user.locale : undefined));
  const courseLocale = useLocaleStore((s) => s.courseLocale);
  useEffect(() => {
    void useLocaleStore.getState().localeWanted(courseLocale ?? (isOutpostLocale(userLocale) ? userLocale : deviceLocale()));
  }, [userLocale, courseLocale]);
  return <RawIntlProvider value={intl}>{children}</RawIntlProvider>;
}

import { deviceLocaleChosen, useLocaleStore } from './locale-store.ts';
import { LanguageSelect } from './LanguageSelect.tsx';

/** The Language choice before anyone signs in: it changes the screens at once and is kept on this device. */
export function DeviceLanguage() {
  const locale = useLocaleStore((s) => s.locale);
  return <LanguageSelect value={locale} onChange={deviceLocaleChosen} />;
}

import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { SUPPORTED_LOCALES, isOutpostLocale, type OutpostLocale, type SupportedLocale } from '../../../contracts/locales.ts';

/**
 * Each language in its own name and script (never translated: a person looking for their language must recognise
 * it whatever the screen is in), marked with its `lang` so a screen reader pronounces it right.
 */
export const LANGUAGE_NAMES: Readonly<Record<SupportedLocale, string>> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  ar: 'العربية',
  sw: 'Kiswahili',
};

interface LanguageSelectProps {
  value: OutpostLocale;
  onChange: (locale: OutpostLocale) => void;
}

/** The `Language` combobox of Settings and of the screens before signing in. */
export function LanguageSelect({ value, onChange }: LanguageSelectProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        <FormattedMessage id="language.label" defaultMessage="Language" />
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => {
          if (isOutpostLocale(e.target.value)) onChange(e.target.value);
        }}
      >
        {/* The pseudo-locale is listed only while it is in use (tests set it through the API). */}
        {!(SUPPORTED_LOCALES as readonly string[]).includes(value) && <option value={value}>{value}</option>}
        {SUPPORTED_LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LANGUAGE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}

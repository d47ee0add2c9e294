import { FormattedMessage } from 'react-intl';
import { FormError } from '../../components/FormError.tsx';
import { LanguageSelect } from '../../i18n/LanguageSelect.tsx';
import { useLocaleStore } from '../../i18n/locale-store.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { currentApi, useSessionStore } from '../../stores/session-store.ts';

/** Settings → Language: kept on the person (Canvas's `user[locale]`), so it follows them to every device. */
export function LanguageSettings() {
  const locale = useLocaleStore((s) => s.locale);
  const userChanged = useSessionStore((s) => s.userChanged);
  const { error, submit } = useSubmission();
  return (
    <section aria-labelledby="settings-language" className="panel">
      <h2 id="settings-language">
        <FormattedMessage id="settings.language.heading" defaultMessage="Language" />
      </h2>
      <FormError message={error} />
      <LanguageSelect value={locale} onChange={(chosen) => submit(async () => userChanged(await currentApi().localeChosen(chosen)))} />
    </section>
  );
}

import { FormattedMessage } from 'react-intl';
import { FormError } from '../../components/FormError.tsx';
import { LanguageSelect } from '../../i18n/LanguageSelect.tsx';
import { useLocaleStore } from '../../i18n/locale-store.ts';
import { useChangeQueue } from '../../lib/use-change-queue.ts';
import { currentApi, useSessionStore } from '../../stores/session-store.ts';

/** Settings → Language: kept on the person (Canvas's `user[locale]`), so it follows them to every device. */
export function LanguageSettings() {
  const locale = useLocaleStore((s) => s.locale);
  const userChanged = useSessionStore((s) => s.userChanged);
  // Each choice is sent in turn, none dropped (decision 0093): the last one is what the person keeps.
  const { error, send } = useChangeQueue();
  return (
    <section aria-labelledby="settings-language" className="panel">
      <h2 id="settings-language">
        <FormattedMessage id="settings.language.heading" defaultMessage="Language" />
      </h2>
      <FormError message={error} />
      <LanguageSelect value={locale} onChange={(chosen) => void send(async () => userChanged(await currentApi().localeChosen(chosen)))} />
    </section>
  );
}

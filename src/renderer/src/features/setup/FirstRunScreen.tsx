import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { FormError } from '../../components/FormError.tsx';
import { TextField } from '../../components/TextField.tsx';
import { common } from '../../i18n/common-messages.ts';
import { DeviceLanguage } from '../../i18n/DeviceLanguage.tsx';
import { useLocaleStore } from '../../i18n/locale-store.ts';
import { paths } from '../../lib/paths.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { Screen } from '../../shell/Screen.tsx';
import { appApi, useSessionStore } from '../../stores/session-store.ts';

/**
 * The first start of an installation: either its first person creates their account here (a teacher who may
 * create courses), or the installation connects to a hub and becomes the device of a person who has one there.
 * It asks for the language first; the new account keeps it.
 */
export function FirstRunScreen() {
  const intl = useIntl();
  const sessionOpened = useSessionStore((s) => s.sessionOpened);
  const locale = useLocaleStore((s) => s.locale);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { pending, error, submit } = useSubmission();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit(async () => sessionOpened(await appApi().setUp({ name: name.trim(), unique_id: email.trim(), password, locale })));
  }

  return (
    <Screen title={intl.formatMessage({ id: 'setup.title', defaultMessage: 'Set up Outpost' })} narrow>
      <DeviceLanguage />
      <section aria-labelledby="setup-local" className="panel">
        <h2 id="setup-local">
          <FormattedMessage id="setup.local.heading" defaultMessage="Just this computer" />
        </h2>
        <p>
          <FormattedMessage
            id="setup.local.intro"
            defaultMessage="Create your teacher account here. Everything stays on this computer until you connect it to a hub."
          />
        </p>
        <FormError message={error} />
        <form onSubmit={onSubmit} className="stacked-form" aria-labelledby="setup-local">
          <TextField label={intl.formatMessage({ id: 'setup.local.name', defaultMessage: 'Name' })} autoComplete="name" dir="auto" value={name} onChange={setName} required />
          <TextField label={intl.formatMessage(common.email)} inputMode="email" autoComplete="username" spellCheck={false} dir="ltr" value={email} onChange={setEmail} required />
          <TextField label={intl.formatMessage(common.password)} type="password" autoComplete="new-password" value={password} onChange={setPassword} required />
          <button type="submit" disabled={pending}>
            <FormattedMessage id="setup.local.submit" defaultMessage="Use Outpost on this computer" />
          </button>
        </form>
      </section>
      <section aria-labelledby="setup-hub" className="panel">
        <h2 id="setup-hub">
          <FormattedMessage id="setup.hub.heading" defaultMessage="With your school's hub" />
        </h2>
        <p>
          <FormattedMessage
            id="setup.hub.intro"
            defaultMessage="Already have an account on a hub? Sign in to it from here, and this computer keeps your courses in sync."
          />
        </p>
        <Link to={paths.connectHub()} className="button-link">
          <FormattedMessage {...common.connectHub} />
        </Link>
      </section>
    </Screen>
  );
}

import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../components/FormError.tsx';
import { TextField } from '../../components/TextField.tsx';
import { common } from '../../i18n/common-messages.ts';
import { paths } from '../../lib/paths.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { Screen } from '../../shell/Screen.tsx';
import { NearbyHubs } from './NearbyHubs.tsx';
import { appApi, useSessionStore } from '../../stores/session-store.ts';

/**
 * Signs in on a hub with the person's hub account. The local server keeps the device's hub credential, starts
 * syncing, and signs this window in as the same person, so their courses are here offline too.
 */
export function ConnectHubScreen() {
  const intl = useIntl();
  const signedIn = useSessionStore((s) => s.session.phase === 'signed-in');
  const sessionOpened = useSessionStore((s) => s.sessionOpened);
  const navigate = useNavigate();
  const [hubUrl, setHubUrl] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { pending, error, submit } = useSubmission();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit(async () => {
      sessionOpened(await appApi().connectHub({ hub_url: hubUrl.trim(), unique_id: email.trim(), password }));
      await navigate(paths.syncDetails());
    });
  }

  const title = intl.formatMessage(common.connectHub);
  return (
    <Screen title={title} narrow>
      <p className="breadcrumbs">
        <Link to={signedIn ? paths.settings() : '/'}>
          {signedIn ? (
            <FormattedMessage id="hub.backToSettings" defaultMessage="Back to settings" />
          ) : (
            <FormattedMessage id="hub.backToSetup" defaultMessage="Back to setup" />
          )}
        </Link>
      </p>
      <p>
        <FormattedMessage id="hub.connect.intro" defaultMessage="Use the address your school gave you and your account on that hub." />
      </p>
      <NearbyHubs onChosen={setHubUrl} />
      <FormError message={error} />
      <form onSubmit={onSubmit} className="stacked-form" aria-label={title}>
        <TextField
          label={intl.formatMessage({ id: 'hub.connect.address', defaultMessage: 'Hub address' })}
          inputMode="url"
          spellCheck={false}
          dir="ltr"
          placeholder={intl.formatMessage({ id: 'hub.connect.addressExample', defaultMessage: 'https://hub.example.org', description: 'An example address; a school of this language might use its own domain' })}
          value={hubUrl}
          onChange={setHubUrl}
          required
        />
        <TextField label={intl.formatMessage(common.email)} inputMode="email" autoComplete="username" spellCheck={false} dir="ltr" value={email} onChange={setEmail} required />
        <TextField label={intl.formatMessage(common.password)} type="password" autoComplete="current-password" value={password} onChange={setPassword} required />
        <button type="submit" disabled={pending}>
          <FormattedMessage id="hub.connect.submit" defaultMessage="Connect" />
        </button>
        {pending && (
          <p role="status" className="muted">
            <FormattedMessage id="hub.connect.pending" defaultMessage="Connecting to the hub…" />
          </p>
        )}
      </form>
    </Screen>
  );
}

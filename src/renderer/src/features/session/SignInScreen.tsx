import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { FormError } from '../../components/FormError.tsx';
import { TextField } from '../../components/TextField.tsx';
import { common } from '../../i18n/common-messages.ts';
import { DeviceLanguage } from '../../i18n/DeviceLanguage.tsx';
import { useSubmission } from '../../lib/use-submission.ts';
import { Screen } from '../../shell/Screen.tsx';
import { appApi, useSessionStore } from '../../stores/session-store.ts';

/** Email and password; the server answers a wrong pair and throttling with messages shown as they are. */
export function SignInScreen() {
  const intl = useIntl();
  const notice = useSessionStore((s) => (s.session.phase === 'signed-out' ? s.session.notice : undefined));
  const sessionOpened = useSessionStore((s) => s.sessionOpened);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { pending, error, submit } = useSubmission();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit(async () => sessionOpened(await appApi().signIn({ unique_id: email.trim(), password })));
  }

  const signIn = intl.formatMessage({ id: 'session.signIn', defaultMessage: 'Sign in' });
  return (
    <Screen title={intl.formatMessage({ id: 'session.signIn.title', defaultMessage: 'Sign in to Outpost' })} narrow>
      {notice && !error && (
        <p role="alert" className="notice">
          {notice}
        </p>
      )}
      <FormError message={error} />
      <form onSubmit={onSubmit} className="stacked-form" aria-label={signIn}>
        <TextField label={intl.formatMessage(common.email)} inputMode="email" autoComplete="username" spellCheck={false} dir="ltr" value={email} onChange={setEmail} required />
        <TextField label={intl.formatMessage(common.password)} type="password" autoComplete="current-password" value={password} onChange={setPassword} required />
        <button type="submit" disabled={pending}>
          {signIn}
        </button>
      </form>
      <DeviceLanguage />
    </Screen>
  );
}

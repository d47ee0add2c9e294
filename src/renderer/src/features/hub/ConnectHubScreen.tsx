import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../components/FormError.tsx';
import { TextField } from '../../components/TextField.tsx';
import { paths } from '../../lib/paths.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { Screen } from '../../shell/Screen.tsx';
import { appApi, useSessionStore } from '../../stores/session-store.ts';

/**
 * Signs in on a hub with the person's hub account. The local server keeps the device's hub credential, starts
 * syncing, and signs this window in as the same person, so their courses are here offline too.
 */
export function ConnectHubScreen() {
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

  return (
    <Screen title="Connect to a hub" narrow>
      <p className="breadcrumbs">
        <Link to={signedIn ? paths.settings() : '/'}>{signedIn ? 'Back to settings' : 'Back to setup'}</Link>
      </p>
      <p>Use the address your school gave you and your account on that hub.</p>
      <FormError message={error} />
      <form onSubmit={onSubmit} className="stacked-form" aria-label="Connect to a hub">
        <TextField
          label="Hub address"
          inputMode="url"
          spellCheck={false}
          placeholder="https://hub.example.org"
          value={hubUrl}
          onChange={setHubUrl}
          required
        />
        <TextField label="Email" inputMode="email" autoComplete="username" spellCheck={false} value={email} onChange={setEmail} required />
        <TextField label="Password" type="password" autoComplete="current-password" value={password} onChange={setPassword} required />
        <button type="submit" disabled={pending}>
          Connect
        </button>
        {pending && (
          <p role="status" className="muted">
            Connecting to the hub…
          </p>
        )}
      </form>
    </Screen>
  );
}

import { useState, type FormEvent } from 'react';
import { FormError } from '../../components/FormError.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useSubmission } from '../../lib/use-submission.ts';
import { Screen } from '../../shell/Screen.tsx';
import { appApi, useSessionStore } from '../../stores/session-store.ts';

/** Email and password; the server answers a wrong pair and throttling with messages shown as they are. */
export function SignInScreen() {
  const notice = useSessionStore((s) => (s.session.phase === 'signed-out' ? s.session.notice : undefined));
  const sessionOpened = useSessionStore((s) => s.sessionOpened);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { pending, error, submit } = useSubmission();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit(async () => sessionOpened(await appApi().signIn({ unique_id: email.trim(), password })));
  }

  return (
    <Screen title="Sign in to Outpost" narrow>
      {notice && !error && (
        <p role="alert" className="notice">
          {notice}
        </p>
      )}
      <FormError message={error} />
      <form onSubmit={onSubmit} className="stacked-form" aria-label="Sign in">
        <TextField label="Email" inputMode="email" autoComplete="username" spellCheck={false} value={email} onChange={setEmail} required />
        <TextField label="Password" type="password" autoComplete="current-password" value={password} onChange={setPassword} required />
        <button type="submit" disabled={pending}>
          Sign in
        </button>
      </form>
    </Screen>
  );
}

import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../components/FormError.tsx';
import { TextField } from '../../components/TextField.tsx';
import { paths } from '../../lib/paths.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { Screen } from '../../shell/Screen.tsx';
import { appApi, useSessionStore } from '../../stores/session-store.ts';

/**
 * The first start of an installation: either its first person creates their account here (a teacher who may
 * create courses), or the installation connects to a hub and becomes the device of a person who has one there.
 */
export function FirstRunScreen() {
  const sessionOpened = useSessionStore((s) => s.sessionOpened);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { pending, error, submit } = useSubmission();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit(async () => sessionOpened(await appApi().setUp({ name: name.trim(), unique_id: email.trim(), password })));
  }

  return (
    <Screen title="Set up Outpost" narrow>
      <section aria-labelledby="setup-local" className="panel">
        <h2 id="setup-local">Just this computer</h2>
        <p>Create your teacher account here. Everything stays on this computer until you connect it to a hub.</p>
        <FormError message={error} />
        <form onSubmit={onSubmit} className="stacked-form" aria-labelledby="setup-local">
          <TextField label="Name" autoComplete="name" value={name} onChange={setName} required />
          <TextField label="Email" inputMode="email" autoComplete="username" spellCheck={false} value={email} onChange={setEmail} required />
          <TextField label="Password" type="password" autoComplete="new-password" value={password} onChange={setPassword} required />
          <button type="submit" disabled={pending}>
            Use Outpost on this computer
          </button>
        </form>
      </section>
      <section aria-labelledby="setup-hub" className="panel">
        <h2 id="setup-hub">With your school&apos;s hub</h2>
        <p>Already have an account on a hub? Sign in to it from here, and this computer keeps your courses in sync.</p>
        <Link to={paths.connectHub()} className="button-link">
          Connect to a hub
        </Link>
      </section>
    </Screen>
  );
}

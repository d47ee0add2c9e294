import { useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useSessionStore } from '../../stores/session-store.ts';

/** The way in for now: paste an API token (password sign-in replaces it in the UI's own change). */
export function SignInPage() {
  const { verifying, notice } = useSessionStore(
    useShallow((s) => ({
      verifying: s.session.phase === 'verifying',
      notice: s.session.phase === 'signed-out' ? s.session.notice : undefined,
    })),
  );
  const tokenSubmitted = useSessionStore((s) => s.tokenSubmitted);
  const [token, setToken] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!token.trim()) return;
    void tokenSubmitted(token);
    setToken('');
  }

  return (
    <main className="page narrow">
      <h1>Sign in to Outpost</h1>
      {notice && (
        <p role="alert" className="error">
          {notice}
        </p>
      )}
      <form onSubmit={onSubmit} className="sign-in-form" aria-label="Sign in">
        <label htmlFor="access-token">Access token</label>
        <input
          id="access-token"
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={token}
          onChange={(e) => setToken(e.target.value)}
          aria-describedby="access-token-help"
          required
        />
        <button type="submit" disabled={verifying}>
          {verifying ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <div id="access-token-help" className="help">
        <p>
          To get a token, stop Outpost and run <code>npm run token -- &lt;login&gt;</code> in its folder (for example{' '}
          <code>npm run token -- admin</code>), or start it with <code>OUTPOST_ADMIN_TOKEN</code> set.
        </p>
        <p>The token is kept in this tab&apos;s memory only: reloading the page signs you out.</p>
      </div>
    </main>
  );
}

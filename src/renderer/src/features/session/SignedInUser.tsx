import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useSessionStore } from '../../stores/session-store.ts';

/** Who is signed in, their settings, and the way out (which ends the session on the server too). */
export function SignedInUser() {
  const user = useSessionStore((s) => (s.session.phase === 'signed-in' ? s.session.user : undefined));
  const signOutClicked = useSessionStore((s) => s.signOutClicked);
  if (!user) return null;
  return (
    <nav className="signed-in-user" aria-label="Account">
      <span data-testid="signed-in-user">
        Signed in as <strong>{user.name}</strong>
      </span>
      <Link to={paths.settings()}>Settings</Link>
      <button type="button" onClick={() => void signOutClicked()}>
        Sign out
      </button>
    </nav>
  );
}

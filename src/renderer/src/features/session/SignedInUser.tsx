import { useSessionStore } from '../../stores/session-store.ts';

/** Who is signed in, and the way out; nothing while signed out. */
export function SignedInUser() {
  const user = useSessionStore((s) => (s.session.phase === 'signed-in' ? s.session.user : undefined));
  const signOutClicked = useSessionStore((s) => s.signOutClicked);
  if (!user) return null;
  return (
    <div className="signed-in-user">
      <span data-testid="signed-in-user">
        Signed in as <strong>{user.name}</strong>
      </span>
      <button type="button" onClick={signOutClicked}>
        Sign out
      </button>
    </div>
  );
}

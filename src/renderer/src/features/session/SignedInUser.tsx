import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { common } from '../../i18n/common-messages.ts';
import { paths } from '../../lib/paths.ts';
import { useSessionStore } from '../../stores/session-store.ts';

/** Who is signed in, their settings, and the way out (which ends the session on the server too). */
export function SignedInUser() {
  const intl = useIntl();
  const user = useSessionStore((s) => (s.session.phase === 'signed-in' ? s.session.user : undefined));
  const signOutClicked = useSessionStore((s) => s.signOutClicked);
  if (!user) return null;
  return (
    <nav className="signed-in-user" aria-label={intl.formatMessage({ id: 'account.navigation', defaultMessage: 'Account' })}>
      <span data-testid="signed-in-user">
        <FormattedMessage
          id="account.signedInAs"
          defaultMessage="Signed in as <b>{name}</b>"
          values={{ name: <bdi>{user.name}</bdi>, b: (chunks) => <strong>{chunks}</strong> }}
        />
      </span>
      <Link to={paths.settings()}>
        <FormattedMessage {...common.settings} />
      </Link>
      <button type="button" onClick={() => void signOutClicked()}>
        <FormattedMessage id="account.signOut" defaultMessage="Sign out" />
      </button>
    </nav>
  );
}

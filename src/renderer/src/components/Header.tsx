import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { HealthBadge } from '../features/health/HealthBadge.tsx';
import { SignedInUser } from '../features/session/SignedInUser.tsx';
import { SyncStatusIndicator } from '../features/sync/SyncStatusIndicator.tsx';
import { MainLinks } from '../shell/MainLinks.tsx';
import { useSessionStore } from '../stores/session-store.ts';

export function Header() {
  const signedIn = useSessionStore((s) => s.session.phase === 'signed-in');
  return (
    <header className="app-header">
      <Link className="app-title" to="/">
        <FormattedMessage id="app.name" defaultMessage="Outpost" description="The product name; keep it unless it is usually written in another script." />
      </Link>
      {signedIn && <MainLinks />}
      <div className="app-header-end">
        <HealthBadge />
        {signedIn && <SyncStatusIndicator />}
        {signedIn && <SignedInUser />}
      </div>
    </header>
  );
}

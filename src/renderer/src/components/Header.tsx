import { HealthBadge } from '../features/health/HealthBadge.tsx';
import { SignedInUser } from '../features/session/SignedInUser.tsx';

export function Header() {
  return (
    <header className="app-header">
      <a className="app-title" href="#/courses">
        Outpost
      </a>
      <div className="app-header-end">
        <HealthBadge />
        <SignedInUser />
      </div>
    </header>
  );
}

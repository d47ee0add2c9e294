import { HealthBadge } from '../features/health/HealthBadge.tsx';

export function Header() {
  return (
    <header className="app-header">
      <span className="app-title">Outpost</span>
      <HealthBadge />
    </header>
  );
}

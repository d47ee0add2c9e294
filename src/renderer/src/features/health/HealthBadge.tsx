import { useEffect } from 'react';
import { useHealthStore } from '../../stores/health-store.ts';

export function HealthBadge() {
  const health = useHealthStore((s) => s.health);
  const healthCheckRequested = useHealthStore((s) => s.healthCheckRequested);

  useEffect(() => {
    void healthCheckRequested();
  }, [healthCheckRequested]);

  const label =
    health.phase === 'online'
      ? `Server online · v${health.version}`
      : health.phase === 'checking'
        ? 'Checking server…'
        : 'Server unreachable';
  return (
    <span className={`health health-${health.phase}`} role="status" data-testid="health-status" title={health.phase === 'unreachable' ? health.reason : undefined}>
      {label}
    </span>
  );
}

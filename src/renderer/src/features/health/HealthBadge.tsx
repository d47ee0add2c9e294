import { useEffect } from 'react';
import { useHealthStore } from '../../stores/health-store.ts';

/** Whether the local Outpost answers; re-checked on its own, and at once after a request got no answer. */
export function HealthBadge() {
  const health = useHealthStore((s) => s.health);
  const watchStarted = useHealthStore((s) => s.watchStarted);

  useEffect(() => watchStarted(), [watchStarted]);

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

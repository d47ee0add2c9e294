import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useHealthStore } from '../../stores/health-store.ts';

/** Whether the local Outpost answers; re-checked on its own, and at once after a request got no answer. */
export function HealthBadge() {
  const intl = useIntl();
  const health = useHealthStore((s) => s.health);
  const watchStarted = useHealthStore((s) => s.watchStarted);

  useEffect(() => watchStarted(), [watchStarted]);

  const label =
    health.phase === 'online'
      ? intl.formatMessage({ id: 'health.online', defaultMessage: 'Server online · v{version}' }, { version: health.version })
      : health.phase === 'checking'
        ? intl.formatMessage({ id: 'health.checking', defaultMessage: 'Checking server…' })
        : intl.formatMessage({ id: 'health.unreachable', defaultMessage: 'Server unreachable' });
  return (
    <span className={`health health-${health.phase}`} role="status" data-testid="health-status" title={health.phase === 'unreachable' ? health.reason : undefined}>
      {label}
    </span>
  );
}

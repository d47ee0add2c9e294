import type { IntlShape } from 'react-intl';
import type { SyncStatus } from '../../../../contracts/session-dtos.ts';
import { formatDateTime } from '../../lib/format.ts';

/** "1 change waiting", "3 changes waiting". */
export function changesWaiting(count: number, intl: IntlShape): string {
  return intl.formatMessage({ id: 'sync.changesWaiting', defaultMessage: '{count, plural, one {# change waiting} other {# changes waiting}}' }, { count });
}

/** The status line's words: where sync stands, and what has not reached the hub yet. */
export function syncStatusText(status: SyncStatus, intl: IntlShape): string {
  const last = formatDateTime(status.last_synced_at);
  const state = {
    synced: last
      ? intl.formatMessage({ id: 'sync.state.syncedAt', defaultMessage: 'Synced {when}' }, { when: last })
      : intl.formatMessage({ id: 'sync.state.synced', defaultMessage: 'Synced' }),
    syncing: intl.formatMessage({ id: 'sync.state.syncing', defaultMessage: 'Syncing…' }),
    // Lower-case "last sync": the line must not read as "Synced" while offline.
    offline: last
      ? intl.formatMessage({ id: 'sync.state.offlineSince', defaultMessage: 'Offline · last sync {when}' }, { when: last })
      : intl.formatMessage({ id: 'sync.state.offline', defaultMessage: 'Offline' }),
    not_connected: intl.formatMessage({ id: 'sync.state.notConnected', defaultMessage: 'Not connected' }),
  }[status.state];
  return status.waiting > 0
    ? intl.formatMessage({ id: 'sync.stateAndWaiting', defaultMessage: '{state} · {waiting}' }, { state, waiting: changesWaiting(status.waiting, intl) })
    : state;
}

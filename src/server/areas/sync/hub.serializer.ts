import type { HubLinkState } from '../../sync/hub-link.ts';
import { isoOrNull } from '../common/api-values.ts';

/** `GET /api/v1/sync/hub`: the connection, never its token. */
export function hubStatusJson(state: HubLinkState) {
  return { connected: state.connected, url: state.url, user_id: state.userId, connected_at: isoOrNull(state.connectedAt) };
}

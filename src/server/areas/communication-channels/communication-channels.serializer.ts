import type { CommunicationChannelData } from '../../domain/records/directory-records.ts';
import type { Stored } from '../../domain/repository.ts';

/** Canvas's CommunicationChannel JSON. */
export function channelJson(channel: Stored<CommunicationChannelData>): Record<string, unknown> {
  const c = channel.data;
  return { id: channel.id, address: c.address, type: c.type, position: c.position, user_id: c.user_id, workflow_state: c.workflow_state };
}

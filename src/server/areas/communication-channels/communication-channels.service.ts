import type { CoreServices } from '../../core-services.ts';
import { ValidationError } from '../../domain/errors.ts';
import type { CommunicationChannelData } from '../../domain/records/directory-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import { KeyedQueue } from '../common/keyed-queue.ts';
import type { CreateChannelParams } from './communication-channels.params.ts';

/** Enough of an address to be deliverable: something, an @, something without spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * A user's communication channels (Canvas's CommunicationChannel): where notifications go, in position order. A
 * channel starts unconfirmed (Canvas sends a confirmation message) unless an admin skips the confirmation.
 */
export class CommunicationChannelsService {
  readonly #services: CoreServices;
  /** One create per user at a time, so positions and the one-address-per-type rule hold under concurrent requests. */
  readonly #writes = new KeyedQueue();

  constructor(services: CoreServices) {
    this.#services = services;
  }

  /** The user's channels by position; retired ones are gone. */
  async list(userId: number): Promise<Stored<CommunicationChannelData>[]> {
    const channels = await this.#services.repos.channels.find({ user_id: userId });
    return channels.filter((c) => c.data.workflow_state !== 'retired').sort((a, b) => a.data.position - b.data.position || a.id - b.id);
  }

  /**
   * A new channel at the end of the list, or a retired one with the same address brought back. An address the user
   * already has (of that type) is Canvas's 400 keyed `path` ("unique!"). `confirmed` is the admin's
   * `skip_confirmation`.
   */
  async create(userId: number, input: CreateChannelParams['communication_channel'], confirmed: boolean, stamp: WriteStamp): Promise<Stored<CommunicationChannelData>> {
    const { address, type } = input;
    // Canvas's answer when the developer key has no push notification service configured, which is always here.
    if (type === 'push') throw ValidationError.field('type', 'SNS is not configured for this developer key', 'invalid');
    if (type === 'email' && !EMAIL.test(address)) throw ValidationError.field('path', 'is invalid', 'invalid');
    const { channels } = this.#services.repos;
    const workflow_state = confirmed ? 'active' : 'unconfirmed';
    return this.#writes.run(String(userId), async () => {
      const all = await channels.find({ user_id: userId });
      const same = all.find((c) => c.data.type === type && c.data.address.toLowerCase() === address.toLowerCase());
      if (same && same.data.workflow_state !== 'retired') throw ValidationError.field('path', 'unique!');
      if (same) return (await channels.update(same.id, stamp, (d) => ({ ...d, address, workflow_state })))!;
      const position = Math.max(0, ...all.map((c) => c.data.position)) + 1;
      return channels.create({ user_id: userId, address, type, position, workflow_state }, stamp);
    });
  }
}

import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, ParamMissingError, ValidationError } from '../../domain/errors.ts';
import type { CommunicationChannelData } from '../../domain/records/directory-records.ts';
import { FREQUENCIES, type Frequency, type NotificationPolicyData } from '../../domain/records/notification-records.ts';
import { retryStale, writeTogether, type Stored, type WriteStamp } from '../../domain/repository.ts';
import { findNotification, NOTIFICATIONS, notificationsOfCategory, type NotificationType } from './notification-catalog.ts';

export type Channel = Stored<CommunicationChannelData>;

export interface Preference {
  readonly type: NotificationType;
  readonly frequency: Frequency;
}

/** A user's notification preferences per channel: the choices they made over Canvas's defaults. */
export class NotificationPreferencesService {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  /** A channel that is not retired, whoever owns it; 404 otherwise. */
  async channel(id: number): Promise<Channel> {
    const channel = await this.#services.repos.channels.get(id);
    if (!channel || channel.data.workflow_state === 'retired') throw new NotFoundError('communication channel');
    return channel;
  }

  /** One of the user's channels, by id; another user's channel is as unknown here as a missing one. */
  async channelOf(userId: number, id: number): Promise<Channel> {
    const channel = await this.channel(id);
    if (channel.data.user_id !== userId) throw new NotFoundError('communication channel');
    return channel;
  }

  /** One of the user's channels by `:type/:address`; addresses match case-insensitively, as Canvas's `by_path`. */
  async channelAt(userId: number, type: string, address: string): Promise<Channel> {
    const channels = await this.#unretired(userId);
    const found = channels.find((c) => c.data.type === type && c.data.address.toLowerCase() === address.toLowerCase());
    if (!found) throw new NotFoundError('communication channel');
    return found;
  }

  /** Every notification of the catalogue with its frequency on the channel. */
  async preferences(channel: Channel): Promise<Preference[]> {
    const chosen = await this.#chosen(channel);
    const primary = await this.#isPrimary(channel);
    return NOTIFICATIONS.map((type) => ({ type, frequency: frequencyOn(type, chosen, primary) }));
  }

  async preference(channel: Channel, name: string): Promise<Preference> {
    const type = findNotification(name);
    if (!type) throw new NotFoundError('notification');
    return { type, frequency: frequencyOn(type, await this.#chosen(channel), await this.#isPrimary(channel)) };
  }

  /** `notification_preferences[frequency]` for one notification. */
  setOne(channel: Channel, name: string, input: unknown, stamp: WriteStamp): Promise<Preference[]> {
    const type = findNotification(name);
    if (!type) throw new NotFoundError('notification');
    return this.#write(channel, [{ type, frequency: frequencyIn(input) }], stamp);
  }

  /** `notification_preferences[frequency]` for every notification of a category. */
  setCategory(channel: Channel, category: string, input: unknown, stamp: WriteStamp): Promise<Preference[]> {
    const types = notificationsOfCategory(category);
    if (types.length === 0) throw new NotFoundError('notification category');
    const frequency = frequencyIn(input);
    return this.#write(channel, types.map((type) => ({ type, frequency })), stamp);
  }

  /** `notification_preferences[<notification>][frequency]`: every entry is checked before any is written. */
  setMany(channel: Channel, input: unknown, stamp: WriteStamp): Promise<Preference[]> {
    if (!isPlainObject(input) || Object.keys(input).length === 0) throw new ParamMissingError('notification_preferences');
    const changes = Object.entries(input).map(([name, entry]): Preference => {
      const type = findNotification(name);
      if (!type) throw new NotFoundError('notification');
      return { type, frequency: frequencyIn(entry) };
    });
    return this.#write(channel, changes, stamp);
  }

  /** One record per channel (id = channel id), so a concurrent first write is a conflict that retries, not a twin. */
  async #write(channel: Channel, changes: readonly Preference[], stamp: WriteStamp): Promise<Preference[]> {
    const repo = this.#services.repos.notificationPolicies;
    await retryStale(async () => {
      const current = await repo.get(channel.id);
      const frequencies: Record<string, Frequency> = { ...current?.data.frequencies };
      for (const change of changes) frequencies[change.type.slug] = change.frequency;
      const data: NotificationPolicyData = { user_id: channel.data.user_id, channel_id: channel.id, frequencies };
      await writeTogether([current ? repo.replacement(current, data, stamp) : repo.insertion(await repo.build(data, stamp, channel.id))]);
    });
    return changes.map((change) => ({ ...change }));
  }

  async #chosen(channel: Channel): Promise<Readonly<Record<string, Frequency>>> {
    return (await this.#services.repos.notificationPolicies.get(channel.id))?.data.frequencies ?? {};
  }

  /** Canvas's defaults apply on the user's email channel (the first by position); every other channel is `never`. */
  async #isPrimary(channel: Channel): Promise<boolean> {
    const emails = (await this.#unretired(channel.data.user_id)).filter((c) => c.data.type === 'email');
    return emails[0]?.id === channel.id;
  }

  async #unretired(userId: number): Promise<Channel[]> {
    const channels = await this.#services.repos.channels.find({ user_id: userId });
    return channels.filter((c) => c.data.workflow_state !== 'retired').sort((a, b) => a.data.position - b.data.position || a.id - b.id);
  }
}

function frequencyOn(type: NotificationType, chosen: Readonly<Record<string, Frequency>>, primary: boolean): Frequency {
  if (Object.hasOwn(chosen, type.slug)) return chosen[type.slug]!;
  return primary ? type.defaultFrequency : 'never';
}

/** `{frequency: …}` from the body: missing → 400 naming the parameter, unknown → Rails' inclusion error. */
function frequencyIn(input: unknown): Frequency {
  if (!isPlainObject(input)) throw new ParamMissingError('notification_preferences');
  const raw = Object.hasOwn(input, 'frequency') ? input.frequency : undefined;
  if (raw === undefined || raw === null || raw === '') throw ValidationError.field('frequency', "can't be blank", 'blank');
  const word = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  const frequency = FREQUENCIES.find((f) => f === word);
  if (!frequency) throw ValidationError.field('frequency', 'is not included in the list', 'inclusion');
  return frequency;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

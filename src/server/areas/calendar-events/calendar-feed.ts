import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { CoreServices } from '../../core-services.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { CalendarFeedData } from '../../domain/records/calendar-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import { lookupKey } from '../../domain/declarations/lookup-keys.ts';

/**
 * A user's private feed URL (`/feeds/calendars/user_<code>.ics`): whoever holds it reads the user's calendar
 * without a token, as in Canvas, so the code is 160 random bits, made on first use and replaced to revoke it.
 * Kept per installation (decision 0107).
 */
export class CalendarFeeds {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  /** The user's current code, made on first use. */
  async codeOf(userId: number, stamp: WriteStamp): Promise<string> {
    const current = await this.#current(userId);
    if (current) return current.data.code;
    return (await this.#services.repos.calendarFeeds.create({ user_id: userId, code: newCode() }, stamp)).data.code;
  }

  /** A new code: the old URL answers 404 from now on. */
  async reset(userId: number, stamp: WriteStamp): Promise<string> {
    const repo = this.#services.repos.calendarFeeds;
    const current = await this.#current(userId);
    if (!current) return (await repo.create({ user_id: userId, code: newCode() }, stamp)).data.code;
    const replaced = await repo.update(current.id, stamp, (data) => ({ ...data, code: newCode() }));
    if (!replaced) throw new NotFoundError('calendar feed');
    return replaced.data.code;
  }

  /** The user a feed code belongs to; 404 for an unknown or replaced code. */
  async userOf(code: string): Promise<number> {
    const feed = /^[0-9a-f]{40}$/.test(code) ? await this.#services.repos.calendarFeeds.byLookup(lookupKey.calendarFeed(code)) : undefined;
    // The lookup found it by the code; the comparison keeps a near miss from answering faster than a far one.
    if (!feed || !timingSafeEqual(Buffer.from(feed.data.code), Buffer.from(code))) throw new NotFoundError('calendar feed');
    return feed.data.user_id;
  }

  async #current(userId: number): Promise<Stored<CalendarFeedData> | undefined> {
    return (await this.#services.repos.calendarFeeds.find({ user_id: userId }))[0];
  }
}

/** The feed's URL on this installation: the code is the credential. */
export const feedUrl = (baseUrl: string, code: string): string => `${baseUrl}/feeds/calendars/user_${code}.ics`;

function newCode(): string {
  return randomBytes(20).toString('hex');
}

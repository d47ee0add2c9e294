import type { DiscussionTopicData } from '../../domain/records/content-records.ts';
import type {
  DiscussionEntryData,
  DiscussionEntryParticipantData,
  DiscussionTopicParticipantData,
  ReadState,
} from '../../domain/records/discussion-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';

export type Entry = Stored<DiscussionEntryData>;
export type EntryParticipant = Stored<DiscussionEntryParticipantData>;

/** Canvas lists entries and replies newest first; ties (one request, one millisecond) by id. */
export const newestFirst = (a: Entry, b: Entry): number => b.created_at - a.created_at || b.id - a.id;
/** Canvas's threaded view lists each level oldest first. */
export const oldestFirst = (a: Entry, b: Entry): number => -newestFirst(a, b);

/**
 * One user's read state of entries: their participant records, with Canvas's defaults for entries they have no
 * record of (read when they wrote it, unread otherwise).
 */
export class ReadStates {
  readonly userId: number;
  readonly #mine: ReadonlyMap<number, DiscussionEntryParticipantData>;

  constructor(userId: number, participants: readonly EntryParticipant[]) {
    this.userId = userId;
    this.#mine = new Map(participants.filter((p) => p.data.user_id === userId).map((p) => [p.data.entry_id, p.data]));
  }

  of(entry: Entry): ReadState {
    return this.#mine.get(entry.id)?.workflow_state ?? (entry.data.user_id === this.userId ? 'read' : 'unread');
  }

  forced(entry: Entry): boolean {
    return this.#mine.get(entry.id)?.forced_read_state ?? false;
  }

  rating(entryId: number): 0 | 1 | null {
    return this.#mine.get(entryId)?.rating ?? null;
  }

  participant(entryId: number): DiscussionEntryParticipantData | undefined {
    return this.#mine.get(entryId);
  }
}

/** Canvas's topic `read_state`: the user's own record, else read for the author and unread for everyone else. */
export function topicReadState(topic: Stored<DiscussionTopicData>, userId: number, own: Stored<DiscussionTopicParticipantData> | undefined): ReadState {
  return own?.data.workflow_state ?? (topic.data.user_id === userId ? 'read' : 'unread');
}

/** What a topic's JSON says about its entries for one user: counts, unread entries and the latest reply. */
export interface TopicActivity {
  readonly subentryCount: number;
  readonly unreadCount: number;
  readonly lastReplyAt: string | null;
}

export function topicActivity(entries: readonly Entry[], reads: ReadStates): TopicActivity {
  const active = entries.filter((e) => e.data.workflow_state === 'active');
  // A fold, not Math.max(...): a long thread must not overflow the argument list.
  const latest = active.reduce<number | null>((max, e) => (max === null || e.created_at > max ? e.created_at : max), null);
  return {
    subentryCount: active.length,
    unreadCount: active.filter((e) => reads.of(e) === 'unread').length,
    lastReplyAt: latest === null ? null : isoSeconds(latest),
  };
}

/** Canvas's `rating_count` and `rating_sum` per entry: null until someone rated it. */
export function ratingTotals(participants: readonly EntryParticipant[]): ReadonlyMap<number, { count: number; sum: number }> {
  const totals = new Map<number, { count: number; sum: number }>();
  for (const p of participants) {
    if (p.data.rating === null) continue;
    const t = totals.get(p.data.entry_id) ?? { count: 0, sum: 0 };
    totals.set(p.data.entry_id, { count: t.count + 1, sum: t.sum + p.data.rating });
  }
  return totals;
}

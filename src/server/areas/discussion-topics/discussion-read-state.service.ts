import { isDeepStrictEqual } from 'node:util';
import type { CoreServices } from '../../core-services.ts';
import { UnauthorizedError } from '../../domain/errors.ts';
import { topicParticipantKey, type DiscussionEntryParticipantData, type ReadState } from '../../domain/records/discussion-records.ts';
import { writeTogether, type PlannedWrite } from '../../domain/repository.ts';
import type { WriteStamp } from '../../domain/repository.ts';
import { KeyedQueue } from '../common/keyed-queue.ts';
import type { Thread } from './discussion-entries.service.ts';
import type { Entry } from './discussion-thread.ts';

/** What to change on the viewer's participant record of an entry; an absent field is left as it is. */
interface EntryChange {
  readonly workflow_state?: ReadState;
  readonly forced_read_state?: boolean | undefined;
  readonly rating?: 0 | 1;
}

/**
 * The viewer's own relation to a topic and its entries (Canvas's `read`, `unread`, `read_all`, `unread_all` and
 * `rating` endpoints): one participant record per user and entry (and per user and topic), created on first change.
 */
export class DiscussionReadStateService {
  readonly #services: CoreServices;
  /** One writer per user and topic at a time, so two requests never both create the same participant record. */
  readonly #writes = new KeyedQueue();

  constructor(services: CoreServices) {
    this.#services = services;
  }

  /** Marks the topic itself read or unread. */
  markTopic(thread: Thread, state: ReadState, stamp: WriteStamp): Promise<void> {
    return this.#serialized(thread, () => this.#topicWrites(thread, state, stamp).then(writeTogether));
  }

  /** Marks the topic and every entry read or unread, setting or clearing the forced state when it is given. */
  markAll(thread: Thread, state: ReadState, forced: boolean | undefined, stamp: WriteStamp): Promise<void> {
    return this.#serialized(thread, async () => {
      const active = thread.entries.filter((e) => e.data.workflow_state === 'active');
      const entryWrites = await this.#entryWrites(thread, active, { workflow_state: state, forced_read_state: forced }, stamp);
      await writeTogether([...(await this.#topicWrites(thread, state, stamp)), ...entryWrites]);
    });
  }

  /** Marks one entry read or unread, setting or clearing its forced state when it is given. */
  markEntry(thread: Thread, entry: Entry, state: ReadState, forced: boolean | undefined, stamp: WriteStamp): Promise<void> {
    return this.#serialized(thread, async () => writeTogether(await this.#entryWrites(thread, [entry], { workflow_state: state, forced_read_state: forced }, stamp)));
  }

  /**
   * Likes (1) or un-likes (0) an entry. The topic must allow rating, and only graders may rate where the topic says
   * so (Canvas's `:rate` right); anyone else gets a 401.
   */
  async rate(thread: Thread, entry: Entry, rating: 0 | 1, stamp: WriteStamp): Promise<void> {
    const { topic, viewer } = thread;
    if (topic.data.allow_rating !== true) throw new UnauthorizedError();
    if (topic.data.only_graders_can_rate === true) {
      const grader = await this.#services.access.can(viewer.principal, 'manage_grades', { type: 'course', courseId: viewer.courseId });
      if (!grader) throw new UnauthorizedError();
    }
    await this.#serialized(thread, async () => writeTogether(await this.#entryWrites(thread, [entry], { rating }, stamp)));
  }

  #serialized(thread: Thread, work: () => Promise<void>): Promise<void> {
    return this.#writes.run(topicParticipantKey(thread.topic.id, thread.viewer.principal.userId), work);
  }

  /** The viewer's topic record, created or changed; nothing when it already says so. */
  async #topicWrites(thread: Thread, state: ReadState, stamp: WriteStamp): Promise<PlannedWrite[]> {
    const repo = this.#services.repos.discussionTopicParticipants;
    const userId = thread.viewer.principal.userId;
    const current = await repo.byLookup(topicParticipantKey(thread.topic.id, userId));
    if (current?.data.workflow_state === state) return [];
    if (current) return [repo.replacement(current, { ...current.data, workflow_state: state }, stamp)];
    const data = { course_id: thread.viewer.courseId, topic_id: thread.topic.id, user_id: userId, workflow_state: state };
    return [repo.insertion(await repo.build(data, stamp))];
  }

  /**
   * The viewer's records of the entries, created or changed; none for an entry the change leaves as it is. Records
   * are read afresh here: the thread may predate an earlier write of this queue.
   */
  async #entryWrites(thread: Thread, entries: readonly Entry[], change: EntryChange, stamp: WriteStamp): Promise<PlannedWrite[]> {
    const repo = this.#services.repos.discussionEntryParticipants;
    const userId = thread.viewer.principal.userId;
    const mine = new Map((await repo.find({ parent_id: thread.topic.id, user_id: userId })).map((p) => [p.data.entry_id, p]));
    const writes: PlannedWrite[] = [];
    for (const entry of entries) {
      const current = mine.get(entry.id);
      const base: DiscussionEntryParticipantData = current?.data ?? {
        course_id: thread.viewer.courseId,
        topic_id: thread.topic.id,
        entry_id: entry.id,
        user_id: userId,
        workflow_state: thread.reads.of(entry),
        forced_read_state: false,
        rating: null,
      };
      const next: DiscussionEntryParticipantData = {
        ...base,
        ...(change.workflow_state === undefined ? {} : { workflow_state: change.workflow_state }),
        ...(change.forced_read_state === undefined ? {} : { forced_read_state: change.forced_read_state }),
        ...(change.rating === undefined ? {} : { rating: change.rating }),
      };
      if (!current) writes.push(repo.insertion(await repo.build(next, stamp)));
      else if (!isDeepStrictEqual(current.data, next)) writes.push(repo.replacement(current, next, stamp));
    }
    return writes;
  }
}

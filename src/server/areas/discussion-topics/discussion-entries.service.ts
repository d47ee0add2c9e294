import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, UnauthorizedError } from '../../domain/errors.ts';
import type { DiscussionTopicData } from '../../domain/records/content-records.ts';
import { progressionService } from '../../domain/progression/progression.service.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import type { ForumViewer } from './forum-viewer.ts';
import type { NewEntry } from './discussion-entries.params.ts';
import type { EntryView } from './discussion-entries.serializer.ts';
import { canSeePosts, lockedFor, mayChangeEntry } from './discussion-rules.ts';
import { ratingTotals, ReadStates, type Entry, type EntryParticipant } from './discussion-thread.ts';
import type { DiscussionTopicsService } from './discussion-topics.service.ts';

/** A topic with every entry and every participant record, as one viewer reads it. */
export interface Thread {
  readonly topic: Stored<DiscussionTopicData>;
  readonly viewer: ForumViewer;
  readonly entries: readonly Entry[];
  readonly participants: readonly EntryParticipant[];
  readonly reads: ReadStates;
  /** False while `require_initial_post` hides others' entries from the viewer. */
  readonly canSeePosts: boolean;
}

/**
 * Discussion entries (Canvas's DiscussionEntry through `discussion_topics_api_controller`): posting, replying,
 * editing and deleting, with the topic's lock and the author-or-moderator rule. A delete is soft: the entry
 * keeps its place in the thread with its message cleared.
 */
export class DiscussionEntriesService {
  readonly #services: CoreServices;
  readonly #topics: DiscussionTopicsService;

  constructor(services: CoreServices, topics: DiscussionTopicsService) {
    this.#services = services;
    this.#topics = topics;
  }

  /** The topic (a 404 unless the viewer may see it) with its entries and everyone's read and rating records. */
  async thread(viewer: ForumViewer, topicId: number): Promise<Thread> {
    const topic = await this.#topics.get(viewer, topicId);
    const { discussionEntries, discussionEntryParticipants } = this.#services.repos;
    const [entries, participants] = await Promise.all([
      discussionEntries.find({ parent_id: topic.id, course_id: viewer.courseId }),
      discussionEntryParticipants.find({ parent_id: topic.id, course_id: viewer.courseId }),
    ]);
    const reads = new ReadStates(viewer.principal.userId, participants);
    return { topic, viewer, entries, participants, reads, canSeePosts: canSeePosts(topic.data, viewer, entries) };
  }

  /**
   * Authors and editors of the thread's entries (and of `written`, entries written since the thread was read),
   * rating totals and the viewer's read states, for the serializer.
   */
  async view(thread: Thread, written: readonly Entry[] = []): Promise<EntryView> {
    const userIds = [...thread.entries, ...written].flatMap((e) => [e.data.user_id, ...(e.data.editor_id === null ? [] : [e.data.editor_id])]);
    const users = await this.#services.repos.users.getMany([...new Set(userIds)]);
    return { users, ratings: ratingTotals(thread.participants), reads: thread.reads };
  }

  /** An entry of the thread's topic, deleted ones included (they keep their place); a 404 otherwise. */
  entry(thread: Thread, entryId: number): Entry {
    const entry = thread.entries.find((e) => e.id === entryId);
    if (!entry) throw new NotFoundError('discussion entry');
    return entry;
  }

  /**
   * A new top-level entry, or a reply to any entry of the topic. Refused (401) while the topic is locked for the
   * viewer. Posting counts as contributing for the topic's module items.
   */
  async create(thread: Thread, parentId: number | null, input: NewEntry, stamp: WriteStamp): Promise<Entry> {
    const { topic, viewer } = thread;
    if (lockedFor(topic.data, viewer, stamp.now)) throw new UnauthorizedError();
    const parent = parentId === null ? undefined : this.entry(thread, parentId);
    const entry = await this.#services.repos.discussionEntries.create(
      {
        course_id: viewer.courseId,
        topic_id: topic.id,
        user_id: viewer.principal.userId,
        parent_id: parent?.id ?? null,
        root_entry_id: parent ? (parent.data.root_entry_id ?? parent.id) : null,
        message: input.message ?? null,
        editor_id: null,
        workflow_state: 'active',
      },
      stamp,
    );
    await progressionService(this.#services.repos).contributed(viewer.courseId, viewer.principal.userId, { type: 'Discussion', id: topic.id }, stamp);
    return entry;
  }

  /** A new message from the author or a moderator; the editor is recorded. A deleted entry is gone (404). */
  async update(thread: Thread, entryId: number, input: NewEntry, stamp: WriteStamp): Promise<Entry> {
    const entry = this.#changeable(thread, entryId, stamp.now);
    if (input.message === undefined) return entry;
    const message = input.message;
    const updated = await this.#services.repos.discussionEntries.update(entry.id, stamp, (d) => ({ ...d, message, editor_id: stamp.actorId }));
    return updated ?? entry;
  }

  /** Soft delete by the author or a moderator: marked deleted, message cleared. */
  async delete(thread: Thread, entryId: number, stamp: WriteStamp): Promise<void> {
    const entry = this.#changeable(thread, entryId, stamp.now);
    await this.#services.repos.discussionEntries.update(entry.id, stamp, (d) => ({ ...d, workflow_state: 'deleted', message: null, editor_id: stamp.actorId }));
  }

  #changeable(thread: Thread, entryId: number, now: number): Entry {
    const entry = this.entry(thread, entryId);
    if (entry.data.workflow_state === 'deleted') throw new NotFoundError('discussion entry');
    if (!mayChangeEntry(entry.data, thread.topic.data, thread.viewer, now)) throw new UnauthorizedError();
    return entry;
  }
}

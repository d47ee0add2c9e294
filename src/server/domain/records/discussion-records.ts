/**
 * Discussion entries and who has read or rated them (Canvas's DiscussionEntry, DiscussionEntryParticipant and
 * DiscussionTopicParticipant). Entries are course content every member who may see the topic reads, so they live
 * in `course` with their topic; read state and ratings are one user's own, so they live in `course_user` under
 * that user and reach only that user's devices (docs/architecture.md §4.2, docs/decisions/0032-discussion-entries.md).
 */

export interface DiscussionEntryData {
  course_id: number;
  topic_id: number;
  /** The author. */
  user_id: number;
  /** The entry this one replies to; null for a top-level entry. */
  parent_id: number | null;
  /** The top-level entry of the thread (Canvas's `root_entry_id`); null for a top-level entry. */
  root_entry_id: number | null;
  /** Sanitized HTML; null once deleted (Canvas clears the message of a deleted entry). */
  message: string | null;
  /** Who last edited it, when that was not the author's first post. */
  editor_id: number | null;
  /** A delete is soft: the entry keeps its place in the thread, shown as deleted. */
  workflow_state: 'active' | 'deleted';
}

export type ReadState = 'read' | 'unread';

/** One user's relation to one entry; without a record, an entry is read by its author and unread by everyone else. */
export interface DiscussionEntryParticipantData {
  course_id: number;
  topic_id: number;
  entry_id: number;
  user_id: number;
  workflow_state: ReadState;
  /** Set when the user chose the state by hand, so that automatic marking leaves it alone. */
  forced_read_state: boolean;
  /** 1 (liked), 0 (like withdrawn) or null (never rated). */
  rating: 0 | 1 | null;
}

/** One user's read state of a topic itself; without a record, a topic is read by its author and unread by others. */
export interface DiscussionTopicParticipantData {
  course_id: number;
  topic_id: number;
  user_id: number;
  workflow_state: ReadState;
}

/** The lookup slot of a user's participant record of one entry: at most one per entry and user. */
export const entryParticipantKey = (entryId: number, userId: number): string => `discussion_entry_participant:${entryId}:${userId}`;

/** The lookup slot of a user's participant record of one topic. */
export const topicParticipantKey = (topicId: number, userId: number): string => `discussion_topic_participant:${topicId}:${userId}`;

import type { UserDisplay } from './grading-dtos.ts';
import type { IsoDateTime } from './lms-dtos.ts';

/** `GET /api/v1/courses/:course_id/discussion_topics[/:id]`: Canvas's DiscussionTopic, the fields the UI uses. */
export interface DiscussionTopic {
  id: number;
  title: string;
  /** Sanitized by the server; still untrusted in the UI. */
  message: string | null;
  user_name: string | null;
  posted_at: IsoDateTime | null;
  discussion_subentry_count: number;
  read_state: 'read' | 'unread';
  unread_count: number;
  locked_for_user: boolean;
  user_can_see_posts: boolean;
  permissions: { reply: boolean };
  published: boolean;
  pinned: boolean;
  /** Closed for replies by hand (a lock date closes it too: see `locked_for_user`). */
  locked: boolean;
  is_announcement: boolean;
  require_initial_post: boolean;
}

/** What a moderator writes to a topic; Canvas takes these as top-level parameters. */
export interface DiscussionTopicWrite {
  title?: string;
  message?: string;
  published?: boolean;
  pinned?: boolean;
  locked?: boolean;
  require_initial_post?: boolean;
  /** Only when creating: an announcement stays one. */
  is_announcement?: boolean;
}

/** One entry of the threaded view, its replies nested; a deleted one keeps its place without author or message. */
export interface ThreadEntry {
  id: number;
  parent_id: number | null;
  created_at: IsoDateTime;
  user_id?: number;
  message?: string;
  deleted?: boolean;
  replies: ThreadEntry[];
}

/** `GET …/discussion_topics/:id/view`: the whole thread, the caller's unread entries and who wrote. */
export interface TopicView {
  unread_entries: number[];
  participants: UserDisplay[];
  view: ThreadEntry[];
}

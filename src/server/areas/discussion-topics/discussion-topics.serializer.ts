import type { DiscussionTopicData } from '../../domain/records/content-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';
import type { ContentViewer } from '../common/course-content.ts';
import { userDisplayJson } from '../submissions/submissions.serializer.ts';
import { lockedFor } from './discussion-rules.ts';
import type { TopicFacts } from './topic-facts.ts';

/** Who looks at topics, and when (a topic's lock date decides `locked_for_user`). */
export interface TopicViewer {
  readonly viewer: ContentViewer;
  readonly baseUrl: string;
  readonly now: number;
}

/**
 * Canvas's DiscussionTopic JSON (`lib/api/v1/discussion_topics.rb`): the author as `user_name` and as a user
 * display (`author`), and the viewer's own read state and unread count of its entries.
 */
export function discussionTopicJson(record: Stored<DiscussionTopicData>, facts: TopicFacts, { viewer, baseUrl, now }: TopicViewer): Record<string, unknown> {
  const t = record.data;
  const path = t.is_announcement ? 'announcements' : 'discussion_topics';
  const mine = t.user_id === viewer.principal.userId;
  const locked = lockedFor(t, viewer, now);
  return {
    id: record.id,
    title: t.title,
    message: t.message,
    html_url: `${baseUrl}/courses/${t.course_id}/${path}/${record.id}`,
    posted_at: t.posted_at,
    last_reply_at: facts.lastReplyAt ?? t.posted_at,
    created_at: isoSeconds(record.created_at),
    updated_at: isoSeconds(record.updated_at),
    require_initial_post: t.require_initial_post,
    user_can_see_posts: facts.canSeePosts,
    discussion_subentry_count: facts.subentryCount,
    read_state: facts.readState,
    unread_count: facts.unreadCount,
    subscribed: mine,
    assignment_id: t.assignment_id,
    delayed_post_at: t.delayed_post_at,
    published: t.workflow_state === 'published',
    lock_at: t.lock_at,
    locked: t.locked,
    pinned: t.pinned,
    locked_for_user: locked,
    user_id: t.user_id,
    user_name: facts.author?.data.name ?? null,
    author: facts.author ? userDisplayJson(facts.author, facts.author.id, t.course_id, baseUrl) : {},
    topic_children: [],
    group_topic_children: [],
    root_topic_id: null,
    podcast_url: null,
    discussion_type: t.discussion_type,
    group_category_id: null,
    attachments: [],
    permissions: { attach: viewer.canManage, update: viewer.canManage || mine, reply: facts.canPost && !locked, delete: viewer.canManage || mine },
    allow_rating: t.allow_rating ?? false,
    only_graders_can_rate: t.only_graders_can_rate ?? false,
    sort_by_rating: t.sort_by_rating ?? false,
    is_announcement: t.is_announcement,
    is_section_specific: (t.section_ids ?? null) !== null,
    context_code: `course_${t.course_id}`,
  };
}

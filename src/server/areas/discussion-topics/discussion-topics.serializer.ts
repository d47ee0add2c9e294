import type { DiscussionTopicData } from '../../domain/records/content-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';
import type { ContentViewer } from '../common/course-content.ts';

/** Canvas's DiscussionTopic JSON (`lib/api/v1/discussion_topics.rb`); entries and read state come with replies. */
export function discussionTopicJson(record: Stored<DiscussionTopicData>, baseUrl: string, viewer: ContentViewer): Record<string, unknown> {
  const t = record.data;
  const path = t.is_announcement ? 'announcements' : 'discussion_topics';
  const mine = t.user_id === viewer.principal.userId;
  return {
    id: record.id,
    title: t.title,
    message: t.message,
    html_url: `${baseUrl}/courses/${t.course_id}/${path}/${record.id}`,
    posted_at: t.posted_at,
    last_reply_at: t.posted_at,
    created_at: isoSeconds(record.created_at),
    updated_at: isoSeconds(record.updated_at),
    require_initial_post: t.require_initial_post,
    user_can_see_posts: true,
    discussion_subentry_count: 0,
    read_state: mine ? 'read' : 'unread',
    unread_count: 0,
    subscribed: mine,
    assignment_id: t.assignment_id,
    delayed_post_at: t.delayed_post_at,
    published: t.workflow_state === 'published',
    lock_at: t.lock_at,
    locked: t.locked,
    pinned: t.pinned,
    locked_for_user: t.locked && !viewer.canManage,
    user_id: t.user_id,
    topic_children: [],
    group_topic_children: [],
    root_topic_id: null,
    podcast_url: null,
    discussion_type: t.discussion_type,
    group_category_id: null,
    attachments: [],
    permissions: { attach: viewer.canManage, update: viewer.canManage || mine, reply: !t.locked || viewer.canManage, delete: viewer.canManage || mine },
    allow_rating: false,
    only_graders_can_rate: false,
    sort_by_rating: false,
    is_announcement: t.is_announcement,
    context_code: `course_${t.course_id}`,
  };
}

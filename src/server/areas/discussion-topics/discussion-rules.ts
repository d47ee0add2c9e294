import type { DiscussionEntryData } from '../../domain/records/discussion-records.ts';
import type { DiscussionTopicData } from '../../domain/records/content-records.ts';
import type { Stored } from '../../domain/repository.ts';
import type { ContentViewer } from '../common/course-content.ts';

/**
 * Who may do what in one topic, as Canvas's DiscussionTopic and DiscussionEntry policies decide it. The viewer's
 * `canManage` is `moderate_forum` (discussion-topics.service.ts): moderators are never locked out, need no initial
 * post, and may edit or delete anyone's entry.
 */

/** Canvas's `locked_for?`: the topic was locked by hand, or its lock date has passed; moderators are never locked. */
export function lockedFor(topic: DiscussionTopicData, viewer: ContentViewer, now: number): boolean {
  if (viewer.canManage) return false;
  return topic.locked || (topic.lock_at !== null && Date.parse(topic.lock_at) <= now);
}

/** Canvas's `user_can_see_posts`: with `require_initial_post`, others' entries stay hidden until one's own first post. */
export function canSeePosts(topic: DiscussionTopicData, viewer: ContentViewer, entries: readonly Stored<DiscussionEntryData>[]): boolean {
  if (!topic.require_initial_post || viewer.canManage) return true;
  return entries.some((e) => e.data.user_id === viewer.principal.userId && e.data.workflow_state === 'active');
}

/** The author may edit or delete their entry while the topic is open to them; moderators always may. */
export function mayChangeEntry(entry: DiscussionEntryData, topic: DiscussionTopicData, viewer: ContentViewer, now: number): boolean {
  return viewer.canManage || (entry.user_id === viewer.principal.userId && !lockedFor(topic, viewer, now));
}

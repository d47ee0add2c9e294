import type { DiscussionTopicData } from './records/content-records.ts';

/**
 * Who besides a topic's moderators sees it: one answer the discussion and announcement APIs and the sync pull
 * (through the topic's declaration) share, so a device never holds a topic its user could not open over REST.
 */
export interface TopicReader {
  /** The time the question is asked at: a delayed topic appears when its post time has come. */
  readonly now: number;
  /** The sections of the reader's active enrollments in the topic's course. */
  readonly sectionIds: ReadonlySet<number>;
}

/** Not yet posted: `delayed_post_at` is still ahead (Canvas keeps such a topic `post_delayed` until then). */
export function postDelayed(topic: DiscussionTopicData, now: number): boolean {
  return topic.delayed_post_at !== null && Date.parse(topic.delayed_post_at) > now;
}

/**
 * Canvas's `visible_for?` for members who do not moderate: published, posted, and, when the topic is meant for
 * some sections only (`specific_sections`), the reader is enrolled in one of them.
 */
export function topicShownTo(topic: DiscussionTopicData, reader: TopicReader): boolean {
  if (topic.workflow_state !== 'published' || postDelayed(topic, reader.now)) return false;
  const sections = topic.section_ids ?? null;
  return sections === null || sections.some((id) => reader.sectionIds.has(id));
}

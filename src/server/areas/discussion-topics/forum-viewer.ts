import type { CoreServices } from '../../core-services.ts';
import type { Principal } from '../../domain/principal.ts';
import type { DiscussionTopicData } from '../../domain/records/content-records.ts';
import { topicShownTo, type TopicReader } from '../../domain/topic-visibility.ts';
import { contentViewer, type ContentViewer } from '../common/course-content.ts';

/** Moderators see and write drafts, pins, locks and announcements; members with post_to_forum start plain topics. */
export const MODERATE_FORUM = ['moderate_forum'] as const;

/** A viewer of a course's topics: moderators see every one, others what `topicShownTo` lets them read. */
export interface ForumViewer extends ContentViewer {
  readonly reader: TopicReader;
}

export async function forumViewer(services: CoreServices, principal: Principal, courseId: number, now: number): Promise<ForumViewer> {
  const [viewer, enrollments] = await Promise.all([
    contentViewer(services, principal, courseId, MODERATE_FORUM),
    services.access.enrollmentsOf(principal, courseId),
  ]);
  // The same sections the sync scope gives a device: those of the user's active enrollments.
  const sectionIds = new Set(enrollments.filter((e) => e.workflow_state === 'active').map((e) => e.course_section_id));
  return { ...viewer, reader: { now, sectionIds } };
}

/** Deleted topics are gone for everyone; moderators see the rest, drafts and delayed ones included. */
export function seesTopic(topic: DiscussionTopicData, viewer: ForumViewer): boolean {
  if (topic.workflow_state === 'deleted') return false;
  return viewer.canManage || topicShownTo(topic, viewer.reader);
}

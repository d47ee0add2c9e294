import type { CoreServices } from '../../core-services.ts';
import type { DiscussionTopicData } from '../../domain/records/content-records.ts';
import type { ReadState } from '../../domain/records/discussion-records.ts';
import type { UserData } from '../../domain/records/directory-records.ts';
import type { Stored } from '../../domain/repository.ts';
import type { ContentViewer } from '../common/course-content.ts';
import { canSeePosts } from './discussion-rules.ts';
import { ReadStates, topicActivity, topicReadState, type TopicActivity } from './discussion-thread.ts';

/** What a topic's JSON says beyond the topic record, for one viewer. */
export interface TopicFacts extends TopicActivity {
  readonly author: Stored<UserData> | undefined;
  readonly readState: ReadState;
  readonly canSeePosts: boolean;
  /** Holds `post_to_forum` (observers read but do not post). */
  readonly canPost: boolean;
}

/**
 * The facts of several topics of one course at once (a list page): their entries, the viewer's read records and
 * the authors, loaded in one query each.
 */
export async function loadTopicFacts(
  services: CoreServices,
  viewer: ContentViewer,
  topics: readonly Stored<DiscussionTopicData>[],
): Promise<Map<number, TopicFacts>> {
  const { repos } = services;
  const topicIds = topics.map((t) => t.id);
  const userId = viewer.principal.userId;
  const [entries, entryReads, topicReads, authors, canPost] = await Promise.all([
    // By topic alone: one index range per topic (the topics are the course's, and so are their entries).
    repos.discussionEntries.find({ parent_id: { $in: topicIds } }),
    repos.discussionEntryParticipants.find({ user_id: userId, course_id: viewer.courseId }),
    repos.discussionTopicParticipants.find({ user_id: userId, course_id: viewer.courseId }),
    repos.users.getMany([...new Set(topics.map((t) => t.data.user_id))]),
    services.access.can(viewer.principal, 'post_to_forum', { type: 'course', courseId: viewer.courseId }),
  ]);
  const reads = new ReadStates(userId, entryReads);
  return new Map(
    topics.map((topic) => {
      const own = entries.filter((e) => e.data.topic_id === topic.id);
      const facts: TopicFacts = {
        ...topicActivity(own, reads),
        author: authors.get(topic.data.user_id),
        readState: topicReadState(topic, userId, topicReads.find((r) => r.data.topic_id === topic.id)),
        canSeePosts: canSeePosts(topic.data, viewer, own),
        canPost,
      };
      return [topic.id, facts];
    }),
  );
}

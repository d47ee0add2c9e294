import type { DiscussionTopic, DiscussionTopicWrite, TopicView } from '../../../contracts/discussion-dtos.ts';
import type { Http } from './http.ts';

/** A course's discussions: topics, the threaded view, posting entries and replies, the caller's read state. */
export function discussionCalls(http: Http) {
  const topics = (courseId: number) => `/api/v1/courses/${courseId}/discussion_topics`;
  const topic = (courseId: number, topicId: number) => `${topics(courseId)}/${topicId}`;
  return {
    discussionTopics: (courseId: number) => http.getAll<DiscussionTopic>(topics(courseId)),
    announcements: (courseId: number) => http.getAll<DiscussionTopic>(topics(courseId), { only_announcements: 'true' }),
    createTopic: (courseId: number, write: DiscussionTopicWrite) => http.writeJson<DiscussionTopic>('POST', topics(courseId), write),
    updateTopic: (courseId: number, topicId: number, write: DiscussionTopicWrite) => http.writeJson<DiscussionTopic>('PUT', topic(courseId, topicId), write),
    deleteTopic: (courseId: number, topicId: number) => http.write('DELETE', topic(courseId, topicId)),
    discussionTopic: (courseId: number, topicId: number) => http.getOne<DiscussionTopic>(topic(courseId, topicId)),
    topicView: (courseId: number, topicId: number) => http.getOne<TopicView>(`${topic(courseId, topicId)}/view`),
    /** A top-level entry, or with `parentId` a reply to any entry (nested as deep as the thread goes). */
    postEntry: (courseId: number, topicId: number, message: string, parentId?: number) =>
      http.write('POST', parentId === undefined ? `${topic(courseId, topicId)}/entries` : `${topic(courseId, topicId)}/entries/${parentId}/replies`, { message }),
    topicRead: (courseId: number, topicId: number) => http.write('PUT', `${topic(courseId, topicId)}/read_all`),
  };
}

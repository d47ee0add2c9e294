import type { CoreServices } from '../../core-services.ts';
import type { DiscussionTopicData } from '../../domain/records/content-records.ts';
import { paginateMapped } from '../../http/pagination.ts';
import { defineRoute, type AnyRoute, type AuthenticatedContext } from '../../http/route.ts';
import type { Stored } from '../../domain/repository.ts';
import { courseIdOf, writeStamp } from '../common/api-values.ts';
import { forumViewer, type ForumViewer } from './forum-viewer.ts';
import type { AccessRules, CourseScope } from '../common/access-rules.ts';
import { createTopicParams, listTopicsParams, showTopicParams, updateTopicParams } from './discussion-topics.params.ts';
import { discussionTopicJson } from './discussion-topics.serializer.ts';
import { DiscussionTopicsService, MODERATE_FORUM } from './discussion-topics.service.ts';
import { loadTopicFacts } from './topic-facts.ts';

/** The viewer of a course's discussions: `moderate_forum` sees drafts and may change anyone's posts. */
export function discussionViewer(services: CoreServices) {
  return (ctx: AuthenticatedContext, { courseId }: CourseScope): Promise<ForumViewer> => forumViewer(services, ctx.principal, courseId, ctx.now);
}

/** Topics of one course as one viewer reads them, with their facts (entries, read state) loaded together. */
export function topicsJsonFor(services: CoreServices) {
  return async (ctx: AuthenticatedContext, viewer: ForumViewer, list: readonly Stored<DiscussionTopicData>[]) => {
    const facts = await loadTopicFacts(services, viewer, list);
    return list.map((t) => discussionTopicJson(t, facts.get(t.id)!, { viewer, baseUrl: ctx.baseUrl, now: ctx.now }));
  };
}

export function discussionTopicsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const topics = new DiscussionTopicsService(services);
  const viewerFor = discussionViewer(services);
  const topicsJson = topicsJsonFor(services);

  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/discussion_topics',
      summary: 'List discussion topics (or, with only_announcements, announcements)',
      params: listTopicsParams,
      permission: rules.readCourse(courseIdOf),
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        // Each topic's facts (entries, read state) are its own: only the page's topics need them.
        return paginateMapped(ctx, await topics.list(viewer, p), (page) => topicsJson(ctx, viewer, page));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/courses/:course_id/discussion_topics',
      summary: 'Create a discussion topic or announcement; a graded one gets its assignment',
      params: createTopicParams,
      permission: rules.inCourse('write', ['post_to_forum', 'moderate_forum'], courseIdOf),
      bodyLimit: 'html',
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        const [json] = await topicsJson(ctx, viewer, [await topics.create(viewer, p, writeStamp(ctx))]);
        return { body: json };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/discussion_topics/:topic_id',
      summary: 'Get one discussion topic',
      params: showTopicParams,
      permission: rules.readCourse(courseIdOf),
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        const [json] = await topicsJson(ctx, viewer, [await topics.get(viewer, p.topic_id)]);
        return { body: json };
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/courses/:course_id/discussion_topics/:topic_id',
      summary: 'Change a topic (title, message, published, pinned, locked…); a graded one’s assignment follows',
      params: updateTopicParams,
      permission: rules.inCourse('write', MODERATE_FORUM, courseIdOf),
      bodyLimit: 'html',
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        const { course_id: _course, topic_id: topicId, ...changes } = p;
        const [json] = await topicsJson(ctx, viewer, [await topics.update(viewer, topicId, changes, writeStamp(ctx))]);
        return { body: json };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/courses/:course_id/discussion_topics/:topic_id',
      summary: 'Delete a topic, and a graded one’s assignment',
      params: showTopicParams,
      permission: rules.inCourse('write', MODERATE_FORUM, courseIdOf),
      handler: async (ctx, p, course) => {
        await topics.delete(await viewerFor(ctx, course), p.topic_id, writeStamp(ctx));
        return { status: 204, body: null };
      },
    }),
  ];
}

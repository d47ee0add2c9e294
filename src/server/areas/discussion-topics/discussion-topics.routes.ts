import type { CoreServices } from '../../core-services.ts';
import { paginateArray } from '../../http/pagination.ts';
import { defineRoute, type AnyRoute, type AuthenticatedContext } from '../../http/route.ts';
import { courseIdOf, writeStamp } from '../common/api-values.ts';
import { contentViewer } from '../common/course-content.ts';
import type { AccessRules, CourseScope } from '../common/access-rules.ts';
import { createTopicParams, listTopicsParams, showTopicParams } from './discussion-topics.params.ts';
import { discussionTopicJson } from './discussion-topics.serializer.ts';
import { DiscussionTopicsService, MODERATE_FORUM } from './discussion-topics.service.ts';

export function discussionTopicsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const topics = new DiscussionTopicsService(services);
  const viewerFor = (ctx: AuthenticatedContext, { courseId }: CourseScope) => contentViewer(services, ctx.principal, courseId, MODERATE_FORUM);

  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/discussion_topics',
      summary: 'List discussion topics (or, with only_announcements, announcements)',
      params: listTopicsParams,
      permission: rules.readCourse(courseIdOf),
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        const list = await topics.list(viewer, p);
        return paginateArray(ctx, list.map((t) => discussionTopicJson(t, ctx.baseUrl, viewer)));
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
        return { body: discussionTopicJson(await topics.create(viewer, p, writeStamp(ctx)), ctx.baseUrl, viewer) };
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
        return { body: discussionTopicJson(await topics.get(viewer, p.topic_id), ctx.baseUrl, viewer) };
      },
    }),
  ];
}

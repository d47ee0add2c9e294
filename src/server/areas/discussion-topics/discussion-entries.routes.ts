import type { CoreServices } from '../../core-services.ts';
import { InvalidError, NotFoundError } from '../../domain/errors.ts';
import { HttpError } from '../../http/http-errors.ts';
import { paginateArray } from '../../http/pagination.ts';
import { defineRoute, type AnyRoute, type AuthenticatedContext, type RouteResult } from '../../http/route.ts';
import { courseIdOf, writeStamp } from '../common/api-values.ts';
import type { AccessRules, CourseScope } from '../common/access-rules.ts';
import {
  createEntryParams,
  createReplyParams,
  entryPathParams,
  listEntriesParams,
  listRepliesParams,
  rateEntryParams,
  readAllParams,
  readEntryParams,
  topicPathParams,
  updateEntryParams,
  viewParams,
} from './discussion-entries.params.ts';
import { entryJson, topicViewJson } from './discussion-entries.serializer.ts';
import { DiscussionEntriesService, type Thread } from './discussion-entries.service.ts';
import { DiscussionReadStateService } from './discussion-read-state.service.ts';
import { newestFirst, type Entry } from './discussion-thread.ts';
import { discussionViewer } from './discussion-topics.routes.ts';
import { DiscussionTopicsService } from './discussion-topics.service.ts';

const NO_CONTENT: RouteResult = { status: 204, body: null };
const POSTERS = ['post_to_forum', 'moderate_forum'] as const;

/**
 * Canvas answers a reader who must post first with 403 and the bare JSON string `"require_initial_post"`, which
 * its clients test for literally.
 */
function requireSeenPosts(thread: Thread): void {
  if (!thread.canSeePosts) throw new HttpError(403, 'require_initial_post');
}

/** Canvas's `params[:rating].to_i`, of which only 0 and 1 are ratings; anything else is its own 400. */
function ratingOf(raw: string | undefined): 0 | 1 {
  const value = Number.parseInt((raw ?? '').trim(), 10);
  if (value === 0 || Number.isNaN(value)) return 0;
  if (value === 1) return 1;
  throw new InvalidError('Invalid rating given', { field: 'rating' });
}

/**
 * Entries of a discussion topic, their replies, the threaded view, read state and ratings (Canvas's
 * `discussion_topics_api_controller`). Reading needs the course's read right; posting, editing and deleting
 * `post_to_forum` or `moderate_forum` (the services then check the entry's author and the topic's lock); marking
 * read and rating change only the caller's own records (the service checks the topic's rating rules).
 */
export function discussionEntriesRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const entries = new DiscussionEntriesService(services, new DiscussionTopicsService(services));
  const readStates = new DiscussionReadStateService(services);
  const viewerFor = discussionViewer(services);
  const threadOf = async (ctx: AuthenticatedContext, course: CourseScope, p: { topic_id: number }) => entries.thread(await viewerFor(ctx, course), p.topic_id);
  const oneEntry = async (thread: Thread, entry: Entry, status = 200): Promise<RouteResult> => ({ status, body: entryJson(entry, await entries.view(thread, [entry])) });
  const TOPIC = '/api/v1/courses/:course_id/discussion_topics/:topic_id';

  return [
    defineRoute({
      method: 'GET',
      path: `${TOPIC}/entries`,
      summary: 'Top-level entries, newest first, each with its 10 newest replies (403 require_initial_post until the caller posts, where required)',
      params: listEntriesParams,
      permission: rules.readCourse(courseIdOf),
      handler: async (ctx, p, course) => {
        const thread = await threadOf(ctx, course, p);
        requireSeenPosts(thread);
        const view = await entries.view(thread);
        const roots = thread.entries.filter((e) => e.data.parent_id === null && e.data.workflow_state === 'active').sort(newestFirst);
        return paginateArray(ctx, roots.map((root) => entryJson(root, view, thread.entries.filter((e) => e.data.root_entry_id === root.id))));
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${TOPIC}/entries`,
      summary: 'Post a top-level entry (201); refused while the topic is locked',
      params: createEntryParams,
      permission: rules.inCourse('write', POSTERS, courseIdOf),
      bodyLimit: 'html',
      handler: async (ctx, p, course) => {
        const thread = await threadOf(ctx, course, p);
        return oneEntry(thread, await entries.create(thread, null, p, writeStamp(ctx)), 201);
      },
    }),
    defineRoute({
      method: 'PUT',
      path: `${TOPIC}/entries/:id`,
      summary: 'Edit an entry’s message (its author, or a moderator)',
      params: updateEntryParams,
      permission: rules.inCourse('write', POSTERS, courseIdOf),
      bodyLimit: 'html',
      handler: async (ctx, p, course) => {
        const thread = await threadOf(ctx, course, p);
        return oneEntry(thread, await entries.update(thread, p.id, p, writeStamp(ctx)));
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: `${TOPIC}/entries/:id`,
      summary: 'Delete an entry (its author, or a moderator): it stays in the thread as deleted, message cleared; 204',
      params: entryPathParams,
      permission: rules.inCourse('write', POSTERS, courseIdOf),
      handler: async (ctx, p, course) => {
        await entries.delete(await threadOf(ctx, course, p), p.id, writeStamp(ctx));
        return NO_CONTENT;
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${TOPIC}/entries/:entry_id/replies`,
      summary: 'Every reply under a top-level entry, newest first, deleted ones marked (403 require_initial_post where required)',
      params: listRepliesParams,
      permission: rules.readCourse(courseIdOf),
      handler: async (ctx, p, course) => {
        const thread = await threadOf(ctx, course, p);
        requireSeenPosts(thread);
        const root = entries.entry(thread, p.entry_id);
        // Canvas lists replies of top-level entries only; a reply's id names no such thread.
        if (root.data.parent_id !== null) throw new NotFoundError('discussion entry');
        const view = await entries.view(thread);
        const replies = thread.entries.filter((e) => e.data.root_entry_id === root.id).sort(newestFirst);
        return paginateArray(ctx, replies.map((r) => entryJson(r, view)));
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${TOPIC}/entries/:entry_id/replies`,
      summary: 'Reply to an entry (201); refused while the topic is locked',
      params: createReplyParams,
      permission: rules.inCourse('write', POSTERS, courseIdOf),
      bodyLimit: 'html',
      handler: async (ctx, p, course) => {
        const thread = await threadOf(ctx, course, p);
        return oneEntry(thread, await entries.create(thread, p.entry_id, p, writeStamp(ctx)), 201);
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${TOPIC}/view`,
      summary: 'The whole thread nested, with participants and the caller’s unread, forced and rated entries (403 require_initial_post where required)',
      params: viewParams,
      permission: rules.readCourse(courseIdOf),
      handler: async (ctx, p, course) => {
        const thread = await threadOf(ctx, course, p);
        requireSeenPosts(thread);
        return { body: topicViewJson(thread.entries, await entries.view(thread), thread.viewer.courseId, ctx.baseUrl) };
      },
    }),
    ...(['PUT', 'DELETE'] as const).flatMap((method) => {
      const state = method === 'PUT' ? 'read' : 'unread';
      return [
        defineRoute({
          method,
          path: `${TOPIC}/read`,
          summary: `Mark the topic itself ${state} for the caller; 204`,
          params: topicPathParams,
          permission: rules.ownWorkInCourse(courseIdOf),
          handler: async (ctx, p, course) => {
            await readStates.markTopic(await threadOf(ctx, course, p), state, writeStamp(ctx));
            return NO_CONTENT;
          },
        }),
        defineRoute({
          method,
          path: `${TOPIC}/read_all`,
          summary: `Mark the topic and all its entries ${state} for the caller (forced_read_state sets or clears the forced flag); 204`,
          params: readAllParams,
          permission: rules.ownWorkInCourse(courseIdOf),
          handler: async (ctx, p, course) => {
            await readStates.markAll(await threadOf(ctx, course, p), state, p.forced_read_state, writeStamp(ctx));
            return NO_CONTENT;
          },
        }),
        defineRoute({
          method,
          path: `${TOPIC}/entries/:entry_id/read`,
          summary: `Mark one entry ${state} for the caller (forced_read_state sets or clears the forced flag); 204`,
          params: readEntryParams,
          permission: rules.ownWorkInCourse(courseIdOf),
          handler: async (ctx, p, course) => {
            const thread = await threadOf(ctx, course, p);
            await readStates.markEntry(thread, entries.entry(thread, p.entry_id), state, p.forced_read_state, writeStamp(ctx));
            return NO_CONTENT;
          },
        }),
      ];
    }),
    defineRoute({
      method: 'POST',
      path: `${TOPIC}/entries/:entry_id/rating`,
      summary: 'Like (rating=1) or un-like (rating=0) an entry, where the topic allows rating (only graders, if it says so); 204',
      params: rateEntryParams,
      permission: rules.ownWorkInCourse(courseIdOf),
      handler: async (ctx, p, course) => {
        const rating = ratingOf(p.rating);
        const thread = await threadOf(ctx, course, p);
        await readStates.rate(thread, entries.entry(thread, p.entry_id), rating, writeStamp(ctx));
        return NO_CONTENT;
      },
    }),
  ];
}

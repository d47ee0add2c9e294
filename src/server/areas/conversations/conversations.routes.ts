import { z } from 'zod';
import type { CoreServices } from '../../core-services.ts';
import { paginateArray, paginateMapped } from '../../http/pagination.ts';
import { allowIf, authenticated, scopedRule } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute, type AuthenticatedContext } from '../../http/route.ts';
import { writeStamp } from '../common/api-values.ts';
import {
  addMessageParams,
  addRecipientsParams,
  batchUpdateParams,
  conversationIdParams,
  createConversationParams,
  listConversationsParams,
  removeMessagesParams,
  searchRecipientsParams,
  updateConversationParams,
} from './conversations.params.ts';
import { conversationJson } from './conversations.serializer.ts';
import { ConversationsService, type Participation } from './conversations.service.ts';
import { searchRecipients } from './recipients-search.ts';

export function conversationsRoutes(services: CoreServices): AnyRoute[] {
  const conversations = new ConversationsService(services);

  /** The conversation of the path, for a participant: anyone else gets the 404 of an unknown id. */
  const participant = (grants: 'read' | 'write' | 'own') =>
    scopedRule(
      grants === 'own' ? 'a participant of the conversation; changes only their own view of it' : 'a participant of the conversation',
      grants,
      async (ctx, p: { id: number }) => conversations.participation(ctx.principal.userId, p.id),
    );
  const anyone = (what: string) => allowIf(`any signed-in user; ${what}`, 'write', () => true);
  const anyoneOwn = allowIf('any signed-in user; changes only their own view of their conversations', 'own', () => true);

  const pageJson = async (ctx: AuthenticatedContext, list: readonly Participation[], withMessages: boolean) => {
    const userIds = [...new Set(list.flatMap((x) => x.conversation.data.participant_ids))];
    const courseIds = [...new Set(list.flatMap((x) => (x.conversation.data.context_code ? [Number(x.conversation.data.context_code.slice(7))] : [])))];
    const [users, courses] = await Promise.all([services.repos.users.getMany(userIds), services.repos.courses.getMany(courseIds)]);
    return list.map((x) => conversationJson(x, ctx.principal.userId, { users, courses, baseUrl: ctx.baseUrl }, withMessages));
  };
  const one = async (ctx: AuthenticatedContext, x: Participation) => (await pageJson(ctx, [x], true))[0]!;

  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/conversations',
      summary: 'The caller’s conversations, most recent first (scope unread|starred|archived|sent, filter[] course_N/user_N)',
      params: listConversationsParams,
      permission: authenticated,
      handler: async (ctx, p) => paginateMapped(ctx, await conversations.list(ctx.principal.userId, p), (page) => pageJson(ctx, page, false)),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/conversations',
      summary: 'Start conversations with recipients[] (user ids, course_N, course_N_students, group_N): private ones, or one group conversation',
      params: createConversationParams,
      permission: anyone('the recipients must be people they may message'),
      handler: async (ctx, p) => ({ status: 201, body: await pageJson(ctx, await conversations.create(ctx.principal, p, writeStamp(ctx)), true) }),
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/conversations',
      summary: 'Apply one event (mark_as_read, mark_as_unread, star, unstar, archive, destroy) to several of the caller’s conversations',
      params: batchUpdateParams,
      permission: anyoneOwn,
      handler: async (ctx, p) => {
        const ids = await conversations.batch(ctx.principal.userId, p.conversation_ids, p.event, writeStamp(ctx));
        return { body: { workflow_state: 'completed', completion: 100, conversation_ids: ids } };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/conversations/unread_count',
      summary: 'How many of the caller’s conversations are unread (a string, as Canvas answers)',
      params: z.object({}),
      permission: authenticated,
      handler: async (ctx) => ({ body: { unread_count: String(await conversations.unreadCount(ctx.principal.userId)) } }),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/conversations/:id',
      summary: 'One of the caller’s conversations with its messages (newest first); marks it read',
      params: conversationIdParams,
      permission: participant('read'),
      handler: async (ctx, p, x) => {
        // Canvas's auto_mark_as_read: opening an unread conversation reads it. The caller's own state only.
        const shown = x.participant.data.workflow_state === 'unread' ? await conversations.update(ctx.principal.userId, p.id, { workflow_state: 'read' }, writeStamp(ctx)) : x;
        return { body: await one(ctx, shown) };
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/conversations/:id',
      summary: 'Change the caller’s view of a conversation: conversation[workflow_state|starred|subscribed]',
      params: updateConversationParams,
      permission: participant('own'),
      handler: async (ctx, p) => ({ body: await one(ctx, await conversations.update(ctx.principal.userId, p.id, p.conversation, writeStamp(ctx))) }),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/conversations/:id',
      summary: 'Delete the conversation’s messages for the caller (a new message brings it back)',
      params: conversationIdParams,
      permission: participant('own'),
      handler: async (ctx, p) => ({ body: await one(ctx, await conversations.delete(ctx.principal.userId, p.id, writeStamp(ctx))) }),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/conversations/:id/add_message',
      summary: 'Add a message to a conversation the caller takes part in',
      params: addMessageParams,
      permission: participant('write'),
      handler: async (ctx, p) => ({ status: 201, body: await one(ctx, await conversations.addMessage(ctx.principal.userId, p.id, p.body, p.attachment_ids, writeStamp(ctx))) }),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/conversations/:id/add_recipients',
      summary: 'Add people the caller may message to a group conversation; they see its messages',
      params: addRecipientsParams,
      permission: participant('write'),
      handler: async (ctx, p) => ({ body: await one(ctx, await conversations.addRecipients(ctx.principal, p.id, p.recipients, writeStamp(ctx))) }),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/conversations/:id/remove_messages',
      summary: 'Remove messages from the caller’s view of the conversation',
      params: removeMessagesParams,
      permission: participant('own'),
      handler: async (ctx, p) => ({ body: await one(ctx, await conversations.removeMessages(ctx.principal.userId, p.id, p.remove, writeStamp(ctx))) }),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/search/recipients',
      summary: 'People and courses the caller may message, by name (search), context and type',
      params: searchRecipientsParams,
      permission: authenticated,
      handler: async (ctx, p) => paginateArray(ctx, await searchRecipients(services, conversations.rules, ctx.principal, p, ctx.baseUrl)),
    }),
  ];
}

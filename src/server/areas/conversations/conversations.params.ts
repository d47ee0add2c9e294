import { z } from 'zod';
import { CONVERSATION_STATES } from '../../domain/records/conversation-records.ts';
import { canvasBoolean, canvasEnum, canvasId, canvasList, canvasString, paginationParams } from '../../http/params/canvas-params.ts';

/** Message bodies are plain text in Canvas (no HTML): kept as written, bounded. */
const body = canvasString(z.string().max(65_536, { message: 'is too long (maximum is 65536 characters)' }));
const ids = canvasList(canvasId()).optional();

export const listConversationsParams = z.object({
  scope: canvasEnum(['unread', 'starred', 'archived', 'sent']).optional(),
  filter: canvasList(canvasString(z.string().trim().regex(/^(course|user|group)_\d{1,20}$/, 'must be course_<id>, user_<id> or group_<id>'))).optional(),
  filter_mode: canvasEnum(['and', 'or', 'default']).default('default'),
  ...paginationParams,
});
export type ListConversationsParams = z.output<typeof listConversationsParams>;

export const createConversationParams = z.object({
  recipients: canvasList(canvasString(z.string().trim().max(64))).pipe(z.array(z.string()).min(1, { message: 'is required' })),
  subject: canvasString(z.string().trim().max(255)).optional(),
  body: body.pipe(z.string().trim().min(1, { message: 'is required' })),
  group_conversation: canvasBoolean().default(false),
  bulk_message: canvasBoolean().default(false),
  attachment_ids: ids,
  context_code: canvasString(z.string().trim().regex(/^course_\d{1,20}$/, 'must be course_<id>')).optional(),
});
export type NewConversation = z.output<typeof createConversationParams>;

export const conversationIdParams = z.object({ id: canvasId() });

export const updateConversationParams = z.object({
  id: canvasId(),
  conversation: z
    .object({
      workflow_state: canvasEnum(CONVERSATION_STATES).optional(),
      starred: canvasBoolean().optional(),
      subscribed: canvasBoolean().optional(),
    })
    .default({}),
});
export type ConversationChanges = z.output<typeof updateConversationParams>['conversation'];

export const addMessageParams = z.object({ id: canvasId(), body: body.pipe(z.string().trim().min(1, { message: 'is required' })), attachment_ids: ids });
export const addRecipientsParams = z.object({ id: canvasId(), recipients: canvasList(canvasString(z.string().trim().max(64))).pipe(z.array(z.string()).min(1, { message: 'is required' })) });
export const removeMessagesParams = z.object({ id: canvasId(), remove: canvasList(canvasId()).pipe(z.array(z.number()).min(1, { message: 'is required' })) });

export const BATCH_EVENTS = ['mark_as_read', 'mark_as_unread', 'star', 'unstar', 'archive', 'destroy'] as const;
export type BatchEvent = (typeof BATCH_EVENTS)[number];
export const batchUpdateParams = z.object({
  conversation_ids: canvasList(canvasId()).pipe(z.array(z.number()).min(1, { message: 'is required' }).max(500)),
  event: canvasEnum(BATCH_EVENTS),
});

export const searchRecipientsParams = z.object({
  search: canvasString(z.string().trim().max(255)).optional(),
  context: canvasString(z.string().trim().max(64)).optional(),
  type: canvasEnum(['user', 'context']).optional(),
  ...paginationParams,
});
export type SearchRecipientsParams = z.output<typeof searchRecipientsParams>;

import type { IsoDateTime } from './lms-dtos.ts';

/** The caller's own state of a conversation (Canvas's `workflow_state` of their participation). */
export type ConversationState = 'read' | 'unread' | 'archived';

/** Which of the caller's conversations a list shows (`scope`; `inbox` is Canvas's default, sent without one). */
export const CONVERSATION_SCOPES = ['inbox', 'unread', 'starred', 'sent', 'archived'] as const;
export type ConversationScope = (typeof CONVERSATION_SCOPES)[number];

export interface ConversationParticipant {
  id: number;
  name: string;
  full_name: string;
}

/** One message as `GET /api/v1/conversations/:id` lists it (newest first). */
export interface ConversationMessage {
  id: number;
  created_at: IsoDateTime;
  /** Plain text, as written. */
  body: string;
  author_id: number;
}

/** `GET /api/v1/conversations` and `/:id` (which adds `messages`), as the caller sees the conversation. */
export interface Conversation {
  id: number;
  subject: string | null;
  workflow_state: ConversationState;
  last_message: string | null;
  last_message_at: IsoDateTime | null;
  message_count: number;
  starred: boolean;
  private: boolean;
  participants: ConversationParticipant[];
  context_name: string | null;
  messages?: ConversationMessage[];
}

/** A person `GET /api/v1/search/recipients?type=user` finds: someone the caller may message. */
export interface Recipient {
  id: number;
  name: string;
  type: 'user';
}

/** `POST /api/v1/conversations`: to people by id, a subject and the first message. */
export interface NewConversation {
  recipients: string[];
  subject: string;
  body: string;
}

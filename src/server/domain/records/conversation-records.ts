/**
 * The inbox (Canvas's Conversations): a conversation, its messages, and each participant's own state of it.
 * Only participants hold any of them (decision 0108).
 */
export interface ConversationData {
  subject: string | null;
  /** `course_<id>` the conversation was started in, or null. */
  context_code: string | null;
  /** Everyone taking part, in the order they joined; only they read it. */
  participant_ids: number[];
  /** Who started it. */
  user_id: number;
  /** A one-to-one conversation, reused when the same two people write again (Canvas's private conversations). */
  private: boolean;
}

export interface ConversationMessageData {
  conversation_id: number;
  /** The author. */
  user_id: number;
  body: string;
  attachment_ids: number[];
}

export const CONVERSATION_STATES = ['read', 'unread', 'archived'] as const;
export type ConversationState = (typeof CONVERSATION_STATES)[number];

/** One participant's view of a conversation: read state, star, and the messages they removed for themselves. */
export interface ConversationParticipantData {
  conversation_id: number;
  user_id: number;
  workflow_state: ConversationState;
  starred: boolean;
  subscribed: boolean;
  /** Messages the participant removed (`remove_messages`); others still see them. */
  removed_message_ids: number[];
  /** Deleting the conversation hides every message written up to this time (ms); a later message brings it back. */
  hidden_through: number;
}

export const conversationParticipantKey = (conversationId: number, userId: number) => `conversation_participant:${conversationId}:${userId}`;

/** The one private conversation of two people, whoever wrote first. */
export const privateConversationKey = (a: number, b: number) => `conversation_private:${Math.min(a, b)}:${Math.max(a, b)}`;

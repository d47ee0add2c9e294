import type { Conversation, ConversationScope, ConversationState, NewConversation, Recipient } from '../../../contracts/inbox-dtos.ts';
import type { Http } from './http.ts';

/** The signed-in person's inbox: conversations, their messages, their own read and archived state, and whom to write to. */
export function inboxCalls(http: Http) {
  const conversation = (id: number) => `/api/v1/conversations/${id}`;
  return {
    conversations: (scope: ConversationScope) => http.getAll<Conversation>('/api/v1/conversations', scope === 'inbox' ? {} : { scope }),
    /** Reading a conversation marks it read for the caller, as Canvas does. */
    conversation: (id: number) => http.getOne<Conversation>(conversation(id)),
    unreadCount: async () => Number((await http.getOne<{ unread_count: string }>('/api/v1/conversations/unread_count')).unread_count),
    recipients: (search: string) => http.getOne<Recipient[]>('/api/v1/search/recipients', { search, type: 'user', per_page: 20 }),
    /** One private conversation per recipient, reusing the one the two already share; answers those conversations. */
    startConversation: (message: NewConversation) => http.writeJson<Conversation[]>('POST', '/api/v1/conversations', message),
    addMessage: (id: number, body: string) => http.writeJson<Conversation>('POST', `${conversation(id)}/add_message`, { body }),
    conversationStateSet: (id: number, state: ConversationState) =>
      http.writeJson<Conversation>('PUT', conversation(id), { conversation: { workflow_state: state } }),
  };
}

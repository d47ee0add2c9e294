import { create } from 'zustand';
import { CONVERSATION_SCOPES, type ConversationScope, type ConversationState, type NewConversation } from '../../../contracts/inbox-dtos.ts';
import { useResourceStore } from './resource-store.ts';
import { resources } from './resources.ts';
import { currentApi, useSessionStore } from './session-store.ts';
import { useUnreadStore } from './unread-store.ts';

interface InboxStore {
  /** Which conversations the inbox lists. */
  scope: ConversationScope;
  scopeChosen: (scope: ConversationScope) => void;
  /** Sends a new message; answers the conversation it is in (the first, when it went to several people). */
  messageSent: (message: NewConversation) => Promise<number>;
  replySent: (conversationId: number, body: string) => Promise<void>;
  /** The person's own state of a conversation: read, unread, or archived (and back, as read). */
  stateChosen: (conversationId: number, state: ConversationState) => Promise<void>;
}

/** Every list and the count may change with any write: they are read again (the open conversation too). */
async function inboxChanged(conversationId?: number): Promise<void> {
  const { resourceStale, entries } = useResourceStore.getState();
  const lists = CONVERSATION_SCOPES.map((scope) => resources.conversations(scope)).filter((r) => entries[r.key]);
  await Promise.all([
    ...lists.map((r) => resourceStale(r)),
    ...(conversationId === undefined ? [] : [resourceStale(resources.conversation(conversationId))]),
    useUnreadStore.getState().refreshRequested(),
  ]);
}

export const useInboxStore = create<InboxStore>()((set) => ({
  scope: 'inbox',
  scopeChosen: (scope) => set({ scope }),
  messageSent: async (message) => {
    const [first] = await currentApi().startConversation(message);
    await inboxChanged();
    return first!.id;
  },
  replySent: async (conversationId, body) => {
    await currentApi().addMessage(conversationId, body);
    await inboxChanged(conversationId);
  },
  stateChosen: async (conversationId, state) => {
    await currentApi().conversationStateSet(conversationId, state);
    // Reading a conversation marks it read, so one just marked unread is not read again (the person leaves it).
    await inboxChanged(state === 'unread' ? undefined : conversationId);
  },
}));

useSessionStore.subscribe((state, previous) => {
  if (previous.session.phase === 'signed-in' && state.session.phase !== 'signed-in') useInboxStore.setState({ scope: 'inbox' });
});

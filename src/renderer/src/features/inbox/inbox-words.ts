import { defineMessages } from '@formatjs/intl';
import type { ConversationScope } from '../../../../contracts/inbox-dtos.ts';
import type { Messages } from '../../i18n/messages.ts';

export const SCOPE_LABELS: Messages<ConversationScope> = defineMessages({
  inbox: { id: 'inbox.scope.inbox', defaultMessage: 'Inbox', description: 'The conversations not archived.' },
  unread: { id: 'inbox.scope.unread', defaultMessage: 'Unread' },
  starred: { id: 'inbox.scope.starred', defaultMessage: 'Starred' },
  sent: { id: 'inbox.scope.sent', defaultMessage: 'Sent' },
  archived: { id: 'inbox.scope.archived', defaultMessage: 'Archived' },
});

export const inboxWords: Messages<'inbox' | 'noSubject' | 'compose' | 'conversationsWhat' | 'conversationWhat' | 'send'> = defineMessages({
  inbox: { id: 'shell.inbox', defaultMessage: 'Inbox' },
  noSubject: { id: 'inbox.noSubject', defaultMessage: '(No subject)' },
  compose: { id: 'inbox.compose', defaultMessage: 'Compose', description: 'Link: write a new message.' },
  conversationsWhat: { id: 'inbox.conversations.what', defaultMessage: 'your conversations', description: 'Fills {what} in “Loading {what}…”.' },
  conversationWhat: { id: 'inbox.conversation.what', defaultMessage: 'this conversation', description: 'Fills {what} in “Loading {what}…”.' },
  send: { id: 'inbox.send', defaultMessage: 'Send', description: 'Button: sends the message.' },
});

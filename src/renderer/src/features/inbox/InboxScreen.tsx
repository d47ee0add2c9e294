import { useEffect, useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { CONVERSATION_SCOPES, type Conversation, type ConversationScope } from '../../../../contracts/inbox-dtos.ts';
import { Badge } from '../../components/Badge.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { Screen } from '../../shell/Screen.tsx';
import { useInboxStore } from '../../stores/inbox-store.ts';
import { useResourceStore } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { useSyncedResource } from '../../stores/use-synced-resource.ts';
import { useUnreadStore } from '../../stores/unread-store.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { inboxWords, SCOPE_LABELS } from './inbox-words.ts';

/** The person's conversations, one list at a time (inbox, unread, starred, sent, archived), and `Compose`. */
export function InboxScreen() {
  const intl = useIntl();
  const scopeId = useId();
  const scope = useInboxStore((s) => s.scope);
  const scopeChosen = useInboxStore((s) => s.scopeChosen);
  const list = useSyncedResource(resources.conversations(scope));
  useReadAgainWhenUnreadChanges(scope);
  return (
    <Screen title={intl.formatMessage(inboxWords.inbox)}>
      <div className="toolbar">
        <Link to={paths.compose()} className="button-link">
          <FormattedMessage {...inboxWords.compose} />
        </Link>
        <div className="field inline-field">
          <label htmlFor={scopeId}>
            <FormattedMessage id="inbox.scope.label" defaultMessage="Show" description="Chooses which conversations are listed." />
          </label>
          <select id={scopeId} value={scope} onChange={(e) => scopeChosen(e.target.value as ConversationScope)}>
            {CONVERSATION_SCOPES.map((s) => (
              <option key={s} value={s}>
                {intl.formatMessage(SCOPE_LABELS[s])}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Loaded value={list} what={intl.formatMessage(inboxWords.conversationsWhat)}>
        {(conversations) =>
          conversations.length === 0 ? (
            <p className="muted">
              <FormattedMessage id="inbox.none" defaultMessage="No conversations here." />
            </p>
          ) : (
            <ul className="card-list" aria-label={intl.formatMessage({ id: 'inbox.conversations', defaultMessage: 'Conversations' })}>
              {conversations.map((c) => (
                <ConversationCard key={c.id} conversation={c} />
              ))}
            </ul>
          )
        }
      </Loaded>
    </Screen>
  );
}

function ConversationCard({ conversation: c }: { conversation: Conversation }) {
  const intl = useIntl();
  const me = useSessionStore((s) => (s.session.phase === 'signed-in' ? s.session.user.id : undefined));
  const others = c.participants.filter((p) => p.id !== me).map((p) => p.name);
  const unread = c.workflow_state === 'unread';
  return (
    <li className={unread ? 'card conversation-unread' : 'card'}>
      <Link to={paths.conversation(c.id)} className="card-title" dir="auto">
        {c.subject || intl.formatMessage(inboxWords.noSubject)}
      </Link>
      {unread && (
        <Badge tone="warn">
          <FormattedMessage id="inbox.unread" defaultMessage="Unread" description="A badge on a conversation the person has not read." />
        </Badge>
      )}
      <span className="muted">
        <bdi>{intl.formatList(others, { type: 'conjunction' })}</bdi>
        {c.last_message_at && ` · ${formatDateTime(c.last_message_at) ?? ''}`}
      </span>
      {c.last_message && (
        <span className="conversation-preview" dir="auto">
          {c.last_message}
        </span>
      )}
    </li>
  );
}

/** A message from someone else changes the unread count: the list shown is read again so it appears. */
function useReadAgainWhenUnreadChanges(scope: ConversationScope) {
  const count = useUnreadStore((s) => s.count);
  const seen = useRef(count);
  useEffect(() => {
    if (seen.current === count) return;
    seen.current = count;
    void useResourceStore.getState().resourceStale(resources.conversations(scope));
  }, [count, scope]);
}

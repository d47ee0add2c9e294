import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import type { Conversation, ConversationMessage } from '../../../../contracts/inbox-dtos.ts';
import { CommentForm } from '../../components/CommentForm.tsx';
import { FormError } from '../../components/FormError.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { idParam, paths } from '../../lib/paths.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { waitingToSync } from '../../lib/waiting-to-sync.ts';
import { NotFoundScreen } from '../../shell/NotFoundScreen.tsx';
import { Screen } from '../../shell/Screen.tsx';
import { useInboxStore } from '../../stores/inbox-store.ts';
import { resources } from '../../stores/resources.ts';
import { useSyncStatusStore } from '../../stores/sync-status-store.ts';
import { useSyncedResource } from '../../stores/use-synced-resource.ts';
import { inboxWords } from './inbox-words.ts';

/** One conversation: its messages (oldest first, as they are read), `Reply` and `Send`, `Archive` and `Mark as unread`. */
export function ConversationScreen() {
  const conversationId = idParam(useParams().conversationId);
  if (conversationId === undefined) return <NotFoundScreen />;
  return <ConversationLoader conversationId={conversationId} />;
}

function ConversationLoader({ conversationId }: { conversationId: number }) {
  const intl = useIntl();
  // Opening it reads it, which marks it read on the server; the header's count follows at its next look.
  const conversation = useSyncedResource(resources.conversation(conversationId));
  const title = conversation.status === 'loaded' ? conversation.data.subject || intl.formatMessage(inboxWords.noSubject) : intl.formatMessage(inboxWords.inbox);
  return (
    <Screen title={title}>
      <p>
        <Link to={paths.inbox()}>
          <FormattedMessage id="inbox.back" defaultMessage="All conversations" />
        </Link>
      </p>
      <Loaded value={conversation} what={intl.formatMessage(inboxWords.conversationWhat)}>
        {(c) => <ConversationView conversation={c} />}
      </Loaded>
    </Screen>
  );
}

function ConversationView({ conversation: c }: { conversation: Conversation }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const replySent = useInboxStore((s) => s.replySent);
  const stateChosen = useInboxStore((s) => s.stateChosen);
  const { pending, error, submit } = useSubmission();
  const names = new Map(c.participants.map((p) => [p.id, p.name]));
  const messages = [...(c.messages ?? [])].reverse();
  const archived = c.workflow_state === 'archived';
  return (
    <>
      <p className="muted">
        <FormattedMessage
          id="inbox.participants"
          defaultMessage="Between {people}"
          values={{ people: <bdi>{intl.formatList(c.participants.map((p) => p.name), { type: 'conjunction' })}</bdi> }}
        />
      </p>
      <div className="button-row">
        <button type="button" disabled={pending} onClick={() => void submit(() => stateChosen(c.id, archived ? 'read' : 'archived'))}>
          {archived ? (
            <FormattedMessage id="inbox.unarchive" defaultMessage="Move to inbox" />
          ) : (
            <FormattedMessage id="inbox.archive" defaultMessage="Archive" />
          )}
        </button>
        <button
          type="button"
          disabled={pending}
          onClick={() =>
            void submit(async () => {
              await stateChosen(c.id, 'unread');
              await navigate(paths.inbox());
            })
          }
        >
          <FormattedMessage id="inbox.markUnread" defaultMessage="Mark as unread" />
        </button>
      </div>
      <FormError message={error} />
      <ol className="plain-list messages" aria-label={intl.formatMessage({ id: 'inbox.messages', defaultMessage: 'Messages' })}>
        {messages.map((m) => (
          <MessageItem key={m.id} message={m} author={names.get(m.author_id) ?? ''} />
        ))}
      </ol>
      <CommentForm send={(text) => replySent(c.id, text)} label={intl.formatMessage({ id: 'inbox.reply', defaultMessage: 'Reply', description: 'The box a reply is typed in.' })} action={intl.formatMessage(inboxWords.send)} />
    </>
  );
}

/** A message, with `Waiting to sync` while it may not have reached the hub (written offline on a device). */
function MessageItem({ message: m, author }: { message: ConversationMessage; author: string }) {
  const intl = useIntl();
  const waiting = useSyncStatusStore((s) => waitingToSync(m.created_at, s.status));
  return (
    <li className="message" aria-label={intl.formatMessage({ id: 'inbox.message.label', defaultMessage: 'Message from {author}' }, { author })}>
      <p className="message-head">
        <strong>
          <bdi>{author}</bdi>
        </strong>
        <span className="muted"> · {formatDateTime(m.created_at)}</span>
        {waiting && (
          <span className="badge badge-warn">
            <FormattedMessage id="inbox.message.waiting" defaultMessage="Waiting to sync" description="A message written here that has not reached the hub yet." />
          </span>
        )}
      </p>
      <p className="message-body" dir="auto">
        {m.body}
      </p>
    </li>
  );
}

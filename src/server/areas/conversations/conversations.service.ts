import type { CoreServices } from '../../core-services.ts';
import { InvalidError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import {
  conversationParticipantKey,
  privateConversationKey,
  type ConversationData,
  type ConversationMessageData,
  type ConversationParticipantData,
} from '../../domain/records/conversation-records.ts';
import { retryStale, writeTogether, type PlannedWrite, type Stored, type WriteStamp } from '../../domain/repository.ts';
import type { BatchEvent, ConversationChanges, ListConversationsParams, NewConversation } from './conversations.params.ts';
import { MessagingRules } from './messaging-rules.ts';

/** A conversation as one participant sees it: their state, and the messages they have not removed, newest first. */
export interface Participation {
  readonly conversation: Stored<ConversationData>;
  readonly participant: Stored<ConversationParticipantData>;
  readonly messages: readonly Stored<ConversationMessageData>[];
}

/**
 * Canvas's Conversations (`conversations_controller.rb`): conversations between people who may message each other
 * (`MessagingRules`), their messages, and each participant's own state. A conversation exists only for its
 * participants: to anyone else its id is unknown (404). Every message is written with the participants' states in
 * one transaction.
 */
export class ConversationsService {
  readonly #services: CoreServices;
  readonly rules: MessagingRules;

  constructor(services: CoreServices) {
    this.#services = services;
    this.rules = new MessagingRules(services);
  }

  /** The caller's participation; 404 when they take no part (or the conversation does not exist). */
  async participation(userId: number, conversationId: number): Promise<Participation> {
    const { conversations, conversationParticipants } = this.#services.repos;
    const [conversation, participant] = await Promise.all([conversations.get(conversationId), conversationParticipants.byLookup(conversationParticipantKey(conversationId, userId))]);
    if (!conversation || !participant) throw new NotFoundError('conversation');
    return { conversation, participant, messages: await this.#visibleMessages(participant) };
  }

  /** The caller's conversations that still show a message, most recent first, by `scope` and `filter[]`. */
  async list(userId: number, p: ListConversationsParams): Promise<Participation[]> {
    const { conversations, conversationParticipants } = this.#services.repos;
    const mine = await conversationParticipants.find({ user_id: userId });
    const found = await conversations.getMany(mine.map((m) => m.data.conversation_id));
    const all: Participation[] = [];
    for (const participant of mine) {
      const conversation = found.get(participant.data.conversation_id);
      const messages = await this.#visibleMessages(participant);
      if (conversation && messages.length > 0) all.push({ conversation, participant, messages });
    }
    const state = (x: Participation) => x.participant.data.workflow_state;
    const inScope = (x: Participation) => {
      switch (p.scope) {
        case 'unread':
          return state(x) === 'unread';
        case 'starred':
          return x.participant.data.starred;
        case 'archived':
          return state(x) === 'archived';
        case 'sent':
          return x.messages.some((m) => m.data.user_id === userId);
        default:
          return state(x) !== 'archived';
      }
    };
    const matches = (x: Participation, code: string) => {
      const [kind, id] = code.split('_') as [string, string];
      return kind === 'user' ? x.conversation.data.participant_ids.includes(Number(id)) : x.conversation.data.context_code === code;
    };
    const filters = p.filter ?? [];
    const filtered = all.filter((x) => inScope(x) && (filters.length === 0 || (p.filter_mode === 'and' ? filters.every((f) => matches(x, f)) : filters.some((f) => matches(x, f)))));
    return filtered.sort((a, b) => b.messages[0]!.created_at - a.messages[0]!.created_at || b.conversation.id - a.conversation.id);
  }

  async unreadCount(userId: number): Promise<number> {
    return (await this.list(userId, { filter_mode: 'default', scope: 'unread' })).length;
  }

  /**
   * Canvas's create: one private conversation per recipient (reusing the one two people already share) unless
   * `group_conversation`; then one conversation for everyone, or with `bulk_message` one each. Answers them all.
   */
  async create(principal: Principal, input: NewConversation, stamp: WriteStamp): Promise<Participation[]> {
    const { userIds, contextCode } = await this.rules.expand(principal, input.recipients);
    if (userIds.length === 0) throw new InvalidError('No valid recipients', { field: 'recipients' });
    const attachments = await this.#attachments(principal.userId, input.attachment_ids);
    const context = input.context_code ?? contextCode;
    const me = principal.userId;
    const groups = input.group_conversation && !input.bulk_message ? [userIds] : userIds.map((id) => [id]);
    const written: number[] = [];
    for (const recipients of groups) {
      const isPrivate = !input.group_conversation && recipients.length === 1;
      const existing = isPrivate ? await this.#services.repos.conversations.byLookup(privateConversationKey(me, recipients[0]!)) : undefined;
      const conversation =
        existing ??
        (await this.#services.repos.conversations.build({ subject: input.subject ?? null, context_code: context, participant_ids: [me, ...recipients], user_id: me, private: isPrivate }, stamp));
      await this.#post(conversation, !existing, me, input.body, attachments, stamp);
      written.push(conversation.id);
    }
    return Promise.all(written.map((id) => this.participation(me, id)));
  }

  async addMessage(userId: number, conversationId: number, body: string, attachmentIds: number[] | undefined, stamp: WriteStamp): Promise<Participation> {
    const { conversation } = await this.participation(userId, conversationId);
    await this.#post(conversation, false, userId, body, await this.#attachments(userId, attachmentIds), stamp);
    return this.participation(userId, conversationId);
  }

  /** New people join a group conversation and see its messages; a private one stays between its two (400). */
  async addRecipients(principal: Principal, conversationId: number, recipients: readonly string[], stamp: WriteStamp): Promise<Participation> {
    return retryStale(async () => {
      const { conversation } = await this.participation(principal.userId, conversationId);
      if (conversation.data.private) throw new InvalidError('Cannot add participants to a private conversation', { field: 'recipients' });
      const { userIds } = await this.rules.expand(principal, recipients);
      const joining = userIds.filter((id) => !conversation.data.participant_ids.includes(id));
      if (joining.length > 0) {
        const { conversations, conversationParticipants } = this.#services.repos;
        const writes: PlannedWrite[] = [conversations.replacement(conversation, { ...conversation.data, participant_ids: [...conversation.data.participant_ids, ...joining] }, stamp)];
        for (const id of joining) writes.push(conversationParticipants.insertion(await conversationParticipants.build(newParticipant(conversation.id, id, 'unread'), stamp)));
        await writeTogether(writes);
      }
      return this.participation(principal.userId, conversationId);
    });
  }

  /** Removes messages for the caller alone. */
  async removeMessages(userId: number, conversationId: number, messageIds: readonly number[], stamp: WriteStamp): Promise<Participation> {
    const { participant, messages } = await this.participation(userId, conversationId);
    const known = new Set(messages.map((m) => m.id));
    const removed = [...new Set([...participant.data.removed_message_ids, ...messageIds.filter((id) => known.has(id))])];
    await this.#services.repos.conversationParticipants.update(participant.id, stamp, (d) => ({ ...d, removed_message_ids: removed }));
    return this.participation(userId, conversationId);
  }

  async update(userId: number, conversationId: number, changes: ConversationChanges, stamp: WriteStamp): Promise<Participation> {
    const { participant } = await this.participation(userId, conversationId);
    await this.#services.repos.conversationParticipants.update(participant.id, stamp, (d) => ({
      ...d,
      workflow_state: changes.workflow_state ?? d.workflow_state,
      starred: changes.starred ?? d.starred,
      subscribed: changes.subscribed ?? d.subscribed,
    }));
    return this.participation(userId, conversationId);
  }

  /** Deletes the conversation for the caller: its messages so far are gone for them; a new one brings it back. */
  async delete(userId: number, conversationId: number, stamp: WriteStamp): Promise<Participation> {
    const before = await this.participation(userId, conversationId);
    const last = Math.max(0, ...before.messages.map((m) => m.created_at), before.participant.data.hidden_through);
    await this.#services.repos.conversationParticipants.update(before.participant.id, stamp, (d) => ({ ...d, hidden_through: last, workflow_state: 'read', starred: false }));
    return before;
  }

  /** `PUT /conversations`: one event on several of the caller's conversations; unknown ids are 404 before any change. */
  async batch(userId: number, ids: readonly number[], event: BatchEvent, stamp: WriteStamp): Promise<number[]> {
    const unique = [...new Set(ids)];
    await Promise.all(unique.map((id) => this.participation(userId, id)));
    for (const id of unique) {
      if (event === 'destroy') await this.delete(userId, id, stamp);
      else await this.update(userId, id, BATCH_CHANGES[event], stamp);
    }
    return unique;
  }

  /**
   * A new message with every participant's state: unread (out of the archive, shown again) for the others, read
   * for the author. The conversation is written too when it is new.
   */
  async #post(conversation: Stored<ConversationData>, isNew: boolean, authorId: number, body: string, attachmentIds: number[], stamp: WriteStamp): Promise<void> {
    await retryStale(async () => {
      const { conversations, conversationMessages, conversationParticipants } = this.#services.repos;
      const message = await conversationMessages.build({ conversation_id: conversation.id, user_id: authorId, body, attachment_ids: attachmentIds }, stamp);
      const writes: PlannedWrite[] = isNew ? [conversations.insertion(conversation)] : [];
      writes.push(conversationMessages.insertion(message));
      for (const userId of conversation.data.participant_ids) {
        const state = userId === authorId ? 'read' : 'unread';
        const current = isNew ? undefined : await conversationParticipants.byLookup(conversationParticipantKey(conversation.id, userId));
        writes.push(
          current
            ? conversationParticipants.replacement(current, { ...current.data, workflow_state: state }, stamp)
            : conversationParticipants.insertion(await conversationParticipants.build(newParticipant(conversation.id, userId, state), stamp)),
        );
      }
      await writeTogether(writes);
    });
  }

  /** Files sent along: only the sender's own uploads (400 otherwise). */
  async #attachments(userId: number, ids: readonly number[] | undefined): Promise<number[]> {
    if (!ids || ids.length === 0) return [];
    const files = await this.#services.repos.files.getMany([...new Set(ids)]);
    const own = [...files.values()].filter((f) => f.data.user_id === userId && f.data.workflow_state === 'available');
    if (own.length !== new Set(ids).size) throw new ValidationError({ attachment_ids: [{ type: 'invalid', message: 'must be files you uploaded' }] });
    return own.map((f) => f.id);
  }

  async #visibleMessages(participant: Stored<ConversationParticipantData>): Promise<Stored<ConversationMessageData>[]> {
    const messages = await this.#services.repos.conversationMessages.find({ parent_id: participant.data.conversation_id });
    const removed = new Set(participant.data.removed_message_ids);
    return messages.filter((m) => m.created_at > participant.data.hidden_through && !removed.has(m.id)).sort((a, b) => b.created_at - a.created_at || b.id - a.id);
  }
}

const BATCH_CHANGES: Record<Exclude<BatchEvent, 'destroy'>, ConversationChanges> = {
  mark_as_read: { workflow_state: 'read' },
  mark_as_unread: { workflow_state: 'unread' },
  star: { starred: true },
  unstar: { starred: false },
  archive: { workflow_state: 'archived' },
};

function newParticipant(conversationId: number, userId: number, state: 'read' | 'unread'): ConversationParticipantData {
  return { conversation_id: conversationId, user_id: userId, workflow_state: state, starred: false, subscribed: true, removed_message_ids: [], hidden_through: 0 };
}

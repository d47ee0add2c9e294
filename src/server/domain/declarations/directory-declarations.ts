import type { AccountData, AccountUserData, CommunicationChannelData, RoleData, RoleOverrideData, UserData } from '../records/directory-records.ts';
import {
  conversationParticipantKey,
  privateConversationKey,
  type ConversationData,
  type ConversationMessageData,
  type ConversationParticipantData,
} from '../records/conversation-records.ts';
import type { PollChoiceData, PollData } from '../records/poll-records.ts';
import { lookupKey, positionThenId, sisSlot } from './lookup-keys.ts';
import { declareRecord, FIELD_BY_FIELD } from './record-declaration.ts';

/** Records of the `directory` partition: accounts, people and what belongs to them, outside any one course. */

const directory = { collection: 'directory', conflicts: FIELD_BY_FIELD, webhooks: [] } as const;

export const accountRecord = declareRecord<AccountData>()({
  ...directory,
  type: 'account',
  scopes: 'everyone',
  slots: (a) => ({ parent_id: a.parent_account_id ?? 0, lookup_key: sisSlot(a.sis_account_id), sort_key: a.name.toLowerCase() }),
  pull: 'account',
});

export const userRecord = declareRecord<UserData>()({
  ...directory,
  type: 'user',
  scopes: 'none',
  slots: (u) => ({ lookup_key: lookupKey.login(u.login_id), sort_key: u.sortable_name.toLowerCase() }),
  pull: 'person',
});

export const accountUserRecord = declareRecord<AccountUserData>()({
  ...directory,
  type: 'account_user',
  scopes: 'its_user',
  slots: (m) => ({ user_id: m.user_id, parent_id: m.account_id }),
  pull: 'owner',
});

export const channelRecord = declareRecord<CommunicationChannelData>()({
  ...directory,
  type: 'communication_channel',
  scopes: 'none',
  slots: (c) => ({ user_id: c.user_id, sort_key: String(c.position).padStart(6, '0') }),
  pull: 'owner',
});

export const roleRecord = declareRecord<RoleData>()({ ...directory, type: 'role', scopes: 'everyone', slots: (r) => ({ parent_id: r.account_id }), pull: 'account_part' });

export const roleOverrideRecord = declareRecord<RoleOverrideData>()({
  ...directory,
  type: 'role_override',
  scopes: 'everyone',
  slots: (o) => ({ parent_id: o.account_id, sort_key: `${o.role_id}:${o.permission}` }),
  pull: 'account_part',
});

// Polls and their choices belong to their author (records/poll-records.ts); the poll's sessions, course records,
// decide who else reads them (sync/poll-scope.ts).
export const pollRecord = declareRecord<PollData>()({ ...directory, type: 'poll', scopes: 'its_user', slots: (p) => ({ user_id: p.user_id }), pull: 'poll' });

export const pollChoiceRecord = declareRecord<PollChoiceData>()({
  ...directory,
  type: 'poll_choice',
  scopes: 'none',
  slots: (c, id) => ({ parent_id: c.poll_id, sort_key: positionThenId(c.position, id) }),
  pull: 'poll_choice',
});

// The inbox is outside any course: a conversation and its messages travel to its participants alone; each
// participant's state of it (read, starred, removed messages) to that participant. The participant records are what
// a sync scope reads to know someone's conversations (decision 0108).
export const conversationRecord = declareRecord<ConversationData>()({
  ...directory,
  type: 'conversation',
  scopes: 'none',
  slots: (c) => ({ user_id: c.user_id, lookup_key: c.private && c.participant_ids.length === 2 ? privateConversationKey(c.participant_ids[0]!, c.participant_ids[1]!) : '' }),
  pull: 'conversation',
});

export const conversationMessageRecord = declareRecord<ConversationMessageData>()({
  ...directory,
  type: 'conversation_message',
  scopes: 'none',
  slots: (m) => ({ user_id: m.user_id, parent_id: m.conversation_id }),
  pull: 'conversation_part',
});

export const conversationParticipantRecord = declareRecord<ConversationParticipantData>()({
  ...directory,
  type: 'conversation_participant',
  scopes: 'its_user',
  slots: (p) => ({ user_id: p.user_id, parent_id: p.conversation_id, lookup_key: conversationParticipantKey(p.conversation_id, p.user_id) }),
  pull: 'owner',
});

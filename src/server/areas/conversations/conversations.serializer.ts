import type { ConversationMessageData } from '../../domain/records/conversation-records.ts';
import type { CourseData } from '../../domain/records/course-records.ts';
import type { UserData } from '../../domain/records/directory-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';
import type { Participation } from './conversations.service.ts';

/** The people and courses a page of conversations names, loaded once. */
export interface ConversationNames {
  readonly users: ReadonlyMap<number, Stored<UserData>>;
  readonly courses: ReadonlyMap<number, Stored<CourseData>>;
  readonly baseUrl: string;
}

const participantJson = (id: number, names: ConversationNames) => {
  const user = names.users.get(id);
  return { id, name: user?.data.short_name ?? user?.data.name ?? '', full_name: user?.data.name ?? '', avatar_url: `${names.baseUrl}/images/messages/avatar-50.png` };
};

/** Canvas's Conversation JSON (`lib/api/v1/conversations.rb`) for the caller; `messages` only on show. */
export function conversationJson(x: Participation, viewerId: number, names: ConversationNames, withMessages: boolean): Record<string, unknown> {
  const c = x.conversation.data;
  const p = x.participant.data;
  const last = x.messages[0];
  const lastOwn = x.messages.find((m) => m.data.user_id === viewerId);
  const courseId = c.context_code === null ? undefined : Number(c.context_code.slice('course_'.length));
  const properties = [...(last?.data.user_id === viewerId ? ['last_author'] : []), ...(x.messages.some((m) => m.data.attachment_ids.length > 0) ? ['attachments'] : [])];
  return {
    id: x.conversation.id,
    subject: c.subject,
    workflow_state: p.workflow_state,
    last_message: last ? last.data.body.slice(0, 100) : null,
    last_message_at: last ? isoSeconds(last.created_at) : null,
    last_authored_message: lastOwn ? lastOwn.data.body.slice(0, 100) : null,
    last_authored_message_at: lastOwn ? isoSeconds(lastOwn.created_at) : null,
    message_count: x.messages.length,
    subscribed: p.subscribed,
    private: c.private,
    starred: p.starred,
    properties,
    audience: c.participant_ids.filter((id) => id !== viewerId),
    audience_contexts: { courses: courseId === undefined ? {} : { [courseId]: [] }, groups: {} },
    avatar_url: `${names.baseUrl}/images/messages/avatar-group-50.png`,
    participants: c.participant_ids.map((id) => participantJson(id, names)),
    visible: x.messages.length > 0,
    context_code: c.context_code,
    context_name: courseId === undefined ? null : (names.courses.get(courseId)?.data.name ?? null),
    ...(withMessages ? { messages: x.messages.map((m) => messageJson(m, c.participant_ids)) } : {}),
  };
}

export function messageJson(m: Stored<ConversationMessageData>, participantIds: readonly number[]) {
  return {
    id: m.id,
    created_at: isoSeconds(m.created_at),
    body: m.data.body,
    author_id: m.data.user_id,
    generated: false,
    media_comment: null,
    forwarded_messages: [],
    attachment_ids: m.data.attachment_ids,
    attachments: m.data.attachment_ids.map((id) => ({ id })),
    participating_user_ids: [...participantIds],
  };
}

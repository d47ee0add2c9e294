import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '../../domain/records/webhook-records.ts';
import type { CanonicalEvent } from '../canonical-event.ts';

const CALIPER_CONTEXT = 'http://purl.imsglobal.org/ctx/caliper/v1p1';
const urn = (kind: string, id: unknown) => `urn:instructure:canvas:${kind}:${String(id)}`;
const canvasExt = (fields: Record<string, unknown>) => ({ 'com.instructure.canvas': fields });

/** Canvas's documented type/action per event; plagiarism_resubmit has none, so its row is ours. */
const KINDS: Readonly<Record<WebhookEventType, { type: string; action: string }>> = {
  submission_created: { type: 'AssignableEvent', action: 'Submitted' },
  submission_updated: { type: 'Event', action: 'Modified' },
  grade_change: { type: 'GradeEvent', action: 'Graded' },
  quiz_submitted: { type: 'AssessmentEvent', action: 'Submitted' },
  attachment_created: { type: 'Event', action: 'Created' },
  plagiarism_resubmit: { type: 'AssignableEvent', action: 'Submitted' },
  discussion_topic_created: { type: 'Event', action: 'Created' },
  announcement_created: { type: 'Event', action: 'Created' },
};

/** Documented roles; TA, designer and observer follow our mapping (docs/canvas-compatibility.md §12.3). */
const ROLES: Readonly<Record<string, string>> = {
  StudentEnrollment: 'Learner',
  TeacherEnrollment: 'Instructor',
  TaEnrollment: 'Instructor#TeachingAssistant',
  DesignerEnrollment: 'ContentDeveloper',
  ObserverEnrollment: 'Mentor',
};

/** One Caliper 1.1 envelope holding one event (docs/canvas-compatibility.md §12.3), built from the live-event facts. */
export function caliperPayload(event: CanonicalEvent, subscriptionUuid: string, sendTime: string): Record<string, unknown> {
  const m = event.metadata;
  const base = `http://${m.hostname}/`;
  const actorId = m.user_id ?? '0';
  const role = event.caliper.actor_role ? (ROLES[event.caliper.actor_role] ?? event.caliper.actor_role) : null;
  const { type, action } = KINDS[event.event_name];
  const caliperEvent: Record<string, unknown> = {
    '@context': CALIPER_CONTEXT,
    id: `urn:uuid:${randomUUID()}`,
    type,
    action,
    eventTime: event.event_time,
    actor: {
      id: urn('user', actorId),
      type: 'Person',
      extensions: canvasExt({ root_account_id: m.root_account_id, root_account_uuid: m.root_account_uuid, entity_id: actorId }),
    },
    object: objectOf(event),
    edApp: { id: base, type: 'SoftwareApplication' },
    group: { id: urn('course', m.context_id), type: 'CourseOffering', extensions: canvasExt({ context_type: 'Course', entity_id: m.context_id }) },
    ...(role
      ? {
          membership: {
            id: `${urn('course', m.context_id)}:${role}:${actorId}`,
            type: 'Membership',
            member: { id: urn('user', actorId), type: 'Person' },
            organization: { id: urn('course', m.context_id), type: 'CourseOffering' },
            roles: [role],
          },
        }
      : {}),
    extensions: canvasExt({ hostname: m.hostname, request_id: m.request_id, version: '1.0.0', subscription_id: subscriptionUuid, event_id: event.event_id }),
  };
  if (event.event_name === 'grade_change') {
    const b = event.body;
    caliperEvent.generated = {
      id: urn('submission', b.submission_id),
      type: 'Score',
      maxScore: b.points_possible,
      scoreGiven: b.score,
      scoredBy: b.grader_id === null ? null : urn('user', b.grader_id),
    };
  }
  return { sensor: base, sendTime, dataVersion: CALIPER_CONTEXT, data: [caliperEvent] };
}

function objectOf(event: CanonicalEvent): Record<string, unknown> {
  const b = event.body;
  if (event.event_name === 'attachment_created') {
    return {
      id: urn('attachment', b.attachment_id),
      type: 'Document',
      name: b.display_name,
      mediaType: b.content_type,
      dateCreated: event.event_time,
      extensions: canvasExt({ context_type: b.context_type, context_id: b.context_id, filename: b.filename, folder_id: b.folder_id, entity_id: b.attachment_id }),
    };
  }
  if (event.event_name === 'discussion_topic_created' || event.event_name === 'announcement_created') {
    const id = b.discussion_topic_id ?? b.announcement_id;
    return {
      id: urn('discussion', id),
      type: 'Thread',
      name: b.title,
      dateCreated: event.event_time,
      extensions: canvasExt({ context_type: b.context_type, context_id: b.context_id, is_announcement: event.event_name === 'announcement_created' || b.is_announcement === true, entity_id: id }),
    };
  }
  const assignee = { id: urn('user', b.user_id ?? event.metadata.user_id), type: 'Person' };
  if (event.event_name === 'quiz_submitted') {
    return { id: urn('submission', b.submission_id), type: 'Attempt', assignee, assignable: { id: urn('quiz', b.quiz_id), type: 'Assessment' } };
  }
  const attempt: Record<string, unknown> = {
    id: urn('submission', b.submission_id),
    type: 'Attempt',
    assignee: event.event_name === 'grade_change' ? { ...assignee, extensions: canvasExt({ sis_id: event.caliper.student_sis_id ?? null }) } : assignee,
    assignable: { id: urn('assignment', b.assignment_id), type: 'AssignableDigitalResource' },
  };
  if (event.event_name === 'grade_change') return { ...attempt, extensions: canvasExt({ grade: b.grade, entity_id: b.submission_id }) };
  const when = event.event_name === 'submission_updated' ? 'dateModified' : 'dateCreated';
  return {
    ...attempt,
    [when]: event.event_time,
    count: b.attempt,
    body: b.body,
    extensions: canvasExt({
      submission_type: b.submission_type,
      url: b.url,
      entity_id: b.submission_id,
      ...(event.event_name === 'plagiarism_resubmit' ? { resubmit: true } : {}),
    }),
  };
}

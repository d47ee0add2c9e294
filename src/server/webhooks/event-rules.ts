import type { DiscussionTopicData, FileData } from '../domain/records/content-records.ts';
import type { SubmissionData } from '../domain/records/submission-records.ts';
import type { WebhookEventType, WebhookSnapshotData } from '../domain/records/webhook-records.ts';

/**
 * When Canvas fires each live event (docs/canvas-compatibility.md §12.4, `live_events_observer.rb`), decided from the last state
 * the deriver saw and the committed one. The change log keeps only a record's latest version, so changes that
 * land between two derivations collapse into one comparison, as they would in a slow Canvas job queue.
 */
export function submissionEvents(previous: WebhookSnapshotData | undefined, current: SubmissionData): WebhookEventType[] {
  const events: WebhookEventType[] = [];
  const newlySubmitted = current.submitted_at !== null && current.submitted_at !== (previous?.submitted_at ?? null);
  if (newlySubmitted) {
    events.push('submission_created');
    if (current.submission_type === 'online_quiz') events.push('quiz_submitted');
  } else if (previous && current.workflow_state !== 'unsubmitted') {
    events.push('submission_updated');
  }
  const gradeChanged =
    (previous?.grade ?? null) !== current.grade || (previous?.score ?? null) !== current.score || (previous?.excused ?? false) !== current.excused;
  // A row created ungraded is not a grade change; clearing a grade is.
  if (gradeChanged && (current.grade !== null || current.score !== null || current.excused || (previous?.grade ?? null) !== null)) {
    events.push('grade_change');
  }
  return events;
}

/** Only the first sighting of an available file is `attachment_created`. */
export function attachmentEvents(previous: WebhookSnapshotData | undefined, current: FileData): WebhookEventType[] {
  return previous === undefined && current.workflow_state === 'available' ? ['attachment_created'] : [];
}

export type TopicEventType = Extract<WebhookEventType, 'discussion_topic_created' | 'announcement_created'>;

/**
 * A topic's first sighting is `discussion_topic_created`; an announcement's is `announcement_created` as well
 * (Canvas fires both for an announcement, whose body says `is_announcement`).
 */
export function topicEvents(previous: WebhookSnapshotData | undefined, current: DiscussionTopicData): TopicEventType[] {
  if (previous !== undefined || current.workflow_state === 'deleted') return [];
  return current.is_announcement ? ['discussion_topic_created', 'announcement_created'] : ['discussion_topic_created'];
}

/** What the next change of a topic is compared with: only that it was seen. */
export function topicSnapshot(sourceKey: string, t: DiscussionTopicData): WebhookSnapshotData {
  return { source_key: sourceKey, submitted_at: null, workflow_state: t.workflow_state, grade: null, score: null, excused: false, points_possible: null };
}

export function submissionSnapshot(sourceKey: string, s: SubmissionData, pointsPossible: number | null): WebhookSnapshotData {
  return {
    source_key: sourceKey,
    submitted_at: s.submitted_at,
    workflow_state: s.workflow_state,
    grade: s.grade,
    score: s.score,
    excused: s.excused,
    points_possible: pointsPossible,
  };
}

export function fileSnapshot(sourceKey: string, f: FileData): WebhookSnapshotData {
  return { source_key: sourceKey, submitted_at: null, workflow_state: f.workflow_state, grade: null, score: null, excused: false, points_possible: null };
}

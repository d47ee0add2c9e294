import { entryParticipantKey, topicParticipantKey, type DiscussionEntryParticipantData, type DiscussionTopicParticipantData } from '../records/discussion-records.ts';
import { columnDatumKey, type ColumnDatumData } from '../records/custom-column-records.ts';
import type { ErrorReportData } from '../records/error-report-records.ts';
import { courseScoreKey, type CourseScoreData } from '../records/grading-records.ts';
import type { LiveAssessmentResultData } from '../records/live-assessment-records.ts';
import type { ModuleProgressionData } from '../records/module-records.ts';
import type { NotificationPolicyData } from '../records/notification-records.ts';
import type { PageRevisionData } from '../records/page-records.ts';
import { peerReviewKey, type PeerReviewData } from '../records/peer-review-records.ts';
import { plannerOverrideKey, type PlannerNoteData, type PlannerOverrideData } from '../records/planner-records.ts';
import type { PollSubmissionData } from '../records/poll-records.ts';
import { quizSubmissionKey, type QuizSubmissionData } from '../records/quiz-records.ts';
import {
  submissionProgress,
  type SubmissionCommentData,
  type SubmissionData,
  type SubmissionReadData,
  type SubmissionVersionData,
} from '../records/submission-records.ts';
import { declareRecord, FIELD_BY_FIELD } from './record-declaration.ts';

/**
 * Records of the `course_user` partition, each one user's (`user_id`): course work and what users keep for
 * themselves. A course-less one (course_id 0) only ever travels to its owner. And the `history` partition.
 */

const courseUser = { collection: 'course_user', conflicts: FIELD_BY_FIELD, webhooks: [] } as const;
const courseWork = { ...courseUser, pull: 'course_work' } as const;
/** What a user has read or liked, planned or reported is theirs: the API shows it to no one else. */
const ownersOnly = { ...courseUser, pull: 'owner' } as const;
/** Stored totals include unposted grades; a student's device computes its posted totals from its own records. */
const gradersOnly = { ...courseUser, pull: 'graders' } as const;

// One submission per student and assignment; the lookup slot finds it (and its pair key) without a scan, the sort
// slot counts an assignment's submitted and to-be-graded ones (schema version 1 filled it for older records).
export const submissionRecord = declareRecord<SubmissionData>()({
  ...courseWork,
  pull: 'graded_work',
  type: 'submission',
  scopes: 'none',
  slots: (s) => ({
    course_id: s.course_id,
    user_id: s.user_id,
    parent_id: s.assignment_id,
    sort_key: submissionProgress(s),
    lookup_key: `submission:${s.assignment_id}:${s.user_id}`,
  }),
  // A student's work and a grader's grade are separate groups, so an offline submission and a concurrent grade both
  // stand, while two graders on one cell conflict.
  conflicts: {
    groups: [
      ['score', 'grade', 'points_deducted', 'grader_id', 'graded_at', 'excused', 'late_policy_status', 'seconds_late_override'],
      ['submission_type', 'body', 'url', 'attachment_ids', 'media_comment_id', 'media_comment_type', 'attempt', 'submitted_at', 'received_at'],
    ],
    // A new attempt marks an existing grade as not matching it: that follows from both groups, it is no one's edit.
    derived: ['workflow_state', 'grade_matches_current_submission'],
  },
  webhooks: ['submission_created', 'quiz_submitted', 'submission_updated', 'grade_change'],
});

// One per student and quiz, found by the pair. It holds each question's result, which tells right from wrong: its
// owner's device holds it as the API shows it to them (decision 0120), results withheld as the quiz says. Whether it
// shows the correct answers decides how its quiz's questions travel to its owner (its_user).
export const quizSubmissionRecord = declareRecord<QuizSubmissionData>()({
  ...courseUser,
  pull: 'quiz_attempts',
  type: 'quiz_submission',
  scopes: 'its_user',
  slots: (s) => ({ course_id: s.course_id, user_id: s.user_id, parent_id: s.quiz_id, lookup_key: quizSubmissionKey(s.quiz_id, s.user_id) }),
});

export const submissionCommentRecord = declareRecord<SubmissionCommentData>()({
  ...courseWork,
  pull: 'work_comments',
  type: 'submission_comment',
  scopes: 'none',
  slots: (c) => ({ course_id: c.course_id, user_id: c.user_id, parent_id: c.submission_id }),
});

export const submissionVersionRecord = declareRecord<SubmissionVersionData>()({
  ...courseWork,
  pull: 'graded_work',
  type: 'submission_version',
  scopes: 'none',
  slots: (v) => ({ course_id: v.course_id, user_id: v.user_id, parent_id: v.submission_id }),
});

export const submissionReadRecord = declareRecord<SubmissionReadData>()({
  // A viewer's own read mark: the API reads only the viewer's (`read_status`, the planner).
  ...ownersOnly,
  type: 'submission_read',
  scopes: 'none',
  slots: (r) => ({ course_id: r.course_id, user_id: r.user_id, parent_id: r.submission_id, lookup_key: `submission_read:${r.submission_id}:${r.user_id}` }),
});

// One review per submission and reviewer, found by the pair; listed per submission (parent_id).
export const peerReviewRecord = declareRecord<PeerReviewData>()({
  ...courseWork,
  pull: 'peer_reviews',
  type: 'assessment_request',
  scopes: 'none',
  slots: (r) => ({ course_id: r.course_id, user_id: r.user_id, parent_id: r.submission_id, lookup_key: peerReviewKey(r.submission_id, r.assessor_id) }),
});

// One per course and student, found by the pair; written with the grade that changes it.
export const courseScoreRecord = declareRecord<CourseScoreData>()({
  ...gradersOnly,
  type: 'course_score',
  scopes: 'none',
  slots: (s) => ({ course_id: s.course_id, user_id: s.user_id, lookup_key: courseScoreKey(s.course_id, s.user_id) }),
});

// One entry per column and student: found by the pair, listed per column. Teachers' notes about a student.
export const columnDatumRecord = declareRecord<ColumnDatumData>()({
  ...gradersOnly,
  type: 'custom_gradebook_column_datum',
  scopes: 'none',
  slots: (d) => ({ course_id: d.course_id, user_id: d.user_id, parent_id: d.column_id, lookup_key: columnDatumKey(d.column_id, d.user_id) }),
  conflicts: { groups: [['content']], derived: [] },
});

export const moduleProgressionRecord = declareRecord<ModuleProgressionData>()({
  ...courseWork,
  type: 'context_module_progression',
  scopes: 'its_user',
  slots: (p) => ({ course_id: p.course_id, user_id: p.user_id, parent_id: p.module_id }),
});

// A user's read state and rating of an entry: found by the pair, listed per topic (ratings are counted there).
export const entryParticipantRecord = declareRecord<DiscussionEntryParticipantData>()({
  ...ownersOnly,
  type: 'discussion_entry_participant',
  scopes: 'none',
  slots: (p) => ({ course_id: p.course_id, user_id: p.user_id, parent_id: p.topic_id, lookup_key: entryParticipantKey(p.entry_id, p.user_id) }),
});

export const topicParticipantRecord = declareRecord<DiscussionTopicParticipantData>()({
  ...ownersOnly,
  type: 'discussion_topic_participant',
  scopes: 'none',
  slots: (p) => ({ course_id: p.course_id, user_id: p.user_id, parent_id: p.topic_id, lookup_key: topicParticipantKey(p.topic_id, p.user_id) }),
});

// One answer per student and session: the lookup key finds an earlier one.
export const pollSubmissionRecord = declareRecord<PollSubmissionData>()({
  ...courseWork,
  type: 'poll_submission',
  scopes: 'its_user',
  slots: (s) => ({ course_id: s.course_id, user_id: s.user_id, parent_id: s.poll_session_id, lookup_key: `poll_submission:${s.poll_session_id}:${s.user_id}` }),
  pull: 'poll_answers',
});

export const liveAssessmentResultRecord = declareRecord<LiveAssessmentResultData>()({
  ...courseWork,
  // The live assessments API shows results to who may view every grade, never to the student assessed.
  pull: 'grade_viewers',
  type: 'live_assessment_result',
  scopes: 'none',
  slots: (r) => ({ course_id: r.course_id, user_id: r.user_id, parent_id: r.assessment_id }),
});

// Created with the channel's id (see the record); listed per user.
export const notificationPolicyRecord = declareRecord<NotificationPolicyData>()({
  ...ownersOnly,
  type: 'notification_policy',
  scopes: 'none',
  slots: (n) => ({ user_id: n.user_id, parent_id: n.channel_id }),
});

// A user's planner: notes listed by todo date, overrides found by user and plannable. A note stays its owner's
// even when it names a course (the planner API answers 404 for another user's note).
export const plannerNoteRecord = declareRecord<PlannerNoteData>()({
  ...ownersOnly,
  type: 'planner_note',
  scopes: 'none',
  slots: (n) => ({ user_id: n.user_id, course_id: n.course_id ?? 0, sort_key: n.todo_date }),
});

export const plannerOverrideRecord = declareRecord<PlannerOverrideData>()({
  ...ownersOnly,
  type: 'planner_override',
  scopes: 'none',
  slots: (o) => ({ user_id: o.user_id, lookup_key: plannerOverrideKey(o.user_id, o.plannable_type, o.plannable_id) }),
});

export const errorReportRecord = declareRecord<ErrorReportData>()({ ...ownersOnly, type: 'error_report', scopes: 'none', slots: (r) => ({ user_id: r.user_id }) });

// Append-only history of a page, numbered per page: the sort key orders a page's revisions by number. The REST
// revisions list is for those who edit the page.
export const pageRevisionRecord = declareRecord<PageRevisionData>()({
  collection: 'history',
  type: 'wiki_page_revision',
  scopes: 'none',
  slots: (r) => ({ course_id: r.context_type === 'Course' ? r.context_id : 0, parent_id: r.page_id, sort_key: String(r.revision_id).padStart(9, '0') }),
  pull: { managers: 'manage_wiki' },
  conflicts: FIELD_BY_FIELD,
  webhooks: [],
});

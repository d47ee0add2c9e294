import type { OutpostDatabase } from '../storage/database.ts';
import type { IdAllocator } from './ids.ts';
import type { CourseData, EnrollmentData, SectionData } from './records/course-records.ts';
import type { AssignmentData, DiscussionTopicData, FileContentData, FileData, QuizData } from './records/content-records.ts';
import type {
  AccountData,
  AccountUserData,
  CommunicationChannelData,
  RoleData,
  RoleOverrideData,
  UserData,
} from './records/directory-records.ts';
import type { GroupCategoryData, GroupData, GroupMembershipData } from './records/group-records.ts';
import type { AccessTokenData, DeveloperKeyData, HubLinkData, InstallationData, LoginData, ProgressData, SessionData } from './records/local-records.ts';
import type { ModuleData, ModuleItemData, ModuleProgressionData, ModuleSettingsData } from './records/module-records.ts';
import type { PageRevisionData, WikiPageData } from './records/page-records.ts';
import { columnDatumKey, type ColumnDatumData, type CustomColumnData } from './records/custom-column-records.ts';
import type { NotificationPolicyData } from './records/notification-records.ts';
import type { ErrorReportData } from './records/error-report-records.ts';
import type { SubmissionCommentData, SubmissionData, SubmissionReadData, SubmissionVersionData } from './records/submission-records.ts';
import { Repository } from './repository.ts';
import type { PollChoiceData, PollData, PollSessionData, PollSubmissionData } from './records/poll-records.ts';
import type { LiveAssessmentData, LiveAssessmentResultData } from './records/live-assessment-records.ts';
import { peerReviewKey, type PeerReviewData } from './records/peer-review-records.ts';
import { plannerOverrideKey, type PlannerNoteData, type PlannerOverrideData } from './records/planner-records.ts';
import { latePolicyKey, type LatePolicyData } from './records/late-policy-records.ts';
import { courseScoreKey, type AssignmentGroupData, type CourseScoreData } from './records/grading-records.ts';
import {
  entryParticipantKey,
  topicParticipantKey,
  type DiscussionEntryData,
  type DiscussionEntryParticipantData,
  type DiscussionTopicParticipantData,
} from './records/discussion-records.ts';

/** Lookup keys are namespaced so one slot can serve several kinds of unique key. */
export const lookupKey = {
  login: (login: string) => `login:${login.toLowerCase()}`,
  sis: (sisId: string) => `sis:${sisId}`,
  tokenHash: (hashHex: string) => `sha256:${hashHex}`,
  /** A live login's unique id; deleted logins free theirs (their slot is empty). */
  pseudonym: (uniqueId: string) => `pseudonym:${uniqueId.toLowerCase()}`,
  sessionHash: (hashHex: string) => `session:${hashHex}`,
};

const sisSlot = (sisId: string | null) => (sisId === null ? '' : lookupKey.sis(sisId));

/**
 * Every entity type, the collection (sync partition, docs/architecture.md §4.2) it lives in, and how it fills the shared
 * index slots. The one place to read to know where a record is stored and how it can be found.
 */
export function createRepositories(db: OutpostDatabase, ids: IdAllocator) {
  const { directory, course, local } = db.collections;
  return {
    accounts: new Repository<AccountData>(directory, 'account', ids, (a) => ({
      parent_id: a.parent_account_id ?? 0,
      lookup_key: sisSlot(a.sis_account_id),
      sort_key: a.name.toLowerCase(),
    })),
    users: new Repository<UserData>(directory, 'user', ids, (u) => ({
      lookup_key: lookupKey.login(u.login_id),
      sort_key: u.sortable_name.toLowerCase(),
    })),
    accountUsers: new Repository<AccountUserData>(directory, 'account_user', ids, (m) => ({
      user_id: m.user_id,
      parent_id: m.account_id,
    })),
    channels: new Repository<CommunicationChannelData>(directory, 'communication_channel', ids, (c) => ({
      user_id: c.user_id,
      sort_key: String(c.position).padStart(6, '0'),
    })),
    roles: new Repository<RoleData>(directory, 'role', ids, (r) => ({ parent_id: r.account_id })),
    roleOverrides: new Repository<RoleOverrideData>(directory, 'role_override', ids, (o) => ({
      parent_id: o.account_id,
      sort_key: `${o.role_id}:${o.permission}`,
    })),
    courses: new Repository<CourseData>(course, 'course', ids, (c, id) => ({
      course_id: id,
      parent_id: c.account_id,
      lookup_key: sisSlot(c.sis_course_id),
      sort_key: c.name.toLowerCase(),
    })),
    sections: new Repository<SectionData>(course, 'course_section', ids, (s) => ({
      course_id: s.course_id,
      lookup_key: sisSlot(s.sis_section_id),
      sort_key: s.name.toLowerCase(),
    })),
    enrollments: new Repository<EnrollmentData>(course, 'enrollment', ids, (e) => ({
      course_id: e.course_id,
      user_id: e.user_id,
      parent_id: e.course_section_id,
      sort_key: e.type,
    })),
    assignments: new Repository<AssignmentData>(course, 'assignment', ids, (a, id) => ({
      course_id: a.course_id,
      // Position order, ties by id (Canvas orders assignments by position, then id).
      sort_key: `${String(a.position).padStart(9, '0')}:${String(id).padStart(16, '0')}`,
    })),
    // Groups in position order, ties by id (Canvas orders assignment groups by position, then id).
    assignmentGroups: new Repository<AssignmentGroupData>(course, 'assignment_group', ids, (g, id) => ({
      course_id: g.course_id,
      sort_key: `${String(g.position).padStart(9, '0')}:${String(id).padStart(16, '0')}`,
    })),
    quizzes: new Repository<QuizData>(course, 'quiz', ids, (q) => ({ course_id: q.course_id, parent_id: q.assignment_id ?? 0 })),
    discussionTopics: new Repository<DiscussionTopicData>(course, 'discussion_topic', ids, (t) => ({
      course_id: t.course_id,
      user_id: t.user_id,
      parent_id: t.assignment_id ?? 0,
    })),
    // Entries are listed per topic (parent_id); their order (newest first, threads) is decided in memory.
    discussionEntries: new Repository<DiscussionEntryData>(course, 'discussion_entry', ids, (e) => ({
      course_id: e.course_id,
      user_id: e.user_id,
      parent_id: e.topic_id,
    })),
    // A user's read state and rating of an entry: found by the pair, listed per topic (ratings are counted there).
    discussionEntryParticipants: new Repository<DiscussionEntryParticipantData>(db.collections.course_user, 'discussion_entry_participant', ids, (p) => ({
      course_id: p.course_id,
      user_id: p.user_id,
      parent_id: p.topic_id,
      lookup_key: entryParticipantKey(p.entry_id, p.user_id),
    })),
    discussionTopicParticipants: new Repository<DiscussionTopicParticipantData>(db.collections.course_user, 'discussion_topic_participant', ids, (p) => ({
      course_id: p.course_id,
      user_id: p.user_id,
      parent_id: p.topic_id,
      lookup_key: topicParticipantKey(p.topic_id, p.user_id),
    })),
    files: new Repository<FileData>(course, 'attachment', ids, (f) => ({
      course_id: f.course_id,
      user_id: f.user_id,
      sort_key: f.display_name.toLowerCase().slice(0, 300),
    })),
    fileContents: new Repository<FileContentData>(course, 'file_content', ids, (c) => ({
      course_id: c.course_id,
      parent_id: c.file_id,
    })),
    modules: new Repository<ModuleData>(course, 'context_module', ids, (m, id) => ({
      course_id: m.course_id,
      // Position order, ties by id (Canvas orders modules by position, then id).
      sort_key: `${String(m.position).padStart(9, '0')}:${String(id).padStart(16, '0')}`,
    })),
    moduleItems: new Repository<ModuleItemData>(course, 'content_tag', ids, (i) => ({
      course_id: i.course_id,
      parent_id: i.module_id,
      sort_key: String(i.position).padStart(9, '0'),
    })),
    moduleSettings: new Repository<ModuleSettingsData>(course, 'module_settings', ids, (s) => ({
      course_id: s.course_id,
      lookup_key: `module_settings:${s.course_id}`,
    })),
    moduleProgressions: new Repository<ModuleProgressionData>(db.collections.course_user, 'context_module_progression', ids, (p) => ({
      course_id: p.course_id,
      user_id: p.user_id,
      parent_id: p.module_id,
    })),
    // Categories hang off their context: parent_id is the account or course id (ids are unique across types).
    groupCategories: new Repository<GroupCategoryData>(course, 'group_category', ids, (c) => ({
      course_id: c.course_id,
      parent_id: c.context_id,
      sort_key: c.name.toLowerCase().slice(0, 300),
    })),
    // Groups are listed per category, ordered by name (Canvas orders a category's groups by name).
    groups: new Repository<GroupData>(course, 'group', ids, (g) => ({
      course_id: g.course_id,
      parent_id: g.group_category_id,
      sort_key: g.name.toLowerCase().slice(0, 300),
    })),
    groupMemberships: new Repository<GroupMembershipData>(course, 'group_membership', ids, (m) => ({
      course_id: m.course_id,
      user_id: m.user_id,
      parent_id: m.group_id,
    })),
    // Pages hang off their wiki: course_id is the course for course pages (module items find them by course and
    // `data.url`), 0 for group pages, whose group id is in parent_id.
    wikiPages: new Repository<WikiPageData>(course, 'wiki_page', ids, (p) => ({
      course_id: p.context_type === 'Course' ? p.context_id : 0,
      parent_id: p.context_type === 'Group' ? p.context_id : 0,
      sort_key: p.title.toLowerCase().slice(0, 300),
    })),
    // Append-only history of a page, numbered per page: the sort key orders a page's revisions by number.
    pageRevisions: new Repository<PageRevisionData>(db.collections.history, 'wiki_page_revision', ids, (r) => ({
      course_id: r.context_type === 'Course' ? r.context_id : 0,
      parent_id: r.page_id,
      sort_key: String(r.revision_id).padStart(9, '0'),
    })),
    // One submission per student and assignment; the lookup slot finds it (and its pair key) without a scan.
    submissions: new Repository<SubmissionData>(db.collections.course_user, 'submission', ids, (s) => ({
      course_id: s.course_id,
      user_id: s.user_id,
      parent_id: s.assignment_id,
      lookup_key: `submission:${s.assignment_id}:${s.user_id}`,
    })),
    submissionComments: new Repository<SubmissionCommentData>(db.collections.course_user, 'submission_comment', ids, (c) => ({
      course_id: c.course_id,
      user_id: c.user_id,
      parent_id: c.submission_id,
    })),
    // One per course and student, found by the pair; written with the grade that changes it.
    courseScores: new Repository<CourseScoreData>(db.collections.course_user, 'course_score', ids, (s) => ({
      course_id: s.course_id,
      user_id: s.user_id,
      lookup_key: courseScoreKey(s.course_id, s.user_id),
    })),
    // One review per submission and reviewer, found by the pair; listed per submission (parent_id).
    peerReviews: new Repository<PeerReviewData>(db.collections.course_user, 'assessment_request', ids, (r) => ({
      course_id: r.course_id,
      user_id: r.user_id,
      parent_id: r.submission_id,
      lookup_key: peerReviewKey(r.submission_id, r.assessor_id),
    })),
    submissionVersions: new Repository<SubmissionVersionData>(db.collections.course_user, 'submission_version', ids, (v) => ({
      course_id: v.course_id,
      user_id: v.user_id,
      parent_id: v.submission_id,
    })),
    submissionReads: new Repository<SubmissionReadData>(db.collections.course_user, 'submission_read', ids, (r) => ({
      course_id: r.course_id,
      user_id: r.user_id,
      parent_id: r.submission_id,
      lookup_key: `submission_read:${r.submission_id}:${r.user_id}`,
    })),
    // One per course, found by the course (Canvas's LatePolicy has a unique course_id).
    latePolicies: new Repository<LatePolicyData>(course, 'late_policy', ids, (p) => ({
      course_id: p.course_id,
      lookup_key: latePolicyKey(p.course_id),
    })),
    // Gradebook columns in position order, ties by id (acts_as_list in Canvas).
    customColumns: new Repository<CustomColumnData>(course, 'custom_gradebook_column', ids, (c, id) => ({
      course_id: c.course_id,
      sort_key: `${String(c.position).padStart(9, '0')}:${String(id).padStart(16, '0')}`,
    })),
    // One entry per column and student: found by the pair, listed per column.
    columnData: new Repository<ColumnDatumData>(db.collections.course_user, 'custom_gradebook_column_datum', ids, (d) => ({
      course_id: d.course_id,
      user_id: d.user_id,
      parent_id: d.column_id,
      lookup_key: columnDatumKey(d.column_id, d.user_id),
    })),
    // Polls and their choices belong to their author (records/poll-records.ts); choices are ordered by position.
    polls: new Repository<PollData>(directory, 'poll', ids, (p) => ({ user_id: p.user_id })),
    pollChoices: new Repository<PollChoiceData>(directory, 'poll_choice', ids, (c, id) => ({
      parent_id: c.poll_id,
      sort_key: `${String(c.position).padStart(9, '0')}:${String(id).padStart(16, '0')}`,
    })),
    pollSessions: new Repository<PollSessionData>(course, 'poll_session', ids, (s) => ({ course_id: s.course_id, parent_id: s.poll_id })),
    // One answer per student and session: the lookup key finds an earlier one.
    pollSubmissions: new Repository<PollSubmissionData>(db.collections.course_user, 'poll_submission', ids, (s) => ({
      course_id: s.course_id,
      user_id: s.user_id,
      parent_id: s.poll_session_id,
      lookup_key: `poll_submission:${s.poll_session_id}:${s.user_id}`,
    })),
    // Assessments are found by their client-chosen key within the course.
    liveAssessments: new Repository<LiveAssessmentData>(course, 'live_assessment', ids, (a) => ({
      course_id: a.course_id,
      lookup_key: `live_assessment:${a.course_id}:${a.key}`,
    })),
    liveAssessmentResults: new Repository<LiveAssessmentResultData>(db.collections.course_user, 'live_assessment_result', ids, (r) => ({
      course_id: r.course_id,
      user_id: r.user_id,
      parent_id: r.assessment_id,
    })),
    // Created with the channel's id (see the record); listed per user.
    notificationPolicies: new Repository<NotificationPolicyData>(db.collections.course_user, 'notification_policy', ids, (n) => ({
      user_id: n.user_id,
      parent_id: n.channel_id,
    })),
    // A user's planner: notes listed by todo date, overrides found by user and plannable.
    plannerNotes: new Repository<PlannerNoteData>(db.collections.course_user, 'planner_note', ids, (n) => ({
      user_id: n.user_id,
      course_id: n.course_id ?? 0,
      sort_key: n.todo_date,
    })),
    plannerOverrides: new Repository<PlannerOverrideData>(db.collections.course_user, 'planner_override', ids, (o) => ({
      user_id: o.user_id,
      lookup_key: plannerOverrideKey(o.user_id, o.plannable_type, o.plannable_id),
    })),
    errorReports: new Repository<ErrorReportData>(db.collections.course_user, 'error_report', ids, (r) => ({ user_id: r.user_id })),
    // A developer key's tokens are counted (and revoked) through `parent_id`.
    tokens: new Repository<AccessTokenData>(local, 'access_token', ids, (t) => ({
      user_id: t.user_id,
      parent_id: t.developer_key_id ?? 0,
      lookup_key: lookupKey.tokenHash(t.token_hash),
    })),
    developerKeys: new Repository<DeveloperKeyData>(local, 'developer_key', ids, (k) => ({ parent_id: k.account_id })),
    installation: new Repository<InstallationData>(local, 'installation', ids, () => ({})),
    logins: new Repository<LoginData>(local, 'login', ids, (l) => ({
      user_id: l.user_id,
      parent_id: l.account_id,
      lookup_key: l.workflow_state === 'deleted' ? '' : lookupKey.pseudonym(l.unique_id),
      sort_key: l.unique_id.toLowerCase().slice(0, 300),
    })),
    sessions: new Repository<SessionData>(local, 'session', ids, (s) => ({
      user_id: s.user_id,
      lookup_key: lookupKey.sessionHash(s.token_hash),
    })),
    hubLink: new Repository<HubLinkData>(local, 'hub_link', ids, (h) => ({ user_id: h.user_id })),
    progress: new Repository<ProgressData>(local, 'progress', ids, (p) => ({ user_id: p.user_id, course_id: 0 })),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

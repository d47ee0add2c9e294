import { lockedAssignment, lockedPage } from '../locked-content.ts';
import type { CourseData, EnrollmentData, SectionData } from '../records/course-records.ts';
import type { AssignmentData, DiscussionTopicData, FileContentData, FileData, QuizData } from '../records/content-records.ts';
import type { CalendarEventData } from '../records/calendar-records.ts';
import type { CustomColumnData } from '../records/custom-column-records.ts';
import type { DiscussionEntryData } from '../records/discussion-records.ts';
import type { AssignmentGroupData } from '../records/grading-records.ts';
import type { GroupCategoryData, GroupData, GroupMembershipData } from '../records/group-records.ts';
import { latePolicyKey, type LatePolicyData } from '../records/late-policy-records.ts';
import type { LiveAssessmentData } from '../records/live-assessment-records.ts';
import type { ModuleData, ModuleItemData, ModuleSettingsData } from '../records/module-records.ts';
import type { WikiPageData } from '../records/page-records.ts';
import type { PollSessionData } from '../records/poll-records.ts';
import type { QuizGroupData, QuizQuestionData } from '../records/quiz-records.ts';
import { takerGroup, takerQuestion } from '../grading/quiz-taker-view.ts';
import { topicShownTo } from '../topic-visibility.ts';
import { positionThenId, sisSlot } from './lookup-keys.ts';
import { declareRecord, FIELD_BY_FIELD } from './record-declaration.ts';

/**
 * Records of the `course` partition: a course's content and structure, the same for every member who may see it.
 * `managers` names the permission the type's REST area asks before it shows drafts (assignments, quizzes and
 * groups ask manage_assignments, topics moderate_forum, pages manage_wiki, files manage_files, modules and the
 * course itself manage_content).
 */

const course = { collection: 'course', conflicts: FIELD_BY_FIELD, webhooks: [] } as const;
const members = { shownTo: 'members' } as const;
/** REST shows a removed record to no one (`removed` in record-declaration.ts). */
const removed = (d: { workflow_state: string }) => d.workflow_state === 'deleted';

export const courseRecord = declareRecord<CourseData>()({
  ...course,
  removed,
  type: 'course',
  scopes: 'its_course',
  slots: (c, id) => ({ course_id: id, parent_id: c.account_id, lookup_key: sisSlot(c.sis_course_id), sort_key: c.name.toLowerCase() }),
  pull: { shownTo: 'published', managers: 'manage_content', published: (c) => c.workflow_state === 'available' || c.workflow_state === 'completed' },
});

export const sectionRecord = declareRecord<SectionData>()({
  ...course,
  removed,
  type: 'course_section',
  scopes: 'none',
  slots: (s) => ({ course_id: s.course_id, lookup_key: sisSlot(s.sis_section_id), sort_key: s.name.toLowerCase() }),
  pull: { shownTo: 'sections' },
});

export const enrollmentRecord = declareRecord<EnrollmentData>()({
  ...course,
  type: 'enrollment',
  scopes: 'its_course',
  slots: (e) => ({ course_id: e.course_id, user_id: e.user_id, parent_id: e.course_section_id, sort_key: e.type }),
  pull: { shownTo: 'roster' },
});

export const assignmentRecord = declareRecord<AssignmentData>()({
  ...course,
  removed,
  type: 'assignment',
  scopes: 'its_lock',
  slots: (a, id) => ({ course_id: a.course_id, sort_key: positionThenId(a.position, id) }),
  pull: { shownTo: 'published', managers: 'manage_assignments', published: (a) => a.workflow_state === 'published', whenLocked: lockedAssignment },
});

// Students list a course's groups, and a device computes its student's totals from them.
export const assignmentGroupRecord = declareRecord<AssignmentGroupData>()({
  ...course,
  removed,
  type: 'assignment_group',
  scopes: 'none',
  slots: (g, id) => ({ course_id: g.course_id, sort_key: positionThenId(g.position, id) }),
  pull: { shownTo: 'published', managers: 'manage_assignments', published: (g) => g.workflow_state === 'available' },
});

// Which quizzes a reader may start (published, unlocked) decides which questions their device holds: a scope reads them.
export const quizRecord = declareRecord<QuizData>()({
  ...course,
  removed,
  type: 'quiz',
  scopes: 'its_course',
  slots: (q) => ({ course_id: q.course_id, parent_id: q.assignment_id ?? 0 }),
  pull: { shownTo: 'published', managers: 'manage_assignments', published: (q) => q.workflow_state === 'published' },
});

// Questions hold the correct answers (answers' weights): only those who edit the quiz hold them whole. A taker's
// device holds the questions of the quizzes they may start as the attempt shows them, so an attempt can be taken
// offline (decision 0120); the hub scores it. Listed per quiz.
export const quizQuestionRecord = declareRecord<QuizQuestionData>()({
  ...course,
  type: 'quiz_question',
  scopes: 'none',
  slots: (q, id) => ({ course_id: q.course_id, parent_id: q.quiz_id, sort_key: positionThenId(q.position, id) }),
  pull: { shownTo: 'quiz_takers', managers: 'manage_assignments', forTakers: takerQuestion },
});

export const quizGroupRecord = declareRecord<QuizGroupData>()({
  ...course,
  type: 'quiz_group',
  scopes: 'none',
  slots: (g, id) => ({ course_id: g.course_id, parent_id: g.quiz_id, sort_key: positionThenId(g.position, id) }),
  pull: { shownTo: 'quiz_takers', managers: 'manage_assignments', forTakers: takerGroup },
});

// A delayed topic travels once its post time has come, a section-specific one to that section's members (the
// scope's fingerprint lists the topics still delayed, so the pull starts over when one is posted). Its scope feed is
// the course's: a topic written delayed must enter the fingerprint of every member's kept scope.
export const discussionTopicRecord = declareRecord<DiscussionTopicData>()({
  ...course,
  removed,
  type: 'discussion_topic',
  scopes: 'its_course',
  slots: (t) => ({ course_id: t.course_id, user_id: t.user_id, parent_id: t.assignment_id ?? 0 }),
  pull: { shownTo: 'published', managers: 'moderate_forum', published: (t) => t.workflow_state === 'published', readableBy: topicShownTo },
  webhooks: ['discussion_topic_created', 'announcement_created'],
});

// Entries are listed per topic (parent_id); their order (newest first, threads) is decided in memory.
export const discussionEntryRecord = declareRecord<DiscussionEntryData>()({
  ...course,
  type: 'discussion_entry',
  scopes: 'none',
  slots: (e) => ({ course_id: e.course_id, user_id: e.user_id, parent_id: e.topic_id }),
  pull: { shownTo: 'managers', managers: 'moderate_forum' },
});

export const fileRecord = declareRecord<FileData>()({
  ...course,
  type: 'attachment',
  scopes: 'its_lock',
  slots: (f) => ({ course_id: f.course_id, user_id: f.user_id, sort_key: f.display_name.toLowerCase().slice(0, 300) }),
  pull: { shownTo: 'file_readers', managers: 'manage_files' },
  webhooks: ['attachment_created'],
});

export const fileContentRecord = declareRecord<FileContentData>()({
  ...course,
  type: 'file_content',
  scopes: 'none',
  slots: (c) => ({ course_id: c.course_id, parent_id: c.file_id }),
  pull: { shownTo: 'its_file_readers', managers: 'manage_files' },
});

export const moduleRecord = declareRecord<ModuleData>()({
  ...course,
  removed,
  type: 'context_module',
  scopes: 'its_course',
  slots: (m, id) => ({ course_id: m.course_id, sort_key: positionThenId(m.position, id) }),
  pull: { shownTo: 'published', managers: 'manage_content', published: (m) => m.published },
});

export const moduleItemRecord = declareRecord<ModuleItemData>()({
  ...course,
  removed,
  type: 'content_tag',
  scopes: 'its_course',
  slots: (i) => ({ course_id: i.course_id, parent_id: i.module_id, sort_key: String(i.position).padStart(9, '0') }),
  pull: { shownTo: 'published', managers: 'manage_content', published: (i) => i.published, inside: 'modules' },
});

export const moduleSettingsRecord = declareRecord<ModuleSettingsData>()({
  ...course,
  type: 'module_settings',
  scopes: 'none',
  slots: (s) => ({ course_id: s.course_id, lookup_key: `module_settings:${s.course_id}` }),
  pull: members,
});

// Categories hang off their context: parent_id is the account or course id (ids are unique across types).
export const groupCategoryRecord = declareRecord<GroupCategoryData>()({
  ...course,
  removed,
  type: 'group_category',
  scopes: 'none',
  slots: (c) => ({ course_id: c.course_id, parent_id: c.context_id, sort_key: c.name.toLowerCase().slice(0, 300) }),
  pull: { shownTo: 'group_readers', its: 'category' },
});

// Groups are listed per category, ordered by name (Canvas orders a category's groups by name).
export const groupRecord = declareRecord<GroupData>()({
  ...course,
  removed,
  type: 'group',
  scopes: 'none',
  slots: (g) => ({ course_id: g.course_id, parent_id: g.group_category_id, sort_key: g.name.toLowerCase().slice(0, 300) }),
  pull: { shownTo: 'group_readers', its: 'id' },
});

// A membership decides whether its user reads the group (its_user).
export const groupMembershipRecord = declareRecord<GroupMembershipData>()({
  ...course,
  removed,
  type: 'group_membership',
  scopes: 'its_user',
  slots: (m) => ({ course_id: m.course_id, user_id: m.user_id, parent_id: m.group_id }),
  pull: { shownTo: 'group_readers', its: 'parent' },
});

// Pages hang off their wiki: course_id is the course for course pages (module items find them by course and
// `data.url`), 0 for group pages, whose group id is in parent_id.
export const wikiPageRecord = declareRecord<WikiPageData>()({
  ...course,
  removed,
  type: 'wiki_page',
  scopes: 'its_lock',
  slots: (p) => ({
    course_id: p.context_type === 'Course' ? p.context_id : 0,
    parent_id: p.context_type === 'Group' ? p.context_id : 0,
    sort_key: p.title.toLowerCase().slice(0, 300),
  }),
  pull: { shownTo: 'published', managers: 'manage_wiki', published: (p) => p.workflow_state === 'active', whenLocked: lockedPage },
  // The slug follows the title, and each edit counts a new revision by its editor: both sides always move those.
  conflicts: { groups: [], derived: ['url', 'old_urls', 'revision', 'revised_at', 'last_edited_by'] },
});

// One per course, found by the course (Canvas's LatePolicy has a unique course_id).
export const latePolicyRecord = declareRecord<LatePolicyData>()({
  ...course,
  type: 'late_policy',
  scopes: 'none',
  slots: (p) => ({ course_id: p.course_id, lookup_key: latePolicyKey(p.course_id) }),
  pull: { shownTo: 'managers', managers: 'manage_grades' },
});

// Gradebook columns in position order, ties by id (acts_as_list in Canvas).
export const customColumnRecord = declareRecord<CustomColumnData>()({
  ...course,
  removed,
  type: 'custom_gradebook_column',
  scopes: 'none',
  slots: (c, id) => ({ course_id: c.course_id, sort_key: positionThenId(c.position, id) }),
  pull: { shownTo: 'managers', managers: 'manage_grades' },
});

export const pollSessionRecord = declareRecord<PollSessionData>()({
  ...course,
  type: 'poll_session',
  scopes: 'its_course',
  slots: (s) => ({ course_id: s.course_id, parent_id: s.poll_id }),
  pull: members,
});

// Assessments are found by their client-chosen key within the course; their API reads ask view_all_grades.
export const liveAssessmentRecord = declareRecord<LiveAssessmentData>()({
  ...course,
  type: 'live_assessment',
  scopes: 'none',
  slots: (a) => ({ course_id: a.course_id, lookup_key: `live_assessment:${a.course_id}:${a.key}` }),
  pull: { shownTo: 'managers', managers: 'view_all_grades' },
});

// A course's calendar: every member sees its live events (the API has no drafts); listed by start time.
export const calendarEventRecord = declareRecord<CalendarEventData>()({
  ...course,
  type: 'calendar_event',
  scopes: 'none',
  slots: (e) => ({ course_id: e.course_id, user_id: e.user_id, sort_key: e.start_at ?? '' }),
  pull: { shownTo: 'published', managers: 'manage_content', published: (e) => e.workflow_state === 'active' },
});

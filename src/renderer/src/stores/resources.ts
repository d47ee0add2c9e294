import type { DiscussionTopic, TopicView } from '../../../contracts/discussion-dtos.ts';
import type { PlannerItem } from '../../../contracts/planner-dtos.ts';
import type { GradeGroup, StudentEnrollment } from '../../../contracts/feedback-dtos.ts';
import type { CourseSection } from '../../../contracts/gradebook-dtos.ts';
import type { GroupCategory } from '../../../contracts/group-dtos.ts';
import type { PeerReview, Submission, UserDisplay } from '../../../contracts/grading-dtos.ts';
import type {
  Assignment,
  AssignmentGroup,
  Course,
  CourseFeatureSettings,
  CourseModule,
  CourseUser,
  LatePolicy,
  PageRevision,
  WikiPage,
} from '../../../contracts/lms-dtos.ts';
import type { AccessTokenInfo, CommunicationChannel, NotificationPreference, HubConnectionStatus, SyncConflict } from '../../../contracts/session-dtos.ts';
import type { Migrator } from '../../../contracts/move-dtos.ts';
import type { ClassDevice, ClassroomShare } from '../../../contracts/classroom-dtos.ts';
import type { CoursePoll } from '../api/poll-calls.ts';
import type { Quiz, QuizSubmission, QuizSubmissionQuestion } from '../../../contracts/quiz-attempt-dtos.ts';
import type { QuizQuestion, QuizStatistics } from '../../../contracts/quiz-authoring-dtos.ts';
import type { CalendarItem } from '../../../contracts/calendar-dtos.ts';
import type { Conversation, ConversationScope } from '../../../contracts/inbox-dtos.ts';
import type { Resource } from './resource-store.ts';
import { groupSetMembers, type GroupSetMembers } from './group-set-members.ts';

/** Every read the UI makes, by name; keys are unique per course and object. */
export const resources = {
  courses: (): Resource<Course[]> => ({ key: 'courses', load: (api) => api.courses() }),
  course: (courseId: number): Resource<Course> => ({ key: `course:${courseId}`, load: (api) => api.course(courseId) }),
  courseFeatureSettings: (courseId: number): Resource<CourseFeatureSettings> => ({
    key: `course:${courseId}:settings`,
    load: (api) => api.courseFeatureSettings(courseId),
  }),
  /** null for a course without a late policy. */
  latePolicy: (courseId: number): Resource<LatePolicy | null> => ({ key: `course:${courseId}:late-policy`, load: (api) => api.latePolicy(courseId) }),
  modules: (courseId: number): Resource<CourseModule[]> => ({
    key: `course:${courseId}:modules`,
    load: (api) => api.modules(courseId),
  }),
  /** The modules as one student has them: the server works out their locks and progress. */
  modulesAs: (courseId: number, studentId: number): Resource<CourseModule[]> => ({
    key: `course:${courseId}:modules:student:${studentId}`,
    load: (api) => api.modules(courseId, studentId),
  }),
  assignments: (courseId: number): Resource<Assignment[]> => ({
    key: `course:${courseId}:assignments`,
    load: (api) => api.assignments(courseId),
  }),
  assignment: (courseId: number, assignmentId: number): Resource<Assignment> => ({
    key: `course:${courseId}:assignment:${assignmentId}`,
    load: (api) => api.assignment(courseId, assignmentId),
  }),
  assignmentGroups: (courseId: number): Resource<AssignmentGroup[]> => ({
    key: `course:${courseId}:assignment-groups`,
    load: (api) => api.assignmentGroups(courseId),
  }),
  gradeableStudents: (courseId: number, assignmentId: number): Resource<UserDisplay[]> => ({
    key: `course:${courseId}:assignment:${assignmentId}:gradeable`,
    load: (api) => api.gradeableStudents(courseId, assignmentId),
  }),
  submission: (courseId: number, assignmentId: number, userId: number): Resource<Submission> => ({
    key: `course:${courseId}:assignment:${assignmentId}:submission:${userId}`,
    load: (api) => api.submission(courseId, assignmentId, userId),
  }),
  peerReviews: (courseId: number, assignmentId: number): Resource<PeerReview[]> => ({
    key: `course:${courseId}:assignment:${assignmentId}:peer-reviews`,
    load: (api) => api.peerReviews(courseId, assignmentId),
  }),
  mySubmission: (courseId: number, assignmentId: number): Resource<Submission> => ({
    key: `course:${courseId}:assignment:${assignmentId}:my-submission`,
    load: (api) => api.mySubmission(courseId, assignmentId),
  }),
  gradeGroups: (courseId: number, studentId: number): Resource<GradeGroup[]> => ({
    key: `course:${courseId}:student:${studentId}:grade-groups`,
    load: (api) => api.gradeGroups(courseId, studentId),
  }),
  studentSubmissions: (courseId: number, studentId: number): Resource<Submission[]> => ({
    key: `course:${courseId}:student:${studentId}:submissions`,
    load: (api) => api.studentSubmissions(courseId, studentId),
  }),
  studentEnrollments: (courseId: number, studentId: number): Resource<StudentEnrollment[]> => ({
    key: `course:${courseId}:student:${studentId}:enrollments`,
    load: (api) => api.studentEnrollments(courseId, studentId),
  }),
  /** The student enrollments the caller may see, with names: for an observer, those of the students they follow. */
  visibleStudentEnrollments: (courseId: number): Resource<StudentEnrollment[]> => ({
    key: `course:${courseId}:student-enrollments`,
    load: (api) => api.studentEnrollments(courseId),
  }),
  discussionTopics: (courseId: number): Resource<DiscussionTopic[]> => ({
    key: `course:${courseId}:discussions`,
    load: (api) => api.discussionTopics(courseId),
  }),
  announcements: (courseId: number): Resource<DiscussionTopic[]> => ({
    key: `course:${courseId}:announcements`,
    load: (api) => api.announcements(courseId),
  }),
  discussionTopic: (courseId: number, topicId: number): Resource<DiscussionTopic> => ({
    key: `course:${courseId}:discussion:${topicId}`,
    load: (api) => api.discussionTopic(courseId, topicId),
  }),
  topicView: (courseId: number, topicId: number): Resource<TopicView> => ({
    key: `course:${courseId}:discussion:${topicId}:view`,
    load: (api) => api.topicView(courseId, topicId),
  }),
  /** `studentId` is the caller's own id or, for an observer, the linked student's (read with `observed_user_id`). */
  todo: (courseId: number, studentId: number, observed: boolean): Resource<PlannerItem[]> => ({
    key: `course:${courseId}:student:${studentId}:todo`,
    load: (api) => api.todoItems(courseId, observed ? studentId : undefined),
  }),
  coursePolls: (courseId: number): Resource<CoursePoll[]> => ({ key: `course:${courseId}:polls`, load: (api) => api.coursePolls(courseId) }),
  pages: (courseId: number): Resource<WikiPage[]> => ({ key: `course:${courseId}:pages`, load: (api) => api.pages(courseId) }),
  page: (courseId: number, pageUrl: string): Resource<WikiPage> => ({
    key: `course:${courseId}:page:${pageUrl}`,
    load: (api) => api.page(courseId, pageUrl),
  }),
  pageRevisions: (courseId: number, pageUrl: string): Resource<PageRevision[]> => ({
    key: `course:${courseId}:page:${pageUrl}:revisions`,
    load: (api) => api.pageRevisions(courseId, pageUrl),
  }),
  pageRevision: (courseId: number, pageUrl: string, revisionId: number): Resource<PageRevision> => ({
    key: `course:${courseId}:page:${pageUrl}:revision:${revisionId}`,
    load: (api) => api.pageRevision(courseId, pageUrl, revisionId),
  }),
  people: (courseId: number): Resource<CourseUser[]> => ({ key: `course:${courseId}:people`, load: (api) => api.people(courseId) }),
  groupCategories: (courseId: number): Resource<GroupCategory[]> => ({ key: `course:${courseId}:group-categories`, load: (api) => api.groupCategories(courseId) }),
  /** A set's groups with their members, and the students in none of them. */
  groupSet: (categoryId: number): Resource<GroupSetMembers> => ({ key: `group-category:${categoryId}:members`, load: (api) => groupSetMembers(api, categoryId) }),
  sections: (courseId: number): Resource<CourseSection[]> => ({ key: `course:${courseId}:sections`, load: (api) => api.sections(courseId) }),
  hubConnection: (): Resource<HubConnectionStatus> => ({ key: 'hub', load: (api) => api.hubConnection() }),
  classroomShare: (): Resource<ClassroomShare> => ({ key: 'classroom', load: (api) => api.classroomShare() }),
  classroomDevices: (): Resource<ClassDevice[]> => ({ key: 'classroom:devices', load: (api) => api.classroomDevices() }),
  conflicts: (): Resource<SyncConflict[]> => ({ key: 'sync:conflicts', load: (api) => api.conflicts() }),
  channels: (): Resource<CommunicationChannel[]> => ({ key: 'channels', load: (api) => api.channels() }),
  notificationPreferences: (channelId: number): Resource<NotificationPreference[]> => ({
    key: `channel:${channelId}:preferences`,
    load: (api) => api.notificationPreferences(channelId),
  }),
  tokens: (): Resource<AccessTokenInfo[]> => ({ key: 'tokens', load: (api) => api.tokens() }),
  migrators: (courseId: number): Resource<Migrator[]> => ({ key: `course:${courseId}:migrators`, load: (api) => api.migrators(courseId) }),
  quiz: (courseId: number, quizId: number): Resource<Quiz> => ({ key: `course:${courseId}:quiz:${quizId}`, load: (api) => api.quiz(courseId, quizId) }),
  /** A student's own quiz submission (none before the first attempt), or every attempt a grader reaches. */
  quizSubmissions: (courseId: number, quizId: number): Resource<QuizSubmission[]> => ({
    key: `course:${courseId}:quiz:${quizId}:submissions`,
    load: (api) => api.quizSubmissions(courseId, quizId),
  }),
  quizSubmission: (courseId: number, quizId: number, id: number): Resource<QuizSubmission> => ({
    key: `course:${courseId}:quiz:${quizId}:submission:${id}`,
    load: (api) => api.quizSubmission(courseId, quizId, id),
  }),
  /**
   * The attempt's questions, answers and (as the quiz allows) results. A quiz submission keeps its id from attempt
   * to attempt, so the attempt's number is part of the key: a new attempt never shows the last one's questions.
   */
  attemptQuestions: (quizSubmissionId: number, attempt: number): Resource<QuizSubmissionQuestion[]> => ({
    key: `quiz-submission:${quizSubmissionId}:attempt:${attempt}:questions`,
    load: (api) => api.attemptQuestions(quizSubmissionId),
  }),
  quizzes: (courseId: number): Resource<Quiz[]> => ({ key: `course:${courseId}:quizzes`, load: (api) => api.quizzes(courseId) }),
  quizQuestions: (courseId: number, quizId: number): Resource<QuizQuestion[]> => ({
    key: `course:${courseId}:quiz:${quizId}:questions`,
    load: (api) => api.quizQuestions(courseId, quizId),
  }),
  quizStatistics: (courseId: number, quizId: number): Resource<QuizStatistics> => ({
    key: `course:${courseId}:quiz:${quizId}:statistics`,
    load: (api) => api.quizStatistics(courseId, quizId),
  }),
  conversations: (scope: ConversationScope): Resource<Conversation[]> => ({ key: `inbox:${scope}`, load: (api) => api.conversations(scope) }),
  /** With its messages; reading it marks it read. */
  conversation: (id: number): Resource<Conversation> => ({ key: `conversation:${id}`, load: (api) => api.conversation(id) }),
  /** Events and due dates of the courses named, from `start` to `end` (`YYYY-MM-DD`); `version` counts the changes made here. */
  calendarItems: (contextCodes: readonly string[], start: string, end: string, version: number): Resource<CalendarItem[]> => ({
    key: `calendar:${version}:${start}:${end}:${contextCodes.join(',')}`,
    load: (api) => api.calendarItems(contextCodes, start, end),
  }),
  calendarEvent: (id: number, version: number): Resource<CalendarItem> => ({ key: `calendar-event:${version}:${id}`, load: (api) => api.calendarEvent(id) }),
};

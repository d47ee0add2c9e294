import * as course from './course-declarations.ts';
import * as courseUser from './course-user-declarations.ts';
import * as directory from './directory-declarations.ts';
import * as local from './local-declarations.ts';
import type { DataTyped, RecordDeclaration } from './record-declaration.ts';

/**
 * Every domain record type, by the name of its repository (`repos.wikiPages`). The repositories, the sync pull,
 * conflicts on replay and the webhook deriver all read this table, so a type is declared once, completely, or not
 * at all. (Sync and webhook bookkeeping in `local` declares its own repositories beside the code that keeps it.)
 */
export const RECORD_DECLARATIONS = {
  accounts: directory.accountRecord,
  users: directory.userRecord,
  accountUsers: directory.accountUserRecord,
  channels: directory.channelRecord,
  roles: directory.roleRecord,
  roleOverrides: directory.roleOverrideRecord,
  polls: directory.pollRecord,
  pollChoices: directory.pollChoiceRecord,
  conversations: directory.conversationRecord,
  conversationMessages: directory.conversationMessageRecord,
  conversationParticipants: directory.conversationParticipantRecord,
  courses: course.courseRecord,
  sections: course.sectionRecord,
  enrollments: course.enrollmentRecord,
  assignments: course.assignmentRecord,
  assignmentGroups: course.assignmentGroupRecord,
  quizzes: course.quizRecord,
  quizQuestions: course.quizQuestionRecord,
  quizGroups: course.quizGroupRecord,
  discussionTopics: course.discussionTopicRecord,
  discussionEntries: course.discussionEntryRecord,
  files: course.fileRecord,
  fileContents: course.fileContentRecord,
  modules: course.moduleRecord,
  moduleItems: course.moduleItemRecord,
  moduleSettings: course.moduleSettingsRecord,
  groupCategories: course.groupCategoryRecord,
  groups: course.groupRecord,
  groupMemberships: course.groupMembershipRecord,
  wikiPages: course.wikiPageRecord,
  latePolicies: course.latePolicyRecord,
  customColumns: course.customColumnRecord,
  pollSessions: course.pollSessionRecord,
  liveAssessments: course.liveAssessmentRecord,
  calendarEvents: course.calendarEventRecord,
  submissions: courseUser.submissionRecord,
  quizSubmissions: courseUser.quizSubmissionRecord,
  submissionComments: courseUser.submissionCommentRecord,
  submissionVersions: courseUser.submissionVersionRecord,
  submissionReads: courseUser.submissionReadRecord,
  peerReviews: courseUser.peerReviewRecord,
  courseScores: courseUser.courseScoreRecord,
  columnData: courseUser.columnDatumRecord,
  moduleProgressions: courseUser.moduleProgressionRecord,
  discussionEntryParticipants: courseUser.entryParticipantRecord,
  discussionTopicParticipants: courseUser.topicParticipantRecord,
  pollSubmissions: courseUser.pollSubmissionRecord,
  liveAssessmentResults: courseUser.liveAssessmentResultRecord,
  notificationPolicies: courseUser.notificationPolicyRecord,
  plannerNotes: courseUser.plannerNoteRecord,
  plannerOverrides: courseUser.plannerOverrideRecord,
  errorReports: courseUser.errorReportRecord,
  pageRevisions: courseUser.pageRevisionRecord,
  tokens: local.tokenRecord,
  developerKeys: local.developerKeyRecord,
  installation: local.installationRecord,
  logins: local.loginRecord,
  sessions: local.sessionRecord,
  hubLink: local.hubLinkRecord,
  progress: local.progressRecord,
  jobs: local.jobRecord,
  exportFiles: local.exportFileRecord,
  exportChunks: local.exportChunkRecord,
  gradebookUploads: local.gradebookUploadRecord,
  contentMigrations: local.contentMigrationRecord,
  calendarFeeds: local.calendarFeedRecord,
} as const;

type Declarations = typeof RECORD_DECLARATIONS;
export type RepositoryName = keyof Declarations;
/** The data shape a declaration was made for. */
export type DataOf<D> = D extends DataTyped<infer TData extends object> ? TData : never;
export type RecordType = Declarations[RepositoryName]['type'];
/** A record type's declaration, by its storage type name. */
export type DeclarationOf<T extends RecordType> = Extract<Declarations[RepositoryName], { type: T }>;
/** The record types whose changes the webhook deriver turns into events. */
export type WebhookSourceType = { [K in RepositoryName]: Declarations[K]['webhooks'] extends readonly [] ? never : Declarations[K]['type'] }[RepositoryName];

// Any declaration, for readers that look one up by a stored record's type: its data shape is unknown there.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the slots function's parameter is the one part typed by the data
export type AnyRecordDeclaration = RecordDeclaration<any>;

const BY_TYPE: ReadonlyMap<string, AnyRecordDeclaration> = new Map(Object.values(RECORD_DECLARATIONS).map((d: AnyRecordDeclaration) => [d.type, d]));

/** The declaration of a stored record's type; undefined for bookkeeping types (outbox entries, receipts). */
export function declarationOf(type: string): AnyRecordDeclaration | undefined {
  return BY_TYPE.get(type);
}

export function allDeclarations(): AnyRecordDeclaration[] {
  return [...BY_TYPE.values()];
}

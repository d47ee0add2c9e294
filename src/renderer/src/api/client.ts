import type { Submission, SubmissionAttachment } from '../../../contracts/grading-dtos.ts';
import type { Assignment, Course, CourseModule, CourseUser, SubmissionContent, UploadTicket, UserProfile, WikiPage } from '../../../contracts/lms-dtos.ts';
import { gradebookCalls } from './gradebook-calls.ts';
import { discussionCalls } from './discussion-calls.ts';
import { feedbackCalls } from './feedback-calls.ts';
import { authoringCalls } from './authoring-calls.ts';
import { gradingCalls } from './grading-calls.ts';
import { peopleCalls } from './people-calls.ts';
import { plannerCalls } from './planner-calls.ts';
import { pollCalls } from './poll-calls.ts';
import { moveCalls } from './move-calls.ts';
import { quizAttemptCalls } from './quiz-attempt-calls.ts';
import { quizAuthoringCalls } from './quiz-authoring-calls.ts';
import { inboxCalls } from './inbox-calls.ts';
import { calendarCalls } from './calendar-calls.ts';
import { noticeCalls } from './notice-calls.ts';
import { classroomCalls } from './classroom-calls.ts';
import { createHttp, type Http, type HttpHooks } from './http.ts';
import type {
  AccessTokenInfo,
  CommunicationChannel,
  ConflictChoice,
  NotificationFrequency,
  NotificationPreference,
  HubConnectionStatus,
  CreatedAccessToken,
  SessionResponse,
  SetupStatus,
  SyncConflict,
  SyncStatus,
} from '../../../contracts/session-dtos.ts';

export { ApiError } from './api-error.ts';

/** The renderer's only door to the server: typed calls over HTTP, the same API third-party tools use. */
export function createApiClient(apiBaseUrl: string, hooks: HttpHooks = {}) {
  const http = createHttp(apiBaseUrl, hooks);
  return { ...sessionCalls(http), ...courseCalls(http), ...gradingCalls(http), ...gradebookCalls(http), ...feedbackCalls(http), ...discussionCalls(http), ...plannerCalls(http), ...pollCalls(http), ...notificationCalls(http), ...authoringCalls(http), ...peopleCalls(http), ...submissionCalls(http), ...syncCalls(http), ...tokenCalls(http), ...moveCalls(http), ...quizAttemptCalls(http), ...quizAuthoringCalls(http), ...inboxCalls(http), ...calendarCalls(http), ...noticeCalls(http), ...classroomCalls(http) };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export interface Credentials {
  unique_id: string;
  password: string;
}

/** Signing in and out, first setup, and the hub connection (which signs the caller in as the hub's user). */
function sessionCalls(http: Http) {
  // Every answer that opens a session carries its CSRF token; later requests send it.
  const opened = <T extends SessionResponse>(answer: T): T => {
    http.setCsrfToken(answer.csrf_token);
    return answer;
  };
  return {
    setupStatus: () => http.getOne<SetupStatus>('/api/v1/outpost/setup'),
    currentSession: async () => opened(await http.getOne<SessionResponse>('/api/v1/login/session')),
    signIn: async (credentials: Credentials) => opened(await http.writeJson<SessionResponse>('POST', '/api/v1/login/session', credentials)),
    signOut: async () => {
      try {
        await http.write('DELETE', '/api/v1/login/session');
      } finally {
        http.setCsrfToken(undefined);
      }
    },
    /** The signed-in person's language (`PUT /users/self` `user[locale]`); null goes back to the default. */
    localeChosen: (locale: string | null) => http.writeJson<UserProfile>('PUT', '/api/v1/users/self', { user: { locale: locale ?? '' } }),
    setUp: async (person: Credentials & { name: string; locale?: string }) =>
      opened(await http.writeJson<SessionResponse>('POST', '/api/v1/outpost/setup', person)),
    hubConnection: () => http.getOne<HubConnectionStatus>('/api/v1/sync/hub'),
    connectHub: async (hub: Credentials & { hub_url: string }) =>
      opened(await http.writeJson<SessionResponse & { hub: HubConnectionStatus }>('POST', '/api/v1/sync/hub', hub)),
    disconnectHub: (removeData: boolean) => http.write('DELETE', `/api/v1/sync/hub${removeData ? '?remove_data=true' : ''}`),
  };
}

function courseCalls(http: Http) {
  const course = (courseId: number) => `/api/v1/courses/${courseId}`;
  const itemDone = (courseId: number, moduleId: number, itemId: number) =>
    `${course(courseId)}/modules/${moduleId}/items/${itemId}/done`;
  return {
    courses: () => http.getAll<Course>('/api/v1/courses', { 'include[]': ['term'] }),
    course: (courseId: number) => http.getOne<Course>(course(courseId), { 'include[]': ['term'] }),
    /** With `studentId` (for staff), the modules carry that student's progression: states, locks and met requirements. */
    modules: (courseId: number, studentId?: number) =>
      http.getAll<CourseModule>(`${course(courseId)}/modules`, {
        'include[]': ['items', 'content_details'],
        ...(studentId === undefined ? {} : { student_id: String(studentId) }),
      }),
    moduleItemDone: (courseId: number, moduleId: number, itemId: number) => http.write('PUT', itemDone(courseId, moduleId, itemId)),
    moduleItemNotDone: (courseId: number, moduleId: number, itemId: number) =>
      http.write('DELETE', itemDone(courseId, moduleId, itemId)),
    assignments: (courseId: number) => http.getAll<Assignment>(`${course(courseId)}/assignments`),
    assignment: (courseId: number, assignmentId: number) =>
      http.getOne<Assignment>(`${course(courseId)}/assignments/${assignmentId}`),
    pages: (courseId: number) => http.getAll<WikiPage>(`${course(courseId)}/pages`, { sort: 'title' }),
    page: (courseId: number, pageUrl: string) =>
      http.getOne<WikiPage>(`${course(courseId)}/pages/${encodeURIComponent(pageUrl)}`),
    people: (courseId: number) => http.getAll<CourseUser>(`${course(courseId)}/users`, { 'include[]': ['enrollments'] }),
  };
}

/** The signed-in student's own submission of one assignment, and Canvas's upload steps 1 and 3 for its files. */
function submissionCalls(http: Http) {
  const submissions = (courseId: number, assignmentId: number) => `/api/v1/courses/${courseId}/assignments/${assignmentId}/submissions`;
  return {
    mySubmission: (courseId: number, assignmentId: number) =>
      http.getOne<Submission>(`${submissions(courseId, assignmentId)}/self`, { 'include[]': ['submission_history', 'submission_comments'] }),
    submit: (courseId: number, assignmentId: number, submission: SubmissionContent) =>
      http.writeJson<Submission>('POST', submissions(courseId, assignmentId), { submission }),
    beginSubmissionUpload: (courseId: number, assignmentId: number, file: { name: string; size: number; content_type: string }) =>
      http.writeJson<UploadTicket>('POST', `${submissions(courseId, assignmentId)}/self/files`, file),
    /** Step 3: the upload's own confirmation URL (the `Location` of step 2). */
    confirmUpload: (location: string) => http.writeJson<SubmissionAttachment>('POST', location),
  };
}

function syncCalls(http: Http) {
  return {
    syncStatus: () => http.getOne<SyncStatus>('/api/v1/sync/status'),
    conflicts: () => http.getAll<SyncConflict>('/api/v1/sync/conflicts'),
    resolveConflict: (conflictId: number, choice: ConflictChoice) => http.writeJson<SyncConflict>('POST', `/api/v1/sync/conflicts/${conflictId}/resolve`, { choice }),
  };
}

/** The signed-in person's own access tokens, for tools ("Approved integrations"). */
function tokenCalls(http: Http) {
  return {
    tokens: () => http.getAll<AccessTokenInfo>('/api/v1/users/self/tokens'),
    createToken: (purpose: string, expiresAt: string | undefined) =>
      http.writeJson<CreatedAccessToken>('POST', '/api/v1/users/self/tokens', { token: { purpose, expires_at: expiresAt } }),
    deleteToken: (tokenId: number) => http.write('DELETE', `/api/v1/users/self/tokens/${tokenId}`),
  };
}

/** The signed-in person's notification channels and how often each category of notification reaches them. */
function notificationCalls(http: Http) {
  const channel = (channelId: number) => `/api/v1/users/self/communication_channels/${channelId}`;
  return {
    channels: () => http.getAll<CommunicationChannel>('/api/v1/users/self/communication_channels'),
    notificationPreferences: async (channelId: number) =>
      (await http.getOne<{ notification_preferences: NotificationPreference[] }>(`${channel(channelId)}/notification_preferences`)).notification_preferences,
    categoryFrequencySet: (channelId: number, category: string, frequency: NotificationFrequency) =>
      http.write('PUT', `${channel(channelId)}/notification_preference_categories/${encodeURIComponent(category)}`, { notification_preferences: { frequency } }),
  };
}

/**
 * The UI's places. The router keeps them in the URL hash (HashRouter): back/forward and reload work the same in a
 * browser tab and in the Electron window, and the server needs no knowledge of UI paths.
 */
export const COURSE_TABS = ['modules', 'assignments', 'quizzes', 'discussions', 'pages', 'people', 'groups', 'grades', 'todo', 'polls', 'settings'] as const;
export type CourseTab = (typeof COURSE_TABS)[number];

export const paths = {
  courses: () => '/courses',
  course: (courseId: number, tab: CourseTab = 'modules') => `/courses/${courseId}/${tab}`,
  assignment: (courseId: number, assignmentId: number) => `/courses/${courseId}/assignments/${assignmentId}`,
  peerReview: (courseId: number, assignmentId: number, userId: number) => `/courses/${courseId}/assignments/${assignmentId}/reviews/${userId}`,
  newAssignment: (courseId: number) => `/courses/${courseId}/assignments/new`,
  editAssignment: (courseId: number, assignmentId: number) => `/courses/${courseId}/assignments/${assignmentId}/edit`,
  grader: (courseId: number, assignmentId: number) => `/courses/${courseId}/assignments/${assignmentId}/grade`,
  discussion: (courseId: number, topicId: number) => `/courses/${courseId}/discussions/${topicId}`,
  newDiscussion: (courseId: number) => `/courses/${courseId}/discussions/new`,
  newAnnouncement: (courseId: number) => `/courses/${courseId}/announcements/new`,
  editDiscussion: (courseId: number, topicId: number) => `/courses/${courseId}/discussions/${topicId}/edit`,
  page: (courseId: number, pageUrl: string) => `/courses/${courseId}/pages/${encodeURIComponent(pageUrl)}`,
  /** `~` never appears in a page's url (slugs are letters, digits and dashes), so no page is shadowed by the form. */
  newPage: (courseId: number) => `/courses/${courseId}/pages/~new`,
  editPage: (courseId: number, pageUrl: string) => `/courses/${courseId}/pages/${encodeURIComponent(pageUrl)}/edit`,
  pageRevisions: (courseId: number, pageUrl: string) => `/courses/${courseId}/pages/${encodeURIComponent(pageUrl)}/revisions`,
  settings: () => '/settings',
  /** The hub connection form; before first setup it is reached from the first-run screen. */
  connectHub: () => '/connect',
  syncDetails: () => '/sync',
  conflicts: () => '/sync/conflicts',
  courseImport: (courseId: number) => `/courses/${courseId}/settings/import`,
  courseExport: (courseId: number) => `/courses/${courseId}/settings/export`,
  gradebookImport: (courseId: number) => `/courses/${courseId}/grades/import`,
  quiz: (courseId: number, quizId: number) => `/courses/${courseId}/quizzes/${quizId}`,
  takeQuiz: (courseId: number, quizId: number) => `/courses/${courseId}/quizzes/${quizId}/take`,
  quizAttempts: (courseId: number, quizId: number) => `/courses/${courseId}/quizzes/${quizId}/attempts`,
  quizAttempt: (courseId: number, quizId: number, quizSubmissionId: number) => `/courses/${courseId}/quizzes/${quizId}/attempts/${quizSubmissionId}`,
  quizzes: (courseId: number) => `/courses/${courseId}/quizzes`,
  newQuiz: (courseId: number) => `/courses/${courseId}/quizzes/new`,
  editQuiz: (courseId: number, quizId: number) => `/courses/${courseId}/quizzes/${quizId}/edit`,
  quizStatistics: (courseId: number, quizId: number) => `/courses/${courseId}/quizzes/${quizId}/statistics`,
  inbox: () => '/inbox',
  compose: () => '/inbox/compose',
  conversation: (conversationId: number) => `/inbox/${conversationId}`,
  calendar: () => '/calendar',
  newEvent: () => '/calendar/events/new',
  editEvent: (eventId: number) => `/calendar/events/${eventId}/edit`,
};

const ID = /^\d{1,16}$/;

/** A numeric id from a URL segment, or undefined when the segment is not one (the screen then says "not found"). */
export function idParam(segment: string | undefined): number | undefined {
  return segment !== undefined && ID.test(segment) ? Number(segment) : undefined;
}

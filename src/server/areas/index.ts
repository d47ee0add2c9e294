import type { CoreServices } from '../core-services.ts';
import type { AnyRoute } from '../http/route.ts';
import { accessRules } from './common/access-rules.ts';
import { usersRoutes } from './users/users.routes.ts';
import { enrollmentsRoutes } from './enrollments/enrollments.routes.ts';
import { communicationChannelsRoutes } from './communication-channels/communication-channels.routes.ts';
import { tokensRoutes } from './tokens/tokens.routes.ts';
import { developerKeysRoutes } from './developer-keys/developer-keys.routes.ts';
import { oauth2Routes } from './oauth2/oauth2.routes.ts';
import { accountsRoutes } from './accounts/accounts.routes.ts';
import { coursesRoutes } from './courses/courses.routes.ts';
import { sectionsRoutes } from './sections/sections.routes.ts';
import { assignmentsRoutes } from './assignments/assignments.routes.ts';
import { submissionsRoutes } from './submissions/submissions.routes.ts';
import { assignmentGroupsRoutes } from './assignment-groups/assignment-groups.routes.ts';
import { latePolicyRoutes } from './late-policy/late-policy.routes.ts';
import { quizzesRoutes } from './quizzes/quizzes.routes.ts';
import { discussionEntriesRoutes } from './discussion-topics/discussion-entries.routes.ts';
import { discussionTopicsRoutes } from './discussion-topics/discussion-topics.routes.ts';
import { announcementsRoutes } from './announcements/announcements.routes.ts';
import { calendarEventsRoutes } from './calendar-events/calendar-events.routes.ts';
import { conversationsRoutes } from './conversations/conversations.routes.ts';
import { filesRoutes } from './files/files.routes.ts';
import { fileUploadsRoutes } from './file-uploads/file-uploads.routes.ts';
import { progressRoutes } from './progress/progress.routes.ts';
import { modulesRoutes } from './modules/modules.routes.ts';
import { moduleItemsRoutes } from './module-items/module-items.routes.ts';
import { courseSettingsRoutes } from './course-settings/course-settings.routes.ts';
import { groupCategoriesRoutes } from './group-categories/group-categories.routes.ts';
import { groupsRoutes } from './groups/groups.routes.ts';
import { pagesRoutes } from './pages/pages.routes.ts';
import { pollsRoutes } from './polls/polls.routes.ts';
import { liveAssessmentsRoutes } from './live-assessments/live-assessments.routes.ts';
import { customGradebookColumnsRoutes } from './custom-gradebook-columns/custom-gradebook-columns.routes.ts';
import { notificationPreferencesRoutes } from './notification-preferences/notification-preferences.routes.ts';
import { errorReportsRoutes } from './error-reports/error-reports.routes.ts';
import { rolesRoutes } from './roles/roles.routes.ts';
import { peerReviewsRoutes } from './peer-reviews/peer-reviews.routes.ts';
import { plannerRoutes } from './planner/planner.routes.ts';
import { webhookSubscriptionsRoutes } from './webhook-subscriptions/webhook-subscriptions.routes.ts';
import { syncRoutes } from './sync/sync.routes.ts';
import { loginsRoutes } from './logins/logins.routes.ts';
import { sessionsRoutes } from './sessions/sessions.routes.ts';
import { SignInThrottle } from '../http/sign-in-throttle.ts';
import { setupRoutes } from './setup/setup.routes.ts';
import { SetupService } from './setup/setup.service.ts';
import { exportFilesRoutes } from './export-files/export-files.routes.ts';
import { gradebookCsvsRoutes } from './gradebook-csvs/gradebook-csvs.routes.ts';
import { gradebookUploadsRoutes } from './gradebook-uploads/gradebook-uploads.routes.ts';
import { contentExportsRoutes } from './content-exports/content-exports.routes.ts';
import { contentMigrationsRoutes } from './content-migrations/content-migrations.routes.ts';
import { hubRoutes } from './sync/hub.routes.ts';
import { classroomRoutes } from './classroom/classroom.routes.ts';
import { classroomDelegationRoutes } from './classroom/classroom-delegation.routes.ts';
import { replayRoutes } from './sync/replay.routes.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';

/**
 * Every area's routes, in one list the HTTP layer registers and the OpenAPI document and the route fuzz test
 * walk. An area adds exactly one line here.
 */
export function areaRoutes(services: CoreServices): AnyRoute[] {
  const rules = accessRules(services);
  const routes: AnyRoute[] = [
    // one line per area, e.g. ...coursesRoutes(services, rules),
    sessionsRoutes(services, new SignInThrottle()),
    setupRoutes(services, new SetupService(services)),
    usersRoutes(services, rules),
    loginsRoutes(services, rules),
    enrollmentsRoutes(services, rules),
    communicationChannelsRoutes(services, rules),
    tokensRoutes(services, rules),
    developerKeysRoutes(services, rules),
    oauth2Routes(services),
    accountsRoutes(services, rules),
    coursesRoutes(services, rules),
    sectionsRoutes(services, rules),
    // Before assignments: /assignments/gradeable_students must not be taken for /assignments/:id.
    submissionsRoutes(services, rules),
    assignmentsRoutes(services, rules),
    assignmentGroupsRoutes(services, rules),
    latePolicyRoutes(services, rules),
    quizzesRoutes(services, rules),
    discussionTopicsRoutes(services, rules),
    discussionEntriesRoutes(services, rules),
    announcementsRoutes(services, rules),
    calendarEventsRoutes(services, rules),
    conversationsRoutes(services),
    filesRoutes(services, rules),
    fileUploadsRoutes(services),
    progressRoutes(services),
    modulesRoutes(services, rules),
    moduleItemsRoutes(services, rules),
    courseSettingsRoutes(services, rules),
    groupCategoriesRoutes(services, rules),
    groupsRoutes(services),
    pagesRoutes(services, rules),
    pollsRoutes(services, rules),
    liveAssessmentsRoutes(services, rules),
    customGradebookColumnsRoutes(services, rules),
    gradebookCsvsRoutes(services, rules),
    exportFilesRoutes(services),
    gradebookUploadsRoutes(services, rules),
    contentExportsRoutes(services, rules),
    // Imports write through the routes above, as the importing user.
    contentMigrationsRoutes(services, rules, () => routes),
    notificationPreferencesRoutes(services, rules),
    errorReportsRoutes(services),
    rolesRoutes(services, rules),
    peerReviewsRoutes(services, rules),
    plannerRoutes(services),
    dashboardRoutes(services),
    webhookSubscriptionsRoutes(services),
    hubRoutes(services),
    classroomRoutes(services),
    classroomDelegationRoutes(services),
    syncRoutes(services, () => routes),
    // Last: a device's writes (and a conflict's write made again) are replayed through every route above.
    replayRoutes(services, () => routes),
  ].flat();
  return routes;
}

import { Navigate, Route, Routes } from 'react-router';
import { CalendarScreen } from '../features/calendar/CalendarScreen.tsx';
import { EventEditorScreen } from '../features/calendar/EventEditorScreen.tsx';
import { CourseListPage } from '../features/courses/CourseListPage.tsx';
import { CourseRoutes } from '../features/courses/CourseRoutes.tsx';
import { ConnectHubScreen } from '../features/hub/ConnectHubScreen.tsx';
import { ComposeScreen } from '../features/inbox/ComposeScreen.tsx';
import { ConversationScreen } from '../features/inbox/ConversationScreen.tsx';
import { InboxScreen } from '../features/inbox/InboxScreen.tsx';
import { SettingsScreen } from '../features/settings/SettingsScreen.tsx';
import { ConflictReviewScreen } from '../features/sync/ConflictReviewScreen.tsx';
import { SyncDetailsScreen } from '../features/sync/SyncDetailsScreen.tsx';
import { paths } from '../lib/paths.ts';
import { NotFoundScreen } from '../shell/NotFoundScreen.tsx';

export function SignedInRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to={paths.courses()} replace />} />
      <Route path="/courses" element={<CourseListPage />} />
      <Route path="/courses/:courseId/*" element={<CourseRoutes />} />
      <Route path="/settings" element={<SettingsScreen />} />
      <Route path="/connect" element={<ConnectHubScreen />} />
      <Route path="/sync" element={<SyncDetailsScreen />} />
      <Route path="/sync/conflicts" element={<ConflictReviewScreen />} />
      <Route path="/inbox" element={<InboxScreen />} />
      <Route path="/inbox/compose" element={<ComposeScreen />} />
      <Route path="/inbox/:conversationId" element={<ConversationScreen />} />
      <Route path="/calendar" element={<CalendarScreen />} />
      <Route path="/calendar/events/new" element={<EventEditorScreen />} />
      <Route path="/calendar/events/:eventId/edit" element={<EventEditorScreen />} />
      <Route path="*" element={<NotFoundScreen />} />
    </Routes>
  );
}

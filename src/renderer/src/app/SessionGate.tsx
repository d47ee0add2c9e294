import { Route, Routes } from 'react-router';
import { Header } from '../components/Header.tsx';
import { ConnectHubScreen } from '../features/hub/ConnectHubScreen.tsx';
import { SignInScreen } from '../features/session/SignInScreen.tsx';
import { FirstRunScreen } from '../features/setup/FirstRunScreen.tsx';
import { DesktopNotifier } from '../features/notifications/DesktopNotifier.tsx';
import { ServerProblemScreen } from '../shell/ServerProblemScreen.tsx';
import { StartingScreen } from '../shell/StartingScreen.tsx';
import { useSessionStore } from '../stores/session-store.ts';
import { SignedInRoutes } from './SignedInRoutes.tsx';

/**
 * Which screens exist depends on the session: before anyone can sign in, the first-run choice; signed out, the
 * sign-in screen whatever the URL says (it stays, so signing in lands where the person was); signed in, the app.
 */
export function SessionGate() {
  const session = useSessionStore((s) => s.session);
  return (
    <>
      <Header />
      {session.phase === 'signed-in' && <DesktopNotifier />}
      {session.phase === 'signed-in' ? (
        <SignedInRoutes />
      ) : session.phase === 'first-run' ? (
        <Routes>
          <Route path="/connect" element={<ConnectHubScreen />} />
          <Route path="*" element={<FirstRunScreen />} />
        </Routes>
      ) : session.phase === 'signed-out' ? (
        <SignInScreen />
      ) : session.phase === 'unreachable' ? (
        <ServerProblemScreen error={session.error} />
      ) : (
        <StartingScreen />
      )}
    </>
  );
}

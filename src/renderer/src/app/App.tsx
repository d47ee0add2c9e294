import { useEffect } from 'react';
import { Header } from '../components/Header.tsx';
import { SignInPage } from '../features/session/SignInPage.tsx';
import { useSessionStore } from '../stores/session-store.ts';
import { AppRoutes } from './AppRoutes.tsx';

export function App() {
  const phase = useSessionStore((s) => s.session.phase);
  const appStarted = useSessionStore((s) => s.appStarted);

  useEffect(() => {
    void appStarted();
  }, [appStarted]);

  return (
    <>
      <Header />
      {phase === 'signed-in' ? (
        <AppRoutes />
      ) : phase === 'starting' ? (
        <main className="page">
          <p role="status" className="muted">
            Starting…
          </p>
        </main>
      ) : (
        <SignInPage />
      )}
    </>
  );
}

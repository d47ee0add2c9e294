import { useEffect } from 'react';
import { HashRouter } from 'react-router';
import { useSessionStore } from '../stores/session-store.ts';
import { SessionGate } from './SessionGate.tsx';

export function App() {
  const appStarted = useSessionStore((s) => s.appStarted);
  useEffect(() => {
    void appStarted();
  }, [appStarted]);
  return (
    <HashRouter>
      <SessionGate />
    </HashRouter>
  );
}

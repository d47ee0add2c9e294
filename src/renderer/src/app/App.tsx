import { useEffect } from 'react';
import { HashRouter } from 'react-router';
import { I18nProvider } from '../i18n/I18nProvider.tsx';
import { useSessionStore } from '../stores/session-store.ts';
import { SessionGate } from './SessionGate.tsx';

export function App() {
  const appStarted = useSessionStore((s) => s.appStarted);
  useEffect(() => {
    void appStarted();
  }, [appStarted]);
  return (
    <I18nProvider>
      <HashRouter>
        <SessionGate />
      </HashRouter>
    </I18nProvider>
  );
}

import { ApiError } from '../api/api-error.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { Screen } from './Screen.tsx';

/** Outpost could not be asked who is signed in: what happened, what to do, and a way to try again. */
export function ServerProblemScreen({ error }: { error: Error }) {
  const retryRequested = useSessionStore((s) => s.retryRequested);
  const { title, explanation } = describeProblem(error);
  return (
    <Screen title={title} narrow>
      <p role="alert">{explanation}</p>
      <button type="button" onClick={() => void retryRequested()}>
        Retry
      </button>
    </Screen>
  );
}

function describeProblem(error: Error): { title: string; explanation: string } {
  const { host, port } = window.location;
  if (error instanceof ApiError && error.kind === 'network') {
    return {
      title: 'Outpost is not answering',
      explanation: `Nothing answered at ${host}. Outpost may have stopped or be restarting: start it again (open the app, or run npm start), then retry.`,
    };
  }
  if (error instanceof ApiError && error.kind === 'wrong_host') {
    return {
      title: 'Outpost refused this address',
      explanation: `Outpost answers only on this computer's own addresses, not on ${host}. Open http://127.0.0.1:${port}/ or http://localhost:${port}/ instead.`,
    };
  }
  return { title: 'Outpost could not open your session', explanation: `${error.message}. Retry; if it keeps failing, restart Outpost.` };
}

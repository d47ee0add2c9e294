import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { ApiError } from '../api/api-error.ts';
import { common } from '../i18n/common-messages.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { Screen } from './Screen.tsx';

/** Outpost could not be asked who is signed in: what happened, what to do, and a way to try again. */
export function ServerProblemScreen({ error }: { error: Error }) {
  const retryRequested = useSessionStore((s) => s.retryRequested);
  const { title, explanation } = describeProblem(error, useIntl());
  return (
    <Screen title={title} narrow>
      <p role="alert">{explanation}</p>
      <button type="button" onClick={() => void retryRequested()}>
        <FormattedMessage {...common.retry} />
      </button>
    </Screen>
  );
}

function describeProblem(error: Error, intl: IntlShape): { title: string; explanation: string } {
  const { host, port } = window.location;
  if (error instanceof ApiError && error.kind === 'network') {
    return {
      title: intl.formatMessage({ id: 'shell.problem.network.title', defaultMessage: 'Outpost is not answering' }),
      explanation: intl.formatMessage(
        {
          id: 'shell.problem.network.explanation',
          defaultMessage: 'Nothing answered at {host}. Outpost may have stopped or be restarting: start it again (open the app, or run npm start), then retry.',
        },
        { host },
      ),
    };
  }
  if (error instanceof ApiError && error.kind === 'wrong_host') {
    return {
      title: intl.formatMessage({ id: 'shell.problem.wrongHost.title', defaultMessage: 'Outpost refused this address' }),
      explanation: intl.formatMessage(
        {
          id: 'shell.problem.wrongHost.explanation',
          defaultMessage: "Outpost answers only on this computer's own addresses, not on {host}. Open {loopback} or {localhost} instead.",
        },
        { host, loopback: `http://127.0.0.1:${port}/`, localhost: `http://localhost:${port}/` },
      ),
    };
  }
  return {
    title: intl.formatMessage({ id: 'shell.problem.other.title', defaultMessage: 'Outpost could not open your session' }),
    explanation: intl.formatMessage(
      { id: 'shell.problem.other.explanation', defaultMessage: '{reason}. Retry; if it keeps failing, restart Outpost.' },
      { reason: error.message },
    ),
  };
}

import { useCallback, useState } from 'react';
import { ApiError } from '../api/api-error.ts';
import { currentIntl } from '../i18n/current-intl.ts';

export interface Submission {
  pending: boolean;
  /** Why the last attempt failed, in words for the person. */
  error?: string;
  /**
   * Runs `action` unless one is already running; a failure becomes `error`, success clears it. The promise settles
   * (never rejects) when the action is over, for callers that act after it (putting focus back).
   */
  submit: (action: () => Promise<unknown>) => Promise<void>;
}

/** A form's own sending state: one request at a time, and the server's reason when it says no. */
export function useSubmission(describe: (error: unknown) => string = submissionErrorText): Submission {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const submit = useCallback(
    (action: () => Promise<unknown>) => {
      if (pending) return Promise.resolve();
      setPending(true);
      setError(undefined);
      return action()
        .then(
          () => undefined,
          (err: unknown) => setError(describe(err)),
        )
        .finally(() => setPending(false));
    },
    [pending, describe],
  );
  return { pending, error, submit };
}

/** The server's own message where it gave one; otherwise what happened and what to do. */
export function submissionErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    const intl = currentIntl();
    if (error.kind === 'network') {
      return intl.formatMessage({ id: 'submission.network', defaultMessage: 'Outpost did not answer. Check that it is still running, then try again.' });
    }
    // The server's own words where it gave some (Canvas's error messages are English, as Canvas's API's are).
    return error.messages.join(' ') || intl.formatMessage({ id: 'submission.failed', defaultMessage: 'The request failed ({status}).' }, { status: error.status });
  }
  return error instanceof Error ? error.message : String(error);
}

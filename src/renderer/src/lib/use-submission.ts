import { useCallback, useState } from 'react';
import { ApiError } from '../api/api-error.ts';

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
    if (error.kind === 'network') return 'Outpost did not answer. Check that it is still running, then try again.';
    return error.messages.join(' ') || `The request failed (${error.status}).`;
  }
  return error instanceof Error ? error.message : String(error);
}

import { useCallback, useRef, useState } from 'react';
import { submissionErrorText } from './use-submission.ts';

export interface ChangeQueue {
  /** Why the last change failed, in words for the person; cleared by the next that succeeds. */
  error?: string;
  /** Sends `change` once those sent before it are over; settles (never rejects) when it is. */
  send: (change: () => Promise<unknown>) => Promise<void>;
}

/**
 * Changes made in place (a checkbox, a select), each sent as it is made and one after another in that order. A form's
 * single submit may ignore a second press while the first is on its way (useSubmission); in-place changes are each
 * something the person did, so none is dropped: publishing an item and at once choosing its requirement sends both.
 */
export function useChangeQueue(describe: (error: unknown) => string = submissionErrorText): ChangeQueue {
  const [error, setError] = useState<string>();
  const tail = useRef<Promise<void>>(Promise.resolve());
  const send = useCallback(
    (change: () => Promise<unknown>) => {
      const sent = tail.current.then(change).then(
        () => setError(undefined),
        (err: unknown) => setError(describe(err)),
      );
      tail.current = sent;
      return sent;
    },
    [describe],
  );
  return { error, send };
}

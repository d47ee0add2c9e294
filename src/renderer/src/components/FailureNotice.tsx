import { ApiError } from '../api/api-error.ts';

interface FailureNoticeProps {
  error: Error;
  /** What failed to load, for the message: "modules", "your courses". */
  what: string;
  onRetry: () => void;
}

/** Says what went wrong and what to do about it, with a way to try again. */
export function FailureNotice({ error, what, onRetry }: FailureNoticeProps) {
  return (
    <div className="failure">
      <p role="alert" className="error">
        {failureMessage(error, what)}
      </p>
      <button type="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

export function failureMessage(error: Error, what: string): string {
  if (!(error instanceof ApiError)) return `Could not load ${what}: ${error.message}`;
  switch (error.kind) {
    case 'forbidden':
      return `You are not allowed to see ${what}.`;
    case 'not_found':
      return `Not found: ${what} does not exist or was deleted.`;
    case 'network':
      return `Could not load ${what}: Outpost did not answer. Check that it is still running, then retry.`;
    case 'throttled':
      return `Could not load ${what}: too many requests. Wait a moment, then retry.`;
    default:
      return `Could not load ${what}: ${error.message}`;
  }
}

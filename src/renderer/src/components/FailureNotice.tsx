import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { ApiError } from '../api/api-error.ts';
import { common } from '../i18n/common-messages.ts';

interface FailureNoticeProps {
  error: Error;
  /** What failed to load, in the screen's language, for the message: "modules", "your courses". */
  what: string;
  onRetry: () => void;
}

/** Says what went wrong and what to do about it, with a way to try again. */
export function FailureNotice({ error, what, onRetry }: FailureNoticeProps) {
  const intl = useIntl();
  return (
    <div className="failure">
      <p role="alert" className="error">
        {failureMessage(error, what, intl)}
      </p>
      <button type="button" onClick={onRetry}>
        <FormattedMessage {...common.retry} />
      </button>
    </div>
  );
}

export function failureMessage(error: Error, what: string, intl: IntlShape): string {
  const kind = error instanceof ApiError ? error.kind : undefined;
  switch (kind) {
    case 'forbidden':
      return intl.formatMessage({ id: 'failure.forbidden', defaultMessage: 'You are not allowed to see {what}.' }, { what });
    case 'not_found':
      return intl.formatMessage({ id: 'failure.notFound', defaultMessage: 'Not found: {what} does not exist or was deleted.' }, { what });
    case 'network':
      return intl.formatMessage(
        { id: 'failure.network', defaultMessage: 'Could not load {what}: Outpost did not answer. Check that it is still running, then retry.' },
        { what },
      );
    case 'throttled':
      return intl.formatMessage({ id: 'failure.throttled', defaultMessage: 'Could not load {what}: too many requests. Wait a moment, then retry.' }, { what });
    default:
      // The server's own words (Canvas's error message), which Outpost does not translate.
      return intl.formatMessage({ id: 'failure.other', defaultMessage: 'Could not load {what}: {reason}' }, { what, reason: error.message });
  }
}

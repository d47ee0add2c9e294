import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ResourceView } from '../stores/resource-store.ts';
import { FailureNotice } from './FailureNotice.tsx';

interface LoadedProps<T> {
  value: ResourceView<T>;
  /** What is being loaded, already in the screen's language, for the messages: "modules", "this page". */
  what: string;
  children: (data: T) => ReactNode;
}

/** Renders `children` once `value` has loaded; a status line while loading, an alert with Retry when it failed. */
export function Loaded<T>({ value, what, children }: LoadedProps<T>) {
  if (value.status === 'loaded') return children(value.data);
  if (value.status === 'loading') {
    return (
      <p role="status" className="muted">
        <FormattedMessage id="loaded.loading" defaultMessage="Loading {what}…" values={{ what }} description="{what}: a noun phrase such as “your courses”." />
      </p>
    );
  }
  return <FailureNotice error={value.error} what={what} onRetry={value.retry} />;
}

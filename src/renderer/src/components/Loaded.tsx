import type { ReactNode } from 'react';
import { ApiError } from '../api/client.ts';
import type { Loadable } from '../stores/resource-store.ts';

interface LoadedProps<T> {
  value: Loadable<T>;
  /** What is being loaded, for the messages: "modules", "this page". */
  what: string;
  children: (data: T) => ReactNode;
}

/** Renders `children` once `value` has loaded; a status line while loading and an alert when it failed. */
export function Loaded<T>({ value, what, children }: LoadedProps<T>) {
  if (value.status === 'loaded') return children(value.data);
  if (value.status === 'loading') {
    return (
      <p role="status" className="muted">
        Loading {what}…
      </p>
    );
  }
  return (
    <p role="alert" className="error">
      {failureMessage(value.error, what)}
    </p>
  );
}

function failureMessage(error: Error, what: string): string {
  if (!(error instanceof ApiError)) return `Could not load ${what}: ${error.message}`;
  switch (error.kind) {
    case 'forbidden':
      return `You are not allowed to see ${what}.`;
    case 'not_found':
      return `Not found: ${what} does not exist or was deleted.`;
    case 'network':
      return `Could not load ${what}: the server did not answer.`;
    default:
      return `Could not load ${what}: ${error.message}`;
  }
}

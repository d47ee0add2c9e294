import { useMemo, useSyncExternalStore } from 'react';
import { parseRoute, type Route } from './routes.ts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The place the URL points at; re-renders on back/forward and link clicks. */
export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return useMemo(() => parseRoute(hash), [hash]);
}

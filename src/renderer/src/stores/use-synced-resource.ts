import { useEffect, useRef } from 'react';
import { useResource, useResourceStore, type Resource, type ResourceView } from './resource-store.ts';
import { useSyncStatusStore } from './sync-status-store.ts';

/**
 * `useResource`, read again after each sync with the hub: what the hub did meanwhile (when it received work made
 * offline, a grade) shows without a reload. Reads only when a sync completed, not on every status poll.
 */
export function useSyncedResource<T>(resource: Resource<T>): ResourceView<T> {
  const view = useResource(resource);
  const lastSynced = useSyncStatusStore((s) => s.status?.last_synced_at ?? null);
  const latest = useRef(resource);
  const seen = useRef(lastSynced);
  useEffect(() => {
    latest.current = resource;
  });
  useEffect(() => {
    if (seen.current === lastSynced) return;
    seen.current = lastSynced;
    void useResourceStore.getState().resourceStale(latest.current);
  }, [lastSynced]);
  return view;
}

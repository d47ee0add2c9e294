import { useEffect } from 'react';
import { create } from 'zustand';
import type { ApiClient } from '../api/client.ts';
import { currentApi, useSessionStore } from './session-store.ts';

/** One read from the API as the UI sees it. */
export type Loadable<T> = { status: 'loading' } | { status: 'loaded'; data: T } | { status: 'failed'; error: Error };

/** A named read: the key identifies the answer in the cache, `load` fetches it with the signed-in user's client. */
export interface Resource<T> {
  key: string;
  load: (api: ApiClient) => Promise<T>;
}

interface ResourceStore {
  entries: Partial<Record<string, Loadable<unknown>>>;
  /** A view wants this data: load it unless it is loaded or on its way. */
  resourceNeeded: (resource: Resource<unknown>) => Promise<void>;
  /** The data changed on the server (the user just acted): load it again, showing the old copy meanwhile. */
  resourceStale: (resource: Resource<unknown>) => Promise<void>;
  /** The person asked to try a failed read again. */
  resourceRetried: (resource: Resource<unknown>) => Promise<void>;
  sessionEnded: () => void;
}

/*
 * Every list and detail view reads through this one cache instead of a store of its own, so loading, failure and
 * sign-out handling are written once. Entries are per signed-in user: they are dropped when the session ends.
 */
export const useResourceStore = create<ResourceStore>()((set, get) => {
  // Answers that arrive after the session ended belong to the previous user and are dropped.
  let generation = 0;

  async function load(resource: Resource<unknown>, showLoading: boolean): Promise<void> {
    const mine = generation;
    if (showLoading) set((s) => ({ entries: { ...s.entries, [resource.key]: { status: 'loading' } } }));
    let entry: Loadable<unknown>;
    try {
      entry = { status: 'loaded', data: await resource.load(currentApi()) };
    } catch (error) {
      entry = { status: 'failed', error: error instanceof Error ? error : new Error(String(error)) };
    }
    if (mine === generation) set((s) => ({ entries: { ...s.entries, [resource.key]: entry } }));
  }

  return {
    entries: {},
    resourceNeeded: async (resource) => {
      if (get().entries[resource.key]) return;
      await load(resource, true);
    },
    resourceStale: (resource) => load(resource, !get().entries[resource.key]),
    resourceRetried: (resource) => load(resource, true),
    sessionEnded: () => {
      generation++;
      set({ entries: {} });
    },
  };
});

useSessionStore.subscribe((state, previous) => {
  if (previous.session.phase === 'signed-in' && state.session.phase !== 'signed-in') useResourceStore.getState().sessionEnded();
});

/** A read as a view holds it: its state, and a way to try again after a failure. */
export type ResourceView<T> = Loadable<T> & { retry: () => void };

/** The current state of `resource`, loading it on first use. */
export function useResource<T>(resource: Resource<T>): ResourceView<T> {
  // The cache holds every resource's answer under its key; the key fixes the type, so this is the one cast.
  const entry = useResourceStore((s) => s.entries[resource.key]) as Loadable<T> | undefined;
  const resourceNeeded = useResourceStore((s) => s.resourceNeeded);
  const resourceRetried = useResourceStore((s) => s.resourceRetried);
  const { key } = resource;
  useEffect(() => {
    void resourceNeeded(resource);
    // The resource object is rebuilt each render; its key says whether it is the same read.
  }, [key, resourceNeeded]);
  return { ...(entry ?? { status: 'loading' }), retry: () => void resourceRetried(resource) };
}

/** Several reads as one: loading until all have loaded, failed when one failed (retry retries the failed ones). */
export function allLoaded<T extends unknown[]>(...views: { [K in keyof T]: ResourceView<T[K]> }): ResourceView<T> {
  const retry = () => views.forEach((v) => v.status === 'failed' && v.retry());
  for (const v of views) if (v.status === 'failed') return { status: 'failed', error: v.error, retry };
  if (views.some((v) => v.status !== 'loaded')) return { status: 'loading', retry };
  // Every view has loaded, in the order of T: the mapped tuple type cannot say so to the compiler.
  return { status: 'loaded', data: views.map((v) => (v.status === 'loaded' ? v.data : undefined)) as T, retry };
}

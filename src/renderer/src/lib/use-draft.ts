import { useCallback, useMemo, useState } from 'react';
import { useSessionStore } from '../stores/session-store.ts';

/** What a form kept of its unsaved text, and when. */
export interface SavedDraft<T> {
  value: T;
  savedAt: string;
}

export interface Draft<T> {
  /** A draft left by an earlier visit (a reload, a crash), offered back until it is restored or discarded. */
  offered?: SavedDraft<T>;
  /** Keeps the form's current values; called on every change the person makes. */
  keep: (value: T) => void;
  /** Takes the offered draft back into the form. */
  restore: () => T | undefined;
  /** Drops the draft: discarded, or saved to the server. */
  drop: () => void;
}

/**
 * Unsaved editor text survives a reload or a crash: each change is kept in the browser's local storage under the
 * signed-in person, the course and the record (`new` for one not created yet), and offered back when the form opens
 * again. The person on the device, not the server, owns a draft, so it never syncs.
 */
export function useDraft<T>(courseId: number, record: string): Draft<T> {
  const userId = useSessionStore((s) => (s.session.phase === 'signed-in' ? s.session.user.id : 0));
  const key = `outpost:draft:${userId}:${courseId}:${record}`;
  // Read once per key: a draft written during this visit is not "offered", it is what the form already shows.
  const initial = useMemo(() => readDraft<T>(key), [key]);
  const [offered, setOffered] = useState(initial);

  const keep = useCallback((value: T) => writeDraft(key, { value, savedAt: new Date().toISOString() }), [key]);
  const drop = useCallback(() => {
    setOffered(undefined);
    localStorage.removeItem(key);
  }, [key]);
  const restore = useCallback(() => {
    setOffered(undefined);
    return offered?.value;
  }, [offered]);
  return { offered, keep, restore, drop };
}

function readDraft<T>(key: string): SavedDraft<T> | undefined {
  const text = localStorage.getItem(key);
  if (text === null) return undefined;
  try {
    // Only this hook writes under the key, with the form's own values type.
    return JSON.parse(text) as SavedDraft<T>;
  } catch {
    localStorage.removeItem(key);
    return undefined;
  }
}

function writeDraft<T>(key: string, draft: SavedDraft<T>): void {
  try {
    localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // A full or disabled storage loses the safety copy only; the form and its Save still work.
  }
}

import { create } from 'zustand';
import type { UserProfile } from '../../../contracts/lms-dtos.ts';
import { ApiError, createApiClient, type ApiClient } from '../api/client.ts';
import type { SessionResponse } from '../../../contracts/session-dtos.ts';
import { currentIntl } from '../i18n/current-intl.ts';
import { apiBaseUrl } from '../lib/api-base-url.ts';
import { useHealthStore } from './health-store.ts';

export type SessionState =
  | { phase: 'starting' }
  /** Outpost could not be asked whether anyone is signed in (server gone, address refused). */
  | { phase: 'unreachable'; error: Error }
  /** Nobody but the built-in admin can sign in yet: the first person sets Outpost up or connects it to a hub. */
  | { phase: 'first-run' }
  | { phase: 'signed-out'; notice?: string }
  | { phase: 'signed-in'; user: UserProfile };

interface SessionStore {
  session: SessionState;
  /** The one API client, once the API's address is known; the session's CSRF token lives inside it. */
  api?: ApiClient;
  appStarted: () => Promise<void>;
  /** Ask the server again who is signed in (after an "unreachable" start). */
  retryRequested: () => Promise<void>;
  /** A sign-in, first setup or hub connection opened a session (each form calls the API itself). */
  sessionOpened: (answer: SessionResponse) => void;
  /** The signed-in person's own record changed (their language). */
  userChanged: (user: UserProfile) => void;
  signOutClicked: () => Promise<void>;
  /** The server stopped accepting the session mid-way (expired, or ended elsewhere). */
  sessionRejected: () => void;
}

/*
 * The session itself is an HttpOnly cookie the page cannot read; the page keeps only who is signed in and the CSRF
 * token (in the API client's memory). A reload asks the server again (`GET /api/v1/login/session`).
 */
export const useSessionStore = create<SessionStore>()((set, get) => {
  async function learnSession(api: ApiClient): Promise<void> {
    try {
      const { user } = await api.currentSession();
      set({ session: { phase: 'signed-in', user } });
    } catch (error) {
      if (!(error instanceof ApiError) || error.kind !== 'unauthenticated') {
        set({ session: { phase: 'unreachable', error: asError(error) } });
        return;
      }
      try {
        const { setup_needed } = await api.setupStatus();
        set({ session: setup_needed ? { phase: 'first-run' } : { phase: 'signed-out' } });
      } catch (setupError) {
        set({ session: { phase: 'unreachable', error: asError(setupError) } });
      }
    }
  }

  return {
    session: { phase: 'starting' },

    appStarted: async () => {
      if (get().api) return;
      const api = createApiClient(await apiBaseUrl(), {
        onUnauthenticated: () => {
          if (get().session.phase === 'signed-in') get().sessionRejected();
        },
        onNoAnswer: () => void useHealthStore.getState().failureNoticed(),
      });
      set({ api });
      await learnSession(api);
    },

    retryRequested: async () => {
      const { api } = get();
      if (!api) return;
      set({ session: { phase: 'starting' } });
      await learnSession(api);
    },

    sessionOpened: ({ user }) => set({ session: { phase: 'signed-in', user } }),

    userChanged: (user) => {
      const { session } = get();
      if (session.phase === 'signed-in' && session.user.id === user.id) set({ session: { phase: 'signed-in', user } });
    },

    signOutClicked: async () => {
      let notice: string | undefined;
      try {
        await get().api?.signOut();
      } catch (error) {
        // Signed out here either way; say so when the server could not end the session too.
        notice = currentIntl().formatMessage(
          {
            id: 'session.signOut.unconfirmed',
            defaultMessage: 'You are signed out on this screen, but Outpost did not confirm it ({reason}). Sign out again once it answers.',
          },
          { reason: asError(error).message },
        );
      }
      set({ session: { phase: 'signed-out', notice } });
    },

    sessionRejected: () =>
      set({
        session: {
          phase: 'signed-out',
          notice: currentIntl().formatMessage({ id: 'session.expired', defaultMessage: 'Your session has expired or was ended. Sign in again to continue.' }),
        },
      }),
  };
});

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** The API client for calls that need no session (sign-in, first setup); present once the app has started. */
export function appApi(): ApiClient {
  const { api } = useSessionStore.getState();
  if (!api) throw new Error('Outpost is still starting');
  return api;
}

/** The signed-in person's API client; feature stores call it only while signed in. */
export function currentApi(): ApiClient {
  if (useSessionStore.getState().session.phase !== 'signed-in') throw new Error('Not signed in');
  return appApi();
}

import { create } from 'zustand';
import type { UserProfile } from '../../../shared/lms-dtos.ts';
import { ApiError, createApiClient, type ApiClient, type ApiCredentials } from '../api/client.ts';
import { apiBaseUrl } from '../lib/session.ts';

export type SessionState =
  | { phase: 'starting' }
  | { phase: 'signed-out'; notice?: string }
  | { phase: 'verifying' }
  | { phase: 'signed-in'; user: UserProfile; api: ApiClient };

interface SessionStore {
  session: SessionState;
  appStarted: () => Promise<void>;
  tokenSubmitted: (token: string) => Promise<void>;
  signOutClicked: () => void;
  /** The server stopped accepting the token mid-session. */
  tokenRejected: (message: string) => void;
}

/*
 * The token lives only in this store (memory) and in the API client's closure: never localStorage or a cookie, where
 * an injected script or a later visitor could pick it up. A browser reload therefore asks for it again.
 */
export const useSessionStore = create<SessionStore>()((set, get) => {
  // Each attempt gets a number; an answer for an older attempt (the user signed out meanwhile) is dropped.
  let attempt = 0;

  async function verify(credentials: ApiCredentials, failureNotice: (error: unknown) => string): Promise<void> {
    const mine = ++attempt;
    set({ session: { phase: 'verifying' } });
    const api = createApiClient(credentials, {
      onUnauthenticated: (error) => {
        if (mine === attempt && get().session.phase === 'signed-in') get().tokenRejected(error.message);
      },
    });
    try {
      const user = await api.self();
      if (mine === attempt) set({ session: { phase: 'signed-in', user, api } });
    } catch (error) {
      if (mine === attempt) set({ session: { phase: 'signed-out', notice: failureNotice(error) } });
    }
  }

  return {
    session: { phase: 'starting' },

    appStarted: async () => {
      if (get().session.phase !== 'starting') return;
      set({ session: { phase: 'signed-out' } });
    },

    tokenSubmitted: async (token) =>
      verify({ apiBaseUrl: await apiBaseUrl(), token: token.trim() }, (error) =>
        error instanceof ApiError && error.kind === 'unauthenticated'
          ? 'That token was not accepted. Check that you copied all of it, or issue a new one.'
          : `Could not sign in: ${describe(error)}`,
      ),

    signOutClicked: () => {
      attempt++;
      set({ session: { phase: 'signed-out' } });
    },

    tokenRejected: (message) => {
      attempt++;
      set({ session: { phase: 'signed-out', notice: `You were signed out: ${message}` } });
    },
  };
});

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The signed-in user's API client; feature stores call it only while signed in. */
export function currentApi(): ApiClient {
  const { session } = useSessionStore.getState();
  if (session.phase !== 'signed-in') throw new Error('Not signed in');
  return session.api;
}

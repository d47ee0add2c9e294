import { create } from 'zustand';
import type { CreatedAccessToken } from '../../../contracts/session-dtos.ts';
import { useResourceStore } from './resource-store.ts';
import { resources } from './resources.ts';
import { currentApi, useSessionStore } from './session-store.ts';

interface TokensStore {
  /** The token just created: its secret is shown this once, until the person dismisses it or leaves. */
  issued?: CreatedAccessToken;
  /** Throws the server's refusal for the form to show. */
  tokenRequested: (purpose: string, expiresAt: string | undefined) => Promise<void>;
  issuedDismissed: () => void;
  deleteClicked: (tokenId: number) => Promise<void>;
}

/** The person's own access tokens for tools (Canvas's "Approved integrations"). */
export const useTokensStore = create<TokensStore>()((set) => {
  const listChanged = () => useResourceStore.getState().resourceStale(resources.tokens());
  return {
    tokenRequested: async (purpose, expiresAt) => {
      set({ issued: await currentApi().createToken(purpose, expiresAt) });
      await listChanged();
    },
    issuedDismissed: () => set({ issued: undefined }),
    deleteClicked: async (tokenId) => {
      await currentApi().deleteToken(tokenId);
      await listChanged();
    },
  };
});

useSessionStore.subscribe((state, previous) => {
  // A token's secret never outlives the session it was created in.
  if (previous.session.phase === 'signed-in' && state.session.phase !== 'signed-in') useTokensStore.setState({ issued: undefined });
});

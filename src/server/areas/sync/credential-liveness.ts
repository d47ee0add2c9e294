import type { CoreServices } from '../../core-services.ts';
import type { CredentialCheck, CredentialWatch } from '../../sync/open-streams.ts';

/** Whether the token or session a principal came with still admits its user: revoked, expired or signed out do not. */
export function credentialIsLive(services: CoreServices): CredentialCheck {
  return (principal, now) =>
    principal.sessionId !== undefined ? services.sessions.isLive(principal.sessionId, now) : services.tokens.isLive(principal, now);
}

/**
 * Tells of every committed change to a token, session or developer key (turning a key off cuts its tokens off):
 * how a revocation, through whichever route or service made it, reaches the connections its credential holds.
 */
export function watchCredentials(services: CoreServices): CredentialWatch {
  const { repos } = services;
  const types = new Set([repos.tokens.type, repos.sessions.type, repos.developerKeys.type]);
  // The three are the installation's own records, never replicated: they share the `local` collection.
  const collection = services.sync.db.collections.local;
  return (changed) => {
    const subscription = collection.storageInstance.changeStream().subscribe((bulk) => {
      if (bulk.events.some((event) => types.has(event.documentData.type))) changed();
    });
    return () => subscription.unsubscribe();
  };
}

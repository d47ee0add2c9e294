import type { CoreServices } from '../../core-services.ts';
import { credentialKey } from '../../domain/principal.ts';
import type { CredentialCheck, CredentialWatch } from '../../sync/open-streams.ts';

/** Whether the token or session a principal came with still admits its user: revoked, expired or signed out do not. */
export function credentialIsLive(services: CoreServices): CredentialCheck {
  return (principal, now) =>
    principal.sessionId !== undefined ? services.sessions.isLive(principal.sessionId, now) : services.tokens.isLive(principal, now);
}

/**
 * Tells which credentials a committed change touched — a token or a session record, by its key, or every token at
 * once when a developer key changes (turning a key off cuts its tokens off) — so that a revocation, through whichever
 * route or service made it, reaches the connections that credential holds, and only those are asked again.
 */
export function watchCredentials(services: CoreServices): CredentialWatch {
  const { repos } = services;
  // The three are the installation's own records, never replicated: they share the `local` collection.
  const collection = services.sync.db.collections.local;
  return (changed) => {
    const subscription = collection.storageInstance.changeStream().subscribe((bulk) => {
      const touched = new Set<string>();
      let anyKey = false;
      for (const { documentData: record } of bulk.events) {
        if (record.type === repos.developerKeys.type) anyKey = true;
        else if (record.type === repos.tokens.type) touched.add(credentialKey.token(record.id));
        else if (record.type === repos.sessions.type) touched.add(credentialKey.session(record.id));
      }
      if (anyKey) changed('every');
      else if (touched.size > 0) changed(touched);
    });
    return () => subscription.unsubscribe();
  };
}

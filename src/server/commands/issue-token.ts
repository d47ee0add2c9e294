import { openServices } from '../core.ts';
import { lookupKey } from '../domain/repositories.ts';
import { CommandError } from './command-error.ts';

export class UnknownLoginError extends CommandError {}

/** `npm run token -- <login>`: a new unscoped token for that user, printed once. Run while the server is stopped. */
export async function issueTokenCommand(dataDir: string, login: string | undefined): Promise<string> {
  if (!login) throw new UnknownLoginError('usage: npm run token -- <login>   (the first admin is "admin")');
  const { services, close } = await openServices(dataDir);
  try {
    const user = await services.repos.users.byLookup(lookupKey.login(login));
    if (!user || user.data.workflow_state === 'deleted') throw new UnknownLoginError(`no user with login "${login}" in ${dataDir}`);
    const now = Date.now();
    const { visibleToken } = await services.tokens.issue(
      { userId: user.id, purpose: 'npm run token' },
      { actorId: user.id, requestId: 'cli-token', now },
    );
    return visibleToken;
  } finally {
    await close();
  }
}

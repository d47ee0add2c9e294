import type { CoreServices } from '../../core-services.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { mayBecome } from '../../domain/masquerade.ts';
import type { Principal } from '../../domain/principal.ts';
import { IdResolver } from './id-lookup.ts';

/**
 * `as_user_id` resolved like any user id (plain, `sis_user_id:`, `sis_login_id:`, `sis_integration_id:`) and
 * checked by Canvas's rule (domain/masquerade.ts). The acting principal keeps the token (scopes, throttle) and
 * remembers the real user, so writes record who really made them.
 */
export function masquerading(services: CoreServices) {
  const ids = new IdResolver(services);
  return async (principal: Principal, asUserId: string): Promise<Principal | undefined> => {
    const targetId = await ids.userId(asUserId, principal).catch((err: unknown) => {
      if (err instanceof NotFoundError) return undefined;
      throw err;
    });
    if (targetId === undefined) return undefined;
    const realUserId = principal.realUserId ?? principal.userId;
    if (!(await mayBecome(services.access, services.repos, services.installation.root_account_id, realUserId, targetId))) return undefined;
    return targetId === realUserId ? principal : { ...principal, userId: targetId, realUserId };
  };
}

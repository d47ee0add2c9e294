import type { Principal } from '../domain/principal.ts';
import { HttpError } from './http-errors.ts';

/** The principal acting as the user `asUserId` names (an id, `sis_user_id:…`, `sis_login_id:…`), or undefined when it may not. */
export type BecomeUser = (principal: Principal, asUserId: string) => Promise<Principal | undefined>;

/** Canvas's own answer (`{"errors":"Invalid as_user_id"}`, a bare string) for an unknown user or one the caller may not become. */
function invalidAsUserId(): HttpError {
  return new HttpError(401, { errors: 'Invalid as_user_id' });
}

/**
 * Canvas's masquerading, for every route in one place: an `as_user_id` parameter (query or body; an empty one is
 * ignored, as Canvas ignores it) makes the request run as that user when the caller may become them, and is a
 * 401 otherwise (decision 0031). Without it the principal is unchanged.
 */
export async function actAs(principal: Principal, params: Readonly<Record<string, unknown>>, becomeUser: BecomeUser): Promise<Principal> {
  const sent = params.as_user_id;
  if (sent === undefined || sent === '') return principal;
  if (typeof sent !== 'string' && typeof sent !== 'number') throw invalidAsUserId();
  const acting = await becomeUser(principal, String(sent));
  if (!acting) throw invalidAsUserId();
  return acting;
}

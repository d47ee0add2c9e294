import type { PermissionName } from '../../domain/permissions/index.ts';
import type { UserData } from '../../domain/records/directory-records.ts';
import { scopedRule, scopeIf } from '../../http/permission-rules.ts';
import type { Grant, PermissionRule } from '../../http/route.ts';
import type { Stored } from '../../domain/repository.ts';
import type { UsersService } from './users.service.ts';

/** The user a user route names (`self`, sis forms), resolved by its rule. */
export interface UserScope {
  readonly user: Stored<UserData>;
}

/**
 * The user themself, or an admin holding one of the permissions on the root account. An unknown or deleted
 * user is a 404 for everyone, as Canvas finds the user before asking.
 */
export function selfOrUserAdmin<P>(
  users: UsersService,
  grants: Grant,
  permissions: readonly PermissionName[],
  userIdOf: (params: P) => string,
): PermissionRule<P, UserScope> {
  return scopedRule(`the user themself, or ${permissions.join(' or ')} on the root account`, grants, async (ctx, params: P) => {
    const user = await users.user(userIdOf(params), ctx.principal);
    return scopeIf(user.id === ctx.principal.userId || (await users.isAdmin(ctx.principal, permissions)), { user });
  });
}

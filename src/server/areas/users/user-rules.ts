import type { PermissionName } from '../../domain/permissions/index.ts';
import { allowIf } from '../../http/permission-rules.ts';
import type { PermissionRule } from '../../http/route.ts';
import type { UsersService } from './users.service.ts';

/**
 * The user themself, or an admin holding one of the permissions on the root account. Unlike the shared
 * `selfOrAdmin`, an unknown or deleted user is a 404 for everyone, as Canvas finds the user before asking.
 */
export function selfOrUserAdmin<P>(users: UsersService, permissions: readonly PermissionName[], userIdOf: (params: P) => string): PermissionRule<P> {
  return allowIf(`the user themself, or ${permissions.join(' or ')} on the root account`, async (ctx, params) => {
    const user = await users.user(userIdOf(params), ctx.principal);
    return user.id === ctx.principal.userId || users.isAdmin(ctx.principal, permissions);
  });
}

import type { Access } from './access.ts';
import { can, PERMISSION_NAMES, type PermissionContext } from './permissions/index.ts';
import type { Repositories } from './repositories.ts';

/**
 * Canvas's `User#can_masquerade?`, asked before a request runs as `as_user_id` (decision 0031). Anyone may act as
 * themself. Otherwise the real user needs `become_user` on the root account, the target must be a user of it (not
 * deleted), and wherever the target is an account admin the real user must hold every permission the target holds
 * there (`has_subset_of_account_permissions?`): nobody gains a right by acting as someone else, so an admin cannot
 * become another admin with more rights.
 */
export async function mayBecome(access: Access, repos: Repositories, rootAccountId: number, realUserId: number, targetUserId: number): Promise<boolean> {
  if (realUserId === targetUserId) return true;
  const real = { userId: realUserId };
  const root: PermissionContext = { type: 'account', accountId: rootAccountId };
  if (!can(real, 'become_user', root, await access.facts(real, root))) return false;
  const user = await repos.users.get(targetUserId);
  if (!user || user.data.workflow_state === 'deleted' || user.data.root_account_id !== rootAccountId) return false;
  const target = { userId: targetUserId };
  const memberships = await repos.accountUsers.find({ user_id: targetUserId });
  const adminOf = new Set(memberships.filter((m) => m.data.workflow_state === 'active').map((m) => m.data.account_id));
  for (const accountId of adminOf) {
    const context: PermissionContext = { type: 'account', accountId };
    const [theirs, mine] = await Promise.all([access.facts(target, context), access.facts(real, context)]);
    if (PERMISSION_NAMES.some((permission) => can(target, permission, context, theirs) && !can(real, permission, context, mine))) return false;
  }
  return true;
}

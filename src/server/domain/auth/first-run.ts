import type { Repositories } from '../repositories.ts';

/**
 * First-run setup is offered while nobody but the built-in admin (who signs in with tokens) can sign in with a
 * password: on a fresh install, and on a device whose person has not connected it to a hub yet.
 */
export async function setupNeeded(repos: Repositories, adminUserId: number): Promise<boolean> {
  const withPassword = await repos.logins.count({ user_id: { $ne: adminUserId }, 'data.workflow_state': 'active', 'data.password_hash': { $ne: null } });
  return withPassword === 0;
}

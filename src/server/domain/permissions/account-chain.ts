import { InconsistentFactsError, type AccountFact } from './facts.ts';
import type { AccountKind } from './permission-catalog.ts';

/**
 * An account chain runs from the root down to one account ("A"). Every decision walks it, so a chain a repo
 * assembled wrongly (a gap, a foreign account) would silently move rights between subtrees: reject it instead.
 */
export function assertAccountChain(chain: readonly AccountFact[], endsAt?: number): void {
  const last = chain.at(-1);
  if (!last) throw new InconsistentFactsError('the account chain is empty');
  chain.forEach((account, index) => {
    const expectedParent = index === 0 ? null : (chain[index - 1]?.id ?? null);
    if (account.parent_account_id !== expectedParent) {
      throw new InconsistentFactsError(`account ${account.id} does not follow its parent in the account chain`);
    }
  });
  if (endsAt !== undefined && last.id !== endsAt) {
    throw new InconsistentFactsError(`the account chain ends at ${last.id}, not at ${endsAt}`);
  }
}

/** The kind of the chain's last account, which decides which permissions exist there. */
export function accountKindOf(chain: readonly AccountFact[]): AccountKind {
  return { isRoot: chain.length === 1, isSiteAdmin: chain.length === 1 && chain[0]?.site_admin === true };
}

export function lastAccountId(chain: readonly AccountFact[]): number {
  const last = chain.at(-1);
  if (!last) throw new InconsistentFactsError('the account chain is empty');
  return last.id;
}

/** Position of an account in the chain, or -1 when it is not an ancestor-or-self of A. */
export function chainIndex(chain: readonly AccountFact[], accountId: number): number {
  return chain.findIndex((account) => account.id === accountId);
}

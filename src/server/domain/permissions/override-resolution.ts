import { accountKindOf, assertAccountChain, chainIndex } from './account-chain.ts';
import { InconsistentFactsError, type AccountFact, type RoleOverrideRecord } from './facts.ts';
import {
  permissionDefinition,
  permissionExistsIn,
  permissionsListedIn,
  type PermissionName,
} from './permission-catalog.ts';
import { withGranularNames } from './permission-families.ts';
import { permissionBaseOf, type RoleRecord } from './role-catalog.ts';

/** A permission exactly as Canvas reports it in Role JSON (docs/canvas-compatibility.md §5.2); optional keys are omitted, not null. */
export interface ResolvedPermission {
  enabled: boolean;
  locked: boolean;
  readonly: boolean;
  explicit: boolean;
  /** Only when explicit: what the role would have without this account's override. */
  prior_default?: boolean;
  /** Only when enabled. */
  applies_to_self?: boolean;
  /** Only when enabled. */
  applies_to_descendants?: boolean;
}

/** A role seen from the last account of a chain ("A"), with the overrides that may bear on it. */
export interface RoleInAccount {
  role: Pick<RoleRecord, 'id' | 'base_role_type' | 'account_id'>;
  accountChain: readonly AccountFact[];
  /** Any overrides; those for other roles, permissions or accounts are ignored. */
  overrides: readonly RoleOverrideRecord[];
}

/** Canvas keeps a permission's value as the set of scopes it applies to: the account itself and/or below it. */
interface Scopes {
  readonly self: boolean;
  readonly descendants: boolean;
}
const NONE: Scopes = { self: false, descendants: false };
const BOTH: Scopes = { self: true, descendants: true };

/** The reported values of one permission for a role at A, following docs/canvas-compatibility.md §5.5 step by step. */
export function resolvePermission(setting: RoleInAccount, permission: PermissionName): ResolvedPermission {
  const { role, accountChain: chain } = setting;
  assertAccountChain(chain);
  const def = permissionDefinition(permission);
  const base = permissionBaseOf(role);
  // Step 1–2. A permission that does not exist at A (root-only below the root) is as unavailable as one the
  // base type cannot use: false, locked, and no override can reach it.
  if (!def.availableTo.has(base) || !permissionExistsIn(permission, accountKindOf(chain))) {
    return report(NONE, { locked: true, readonly: true, explicit: false, prior: NONE });
  }
  let scopes = def.trueFor.has(base) ? BOTH : NONE;
  const start = ownerIndex(setting);
  const byAccount = new Map<number, RoleOverrideRecord>();
  for (const override of setting.overrides) {
    if (override.role_id === role.id && override.permission === permission) byAccount.set(override.account_id, override);
  }
  // Step 3.
  if (!chain.slice(start).some((account) => byAccount.has(account.id))) {
    return report(scopes, { locked: false, readonly: false, explicit: false, prior: scopes });
  }
  // Step 4: walk from general to specific.
  const lastIndex = chain.length - 1;
  let locked = false;
  let explicit = false;
  let prior = scopes;
  let stoppedAbove = false;
  for (let index = start; index <= lastIndex; index++) {
    const account = chain[index] as AccountFact;
    const override = byAccount.get(account.id);
    const atA = index === lastIndex;
    locked = override?.locked ?? false;
    prior = scopes;
    if (override?.enabled !== undefined) {
      scopes = override.enabled ? { self: override.applies_to_self, descendants: override.applies_to_descendants } : NONE;
      if (atA) explicit = true;
    } else if (atA) {
      // Inherited into A: a value meant only for descendants now covers A itself and below, and a parent's
      // self-only grant stops at the parent.
      scopes = scopes.descendants ? BOTH : NONE;
    }
    if (locked) {
      stoppedAbove = !atA;
      break;
    }
  }
  // Step 5: locked upstream, nothing at A can change it.
  if (stoppedAbove) prior = scopes;
  return report(scopes, { locked, readonly: stoppedAbove, explicit, prior });
}

/**
 * Every permission listed at A for the role, in catalog order, each followed by Canvas's granular names for it:
 * the `permissions` object of Role JSON.
 */
export function resolveRolePermissions(setting: RoleInAccount): Record<string, ResolvedPermission> {
  const listed = permissionsListedIn(accountKindOf(setting.accountChain));
  return withGranularNames(Object.fromEntries(listed.map((name) => [name, resolvePermission(setting, name)])));
}

/**
 * Where the walk starts: a custom role exists only from its owning account down, so overrides above it cannot
 * apply (the API cannot even address the role there). Asking about a role outside its subtree is a caller bug.
 */
function ownerIndex({ role, accountChain }: RoleInAccount): number {
  if (role.account_id === null) return 0;
  const index = chainIndex(accountChain, role.account_id);
  if (index < 0) throw new InconsistentFactsError(`role ${role.id} does not exist in account ${accountChain.at(-1)?.id}`);
  return index;
}

interface Flags {
  locked: boolean;
  readonly: boolean;
  explicit: boolean;
  prior: Scopes;
}

/** Step 6, with the rules on which keys appear (docs/canvas-compatibility.md §5.2). */
function report(scopes: Scopes, { locked, readonly, explicit, prior }: Flags): ResolvedPermission {
  const enabled = scopes.self || scopes.descendants;
  return {
    enabled,
    locked,
    readonly,
    explicit,
    ...(explicit ? { prior_default: prior.self || prior.descendants } : {}),
    ...(enabled ? { applies_to_self: scopes.self, applies_to_descendants: scopes.descendants } : {}),
  };
}

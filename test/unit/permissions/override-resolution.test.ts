import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_ROLE_IDS,
  builtInRole,
  InconsistentFactsError,
  resolvePermission,
  resolveRolePermissions,
  type PermissionName,
  type RoleOverrideRecord,
  type RoleRecord,
} from '../../../src/server/domain/permissions/index.ts';
import { account, chainOf, customRole, emptyWorld, override } from './world.ts';

// R (root) ─ S ─ S2, and T beside S.
const R = 1;
const S = 2;
const S2 = 3;
const T = 4;
const world = emptyWorld([account(R, null), account(S, R), account(S2, S), account(T, R)]);
const X = customRole(12, R, 'AccountMembership', 'X');

function at(accountId: number, role: RoleRecord, permission: PermissionName, overrides: RoleOverrideRecord[]) {
  return resolvePermission({ role, accountChain: chainOf(world, accountId), overrides }, permission);
}

const teacher = builtInRole(BUILT_IN_ROLE_IDS.TeacherEnrollment) as RoleRecord;
const student = builtInRole(BUILT_IN_ROLE_IDS.StudentEnrollment) as RoleRecord;
const admin = builtInRole(BUILT_IN_ROLE_IDS.AccountAdmin) as RoleRecord;

describe('reported permission values (docs/canvas-compatibility.md §5.5)', () => {
  describe('the worked example: R grants X manage_courses, explicit and locked', () => {
    const overrides = [override(R, X.id, 'manage_courses', { enabled: true, locked: true })];

    it('reports it at R as explicit, with the prior default', () => {
      expect(at(R, X, 'manage_courses', overrides)).toStrictEqual({
        enabled: true,
        locked: true,
        readonly: false,
        explicit: true,
        prior_default: false,
        applies_to_self: true,
        applies_to_descendants: true,
      });
    });

    it('reports it at S as inherited and read-only, without prior_default', () => {
      expect(at(S, X, 'manage_courses', overrides)).toStrictEqual({
        enabled: true,
        locked: true,
        readonly: true,
        explicit: false,
        applies_to_self: true,
        applies_to_descendants: true,
      });
    });

    it('ignores what S sets below the lock', () => {
      const below = [...overrides, override(S, X.id, 'manage_courses', { enabled: false })];
      expect(at(S, X, 'manage_courses', below)).toMatchObject({ enabled: true, readonly: true, explicit: false });
      expect(at(S2, X, 'manage_courses', below)).toMatchObject({ enabled: true, readonly: true });
    });
  });

  it('reports a lock set at A itself as locked but writable', () => {
    const overrides = [override(S, X.id, 'manage_courses', { enabled: true, locked: true })];
    expect(at(S, X, 'manage_courses', overrides)).toStrictEqual({
      enabled: true,
      locked: true,
      readonly: false,
      explicit: true,
      prior_default: false,
      applies_to_self: true,
      applies_to_descendants: true,
    });
    expect(at(S2, X, 'manage_courses', overrides)).toMatchObject({ locked: true, readonly: true, explicit: false });
    expect(at(R, X, 'manage_courses', overrides)).toStrictEqual({ enabled: false, locked: false, readonly: false, explicit: false });
  });

  it('reports defaults when no account overrides the role', () => {
    expect(at(S, X, 'manage_courses', [])).toStrictEqual({ enabled: false, locked: false, readonly: false, explicit: false });
    expect(at(S, admin, 'manage_courses', [])).toStrictEqual({
      enabled: true,
      locked: false,
      readonly: false,
      explicit: false,
      applies_to_self: true,
      applies_to_descendants: true,
    });
    // Overrides for other roles, permissions or accounts off the chain do not count.
    const unrelated = [
      override(R, teacher.id, 'manage_courses'),
      override(R, X.id, 'manage_grades'),
      override(T, X.id, 'manage_courses'),
    ];
    expect(at(S, X, 'manage_courses', unrelated)).toStrictEqual({ enabled: false, locked: false, readonly: false, explicit: false });
  });

  it('shows a permission the base type cannot use as disabled, locked and read-only, whatever is stored', () => {
    const expected = { enabled: false, locked: true, readonly: true, explicit: false };
    expect(at(R, student, 'manage_grades', [])).toStrictEqual(expected);
    expect(at(R, student, 'manage_grades', [override(R, student.id, 'manage_grades')])).toStrictEqual(expected);
    expect(at(R, teacher, 'manage_courses', [])).toStrictEqual(expected);
  });

  it('treats a root-only permission as unavailable below the root', () => {
    expect(at(R, admin, 'become_user', [])).toMatchObject({ enabled: true, readonly: false });
    expect(at(S, admin, 'become_user', [])).toStrictEqual({ enabled: false, locked: true, readonly: true, explicit: false });
  });

  describe('scopes through a chain', () => {
    it('does not let a parent’s self-only grant flow down', () => {
      const overrides = [override(R, X.id, 'manage_courses', { applies_to_descendants: false })];
      expect(at(R, X, 'manage_courses', overrides)).toStrictEqual({
        enabled: true,
        locked: false,
        readonly: false,
        explicit: true,
        prior_default: false,
        applies_to_self: true,
        applies_to_descendants: false,
      });
      expect(at(S, X, 'manage_courses', overrides)).toStrictEqual({ enabled: false, locked: false, readonly: false, explicit: false });
      expect(at(S2, X, 'manage_courses', overrides)).toMatchObject({ enabled: false });
    });

    it('turns a descendants-only grant into both scopes once inherited', () => {
      const overrides = [override(R, X.id, 'manage_courses', { applies_to_self: false })];
      expect(at(R, X, 'manage_courses', overrides)).toMatchObject({
        enabled: true,
        explicit: true,
        applies_to_self: false,
        applies_to_descendants: true,
      });
      for (const below of [S, S2]) {
        expect(at(below, X, 'manage_courses', overrides)).toStrictEqual({
          enabled: true,
          locked: false,
          readonly: false,
          explicit: false,
          applies_to_self: true,
          applies_to_descendants: true,
        });
      }
    });

    it('lets a sub-account narrow an unlocked grant for itself only', () => {
      const overrides = [
        override(R, X.id, 'manage_courses', { applies_to_self: false }),
        override(S, X.id, 'manage_courses', { applies_to_descendants: false }),
      ];
      expect(at(S, X, 'manage_courses', overrides)).toMatchObject({
        enabled: true,
        explicit: true,
        prior_default: true,
        applies_to_self: true,
        applies_to_descendants: false,
      });
      expect(at(S2, X, 'manage_courses', overrides)).toMatchObject({ enabled: false, explicit: false });
    });
  });

  describe('prior_default', () => {
    it('appears only on explicit values and holds what A would inherit', () => {
      const overrides = [override(R, teacher.id, 'manage_grades', { enabled: false })];
      expect(at(R, teacher, 'manage_grades', overrides)).toStrictEqual({
        enabled: false,
        locked: false,
        readonly: false,
        explicit: true,
        prior_default: true,
      });
      expect(at(S, teacher, 'manage_grades', overrides)).toStrictEqual({ enabled: false, locked: false, readonly: false, explicit: false });
      const reenabled = [...overrides, override(S, teacher.id, 'manage_grades')];
      expect(at(S, teacher, 'manage_grades', reenabled)).toMatchObject({ enabled: true, explicit: true, prior_default: false });
    });
  });

  it('keeps the upstream value under a lock-only override (no enabled value)', () => {
    const overrides: RoleOverrideRecord[] = [
      { account_id: R, role_id: teacher.id, permission: 'manage_grades', locked: true, applies_to_self: true, applies_to_descendants: true },
    ];
    expect(at(R, teacher, 'manage_grades', overrides)).toMatchObject({ enabled: true, locked: true, readonly: false, explicit: false });
    expect(at(S, teacher, 'manage_grades', overrides)).toMatchObject({ enabled: true, locked: true, readonly: true });
  });

  it('applies only overrides from a custom role’s own account down', () => {
    const local = customRole(20, S, 'TaEnrollment', 'Grader');
    const overrides = [
      override(R, local.id, 'manage_grades', { enabled: false, locked: true }),
      override(S2, local.id, 'manage_grades', { enabled: false }),
    ];
    expect(at(S, local, 'manage_grades', overrides)).toMatchObject({ enabled: true, readonly: false });
    expect(at(S2, local, 'manage_grades', overrides)).toMatchObject({ enabled: false, explicit: true });
    expect(() => at(T, local, 'manage_grades', overrides)).toThrow(InconsistentFactsError);
  });
});

describe('Role JSON permissions', () => {
  it('lists every permission that exists in the account, course ones first', () => {
    const atRoot = resolveRolePermissions({ role: teacher, accountChain: chainOf(world, R), overrides: [] });
    const atSub = resolveRolePermissions({ role: teacher, accountChain: chainOf(world, S), overrides: [] });
    // 57 permissions at a root, 52 below it, each listed with Canvas's 38 granular names of the families.
    expect(Object.keys(atRoot)).toHaveLength(57 + 38);
    expect(Object.keys(atSub)).toHaveLength(52 + 38);
    expect(Object.keys(atSub)[0]).toBe('manage_wiki');
    expect(atSub['become_user']).toBeUndefined();
    expect(atSub['manage_courses']).toStrictEqual({ enabled: false, locked: true, readonly: true, explicit: false });
    expect(atSub['manage_grades']).toMatchObject({ enabled: true, applies_to_self: true });
  });

  it('throws on an empty or broken chain rather than guessing', () => {
    const gap = [account(R, null), account(S2, S)];
    const headless = [account(S, R)];
    for (const accountChain of [[], gap, headless]) {
      expect(() => resolveRolePermissions({ role: teacher, accountChain, overrides: [] })).toThrow(InconsistentFactsError);
      expect(() => resolvePermission({ role: teacher, accountChain, overrides: [] }, 'manage_grades')).toThrow(InconsistentFactsError);
    }
  });
});

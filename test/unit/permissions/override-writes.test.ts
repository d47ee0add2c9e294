import { describe, expect, it } from 'vitest';
import {
  PERMISSION_MUST_BE_ENABLED,
  planOverrideWrites,
  type OverrideWritePlan,
  type PermissionWriteParam,
  type RoleOverrideRecord,
  type RoleRecord,
} from '../../../src/server/domain/permissions/index.ts';
import { account, customRole, override } from './world.ts';

const R = 1;
const S = 2;
const ROOT_CHAIN = [account(R, null)];
const SUB_CHAIN = [account(R, null), account(S, R)];
const grader = customRole(12, R, 'TaEnrollment', 'Grader');
const auditor = customRole(13, R, 'AccountMembership', 'Auditor');
const learner = customRole(14, R, 'StudentEnrollment', 'Learner');

function plan(
  params: Record<string, PermissionWriteParam>,
  current: RoleOverrideRecord[] = [],
  role: RoleRecord = grader,
  accountChain = ROOT_CHAIN,
): OverrideWritePlan {
  return planOverrideWrites({ role, accountChain, current, params });
}

function fresh(permission: string, setting: Partial<RoleOverrideRecord> = {}, role = grader, at = R): RoleOverrideRecord {
  return override(at, role.id, permission, setting);
}

describe('writing permissions[X] (docs/canvas-compatibility.md §5.4)', () => {
  it('sets the value when explicit is true and enabled is present', () => {
    expect(plan({ manage_grades: { explicit: true, enabled: false }, manage_rubrics: { explicit: true, enabled: true } })).toEqual({
      ok: true,
      upserts: [fresh('manage_grades', { enabled: false }), fresh('manage_rubrics')],
      deletes: [],
    });
  });

  it('ignores enabled without explicit, and explicit without enabled', () => {
    expect(plan({ manage_grades: { enabled: false }, manage_rubrics: { explicit: true } })).toEqual({ ok: true, upserts: [], deletes: [] });
  });

  it('deletes the override when an entry carries neither a value nor a lock, reverting to inherited', () => {
    const current = [
      fresh('manage_grades', { enabled: false, id: 7 }),
      fresh('manage_rubrics', { locked: true, id: 8 }),
      fresh('read_roster', { id: 9 }),
    ];
    const result = plan(
      { manage_grades: { explicit: false, enabled: true }, manage_rubrics: { locked: false }, read_roster: { enabled: false } },
      current,
    );
    // Each entry reverts for its own reason: explicit=0; locked=0 alone; enabled without explicit. The plan lists
    // permissions in catalog order (read_roster comes before manage_grades), not in the order of `current`.
    const [grades, rubrics, roster] = current;
    expect(result).toEqual({ ok: true, upserts: [], deletes: [roster, grades, rubrics] });
  });

  it('reproduces the quirk: locking without explicit creates an enabled explicit override', () => {
    expect(plan({ manage_grades: { locked: true } })).toEqual({
      ok: true,
      upserts: [fresh('manage_grades', { enabled: true, locked: true })],
      deletes: [],
    });
  });

  it('locks an existing override without touching its value', () => {
    const current = [fresh('manage_grades', { enabled: false, id: 7 })];
    expect(plan({ manage_grades: { locked: true } }, current)).toEqual({
      ok: true,
      upserts: [fresh('manage_grades', { enabled: false, locked: true, id: 7 })],
      deletes: [],
    });
  });

  it('unlocks while setting a value, and keeps applies_to flags the request does not mention', () => {
    const current = [fresh('manage_grades', { locked: true, applies_to_self: false, id: 7 })];
    expect(plan({ manage_grades: { explicit: true, enabled: true, locked: false } }, current)).toEqual({
      ok: true,
      upserts: [fresh('manage_grades', { locked: false, applies_to_self: false, id: 7 })],
      deletes: [],
    });
    expect(plan({ manage_grades: { explicit: true, enabled: true, applies_to_self: true, applies_to_descendants: false } })).toEqual({
      ok: true,
      upserts: [fresh('manage_grades', { applies_to_descendants: false })],
      deletes: [],
    });
  });

  it('skips read-only entries', () => {
    const current = [fresh('manage_grades', { id: 7 })];
    expect(plan({ manage_grades: { readonly: true, explicit: true, enabled: false } }, current)).toEqual({ ok: true, upserts: [], deletes: [] });
    expect(plan({ manage_grades: { readonly: true } }, current)).toEqual({ ok: true, upserts: [], deletes: [] });
  });

  it('rejects both applies_to flags false and plans nothing, even for valid entries before it', () => {
    expect(
      plan({
        manage_grades: { explicit: true, enabled: true },
        manage_rubrics: { explicit: true, enabled: true, applies_to_self: false, applies_to_descendants: false },
      }),
    ).toEqual({ ok: false, message: PERMISSION_MUST_BE_ENABLED, permission: 'manage_rubrics' });
    expect(PERMISSION_MUST_BE_ENABLED).toBe('Permission must be enabled for someone');
    // Without a value it is still an error: Canvas checks the flags before deciding what to write.
    expect(plan({ manage_grades: { applies_to_self: false, applies_to_descendants: false } })).toMatchObject({ ok: false });
  });

  it('ignores read-only and unmanageable entries even when their flags are both false', () => {
    const bothOff = { explicit: true, enabled: true, applies_to_self: false, applies_to_descendants: false };
    expect(plan({ manage_grades: { ...bothOff, readonly: true }, manage_courses: bothOff })).toEqual({ ok: true, upserts: [], deletes: [] });
  });

  it('ignores permissions the role cannot hold, ones that do not exist in the account, and unknown names', () => {
    const params: Record<string, PermissionWriteParam> = {
      manage_grades: { explicit: true, enabled: true },
      manage_courses: { explicit: true, enabled: true },
      nonsense: { explicit: true, enabled: true },
      become_user: { explicit: true, enabled: true },
    };
    expect(plan(params, [], learner)).toEqual({ ok: true, upserts: [], deletes: [] });
    expect(plan(params, [], auditor, SUB_CHAIN)).toEqual({
      ok: true,
      upserts: [fresh('manage_grades', {}, auditor, S), fresh('manage_courses', {}, auditor, S)],
      deletes: [],
    });
    const inherited = JSON.parse('{"__proto__":{"explicit":true,"enabled":true},"constructor":{"locked":true}}');
    expect(plan(inherited)).toEqual({ ok: true, upserts: [], deletes: [] });
  });

  it('leaves out upserts that change nothing and touches only this role at this account', () => {
    const current = [
      fresh('manage_grades', { enabled: false, id: 7 }),
      fresh('read_roster', { id: 8 }, auditor),
      fresh('manage_rubrics', { id: 9 }, grader, S),
    ];
    expect(
      plan({ manage_grades: { explicit: true, enabled: false }, read_roster: { explicit: false }, manage_rubrics: { explicit: false } }, current),
    ).toEqual({ ok: true, upserts: [], deletes: [] });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allotMembers,
  chooseLeader,
  distributeMembers,
  shuffled,
  type GroupRoom,
} from '../../../src/server/areas/group-categories/group-assignment.ts';

/** Groups with distinct ids, some over their limit already (a limit lowered after they filled up). */
const groupsArb = fc
  .array(fc.record({ size: fc.nat(12), limit: fc.option(fc.integer({ min: 2, max: 15 }), { nil: null }) }), { maxLength: 8 })
  .map((rows): GroupRoom[] => rows.map((row, i) => ({ id: i + 1, ...row })));

const room = (g: GroupRoom) => (g.limit === null ? Infinity : Math.max(0, g.limit - g.size));

describe('allotMembers (water filling, docs/canvas-compatibility.md §3.4)', () => {
  it('never exceeds a limit and places everyone when room exists', () => {
    fc.assert(
      fc.property(groupsArb, fc.nat(60), (groups, count) => {
        const allotted = allotMembers(groups, count);
        const totalRoom = groups.reduce((sum, g) => sum + room(g), 0);
        let placed = 0;
        for (const g of groups) {
          const got = allotted.get(g.id)!;
          expect(got).toBeGreaterThanOrEqual(0);
          expect(got).toBeLessThanOrEqual(room(g));
          placed += got;
        }
        expect(placed).toBe(Math.min(count, totalRoom));
      }),
    );
  });

  it('keeps sizes within one among the groups that had room', () => {
    fc.assert(
      fc.property(groupsArb, fc.nat(60), (groups, count) => {
        const allotted = allotMembers(groups, count);
        const final = (g: GroupRoom) => g.size + allotted.get(g.id)!;
        // The lowest group that still has room bounds every group that received someone: nobody was given a
        // member while a group two smaller could still take one.
        const open = groups.filter((g) => g.limit === null || final(g) < g.limit);
        if (open.length === 0) return;
        const floor = Math.min(...open.map(final));
        for (const g of groups) if (allotted.get(g.id)! > 0) expect(final(g)).toBeLessThanOrEqual(floor + 1);
      }),
    );
  });

  it('spreads evenly over equal groups without limits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.nat(100), (groupCount, count) => {
        const groups = Array.from({ length: groupCount }, (_, i) => ({ id: i + 1, size: 0, limit: null }));
        const sizes = [...allotMembers(groups, count).values()];
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(count);
      }),
    );
  });

  it('fills the smallest groups first, the first r mod k taking one extra', () => {
    const groups = [
      { id: 1, size: 3, limit: null },
      { id: 2, size: 0, limit: null },
      { id: 3, size: 1, limit: 2 },
      { id: 4, size: 0, limit: null },
    ];
    // Raise 2 and 4 to 1 (2 used), then 2, 3, 4 to 2 (3 used, 3 is full), then 2 and 4 to 3 (2 used), 1 left.
    expect(Object.fromEntries(allotMembers(groups, 8))).toEqual({ 1: 0, 2: 4, 3: 1, 4: 3 });
  });

  it('leaves members unplaced when every group is full', () => {
    expect(Object.fromEntries(allotMembers([{ id: 1, size: 2, limit: 2 }], 5))).toEqual({ 1: 0 });
    expect(allotMembers([], 5).size).toBe(0);
  });
});

describe('distributeMembers', () => {
  it('places each member once, only in groups that receive someone', () => {
    fc.assert(
      fc.property(groupsArb, fc.uniqueArray(fc.nat(1000), { maxLength: 40 }), fc.nat(), (groups, members, seed) => {
        const random = seeded(seed);
        const placements = distributeMembers(groups, members, random);
        const placed = placements.flatMap((p) => p.members);
        expect(new Set(placed).size).toBe(placed.length);
        for (const id of placed) expect(members).toContain(id);
        for (const p of placements) expect(p.members.length).toBeGreaterThan(0);
        const allotted = allotMembers(groups, members.length);
        for (const p of placements) expect(p.members.length).toBe(allotted.get(p.groupId));
      }),
    );
  });

  it('shuffles a copy, keeping every item', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.nat(), (items, seed) => {
        expect([...shuffled(items, seeded(seed))].sort()).toEqual([...items].sort());
      }),
    );
  });
});

describe('chooseLeader', () => {
  it('picks the first member, a random one, or none', () => {
    expect(chooseLeader('first', [7, 8, 9], () => 0.9)).toBe(7);
    expect(chooseLeader('random', [7, 8, 9], () => 0.9)).toBe(9);
    expect(chooseLeader('random', [7, 8, 9], () => 0)).toBe(7);
    expect(chooseLeader(null, [7], () => 0)).toBeNull();
    expect(chooseLeader('first', [], () => 0)).toBeNull();
  });
});

/** A small deterministic generator (mulberry32), so failures replay from fast-check's seed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

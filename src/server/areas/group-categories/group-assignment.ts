/**
 * Canvas's "water filling" for assign_unassigned_members (docs/canvas-compatibility.md §3.4), as pure functions so the even-spread
 * and limit rules can be property-tested without a server.
 */

/** A group as the distribution sees it: current size and cap (null: no cap). */
export interface GroupRoom {
  readonly id: number;
  readonly size: number;
  readonly limit: number | null;
}

export interface Placement<TMember> {
  readonly groupId: number;
  readonly members: TMember[];
}

/** A source of numbers in [0, 1); injectable so tests can fix the shuffle. */
export type Random = () => number;

/**
 * How many of `count` new members each group gets. Groups are raised from the lowest fill level upwards, never
 * past their cap; when the rest no longer covers a full level, each of the k lowest groups gets ⌊r/k⌋ and the
 * first r mod k (smallest first, then by id) one more. Members that fit nowhere stay unplaced.
 */
export function allotMembers(groups: readonly GroupRoom[], count: number): Map<number, number> {
  const order = [...groups].sort((a, b) => a.size - b.size || a.id - b.id);
  const fill = order.map((g) => g.size);
  const cap = order.map((g) => g.limit ?? Infinity);
  let remaining = Math.max(0, Math.floor(count));
  while (remaining > 0) {
    const open = order.flatMap((_, i) => (fill[i]! < cap[i]! ? [i] : []));
    if (open.length === 0) break;
    const level = Math.min(...open.map((i) => fill[i]!));
    const lowest = open.filter((i) => fill[i] === level);
    const higher = Math.min(...open.map((i) => fill[i]!).filter((f) => f > level));
    const target = Math.min(higher, ...lowest.map((i) => cap[i]!));
    const need = (target - level) * lowest.length;
    if (Number.isFinite(target) && need <= remaining) {
      for (const i of lowest) fill[i] = target;
      remaining -= need;
      continue;
    }
    // The rest fits below the next level: share it out, the first r mod k groups taking one extra.
    const each = Math.floor(remaining / lowest.length);
    const extra = remaining % lowest.length;
    lowest.forEach((i, n) => (fill[i] = fill[i]! + each + (n < extra ? 1 : 0)));
    remaining = 0;
  }
  return new Map(order.map((g, i) => [g.id, fill[i]! - g.size]));
}

/** Fisher–Yates over a copy. */
export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * Shuffles the members and hands each group its allotment. Only groups that receive someone are returned, in
 * the allotment order (smallest group first), as Canvas's sync response lists them.
 */
export function distributeMembers<TMember>(groups: readonly GroupRoom[], members: readonly TMember[], random: Random): Placement<TMember>[] {
  const allotted = allotMembers(groups, members.length);
  const queue = shuffled(members, random);
  const placements: Placement<TMember>[] = [];
  let next = 0;
  for (const [groupId, count] of allotted) {
    if (count === 0) continue;
    placements.push({ groupId, members: queue.slice(next, next + count) });
    next += count;
  }
  return placements;
}

/**
 * Canvas's auto_leader: `first` picks the group's earliest member, `random` any member; null when the strategy
 * is off or the group is empty. Callers keep a leader the group already has.
 */
export function chooseLeader<TMember>(strategy: 'first' | 'random' | null, membersInJoinOrder: readonly TMember[], random: Random): TMember | null {
  if (strategy === null || membersInJoinOrder.length === 0) return null;
  if (strategy === 'first') return membersInJoinOrder[0]!;
  return membersInJoinOrder[Math.floor(random() * membersInJoinOrder.length)]!;
}

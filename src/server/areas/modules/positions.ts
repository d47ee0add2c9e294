/**
 * Canvas's list positions (docs/canvas-compatibility.md §2.2–§2.3), as pure functions returning the new position of every record
 * that moves. Gaps are allowed and deletes never renumber (docs/canvas-compatibility.md §0.3), so these only ever shift
 * the range a move passes over.
 */
import type { Stored } from '../../domain/repository.ts';

export interface Positioned {
  readonly id: number;
  readonly position: number;
}

export type PositionChanges = Map<number, number>;

/** A new record at `target`: everything at or below it shifts down by one. */
export function insertAt(siblings: readonly Positioned[], target: number): PositionChanges {
  const changes: PositionChanges = new Map();
  for (const s of siblings) if (s.position >= target) changes.set(s.id, s.position + 1);
  return changes;
}

/**
 * `id` from its position p to `target` q (clamped to the last position): moving up shifts [q, p−1] down by one,
 * moving down shifts [p+1, q] up by one.
 */
export function moveTo(siblings: readonly Positioned[], id: number, target: number): PositionChanges {
  const moving = siblings.find((s) => s.id === id);
  if (!moving) throw new Error(`record ${id} is not among the siblings`);
  const last = Math.max(...siblings.map((s) => s.position));
  const p = moving.position;
  const q = Math.max(1, Math.min(target, last));
  const changes: PositionChanges = new Map();
  if (q === p) return changes;
  for (const s of siblings) {
    if (s.id === id) continue;
    if (q < p && s.position >= q && s.position < p) changes.set(s.id, s.position + 1);
    if (q > p && s.position > p && s.position <= q) changes.set(s.id, s.position - 1);
  }
  changes.set(id, q);
  return changes;
}

/** A record leaves the list by a move (not a delete): those below it shift up by one. */
export function closeGap(siblings: readonly Positioned[], leaving: Positioned): PositionChanges {
  const changes: PositionChanges = new Map();
  for (const s of siblings) if (s.id !== leaving.id && s.position > leaving.position) changes.set(s.id, s.position - 1);
  return changes;
}

/** The position after the last one: where new records go before an explicit position moves them. */
export function nextPosition(siblings: readonly Positioned[]): number {
  return siblings.reduce((max, s) => Math.max(max, s.position), 0) + 1;
}

/** The list positions of stored records, for the functions above. */
export function positionsOf(records: readonly Stored<{ position: number }>[]): Positioned[] {
  return records.map((r) => ({ id: r.id, position: r.data.position }));
}

/** The records a change moves, each as read with its new data: the input of one atomic `replaceMany`. */
export function shifted<T extends { position: number }>(records: readonly Stored<T>[], changes: PositionChanges): Array<{ read: Stored<T>; data: T }> {
  return records.filter((r) => changes.has(r.id)).map((r) => ({ read: r, data: { ...r.data, position: changes.get(r.id)! } }));
}

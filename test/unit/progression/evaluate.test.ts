import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateCourse, type ItemFacts, type ModuleFacts, type RowState } from '../../../src/server/domain/progression/evaluate.ts';
import type { CompletionRequirement, MetRequirement } from '../../../src/server/domain/records/module-records.ts';
import { closeGap, insertAt, moveTo, nextPosition, type Positioned } from '../../../src/server/areas/modules/positions.ts';

const NOW = Date.parse('2024-06-01T00:00:00Z');

const mod = (id: number, extra: Partial<ModuleFacts> = {}): ModuleFacts => ({
  id,
  position: id,
  published: true,
  unlock_at: null,
  require_sequential_progress: false,
  prerequisite_module_ids: [],
  ...extra,
});
const item = (id: number, moduleId: number, requirement: CompletionRequirement | null, position = id): ItemFacts => ({
  id,
  module_id: moduleId,
  position,
  requirement,
});
const row = (state: RowState['workflow_state'], met: MetRequirement[] = [], scores: Record<string, number> = {}): RowState => ({
  workflow_state: state,
  requirements_met: met,
  scores,
  current_position: null,
  completed_at: null,
});

function run(modules: ModuleFacts[], items: ItemFacts[], rows: Record<number, RowState> = {}, now = NOW) {
  const itemsByModule = new Map<number, ItemFacts[]>();
  for (const i of items) itemsByModule.set(i.module_id, [...(itemsByModule.get(i.module_id) ?? []), i]);
  return evaluateCourse({ modules, itemsByModule, rows: new Map(Object.entries(rows).map(([k, v]) => [Number(k), v])), now });
}
const state = (result: ReturnType<typeof run>, id: number) => result.get(id)?.row.workflow_state;

describe('module progression', () => {
  it('a module without requirements completes as soon as it unlocks; unpublished modules get nothing', () => {
    const r = run([mod(1), mod(2, { published: false })], []);
    expect(state(r, 1)).toBe('completed');
    expect(r.get(1)?.row.completed_at).toBe('2024-06-01T00:00:00Z');
    expect(r.has(2)).toBe(false);
  });

  it('prerequisite chains: each module waits for the one before it to complete', () => {
    const modules = [mod(1), mod(2, { prerequisite_module_ids: [1] }), mod(3, { prerequisite_module_ids: [2] })];
    const items = [item(10, 1, { type: 'must_view' }), item(20, 2, { type: 'must_view' })];
    const fresh = run(modules, items);
    expect([state(fresh, 1), state(fresh, 2), state(fresh, 3)]).toEqual(['unlocked', 'locked', 'locked']);
    expect(fresh.get(2)?.lockedItemIds.has(20)).toBe(true);
    const first = run(modules, items, { 1: row('unlocked', [{ id: 10, type: 'must_view' }]) });
    expect([state(first, 1), state(first, 2), state(first, 3)]).toEqual(['completed', 'unlocked', 'locked']);
    const both = run(modules, items, {
      1: row('unlocked', [{ id: 10, type: 'must_view' }]),
      2: row('locked', [{ id: 20, type: 'must_view' }]),
    });
    expect(state(both, 3)).toBe('completed');
  });

  it('an unpublished or missing prerequisite holds no one back', () => {
    const r = run([mod(1, { published: false }), mod(2, { prerequisite_module_ids: [1, 99] })], []);
    expect(state(r, 2)).toBe('completed');
  });

  it('sequential progress locks the items past the first unmet requirement, and unlocks as they are met', () => {
    const modules = [mod(1, { require_sequential_progress: true })];
    const items = [item(1, 1, { type: 'must_view' }), item(2, 1, null), item(3, 1, { type: 'must_submit' }), item(4, 1, null)];
    const start = run(modules, items);
    expect(start.get(1)?.row.current_position).toBe(1);
    expect([...start.get(1)!.lockedItemIds]).toEqual([2, 3, 4]);
    const viewed = run(modules, items, { 1: row('unlocked', [{ id: 1, type: 'must_view' }]) });
    expect(viewed.get(1)?.row.current_position).toBe(3);
    expect([...viewed.get(1)!.lockedItemIds]).toEqual([4]);
    expect(state(viewed, 1)).toBe('started');
    const done = run(modules, items, { 1: row('started', [{ id: 1, type: 'must_view' }, { id: 3, type: 'must_submit' }]) });
    expect(done.get(1)?.lockedItemIds.size).toBe(0);
    expect(state(done, 1)).toBe('completed');
  });

  it('a requirement added after completion moves completed back to started and clears completed_at', () => {
    const stored = { ...row('completed', [{ id: 1, type: 'must_view' }]), completed_at: '2024-01-01T00:00:00Z' };
    const before = run([mod(1)], [item(1, 1, { type: 'must_view' })], { 1: stored });
    expect(before.get(1)?.row).toMatchObject({ workflow_state: 'completed', completed_at: '2024-01-01T00:00:00Z' });
    expect(before.get(1)?.changed).toBe(false);
    const after = run([mod(1)], [item(1, 1, { type: 'must_view' }), item(2, 1, { type: 'must_mark_done' })], { 1: stored });
    expect(after.get(1)?.row).toMatchObject({ workflow_state: 'started', completed_at: null });
    expect(after.get(1)?.changed).toBe(true);
  });

  it('an added prerequisite or unlock_at does not lock a row already unlocked; relock (state locked) does', () => {
    const modules = [mod(1), mod(2, { prerequisite_module_ids: [1], unlock_at: NOW + 1000 })];
    const items = [item(1, 1, { type: 'must_view' })];
    expect(state(run(modules, items, { 2: row('unlocked') }), 2)).toBe('completed');
    expect(state(run(modules, items, { 2: row('locked') }), 2)).toBe('locked');
  });

  it('unlock_at in the future keeps a module locked, then it opens once the time has passed', () => {
    const modules = [mod(1, { unlock_at: NOW + 60_000 })];
    expect(state(run(modules, []), 1)).toBe('locked');
    expect(state(run(modules, [], {}, NOW + 61_000), 1)).toBe('completed');
  });

  it('min_score accepts float near-misses within the tolerance, not real misses', () => {
    const items = [item(1, 1, { type: 'min_score', min_score: 1 })];
    const scored = (score: number) => state(run([mod(1)], items, { 1: row('unlocked', [], { 1: score }) }), 1);
    expect(scored(0.9999)).toBe('completed');
    expect(scored(1)).toBe('completed');
    expect(scored(0.99)).toBe('unlocked');
    expect(state(run([mod(1)], items, { 1: row('unlocked') }), 1)).toBe('unlocked');
  });

  it('must_view is satisfied by another met requirement on the same item', () => {
    const items = [item(1, 1, { type: 'must_view' })];
    expect(state(run([mod(1)], items, { 1: row('unlocked', [{ id: 1, type: 'must_contribute' }]) }), 1)).toBe('completed');
    expect(state(run([mod(1)], items, { 1: row('unlocked', [{ id: 2, type: 'must_contribute' }]) }), 1)).toBe('unlocked');
  });

  it('must_submit, must_contribute and must_mark_done need their own event', () => {
    for (const type of ['must_submit', 'must_contribute', 'must_mark_done'] as const) {
      const items = [item(1, 1, { type })];
      expect(state(run([mod(1)], items, { 1: row('unlocked', [{ id: 1, type: 'must_view' }]) }), 1)).toBe('unlocked');
      expect(state(run([mod(1)], items, { 1: row('unlocked', [{ id: 1, type }]) }), 1)).toBe('completed');
    }
  });

  it('survives a prerequisite cycle left by reordering (the cycle stays locked)', () => {
    const r = run([mod(1, { prerequisite_module_ids: [2] }), mod(2, { prerequisite_module_ids: [1] })], []);
    expect([state(r, 1), state(r, 2)]).toEqual(['locked', 'locked']);
  });
});

/** Random inserts, moves, cross-list moves and deletes against a model list, as the items service applies them. */
describe('positions (property)', () => {
  type Op = { kind: 'insert' | 'move' | 'delete' | 'append'; pick: number; target: number };
  const op = fc.record({
    kind: fc.constantFrom<Op['kind']>('insert', 'move', 'delete', 'append'),
    pick: fc.nat({ max: 50 }),
    target: fc.integer({ min: 1, max: 30 }),
  });

  it('keep positions unique and the relative order of untouched records stable', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        let list: Positioned[] = [];
        let nextId = 1;
        const apply = (changes: Map<number, number>) => {
          list = list.map((s) => ({ id: s.id, position: changes.get(s.id) ?? s.position }));
        };
        const order = () => [...list].sort((a, b) => a.position - b.position).map((s) => s.id);
        for (const o of ops) {
          const before = order();
          if (o.kind === 'append' || list.length === 0) {
            list.push({ id: nextId++, position: nextPosition(list) });
          } else if (o.kind === 'insert') {
            const position = Math.min(o.target, nextPosition(list));
            apply(insertAt(list, position));
            list.push({ id: nextId++, position });
          } else {
            const victim = list[o.pick % list.length]!;
            if (o.kind === 'delete') {
              // Deletes never renumber; moving out to another list closes the gap. Alternate between both.
              if (o.target % 2 === 0) apply(closeGap(list, victim));
              list = list.filter((s) => s.id !== victim.id);
            } else {
              apply(moveTo(list, victim.id, o.target));
              const without = order().filter((id) => id !== victim.id);
              expect(without).toEqual(before.filter((id) => id !== victim.id));
            }
          }
          const positions = list.map((s) => s.position);
          expect(new Set(positions).size).toBe(positions.length);
          expect(Math.min(...positions, 1)).toBeGreaterThanOrEqual(1);
          const kept = order().filter((id) => before.includes(id));
          if (o.kind !== 'move') expect(kept).toEqual(before.filter((id) => kept.includes(id)));
        }
      }),
      { numRuns: 300 },
    );
  });
});

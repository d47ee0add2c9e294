/** A small seeded generator (xorshift32), so a failing fuzz or crash run can be replayed from its logged seed. */
export interface Random {
  readonly seed: number;
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, max). */
  int(max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0 || 0x9e3779b9;
  const next = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x1_0000_0000;
  };
  const int = (max: number) => Math.floor(next() * max);
  return {
    seed,
    next,
    int,
    pick: <T>(items: readonly T[]) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(items.length)] as T;
    },
    chance: (probability: number) => next() < probability,
  };
}

/** Seeds from `OUTPOST_FUZZ_SEEDS=1,2,3` to replay a run, else fresh ones derived from the clock. */
export function fuzzSeeds(count: number): number[] {
  const fixed = process.env.OUTPOST_FUZZ_SEEDS;
  if (fixed) return fixed.split(',').map((seed) => Number(seed.trim()));
  const base = Date.now() >>> 0;
  return Array.from({ length: count }, (_, i) => (base + i * 0x6d2b79f5) >>> 0);
}

/** `OUTPOST_FUZZ_SCALE=10` runs ten times the CI workload locally. */
export function fuzzScale(): number {
  const scale = Number(process.env.OUTPOST_FUZZ_SCALE ?? 1);
  return Number.isFinite(scale) && scale > 0 ? scale : 1;
}

/** Operations per fuzz seed: `OUTPOST_FUZZ_OPS`, else the CI default times `OUTPOST_FUZZ_SCALE`. */
export function fuzzOps(ciDefault: number): number {
  const ops = Number(process.env.OUTPOST_FUZZ_OPS);
  return Number.isInteger(ops) && ops > 0 ? ops : Math.round(ciDefault * fuzzScale());
}

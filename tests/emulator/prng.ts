// Deterministic randomness: the same seed must always give the same directory.

export interface Rng {
  next(): number;
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  pickSome<T>(items: readonly T[], min: number, max: number): T[];
  hex(length: number): string;
  base36(length: number): string;
}

/** mulberry32: tiny, fast, good enough for fixtures. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function createRng(seed: number): Rng {
  const next = mulberry32(seed);
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  const pickSome = <T>(items: readonly T[], min: number, max: number): T[] => {
    const pool = [...items];
    const count = Math.min(pool.length, int(min, max));
    const out: T[] = [];
    for (let i = 0; i < count; i++) {
      const index = Math.floor(next() * pool.length);
      out.push(...pool.splice(index, 1));
    }
    return out;
  };
  const fromAlphabet = (alphabet: string, length: number): string => {
    let s = '';
    for (let i = 0; i < length; i++) s += alphabet[Math.floor(next() * alphabet.length)];
    return s;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick,
    pickSome,
    hex: (length) => fromAlphabet('0123456789abcdef', length),
    base36: (length) => fromAlphabet('0123456789abcdefghijklmnopqrstuvwxyz', length),
  };
}

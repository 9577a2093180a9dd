/**
 * A seeded source of choices (mulberry32): the same seed makes the same draws on every machine,
 * so a generated value can be named by its seed and drawn again.
 */
export class Random {
  private state: number;

  constructor(seed = 1) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max] (both included). */
  integer(min: number, max: number): number {
    return max <= min ? min : min + Math.floor(this.next() * (max - min + 1));
  }

  /** One of the list (undefined when it is empty). */
  pick<T>(list: readonly T[]): T | undefined {
    return list.length === 0 ? undefined : list[this.integer(0, list.length - 1)];
  }

  /** True with the given probability. */
  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** A new source whose draws depend on this seed and `salt` only (so one value's draws do not shift another's). */
  fork(salt: string | number): Random {
    let hash = this.state ^ 0x9e3779b9;
    for (const char of String(salt)) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
    return new Random(hash);
  }
}

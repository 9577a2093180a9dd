/**
 * A fast-check filter that cannot hang, for the contract suites' arbitraries (arbitraries.ts): a
 * schema can make every draw of an arbitrary fail its check (a format whose values are all longer
 * than maxLength), and fast-check's own filter then draws for ever.
 */
import fc from 'fast-check';

/** Draws a bounded filter tries before it gives the value generator's value instead. */
const FILTER_TRIES = 64;

/**
 * Retries every bounded filter of one draw of a schema may make together. Nested filters multiply:
 * a list of lists of IDs fast-check seldom draws at their length (cleanrooms' `.*<uuid>.*`, exactly
 * 36 long) is 64 tries of each of 64 IDs, and each level more multiplies again. Past the budget a
 * filter draws once, then gives its fallback where that fits, else that draw, which the caller's
 * validation refuses as it refuses any loose draw.
 */
const RETRY_BUDGET = 2_000;
let retriesLeft = Infinity;

/**
 * `arbitrary.filter(accept)` that cannot hang: fast-check's own filter draws until one passes, for
 * ever when none can (a format whose values are all longer than maxLength). After FILTER_TRIES
 * draws this gives `fallback()` (the value generator's value of the schema) when it passes, else
 * the last draw (which the caller's validation then refuses, as it refuses any loose draw).
 */
export function bounded<T>(
  arbitrary: fc.Arbitrary<T>,
  accept: (value: T) => boolean,
  fallback: () => unknown,
): fc.Arbitrary<T> {
  return new BoundedFilter(arbitrary, accept, fallback);
}

class BoundedFilter<T> extends fc.Arbitrary<T> {
  private fallbackValue?: { value: unknown };

  constructor(
    private readonly arbitrary: fc.Arbitrary<T>,
    private readonly accept: (value: T) => boolean,
    private readonly fallback: () => unknown,
  ) {
    super();
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    let drawn = this.arbitrary.generate(random, biasFactor);
    for (
      let attempt = 1;
      attempt < FILTER_TRIES && retriesLeft > 0 && !this.accept(drawn.value);
      attempt += 1
    ) {
      retriesLeft -= 1;
      drawn = this.arbitrary.generate(random, biasFactor);
    }
    if (this.accept(drawn.value)) return drawn;
    this.fallbackValue ??= { value: this.fallback() };
    return this.accept(this.fallbackValue.value as T)
      ? new fc.Value(this.fallbackValue.value as T, undefined)
      : drawn;
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.arbitrary.canShrinkWithoutContext(value) && this.accept(value);
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    if (context === undefined && !this.arbitrary.canShrinkWithoutContext(value)) return fc.Stream.nil();
    return this.arbitrary.shrink(value, context).filter((shrunk) => this.accept(shrunk.value));
  }
}

/**
 * A schema's arbitrary whose draws share one RETRY_BUDGET among the bounded filters inside it. A
 * budgeted draw inside another (a schema's arbitrary drawn within a larger one) shares the outer one's.
 */
export function budgeted<T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return new BudgetedDraw(arbitrary);
}

class BudgetedDraw<T> extends fc.Arbitrary<T> {
  constructor(private readonly arbitrary: fc.Arbitrary<T>) {
    super();
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    const outermost = retriesLeft === Infinity;
    if (outermost) retriesLeft = RETRY_BUDGET;
    try {
      return this.arbitrary.generate(random, biasFactor);
    } finally {
      if (outermost) retriesLeft = Infinity;
    }
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.arbitrary.canShrinkWithoutContext(value);
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.arbitrary.shrink(value, context);
  }
}

/**
 * The seam for values that look real (mock data): a strategy is asked first for each value and
 * may answer, or return undefined to let the generator draw its own. Strategies are keyed by what
 * tells a value's meaning: its `format`, and the name of the property it is the value of
 * (`email`, `created_at`, `first_name`), both in the context the generator passes.
 *
 *   const names: ValueStrategy = strategyFrom({
 *     properties: [{ name: /^(first_)?name$/, value: ({ random }) => random.pick(['Ada', 'Grace']) }],
 *   });
 *   drawValue(node, { mode: 'realistic', strategy: names, seed: 7 });
 *
 * The generator keeps an answer only if it fits what it can check (the node's kind, an enum or
 * const, string lengths and pattern, number bounds); otherwise it draws its own.
 */
import type { SchemaNode } from '../schema-nodes.js';
import type { Random } from './random.js';

/** How values are drawn: the plainest valid one, an illustrative one, or one that looks real. */
export type DrawMode = 'minimal' | 'example' | 'realistic';

/** What a strategy is told about the value asked for. */
export interface ValueContext {
  /** The node (allOf merged), e.g. a string with `format: email`. */
  node: SchemaNode;
  /** The property this is the value of, when it is one (`email`); the nearest named one for array items. */
  property?: string | undefined;
  /** Property names and `[]` (array items) from the root value down to this one. */
  path: string[];
  mode: DrawMode;
  /** Seeded: the same seed and path give the same draws. */
  random: Random;
  /** Which side of a message the value is for (a request leaves readOnly properties out). */
  side?: 'request' | 'response' | undefined;
}

/** A value for the context, or undefined for "draw your own". */
export type ValueStrategy = (context: ValueContext) => unknown;

/** Strategies by format and by property name: the first that answers wins (property names first). */
export interface ValueRegistry {
  formats?: Record<string, (context: ValueContext) => unknown> | undefined;
  properties?: Array<{ name: RegExp; value: (context: ValueContext) => unknown }> | undefined;
}

export function strategyFrom(registry: ValueRegistry): ValueStrategy {
  return (context) => {
    if (context.property !== undefined)
      for (const entry of registry.properties ?? []) {
        if (!entry.name.test(context.property)) continue;
        const value = entry.value(context);
        if (value !== undefined) return value;
      }
    const format = context.node.format;
    return format !== undefined ? registry.formats?.[format]?.(context) : undefined;
  };
}

/** Several strategies in order: the first answer wins. */
export function firstOf(...strategies: ValueStrategy[]): ValueStrategy {
  return (context) => {
    for (const strategy of strategies) {
      const value = strategy(context);
      if (value !== undefined) return value;
    }
    return undefined;
  };
}

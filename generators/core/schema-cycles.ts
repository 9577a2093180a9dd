/**
 * Component refs: which component a ref names, and which components form cycles (each one's
 * group of mutually reachable components in the graph of their refs, by Tarjan's algorithm
 * without recursion, so GitHub's thousand components cannot overflow the stack). A ref between
 * two components of one group lies on a cycle.
 *
 * Imports nothing outside the schema model (a copy runs inside the contract suites).
 */
import type { JsonSchema } from './schema-nodes.js';

export function unescapePointerPart(part: string): string {
  const decoded = part.includes('%') ? decodeURIComponent(part) : part;
  return decoded.includes('~') ? decoded.replace(/~1/g, '/').replace(/~0/g, '~') : decoded;
}

/** The component a ref names (`…#/components/schemas/Pet` -> `Pet`), if it names one. */
export function componentName(ref: string): string | undefined {
  const match = /#\/components\/schemas\/([^/]+)$/.exec(ref);
  return match ? unescapePointerPart(match[1]!) : undefined;
}

// Schemas are untyped JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** Keywords whose values are data (never schemas): a `$ref` under them is a value. */
const DATA = new Set(['example', 'examples', 'default', 'enum', 'const']);

/** The component names each component's schema refers to (data keywords and extensions skipped). */
function referencesOf(schema: unknown): Set<string> {
  const found = new Set<string>();
  const stack: Array<{ node: unknown; names: boolean }> = [{ node: schema, names: false }];
  while (stack.length > 0) {
    const { node, names } = stack.pop()!;
    if (!node || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (const item of node) stack.push({ node: item, names: false });
      continue;
    }
    const record = node as Json;
    if (!names) {
      for (const key of ['$ref', '$dynamicRef'])
        if (typeof record[key] === 'string') {
          const name = componentName(record[key]);
          if (name !== undefined) found.add(name);
        }
      const mapping = record.discriminator?.mapping;
      if (mapping && typeof mapping === 'object')
        for (const target of Object.values(mapping))
          if (typeof target === 'string') {
            const name = componentName(target.includes('#') ? target : `#/components/schemas/${target}`);
            if (name !== undefined) found.add(name);
          }
    }
    for (const key in record) {
      if (!names && (DATA.has(key) || key.startsWith('x-') || key === 'discriminator')) continue;
      stack.push({
        node: record[key],
        names: !names && ['properties', 'patternProperties', '$defs', 'dependentSchemas'].includes(key),
      });
    }
  }
  return found;
}

/** Each component's group of mutually reachable components (Tarjan's algorithm, without recursion). */
export function stronglyConnected(components: Record<string, JsonSchema>): Map<string, number> {
  const edges = new Map<string, string[]>();
  for (const [name, schema] of Object.entries(components))
    edges.set(
      name,
      [...referencesOf(schema)].filter((target) => Object.hasOwn(components, target)),
    );
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const group = new Map<string, number>();
  let counter = 0;
  let groups = 0;
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ name: string; next: number }> = [{ name: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter);
    counter += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = edges.get(frame.name)!;
      if (frame.next < targets.length) {
        const target = targets[frame.next]!;
        frame.next += 1;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter);
          counter += 1;
          stack.push(target);
          onStack.add(target);
          work.push({ name: target, next: 0 });
        } else if (onStack.has(target))
          low.set(frame.name, Math.min(low.get(frame.name)!, index.get(target)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]!.name;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.name)!));
      }
      if (low.get(frame.name) === index.get(frame.name)) {
        const members: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          members.push(member);
        } while (member !== frame.name);
        // A component alone is a cycle only when it refers to itself (handled by the caller: from === to).
        if (members.length > 1) for (const name of members) group.set(name, groups);
        groups += 1;
      }
    }
  }
  return group;
}

/**
 * Reading schema nodes: `visit` hands a node to the function for its kind (a mapping such as the
 * Python types or a value generator is one visitor), `children` lists what a node holds, and
 * `walk` goes through a tree once, each node once, refs followed only when asked.
 *
 *   visit(node, {
 *     string: (node) => node.format === 'date-time' ? 'datetime' : 'str',
 *     ref: (node) => node.name ?? 'Any',
 *     otherwise: () => 'Any',
 *   });
 *
 * Imports nothing outside the schema model (a copy runs inside the contract suites).
 */
import type { NodeKind, NodeOf, SchemaNode } from './schema-nodes.js';

/** One function per kind it cares about, and `otherwise` for the rest. */
export type SchemaVisitor<R> = { [K in NodeKind]?: (node: NodeOf<K>) => R } & {
  otherwise: (node: SchemaNode) => R;
};

export function visit<R>(node: SchemaNode, visitor: SchemaVisitor<R>): R {
  const handler = visitor[node.kind] as ((node: SchemaNode) => R) | undefined;
  return handler ? handler(node) : visitor.otherwise(node);
}

/** How a child hangs from its parent: `properties/name`, `items`, `members/0`, `allOf/1`, `target`. */
export interface Child {
  edge: string;
  node: SchemaNode;
}

/** What a node holds, in document order: allOf and oneOf/anyOf beside it, then its kind's own children (a ref's target not among them). */
export function children(node: SchemaNode): Child[] {
  const out: Child[] = [];
  node.allOf.forEach((member, index) => out.push({ edge: `allOf/${index}`, node: member }));
  node.variants.forEach((union, index) => out.push({ edge: `variants/${index}`, node: union }));
  switch (node.kind) {
    case 'object':
      for (const property of node.properties)
        out.push({ edge: `properties/${property.name}`, node: property.node });
      if (node.additionalProperties)
        out.push({ edge: 'additionalProperties', node: node.additionalProperties });
      for (const entry of node.patternProperties)
        out.push({ edge: `patternProperties/${entry.pattern}`, node: entry.node });
      if (node.propertyNames) out.push({ edge: 'propertyNames', node: node.propertyNames });
      break;
    case 'array':
      node.prefixItems.forEach((item, index) => out.push({ edge: `prefixItems/${index}`, node: item }));
      out.push({ edge: 'items', node: node.items });
      break;
    case 'union':
    case 'intersection':
      node.members.forEach((member, index) => out.push({ edge: `members/${index}`, node: member }));
      break;
  }
  return out;
}

/**
 * Every node under `root` (itself first), depth first, each once. `enter` returns false to skip a
 * node's children. Refs are followed into their targets when `followRefs` says so (each target
 * once, so a recursive schema ends).
 */
export function walk(
  root: SchemaNode,
  enter: (node: SchemaNode, path: string[]) => boolean | void,
  options: { followRefs?: boolean } = {},
): void {
  const seen = new Set<SchemaNode>();
  const stack: Array<{ node: SchemaNode; path: string[] }> = [{ node: root, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    if (enter(node, path) === false) continue;
    const next = children(node);
    if (node.kind === 'ref' && options.followRefs) next.push({ edge: 'target', node: node.target });
    for (let index = next.length - 1; index >= 0; index -= 1)
      stack.push({ node: next[index]!.node, path: [...path, next[index]!.edge] });
  }
}

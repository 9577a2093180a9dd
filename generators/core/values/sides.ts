/**
 * Which side of a message a property belongs to (OAS 3.0 and 3.1, readOnly and writeOnly): a
 * readOnly property is the server's to set, so a request neither needs nor sends it, even when
 * the schema lists it as required; a writeOnly one (a password) is sent and never answered. Read
 * from nodes, so `readOnly` beside a `$ref` and one stated in an allOf member count.
 */
import { merged } from '../schema-merge.js';
import type { SchemaNode } from '../schema-nodes.js';

export type MessageSide = 'request' | 'response';

/** Whether a property's node is kept off that side of a message. */
export function hiddenOn(side: MessageSide | undefined, node: SchemaNode): boolean {
  if (side === undefined) return false;
  const flat = merged(node);
  return side === 'request' ? flat.readOnly || node.readOnly : flat.writeOnly || node.writeOnly;
}

/** The names of the properties a schema (its allOf members and refs together) keeps off that side. */
export function hiddenProperties(side: MessageSide, node: SchemaNode): Set<string> {
  const flat = merged(node);
  return new Set(
    flat.kind === 'object'
      ? flat.properties.filter((property) => hiddenOn(side, property.node)).map((property) => property.name)
      : [],
  );
}

/**
 * A value without the properties its schema keeps off that side (a request example that carries
 * the server's `id`). Follows objects, arrays and the members of oneOf/anyOf: a key goes when
 * every member that declares it hides it.
 */
export function withoutHidden(
  node: SchemaNode,
  value: unknown,
  side: MessageSide | undefined,
  depth = 0,
): unknown {
  if (side === undefined || value === null || typeof value !== 'object' || depth > 16) return value;
  const flat = merged(node);
  if (Array.isArray(value))
    return flat.kind === 'array'
      ? value.map((item) => withoutHidden(flat.items, item, side, depth + 1))
      : value;
  const branches = [flat, ...unionMembers(flat).map(merged)];
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
    const declared = branches.flatMap((branch) =>
      branch.kind === 'object' ? branch.properties.filter((property) => property.name === name) : [],
    );
    if (declared.length > 0 && declared.every((property) => hiddenOn(side, property.node))) continue;
    out[name] = declared.length > 0 ? withoutHidden(declared[0]!.node, item, side, depth + 1) : item;
  }
  return out;
}

/** The members of a union node, and of the oneOf/anyOf written beside a node's own keywords. */
export function unionMembers(node: SchemaNode): SchemaNode[] {
  return [...(node.kind === 'union' ? node.members : []), ...node.variants.flatMap((union) => union.members)];
}

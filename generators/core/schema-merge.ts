/**
 * A node with its `allOf` folded in: one node that says everything a value must satisfy (refs at
 * the top followed, properties of every member together, the tighter bound of two, `required`
 * from all, `readOnly` from any). What value generators and object readers want; printers that
 * keep the members apart (a TypedDict per component) read the node itself.
 *
 *   merged(node of { allOf: [{ $ref: Base }, { required: [name] }] })  // { kind: 'object', properties: [id, name], … }
 *
 * Imports nothing outside the schema model (a copy runs inside the contract suites).
 */
import type {
  ArrayNode,
  ConstNode,
  NumberNode,
  ObjectNode,
  PropertyNode,
  SchemaNode,
  StringNode,
  UnionNode,
} from './schema-nodes.js';

const cache = new WeakMap<SchemaNode, SchemaNode>();

/** How deep refs to refs (and allOfs of refs) are followed before the rest reads as anything. */
const MAX_DEPTH = 32;

/** The node with its allOf members (and, for a ref, its target) folded into one. Cached per node. */
export function merged(node: SchemaNode): SchemaNode {
  // Most nodes have nothing to fold: neither a cache entry nor a walk (GitHub's spec asks 130,000 times).
  return foldsNothing(node) ? node : mergedAt(node, new Set(), 0);
}

/** A node that is its own merge: not a ref, not an intersection, no allOf beside its keywords. */
function foldsNothing(node: SchemaNode): boolean {
  return node.kind !== 'ref' && node.kind !== 'intersection' && node.allOf.length === 0;
}

function mergedAt(node: SchemaNode, active: Set<SchemaNode>, depth: number): SchemaNode {
  // Past the depth limit the rest reads as anything, whatever it holds.
  if (foldsNothing(node)) return depth > MAX_DEPTH ? anyLike(node) : node;
  const known = cache.get(node);
  if (known) return known;
  // An allOf that reaches itself again: the repeat adds nothing.
  if (active.has(node) || depth > MAX_DEPTH) return anyLike(node);
  active.add(node);
  let result: SchemaNode;
  if (node.kind === 'ref' && addsNothing(node)) {
    // Most refs are bare `$ref`s: their merge is their target's, shared rather than copied.
    result = mergedAt(node.target, active, depth + 1);
  } else if (node.kind === 'ref') {
    const target = mergedAt(node.target, active, depth + 1);
    let own: SchemaNode = {
      ...target,
      pointer: target.pointer,
      readOnly: node.readOnly || target.readOnly,
      writeOnly: node.writeOnly || target.writeOnly,
      deprecated: node.deprecated || target.deprecated,
      // A ref's own null (3.0 `nullable` beside it, a 3.1 anyOf [X, null]) adds to what X allows.
      nullable: node.nullable || target.nullable,
      ...(node.description !== undefined ? { description: node.description } : {}),
      ...(node.title !== undefined ? { title: node.title } : {}),
      ...(node.default !== undefined ? { default: node.default } : {}),
      ...(node.examples.length > 0 ? { examples: node.examples } : {}),
      ...(node.discriminator ? { discriminator: node.discriminator } : {}),
    } as SchemaNode;
    for (const member of node.allOf) own = fold(own, mergedAt(member, active, depth + 1));
    result = own;
  } else if (node.kind === 'intersection') {
    let own: SchemaNode = anyLike(node);
    for (const member of node.members) own = fold(own, mergedAt(member, active, depth + 1));
    // 3.0's `nullable` beside an allOf lets null through whatever the members say.
    result = node.nullable ? { ...own, nullable: true } : own;
  } else {
    // Its own keywords with an allOf beside them.
    let own: SchemaNode = { ...node, allOf: [] } as SchemaNode;
    for (const member of node.allOf) own = fold(own, mergedAt(member, active, depth + 1));
    result = own;
  }
  active.delete(node);
  cache.set(node, result);
  return result;
}

/** Whether a ref says nothing beside its target: no annotation, flag or allOf of its own. */
function addsNothing(node: Extract<SchemaNode, { kind: 'ref' }>): boolean {
  return (
    !node.readOnly &&
    !node.writeOnly &&
    !node.deprecated &&
    !node.nullable &&
    node.description === undefined &&
    node.title === undefined &&
    node.default === undefined &&
    node.examples.length === 0 &&
    !node.discriminator &&
    node.allOf.length === 0
  );
}

/** An unconstrained node with another's annotations (its description, readOnly, examples). */
function anyLike(node: SchemaNode): SchemaNode {
  return {
    kind: 'any',
    pointer: node.pointer,
    schema: node.schema,
    nullable: false,
    readOnly: node.readOnly,
    writeOnly: node.writeOnly,
    deprecated: node.deprecated,
    ...(node.title !== undefined ? { title: node.title } : {}),
    ...(node.description !== undefined ? { description: node.description } : {}),
    ...(node.default !== undefined ? { default: node.default } : {}),
    ...(node.discriminator ? { discriminator: node.discriminator } : {}),
    examples: node.examples,
    allOf: [],
    variants: [],
    declaredTypes: [],
  };
}

/** Whether null satisfies a node as far as its own kind tells (an unconstrained node allows it). */
function allowsNull(node: SchemaNode): boolean {
  return node.kind === 'any' || node.kind === 'null' || node.nullable;
}

const tighter = (a: number | undefined, b: number | undefined, pick: (x: number, y: number) => number) =>
  a === undefined ? b : b === undefined ? a : pick(a, b);

/** Two merged nodes as one: what satisfies both. */
export function fold(a: SchemaNode, b: SchemaNode): SchemaNode {
  const annotations = {
    pointer: a.pointer,
    schema: a.schema,
    nullable: allowsNull(a) && allowsNull(b),
    readOnly: a.readOnly || b.readOnly,
    writeOnly: a.writeOnly || b.writeOnly,
    deprecated: a.deprecated || b.deprecated,
    ...((a.title ?? b.title) !== undefined ? { title: a.title ?? b.title } : {}),
    ...((a.description ?? b.description) !== undefined
      ? { description: a.description ?? b.description }
      : {}),
    ...((a.format ?? b.format) !== undefined ? { format: a.format ?? b.format } : {}),
    ...((a.default ?? b.default) !== undefined ? { default: a.default ?? b.default } : {}),
    ...((a.discriminator ?? b.discriminator) ? { discriminator: a.discriminator ?? b.discriminator } : {}),
    examples: a.examples.length > 0 ? a.examples : b.examples,
    allOf: [],
    variants: [...a.variants, ...b.variants],
    declaredTypes: a.declaredTypes.length > 0 ? a.declaredTypes : b.declaredTypes,
  };
  if (a.kind === 'never' || b.kind === 'never') return { ...annotations, kind: 'never' };
  if (a.kind === 'any') return { ...b, ...annotations, nullable: allowsNull(b) } as SchemaNode;
  if (b.kind === 'any') return { ...a, ...annotations, nullable: allowsNull(a) } as SchemaNode;
  if (b.kind === 'union' && a.kind !== 'union')
    return { ...a, ...annotations, variants: [...annotations.variants, b] } as SchemaNode;
  if (a.kind === 'union' && b.kind !== 'union')
    return { ...b, ...annotations, variants: [...annotations.variants, a] } as SchemaNode;
  if (a.kind === 'union')
    return { ...a, ...annotations, variants: [...annotations.variants, b as UnionNode] };
  if (a.kind === 'null' || b.kind === 'null')
    return allowsNull(a) && allowsNull(b)
      ? { ...annotations, kind: 'null' }
      : { ...annotations, kind: 'never' };
  if (a.kind === 'const' || b.kind === 'const') {
    const constant = (a.kind === 'const' ? a : b) as ConstNode;
    const other = a.kind === 'const' ? b : a;
    return other.kind === 'enum' && !other.values.some((value) => same(value, constant.value))
      ? { ...annotations, kind: 'never' }
      : { ...annotations, kind: 'const', value: constant.value };
  }
  if (a.kind === 'enum' || b.kind === 'enum') {
    if (a.kind === 'enum' && b.kind === 'enum')
      return {
        ...annotations,
        kind: 'enum',
        values: a.values.filter((value) => b.values.some((other) => same(value, other))),
      };
    const enumeration = a.kind === 'enum' ? a : b;
    return { ...annotations, kind: 'enum', values: enumeration.kind === 'enum' ? enumeration.values : [] };
  }
  if ((a.kind === 'integer' || a.kind === 'number') && (b.kind === 'integer' || b.kind === 'number'))
    return numbers(a, b, annotations);
  if (a.kind !== b.kind) return { ...annotations, kind: 'never' };
  switch (a.kind) {
    case 'string':
      return strings(a, b as StringNode, annotations);
    case 'array': {
      const other = b as ArrayNode;
      return {
        ...annotations,
        kind: 'array',
        items: both(a.items, other.items),
        prefixItems: a.prefixItems.length > 0 ? a.prefixItems : other.prefixItems,
        ...bound('minItems', tighter(a.minItems, other.minItems, Math.max)),
        ...bound('maxItems', tighter(a.maxItems, other.maxItems, Math.min)),
        uniqueItems: a.uniqueItems || other.uniqueItems,
      };
    }
    case 'object':
      return objects(a, b as ObjectNode, annotations);
    default:
      return { ...a, ...annotations } as SchemaNode;
  }
}

function bound<K extends string>(key: K, value: number | undefined): Partial<Record<K, number>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, number>);
}

function numbers(a: NumberNode, b: NumberNode, annotations: object): NumberNode {
  return {
    ...(annotations as NumberNode),
    kind: a.kind === 'integer' || b.kind === 'integer' ? 'integer' : 'number',
    ...bound('minimum', tighter(a.minimum, b.minimum, Math.max)),
    ...bound('maximum', tighter(a.maximum, b.maximum, Math.min)),
    ...bound('exclusiveMinimum', tighter(a.exclusiveMinimum, b.exclusiveMinimum, Math.max)),
    ...bound('exclusiveMaximum', tighter(a.exclusiveMaximum, b.exclusiveMaximum, Math.min)),
    ...bound('multipleOf', b.multipleOf ?? a.multipleOf),
  };
}

function strings(a: StringNode, b: StringNode, annotations: object): StringNode {
  const pattern = b.pattern ?? a.pattern;
  const media = b.contentMediaType ?? a.contentMediaType;
  const encoding = b.contentEncoding ?? a.contentEncoding;
  return {
    ...(annotations as StringNode),
    kind: 'string',
    ...bound('minLength', tighter(a.minLength, b.minLength, Math.max)),
    ...bound('maxLength', tighter(a.maxLength, b.maxLength, Math.min)),
    ...(pattern !== undefined ? { pattern } : {}),
    ...(media !== undefined ? { contentMediaType: media } : {}),
    ...(encoding !== undefined ? { contentEncoding: encoding } : {}),
  };
}

function objects(a: ObjectNode, b: ObjectNode, annotations: object): ObjectNode {
  const requiredNames = new Set([...a.required, ...b.required]);
  const required = [...requiredNames];
  // By name, not by searching the list: GitHub's objects fold hundreds of properties.
  const byName = new Map<string, PropertyNode>();
  const properties: PropertyNode[] = [];
  for (const property of [...a.properties, ...b.properties]) {
    const existing = byName.get(property.name);
    if (existing) existing.node = both(existing.node, property.node);
    else {
      const copy = { ...property };
      byName.set(property.name, copy);
      properties.push(copy);
    }
  }
  for (const property of properties) property.required = requiredNames.has(property.name);
  const closed = a.additionalProperties?.kind === 'never' ? a.additionalProperties : b.additionalProperties;
  const extra =
    closed?.kind === 'never'
      ? closed
      : a.additionalProperties && b.additionalProperties
        ? both(a.additionalProperties, b.additionalProperties)
        : (a.additionalProperties ?? b.additionalProperties);
  const names = a.propertyNames ?? b.propertyNames;
  return {
    ...(annotations as ObjectNode),
    kind: 'object',
    properties,
    required,
    ...(extra ? { additionalProperties: extra } : {}),
    patternProperties: [...a.patternProperties, ...b.patternProperties],
    ...(names ? { propertyNames: names } : {}),
    ...bound('minProperties', tighter(a.minProperties, b.minProperties, Math.max)),
    ...bound('maxProperties', tighter(a.maxProperties, b.maxProperties, Math.min)),
  };
}

/** Two schemas a value must both satisfy, as one node (kept apart, merged when read). */
function both(a: SchemaNode, b: SchemaNode): SchemaNode {
  if (b.kind === 'any' && b.allOf.length === 0 && b.variants.length === 0) return a;
  if (a.kind === 'any' && a.allOf.length === 0 && a.variants.length === 0) return b;
  return {
    kind: 'intersection',
    pointer: a.pointer,
    schema: a.schema,
    nullable: false,
    readOnly: a.readOnly || b.readOnly,
    writeOnly: a.writeOnly || b.writeOnly,
    deprecated: a.deprecated || b.deprecated,
    ...(a.description !== undefined ? { description: a.description } : {}),
    examples: [],
    allOf: [],
    variants: [],
    declaredTypes: [],
    members: [a, b],
  };
}

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

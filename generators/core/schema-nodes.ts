/**
 * The schema model's nodes: a JSON Schema as one normalised tree, whatever dialect wrote it. One
 * nullability (3.0 `nullable`, a 3.1 type array with `null`, `null` in an enum, a `null` member of
 * a oneOf/anyOf), bounds as numbers (3.0's boolean `exclusiveMinimum` folded in), `example` and
 * `examples` as one list, refs as named nodes (marked `recursive` where a cycle passes through
 * them), discriminators with their mapping resolved to members. schema-normalise.ts builds them.
 *
 * This module and the ones that build and draw from nodes import nothing outside themselves:
 * the contract suites (and later mock packages) get a copy of them, as they get their runtime.
 *
 *   { type: ['string', 'null'], maxLength: 3 }  ->  { kind: 'string', nullable: true, maxLength: 3, … }
 */

/** A schema as written: an object, or `true` (anything) / `false` (nothing). */
export type JsonSchema = Record<string, unknown> | boolean;

export type NodeKind =
  | 'any'
  | 'never'
  | 'null'
  | 'boolean'
  | 'integer'
  | 'number'
  | 'string'
  | 'array'
  | 'object'
  | 'enum'
  | 'const'
  | 'union'
  | 'intersection'
  | 'ref';

/** What every node has. */
export interface NodeBase {
  kind: NodeKind;
  /** Where the schema is written: a JSON pointer into the document (or into the root the runtime has). */
  pointer: string;
  /** The schema object as written (its `$ref` not followed). */
  schema: JsonSchema;
  /** Null is one of its values. */
  nullable: boolean;
  /** The server's to set: a request leaves it out (OAS: it applies to responses only). */
  readOnly: boolean;
  /** Sent, never answered (a password). */
  writeOnly: boolean;
  deprecated: boolean;
  title?: string;
  description?: string;
  /** `format`, on whatever kind carries it (a string's `date-time`, a number's `int32`). */
  format?: string;
  /** The schema's `default`, when it gives one. */
  default?: { value: unknown };
  /** Its examples: 3.0 `example`, then 3.1 `examples`, in document order. */
  examples: unknown[];
  /** `allOf` members written beside the schema's own keywords (a pure `allOf` is an `intersection` node). */
  allOf: SchemaNode[];
  /** `oneOf`/`anyOf` written beside its own keywords (a pure one is a `union` node). */
  variants: UnionNode[];
  /** How a property tells its oneOf/anyOf members (or allOf subtypes) apart. */
  discriminator?: Discriminator;
  /** The schema's `type`, `null` left out, as written (empty when it infers its kind from other keywords). */
  declaredTypes: string[];
}

export interface AnyNode extends NodeBase {
  kind: 'any';
}

/** No value satisfies it (`false`, `not: {}`). */
export interface NeverNode extends NodeBase {
  kind: 'never';
}

export interface NullNode extends NodeBase {
  kind: 'null';
}

export interface BooleanNode extends NodeBase {
  kind: 'boolean';
}

export interface NumberNode extends NodeBase {
  kind: 'number' | 'integer';
  minimum?: number;
  maximum?: number;
  /** Strict bounds, as numbers in every dialect (3.0's `exclusiveMinimum: true` moves `minimum` here). */
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
}

export interface StringNode extends NodeBase {
  kind: 'string';
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** 3.1: the media type of the content the string holds (`image/png`), raw bytes unless `contentEncoding`. */
  contentMediaType?: string;
  contentEncoding?: string;
}

export interface ArrayNode extends NodeBase {
  kind: 'array';
  /** The items' schema (`any` when the schema gives none). */
  items: SchemaNode;
  /** 2020-12 `prefixItems`: the first items' schemas, in order. */
  prefixItems: SchemaNode[];
  minItems?: number;
  maxItems?: number;
  uniqueItems: boolean;
}

export interface PropertyNode {
  name: string;
  node: SchemaNode;
  required: boolean;
}

export interface ObjectNode extends NodeBase {
  kind: 'object';
  /** Declared properties, in document order. */
  properties: PropertyNode[];
  /** Every required name, also those no property declares. */
  required: string[];
  /** Other keys' values: absent when any key is allowed, a `never` node when none is (`false`). */
  additionalProperties?: SchemaNode;
  patternProperties: Array<{ pattern: string; node: SchemaNode }>;
  propertyNames?: SchemaNode;
  minProperties?: number;
  maxProperties?: number;
}

export interface EnumNode extends NodeBase {
  kind: 'enum';
  /** The allowed values, `null` left out (it makes the node nullable). */
  values: unknown[];
}

export interface ConstNode extends NodeBase {
  kind: 'const';
  value: unknown;
}

/** oneOf (`exclusive`), anyOf, or a type array of several types (`type: [string, integer]`). */
export interface UnionNode extends NodeBase {
  kind: 'union';
  members: SchemaNode[];
  /** oneOf: a value must satisfy exactly one member. */
  exclusive: boolean;
  source: 'oneOf' | 'anyOf' | 'type';
}

/** allOf (and any oneOf/anyOf beside it) with no keywords of its own: a value satisfies every member. */
export interface IntersectionNode extends NodeBase {
  kind: 'intersection';
  members: SchemaNode[];
}

/** A `$ref` (or an unbound `$dynamicRef`): named when it points at a component schema. */
export interface RefNode extends NodeBase {
  kind: 'ref';
  /** As written: `#/components/schemas/Pet`, `#itemType`. */
  ref: string;
  /** The component's name (`Pet`) when it points at `#/components/schemas/<name>`. */
  name?: string;
  /** A cycle of refs passes through this one (the component it names reaches back to where it stands). */
  recursive: boolean;
  /** A `$dynamicRef` the loader did not bind (inside the generic schema itself): its target is the slot's default. */
  dynamic: boolean;
  /** What it points at, built when first read (`never` when it points nowhere). */
  readonly target: SchemaNode;
}

export type SchemaNode =
  | AnyNode
  | NeverNode
  | NullNode
  | BooleanNode
  | NumberNode
  | StringNode
  | ArrayNode
  | ObjectNode
  | EnumNode
  | ConstNode
  | UnionNode
  | IntersectionNode
  | RefNode;

/** The node type of a kind: `NodeOf<'object'>` is ObjectNode. */
export type NodeOf<K extends NodeKind> = Extract<SchemaNode, { kind: K }>;

/** A discriminator with its mapping resolved: which property value means which member (or subtype). */
export interface Discriminator {
  propertyName: string;
  /** Where the Discriminator Object is written. */
  pointer: string;
  /**
   * Every value the property may take, with the schema it selects: the explicit `mapping` first
   * (document order), then each member that is a component ref the mapping leaves out, by its name
   * (OAS: the implicit value is the schema's name).
   */
  mapping: Array<{ value: string; target: RefNode; implicit: boolean }>;
}

/**
 * JSON Schema -> schema nodes (schema-nodes.ts), built when first asked for and cached per schema
 * object. The dialect says how nullability and bounds are written (3.0: `nullable`, boolean
 * `exclusiveMinimum`; 3.1 and 2020-12: type arrays, numeric bounds); refs are resolved through the
 * source, lazily, so a recursive schema is a finite tree of nodes whose ref nodes lead back.
 *
 *   const nodes = new SchemaNormaliser({ dialect: '3.1', resolve: (ref) => … });
 *   nodes.node({ $ref: '#/components/schemas/Pet' }, '/paths/~1pets/get/…')  // { kind: 'ref', name: 'Pet', … }
 *
 * Imports nothing outside the schema model (a copy runs inside the contract suites).
 */
import { componentName, stronglyConnected, unescapePointerPart } from './schema-cycles.js';
import type {
  ArrayNode,
  Discriminator,
  JsonSchema,
  NodeBase,
  NodeKind,
  NumberNode,
  ObjectNode,
  PropertyNode,
  RefNode,
  SchemaNode,
  StringNode,
  UnionNode,
} from './schema-nodes.js';

/** Where schemas come from: the dialect, and how a ref is followed. */
export interface NodeSource {
  /** `3.0`: OAS 3.0's dialect; `3.1`: JSON Schema 2020-12 (OAS 3.1, and every schema the runtime has). */
  dialect: '3.0' | '3.1';
  /** The schema a ref points at and the pointer it sits at; undefined when it points nowhere. */
  resolve(ref: string): { schema: JsonSchema; pointer: string } | undefined;
  /** The component schemas by name, for telling which refs are recursive. */
  components(): Record<string, JsonSchema>;
}

// Schemas are untyped JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * Keywords that only describe: beside a `$ref` they do not make it an intersection (2020-12), and
 * they are all OAS 3.0 reads beside one (its Reference Object's other properties SHALL be ignored).
 */
export const REF_ANNOTATIONS: ReadonlySet<string> = new Set([
  '$ref',
  '$id',
  '$schema',
  '$comment',
  '$defs',
  '$anchor',
  '$dynamicAnchor',
  'definitions',
  'title',
  'description',
  'deprecated',
  'readOnly',
  'writeOnly',
  'example',
  'examples',
  'default',
  'externalDocs',
  'xml',
  'nullable',
  'discriminator',
]);

const OBJECT_KEYWORDS = [
  'properties',
  'additionalProperties',
  'patternProperties',
  'required',
  'propertyNames',
  'minProperties',
  'maxProperties',
];
const ARRAY_KEYWORDS = ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems'];
const STRING_KEYWORDS = ['pattern', 'minLength', 'maxLength', 'contentMediaType', 'contentEncoding'];
const NUMBER_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];
const KINDS: Record<string, NodeKind> = {
  string: 'string',
  number: 'number',
  integer: 'integer',
  boolean: 'boolean',
  object: 'object',
  array: 'array',
  null: 'null',
};

function escapePointerPart(part: string): string {
  return part.includes('~') || part.includes('/') ? part.replace(/~/g, '~0').replace(/\//g, '~1') : part;
}

/** The component schema a pointer lies in (`/components/schemas/Pet/properties/id` -> `Pet`). */
function componentAt(pointer: string): string | undefined {
  const match = /^\/components\/schemas\/([^/]+)/.exec(pointer);
  return match ? unescapePointerPart(match[1]!) : undefined;
}

const number = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** A node's copy with some fields changed; a ref's target stays lazy. */
export function withChanges<T extends SchemaNode>(node: T, changes: Partial<NodeBase>): T {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(node)) as T;
  return Object.assign(copy, changes);
}

export class SchemaNormaliser {
  private readonly cache = new WeakMap<object, SchemaNode>();
  private cycles?: Map<string, number>;

  constructor(private readonly source: NodeSource) {}

  /** The node of a schema written at `pointer` (built once per schema object). */
  node(schema: unknown, pointer: string): SchemaNode {
    if (schema === undefined || schema === true) return this.base('any', true, pointer);
    if (schema === false) return this.base('never', false, pointer);
    if (!schema || typeof schema !== 'object' || Array.isArray(schema))
      return this.base('any', true, pointer);
    const known = this.cache.get(schema);
    if (known) return known;
    const built = this.build(schema as Json, pointer);
    this.cache.set(schema, built);
    return built;
  }

  /** The node already built for a schema object, if any. */
  built(schema: object): SchemaNode | undefined {
    return this.cache.get(schema);
  }

  /** A ref node for `ref` as written at `pointer` (its target built when first read). */
  ref(ref: string, pointer: string, schema: JsonSchema = { $ref: ref }, dynamic = false): RefNode {
    const name = dynamic ? undefined : componentName(ref);
    let target: SchemaNode | undefined;
    const resolveTarget = (): SchemaNode => {
      const found = dynamic ? this.dynamicTarget(ref, pointer) : this.source.resolve(ref);
      return found ? this.node(found.schema, found.pointer) : this.base('never', false, pointer);
    };
    const node = {
      ...this.common(schema as Json, pointer),
      kind: 'ref' as const,
      ref,
      ...(name !== undefined ? { name } : {}),
      recursive: name !== undefined && this.isRecursive(componentAt(pointer), name),
      dynamic,
      get target(): SchemaNode {
        target ??= resolveTarget();
        return target;
      },
    };
    return node;
  }

  private base<K extends 'any' | 'never'>(kind: K, schema: JsonSchema, pointer: string): SchemaNode {
    return { ...this.common(typeof schema === 'object' ? schema : {}, pointer), schema, kind } as SchemaNode;
  }

  /** Annotations and nullability as the schema's own keywords say. */
  private common(schema: Json, pointer: string): NodeBase {
    const types: unknown[] = Array.isArray(schema.type) ? schema.type : [];
    const examples = [
      ...('example' in schema ? [schema.example] : []),
      ...(Array.isArray(schema.examples) ? schema.examples : []),
    ];
    return {
      kind: 'any',
      pointer,
      schema,
      nullable:
        (this.source.dialect === '3.0' && schema.nullable === true) ||
        types.includes('null') ||
        (Array.isArray(schema.enum) && schema.enum.includes(null)),
      readOnly: schema.readOnly === true,
      writeOnly: schema.writeOnly === true,
      deprecated: schema.deprecated === true,
      ...(typeof schema.title === 'string' ? { title: schema.title } : {}),
      ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
      ...(typeof schema.format === 'string' ? { format: schema.format } : {}),
      ...('default' in schema ? { default: { value: schema.default } } : {}),
      examples,
      allOf: [],
      variants: [],
      declaredTypes: (Array.isArray(schema.type)
        ? schema.type
        : schema.type !== undefined
          ? [schema.type]
          : []
      )
        .filter((type: unknown) => type !== 'null')
        .map(String),
    };
  }

  private build(schema: Json, pointer: string): SchemaNode {
    const common = this.common(schema, pointer);
    let node: SchemaNode;
    if (typeof schema.$ref === 'string') node = this.refWithSiblings(schema, pointer);
    else if (typeof schema.$dynamicRef === 'string')
      node = this.ref(schema.$dynamicRef, pointer, schema, true);
    else node = this.own(schema, pointer, common);
    if (schema.discriminator && typeof schema.discriminator.propertyName === 'string')
      node.discriminator = this.discriminator(schema, pointer, node);
    return node;
  }

  /**
   * A `$ref` with keywords beside it: those that constrain (2020-12 applies them) become an allOf
   * member. OAS 3.0 says a Reference Object's other properties SHALL be ignored (britbox's `type:
   * string` beside an object's `$ref`): only the annotations, `nullable` among them, are read.
   */
  private refWithSiblings(schema: Json, pointer: string): SchemaNode {
    const node = this.ref(schema.$ref, pointer, schema);
    if (this.source.dialect === '3.0') return node;
    const siblings = Object.keys(schema).filter((key) => !REF_ANNOTATIONS.has(key) && !key.startsWith('x-'));
    if (siblings.length === 0) return node;
    const own = Object.fromEntries(siblings.map((key) => [key, schema[key]]));
    node.allOf = [this.build(own, pointer)];
    return node;
  }

  /** The node the schema's own keywords make, with allOf and oneOf/anyOf beside them. */
  private own(schema: Json, pointer: string, common: NodeBase): SchemaNode {
    const allOf: SchemaNode[] = Array.isArray(schema.allOf)
      ? schema.allOf.map((member: unknown, index: number) => this.node(member, `${pointer}/allOf/${index}`))
      : [];
    const variants = (['oneOf', 'anyOf'] as const)
      .filter((key) => Array.isArray(schema[key]))
      .map((key) => this.union(schema, pointer, key));
    // A null member makes the node nullable, wherever the oneOf/anyOf stands.
    const nullMember = variants.some((union) => union.nullable);
    const kind = this.ownKind(schema);
    if (kind === undefined) {
      if (schema.not && typeof schema.not === 'object' && Object.keys(schema.not).length === 0)
        return { ...common, kind: 'never' };
      if (allOf.length === 0 && variants.length === 1) {
        const union = variants[0]!;
        // anyOf [X, null]: X, nullable (the 3.1 spelling of 3.0's nullable X).
        const [only] = union.members;
        if (only && union.members.length === 1)
          return withChanges(only, {
            ...annotations(common),
            nullable: common.nullable || union.nullable || only.nullable,
            pointer,
            schema,
          });
        return { ...union, ...annotations(common), nullable: common.nullable || union.nullable };
      }
      const [sole] = allOf;
      if (sole && allOf.length === 1 && variants.length === 0)
        // allOf [X] beside a description (or 3.0's nullable): X, as this schema annotates it.
        return withChanges(sole, {
          ...annotations(common),
          nullable: common.nullable || sole.nullable,
          readOnly: common.readOnly || sole.readOnly,
          writeOnly: common.writeOnly || sole.writeOnly,
          pointer,
          schema,
        });
      if (allOf.length + variants.length > 0)
        return {
          ...common,
          kind: 'intersection',
          members: [...allOf, ...variants],
          nullable: common.nullable,
        };
      return { ...common, kind: 'any' };
    }
    const node = this.ofKind(kind, schema, pointer, common);
    node.allOf = allOf;
    node.variants = variants;
    if (nullMember) node.nullable = true;
    return node;
  }

  /** The kind the schema's own keywords give (undefined when only combinators or nothing constrain it). */
  private ownKind(schema: Json): NodeKind | 'types' | undefined {
    if ('const' in schema) return schema.const === null ? 'null' : 'const';
    if (Array.isArray(schema.enum))
      return schema.enum.every((value: unknown) => value === null) ? 'null' : 'enum';
    const types = (Array.isArray(schema.type) ? schema.type : schema.type !== undefined ? [schema.type] : [])
      .map(String)
      .filter((type: string) => KINDS[type] !== undefined);
    const nonNull = types.filter((type: string) => type !== 'null');
    if (nonNull.length > 1) return 'types';
    if (nonNull.length === 1) return KINDS[nonNull[0]];
    if (types.length > 0) return 'null';
    const has = (keys: string[]) => keys.some((key) => key in schema);
    if (has(OBJECT_KEYWORDS)) return 'object';
    if (has(ARRAY_KEYWORDS)) return 'array';
    if (has(STRING_KEYWORDS)) return 'string';
    if (has(NUMBER_KEYWORDS)) return 'number';
    return undefined;
  }

  private ofKind(kind: NodeKind | 'types', schema: Json, pointer: string, common: NodeBase): SchemaNode {
    switch (kind) {
      case 'types': {
        const types: string[] = schema.type.filter((type: string) => type !== 'null' && KINDS[type]);
        const members = types.map((type) =>
          this.ofKind(KINDS[type]!, schema, pointer, { ...common, nullable: false, declaredTypes: [type] }),
        );
        return { ...common, kind: 'union', members, exclusive: false, source: 'type' };
      }
      case 'const':
        return { ...common, kind: 'const', value: schema.const };
      case 'enum':
        return {
          ...common,
          kind: 'enum',
          values: schema.enum.filter((value: unknown) => value !== null),
        };
      case 'string':
        return this.string(schema, common);
      case 'number':
      case 'integer':
        return this.number(kind, schema, common);
      case 'array':
        return this.array(schema, pointer, common);
      case 'object':
        return this.object(schema, pointer, common);
      default:
        return { ...common, kind } as SchemaNode;
    }
  }

  private string(schema: Json, common: NodeBase): StringNode {
    return {
      ...common,
      kind: 'string',
      ...(number(schema.minLength) !== undefined ? { minLength: schema.minLength } : {}),
      ...(number(schema.maxLength) !== undefined ? { maxLength: schema.maxLength } : {}),
      ...(typeof schema.pattern === 'string' ? { pattern: schema.pattern } : {}),
      ...(typeof schema.contentMediaType === 'string' ? { contentMediaType: schema.contentMediaType } : {}),
      ...(typeof schema.contentEncoding === 'string' ? { contentEncoding: schema.contentEncoding } : {}),
    };
  }

  private number(kind: 'number' | 'integer', schema: Json, common: NodeBase): NumberNode {
    let minimum = number(schema.minimum);
    let maximum = number(schema.maximum);
    let exclusiveMinimum = number(schema.exclusiveMinimum);
    let exclusiveMaximum = number(schema.exclusiveMaximum);
    // 3.0 (JSON Schema draft 4): a boolean that makes minimum or maximum strict.
    if (schema.exclusiveMinimum === true && minimum !== undefined)
      [exclusiveMinimum, minimum] = [minimum, undefined];
    if (schema.exclusiveMaximum === true && maximum !== undefined)
      [exclusiveMaximum, maximum] = [maximum, undefined];
    const multipleOf = number(schema.multipleOf);
    return {
      ...common,
      kind,
      ...(minimum !== undefined ? { minimum } : {}),
      ...(maximum !== undefined ? { maximum } : {}),
      ...(exclusiveMinimum !== undefined ? { exclusiveMinimum } : {}),
      ...(exclusiveMaximum !== undefined ? { exclusiveMaximum } : {}),
      ...(multipleOf !== undefined && multipleOf > 0 ? { multipleOf } : {}),
    };
  }

  private array(schema: Json, pointer: string, common: NodeBase): ArrayNode {
    return {
      ...common,
      kind: 'array',
      items: this.node(schema.items, `${pointer}/items`),
      prefixItems: Array.isArray(schema.prefixItems)
        ? schema.prefixItems.map((item: unknown, index: number) =>
            this.node(item, `${pointer}/prefixItems/${index}`),
          )
        : [],
      ...(number(schema.minItems) !== undefined ? { minItems: schema.minItems } : {}),
      ...(number(schema.maxItems) !== undefined ? { maxItems: schema.maxItems } : {}),
      uniqueItems: schema.uniqueItems === true,
    };
  }

  private object(schema: Json, pointer: string, common: NodeBase): ObjectNode {
    const required: string[] = Array.isArray(schema.required)
      ? [...new Set<string>(schema.required.filter((name: unknown) => typeof name === 'string'))]
      : [];
    const declared =
      schema.properties && typeof schema.properties === 'object' && !Array.isArray(schema.properties)
        ? Object.entries<unknown>(schema.properties)
        : [];
    const properties: PropertyNode[] = declared.map(([name, property]) => ({
      name,
      node: this.node(property, `${pointer}/properties/${escapePointerPart(name)}`),
      required: required.includes(name),
    }));
    const extra = schema.additionalProperties;
    return {
      ...common,
      kind: 'object',
      properties,
      required,
      ...(extra !== undefined
        ? { additionalProperties: this.node(extra, `${pointer}/additionalProperties`) }
        : {}),
      patternProperties: Object.entries<unknown>(
        schema.patternProperties && typeof schema.patternProperties === 'object'
          ? schema.patternProperties
          : {},
      ).map(([pattern, value]) => ({
        pattern,
        node: this.node(value, `${pointer}/patternProperties/${escapePointerPart(pattern)}`),
      })),
      ...(schema.propertyNames !== undefined
        ? { propertyNames: this.node(schema.propertyNames, `${pointer}/propertyNames`) }
        : {}),
      ...(number(schema.minProperties) !== undefined ? { minProperties: schema.minProperties } : {}),
      ...(number(schema.maxProperties) !== undefined ? { maxProperties: schema.maxProperties } : {}),
    };
  }

  /** oneOf or anyOf as a union node; `null` members leave it and make it nullable. */
  private union(schema: Json, pointer: string, key: 'oneOf' | 'anyOf'): UnionNode {
    const all: SchemaNode[] = schema[key].map((member: unknown, index: number) =>
      this.node(member, `${pointer}/${key}/${index}`),
    );
    const members = all.filter((member) => member.kind !== 'null');
    return {
      ...this.common({}, pointer),
      schema,
      kind: 'union',
      members,
      exclusive: key === 'oneOf',
      source: key,
      nullable: members.length < all.length,
    };
  }

  private discriminator(schema: Json, pointer: string, node: SchemaNode): Discriminator {
    const at = `${pointer}/discriminator`;
    const declared = schema.discriminator.mapping;
    const mapping: Discriminator['mapping'] = Object.entries<unknown>(
      declared && typeof declared === 'object' ? declared : {},
    )
      .filter(([, target]) => typeof target === 'string')
      .map(([value, target]) => ({
        value,
        // The loader writes bare schema names as refs; a name left bare still means a component.
        target: this.ref(
          (target as string).includes('#') ? (target as string) : `#/components/schemas/${target as string}`,
          `${at}/mapping/${escapePointerPart(value)}`,
        ),
        implicit: false,
      }));
    const mapped = new Set(mapping.map((entry) => entry.target.name));
    const unions = node.kind === 'union' ? [node] : node.variants;
    for (const member of unions.flatMap((union) => union.members))
      if (member.kind === 'ref' && member.name !== undefined && !mapped.has(member.name)) {
        mapped.add(member.name);
        mapping.push({ value: member.name, target: member, implicit: true });
      }
    return { propertyName: schema.discriminator.propertyName, pointer: at, mapping };
  }

  /** An unbound `$dynamicRef: '#anchor'`: the `$dynamicAnchor` of that name in the nearest enclosing `$defs`. */
  private dynamicTarget(ref: string, pointer: string): { schema: JsonSchema; pointer: string } | undefined {
    const anchor = ref.startsWith('#') ? ref.slice(1) : ref;
    const parts = pointer.split('/');
    for (let length = parts.length; length > 0; length -= 1) {
      const at = parts.slice(0, length).join('/');
      const holder = this.source.resolve(`#${at}`)?.schema as Json;
      if (!holder || typeof holder !== 'object' || !holder.$defs || typeof holder.$defs !== 'object')
        continue;
      for (const [key, def] of Object.entries<Json>(holder.$defs))
        if (def && typeof def === 'object' && def.$dynamicAnchor === anchor)
          return { schema: def, pointer: `${at}/$defs/${escapePointerPart(key)}` };
    }
    return undefined;
  }

  /**
   * Whether a ref to component `to`, written inside component `from`, lies on a cycle: `to` reaches
   * `from` again (the components' ref graph, its strongly connected parts found once).
   */
  private isRecursive(from: string | undefined, to: string): boolean {
    if (from === undefined) return false;
    if (from === to) return true;
    this.cycles ??= stronglyConnected(this.source.components());
    const group = this.cycles.get(from);
    return group !== undefined && group === this.cycles.get(to);
  }
}

/** What a collapsed node keeps of the schema that held it (its own words over its member's). */
function annotations(common: NodeBase): Partial<Omit<NodeBase, 'kind'>> {
  return {
    ...(common.title !== undefined ? { title: common.title } : {}),
    ...(common.description !== undefined ? { description: common.description } : {}),
    ...(common.default !== undefined ? { default: common.default } : {}),
    ...(common.examples.length > 0 ? { examples: common.examples } : {}),
    ...(common.deprecated ? { deprecated: true } : {}),
    ...(common.readOnly ? { readOnly: true } : {}),
    ...(common.writeOnly ? { writeOnly: true } : {}),
  };
}

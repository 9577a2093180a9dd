/**
 * The schema model: every schema of the document, read through one object, so that no plugin maps
 * JSON Schema (refs, `allOf`, 3.0 `nullable` beside 3.1 type arrays) again in its own way. Built once
 * per IR by build-ir.ts; plugins reach it as `context.model` (and `ir.model`).
 *
 * `node(schema)` is the schema as a normalised node (schema-nodes.ts: one nullability, refs as named
 * nodes marked recursive, discriminators resolved), built when first asked for and cached per schema
 * object; `named(name)` a component's; `merged(node)` its allOf folded in. docs/architecture.md.
 */
import type { JsonSchema, OpenApiDocument } from './document.js';
import { deref, escapePointerPart, flattenSchema, localTarget, resolvedPath, schemaRefName } from './refs.js';
import { merged } from './schema-merge.js';
import type { RefNode, SchemaNode } from './schema-nodes.js';
import { SchemaNormaliser } from './schema-normalise.js';
import { hiddenOn, type MessageSide } from './values/sides.js';
import { isFileSchema, itemsOf, valueShape, type ValueShape } from './value-shape.js';
import { DATA_KEYWORDS, SCHEMA_NAME_MAPS } from './schema-keywords.js';

/** A schema object as written: its keywords are read by name, whatever they hold. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type JsonObject = Record<string, any>;

export class SchemaModel {
  private readonly nodes: SchemaNormaliser;
  /** Where the IR's schemas are written, as build-ir.ts found them (`place`). */
  private readonly placed = new WeakMap<object, string>();
  /** Every object of the document -> where it hangs: made only when a schema was not placed. */
  private pointers?: WeakMap<object, Place>;
  /** Schemas whose text may say readOnly or writeOnly, through what they reach (`mayBeHidden`). */
  private readonly hiding = new WeakMap<object, boolean>();

  constructor(
    private readonly document: OpenApiDocument,
    /** "3.0.3", "3.1.0": 3.0 schemas use `nullable`, 3.1 type arrays. */
    readonly openapiVersion: string,
  ) {
    this.nodes = new SchemaNormaliser({
      dialect: this.dialect,
      resolve: (ref) => {
        const node = ref.startsWith('#') ? localTarget(document, ref) : undefined;
        return node === undefined ? undefined : { schema: node as JsonSchema, pointer: ref.slice(1) };
      },
      components: () => document.components?.schemas ?? {},
    });
  }

  /** The schema dialect: OAS 3.0's, or JSON Schema 2020-12 (3.1). */
  get dialect(): '3.0' | '3.1' {
    return this.openapiVersion.startsWith('3.0') ? '3.0' : '3.1';
  }

  /**
   * A schema of the document as a normalised node. `pointer` is where it is written; without one
   * it is looked up (the document indexed once, on the first such call).
   */
  node(schema: unknown, pointer?: string): SchemaNode {
    // A schema already built (inside a body or a component read before) has its node, pointer and
    // all: no lookup of where it is written.
    if (pointer === undefined && schema && typeof schema === 'object') {
      const built = this.nodes.built(schema);
      if (built) return built;
    }
    return this.nodes.node(schema, pointer ?? this.pointerOf(schema));
  }

  /**
   * Whether a schema as written (a property's, read from the JSON) is kept off that side of a
   * message: `hiddenOn` of its node. The node is built only when its text, or what its refs and
   * allOf, anyOf and oneOf members reach, says readOnly or writeOnly: a property the IR did not
   * place costs a search of the whole document for where it is written (GitHub's spec: 8,000 of
   * them, none hidden).
   */
  hiddenOn(side: MessageSide, schema: unknown): boolean {
    return this.mayBeHidden(schema) && hiddenOn(side, this.node(schema));
  }

  /**
   * Whether readOnly or writeOnly is written in a schema or in what it reaches (a `$dynamicRef` or a
   * ref this does not follow counts as yes). A no is remembered for every schema the search saw:
   * it saw all they reach.
   */
  mayBeHidden(schema: unknown): boolean {
    if (!schema || typeof schema !== 'object') return false;
    const seen = new Set<object>();
    const result = this.reachesVisibility(schema, seen);
    if (result) this.hiding.set(schema, true);
    else for (const each of seen) this.hiding.set(each, false);
    return result;
  }

  /** mayBeHidden's search (a method, not a closure made per call: thousands of calls a generation). */
  private reachesVisibility(value: unknown, seen: Set<object>): boolean {
    if (!value || typeof value !== 'object' || seen.has(value)) return false;
    const known = this.hiding.get(value);
    if (known !== undefined) return known;
    seen.add(value);
    const written = value as JsonObject;
    if (written.readOnly === true || written.writeOnly === true || written.$dynamicRef !== undefined)
      return true;
    if (typeof written.$ref === 'string') {
      // One hop at a time: a ref on the way may carry readOnly beside it.
      if (!written.$ref.startsWith('#/')) return true;
      if (this.reachesVisibility(localTarget(this.document, written.$ref), seen)) return true;
    }
    for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
      const members: unknown = written[keyword];
      if (Array.isArray(members))
        for (const member of members) if (this.reachesVisibility(member, seen)) return true;
    }
    return false;
  }

  /** A component schema's node by name (undefined when there is none). */
  named(name: string): SchemaNode | undefined {
    const schema = this.component(name);
    return schema === undefined
      ? undefined
      : this.nodes.node(schema, `/components/schemas/${escapePointerPart(name)}`);
  }

  /** A ref to a component, as a node (`ref('Pet')`): its target built when first read. */
  ref(name: string): RefNode {
    const pointer = `#/components/schemas/${escapePointerPart(name)}`;
    return this.nodes.ref(pointer, '');
  }

  /** A node with its allOf (and a ref's target) folded into one: what a value must satisfy at once. */
  merged(node: SchemaNode): SchemaNode {
    return merged(node);
  }

  /** Where a schema object is written in the document ('' when it is not in it). */
  pointerOf(schema: unknown): string {
    if (!schema || typeof schema !== 'object') return '';
    const placed = this.placed.get(schema);
    if (placed !== undefined) return placed;
    // Indexing GitHub's 13 MB document takes a third of a second: only for a schema the IR did not place.
    this.pointers ??= indexObjects(this.document);
    return pointerIn(this.pointers, schema) ?? '';
  }

  /** Records where a schema of the IR is written (build-ir.ts, as it finds them), so `node` need not search. */
  place(schema: unknown, pointer: string): void {
    if (schema && typeof schema === 'object' && !this.placed.has(schema)) this.placed.set(schema, pointer);
  }

  /** A `$ref` followed (to the end of a chain); any other value as it is. */
  deref<T = JsonObject>(value: unknown): T | undefined {
    return deref<T>(this.document, value);
  }

  /** The schema with its `$ref` followed and its `allOf` merged into one object. */
  flatten(schema: unknown): JsonObject {
    return flattenSchema(this.document, schema);
  }

  /** The component name of a `#/components/schemas/<name>` ref, if it is one. */
  refName(schema: unknown): string | undefined {
    return schemaRefName(schema);
  }

  /** A component schema by name. */
  component(name: string): JsonSchema | undefined {
    return this.document.components?.schemas?.[name];
  }

  /** Every component schema, in document order. */
  components(): Array<[string, JsonSchema]> {
    return Object.entries(this.document.components?.schemas ?? {});
  }

  /** Primitive, array, object, file or unknown: what serialisation cares about. */
  shape(schema: unknown): ValueShape {
    return valueShape(this.document, schema);
  }

  /** An array schema's item schema (through refs and allOf). */
  itemsOf(schema: unknown): unknown {
    return itemsOf(this.document, schema);
  }

  /** Binary content: `format: binary`, or 3.1 `contentMediaType` without an encoding. */
  isFile(schema: unknown): boolean {
    return isFileSchema(this.document, schema);
  }

  /** The keys of a document path with every `$ref` on the way replaced by where it points (for pointers). */
  resolvedPath(keys: string[]): string[] | undefined {
    return resolvedPath(this.document, keys);
  }
}

/** Where an indexed object hangs: its parent and its key there (pointers are spelled only when asked). */
interface Place {
  parent?: object;
  key: string;
}

/** Every object of the document by identity -> where it hangs (the first place it is met), data left out. */
function indexObjects(document: unknown): WeakMap<object, Place> {
  const index = new WeakMap<object, Place>();
  const stack: Array<{ node: unknown; place: Place; names: boolean }> = [
    { node: document, place: { key: '' }, names: false },
  ];
  while (stack.length > 0) {
    const { node, place, names } = stack.pop()!;
    if (!node || typeof node !== 'object' || index.has(node)) continue;
    index.set(node, place);
    if (Array.isArray(node))
      node.forEach((item, at) =>
        stack.push({ node: item, place: { parent: node, key: String(at) }, names: false }),
      );
    else
      for (const key in node as JsonObject)
        // Data subtrees (GitHub's examples are most of its 13 MB) are not indexed.
        if (names || (!DATA_KEYWORDS.has(key) && !key.startsWith('x-')))
          stack.push({
            node: (node as JsonObject)[key],
            place: { parent: node, key },
            names: !names && SCHEMA_NAME_MAPS.has(key),
          });
  }
  return index;
}

/** The JSON pointer of an indexed object. */
function pointerIn(index: WeakMap<object, Place>, node: object): string | undefined {
  const keys: string[] = [];
  let place = index.get(node);
  if (!place) return undefined;
  while (place.parent) {
    keys.push(escapePointerPart(place.key));
    place = index.get(place.parent)!;
  }
  return keys.length === 0 ? '' : `/${keys.reverse().join('/')}`;
}

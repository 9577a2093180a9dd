/**
 * Tool input schemas: JSON Schema 2020-12 built from an operation's parameters and body, read
 * through the schema model. Component schemas become `$defs` (converted once, shared by every tool
 * that refers to them); other local refs are inlined. What a request never carries is left out
 * (readOnly properties, OAS 3.1 and 3.0 alike), and what JSON Schema does not know as a keyword
 * (`discriminator`, `xml`, `x-…`, formats no validator knows) is dropped, so every input compiles in
 * a strict 2020-12 validator.
 */
import type { Ir, JsonSchema } from '../../core/ir.js';
import {
  SCHEMA_LISTS as SCHEMA_LISTS_LIST,
  SCHEMA_MAPS as SCHEMA_MAPS_LIST,
  SCHEMA_SINGLES as SCHEMA_SINGLES_LIST,
  toJsonSchema2020,
} from '../../core/schema-dialect.js';

// Schema nodes are untyped JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = any;

const SCHEMA_MAPS = new Set(SCHEMA_MAPS_LIST);
const SCHEMA_LISTS = new Set(SCHEMA_LISTS_LIST);
// draft-07's additionalItems too: a spec's schema may still carry it.
const SCHEMA_SINGLES = new Set([...SCHEMA_SINGLES_LIST, 'additionalItems']);
/** OpenAPI's own keywords and identifiers that would point a validator elsewhere. */
const DROPPED = new Set([
  'discriminator',
  'xml',
  'externalDocs',
  'example',
  '$id',
  '$schema',
  '$anchor',
  '$dynamicAnchor',
  '$comment',
]);
const COMPONENT = '#/components/schemas/';
/**
 * The formats validators know (JSON Schema's and OpenAPI's, as ajv-formats has them). A format no
 * validator knows is only an annotation, which a strict validator refuses: it is left out.
 */
const KNOWN_FORMATS = new Set([
  'date',
  'time',
  'date-time',
  'iso-time',
  'iso-date-time',
  'duration',
  'uri',
  'uri-reference',
  'uri-template',
  'url',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'regex',
  'uuid',
  'json-pointer',
  'json-pointer-uri-fragment',
  'relative-json-pointer',
  'byte',
  'int32',
  'int64',
  'float',
  'double',
  'password',
  'binary',
]);

/** A file as a tool takes it: its bytes in base64, and optionally its name and media type. */
export const FILE_INPUT: JsonSchema = {
  type: 'object',
  description: 'A file: its bytes in base64, and optionally its name and media type.',
  properties: {
    base64: { type: 'string', contentEncoding: 'base64' },
    name: { type: 'string' },
    type: { type: 'string' },
  },
  required: ['base64'],
  additionalProperties: false,
};

function escapePointer(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

function componentName(ref: string): string {
  return decodeURIComponent(ref.slice(COMPONENT.length)).replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The input schemas of one IR: the `$defs` they share and the conversion of each schema. */
export class InputSchemas {
  /** Converted component schemas, by name. */
  readonly defs = new Map<string, JsonSchema>();
  /** Each component's own references to others. */
  private readonly refersTo = new Map<string, Set<string>>();

  constructor(private readonly ir: Pick<Ir, 'model' | 'openapiVersion'>) {}

  /** A schema as tool input, its component refs recorded in `used`. */
  convert(schema: JsonSchema, used: Set<string>): JsonSchema {
    return this.walk(toJsonSchema2020(schema, this.ir.openapiVersion), used, 0);
  }

  /** The names in `used` and every component they refer to, sorted. */
  closure(used: Set<string>): string[] {
    const all = new Set<string>();
    const visit = (name: string) => {
      if (all.has(name)) return;
      all.add(name);
      for (const next of this.refersTo.get(name) ?? []) visit(next);
    };
    for (const name of used) visit(name);
    return [...all].sort();
  }

  private component(name: string): void {
    if (this.refersTo.has(name)) return;
    const own = new Set<string>();
    this.refersTo.set(name, own);
    const schema = this.ir.model.component(name);
    this.defs.set(
      name,
      schema === undefined ? {} : this.walk(toJsonSchema2020(schema, this.ir.openapiVersion), own, 0),
    );
  }

  private walk(node: Node, used: Set<string>, depth: number): Node {
    if (typeof node === 'boolean') return node;
    if (!node || typeof node !== 'object' || Array.isArray(node)) return {};
    if (typeof node.$ref === 'string') {
      const { $ref, ...siblings } = node;
      const rest = Object.keys(siblings).length > 0 ? this.walk(siblings, used, depth) : {};
      if ($ref.startsWith(COMPONENT)) {
        const name = componentName($ref);
        used.add(name);
        this.component(name);
        return { ...rest, $ref: `#/$defs/${escapePointer(name)}` };
      }
      // Any other local ref: the schema it names, in place (a depth bound stops a cycle through them).
      const target = depth < 32 ? this.ir.model.deref($ref.startsWith('#/') ? node : undefined) : undefined;
      return target === undefined
        ? rest
        : { ...this.walk(toJsonSchema2020(target, this.ir.openapiVersion), used, depth + 1), ...rest };
    }
    const out: Node = {};
    for (const [key, value] of Object.entries<Node>(node)) {
      if (DROPPED.has(key) || key.startsWith('x-')) continue;
      if (key === '$dynamicRef' || key === '$recursiveRef') continue;
      if (key === 'format' && !KNOWN_FORMATS.has(value)) continue;
      if (SCHEMA_MAPS.has(key) && value && typeof value === 'object')
        out[key] = Object.fromEntries(
          Object.entries(value).map(([name, child]) => [name, this.walk(child, used, depth)]),
        );
      else if (SCHEMA_LISTS.has(key) && Array.isArray(value))
        out[key] = value.map((child) => this.walk(child, used, depth));
      else if (SCHEMA_SINGLES.has(key) && (typeof value === 'object' || typeof value === 'boolean'))
        out[key] = Array.isArray(value)
          ? value.map((child) => this.walk(child, used, depth))
          : this.walk(value, used, depth);
      else out[key] = value;
    }
    // A request never carries what the server sets (readOnly): not an argument, never required.
    if (out.properties && typeof out.properties === 'object') {
      const hidden = Object.keys(node.properties ?? {}).filter((name) =>
        this.readOnly(node.properties[name]),
      );
      for (const name of hidden) delete out.properties[name];
      if (Array.isArray(out.required)) {
        out.required = out.required.filter((name: string) => !hidden.includes(name));
        if (out.required.length === 0) delete out.required;
      }
    }
    if (node.$dynamicRef !== undefined || node.$recursiveRef !== undefined)
      out.description ??= 'Any value (a dynamic reference).';
    return out;
  }

  private readOnly(property: unknown): boolean {
    const resolved = this.ir.model.deref(property);
    return Boolean(resolved && typeof resolved === 'object' && (resolved as Node).readOnly === true);
  }
}

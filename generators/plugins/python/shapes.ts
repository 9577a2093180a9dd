/**
 * The "shapes" the Python runtime follows to parse response date-times and dates: where they sit
 * in the values of each schema (`{ object: { created_at: 'datetime' } }`), named schemas by ref.
 */
import type { SchemaModel } from '../../core/schema-model.js';
import { schemaRefName } from '../../core/refs.js';
import { REF_ANNOTATIONS } from '../../core/schema-normalise.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export type Shape =
  | 'datetime'
  | 'date'
  | { object: Record<string, Shape> }
  | { array: Shape }
  | { map: Shape }
  | { ref: string }
  | { union: Shape[] };

/**
 * The component a schema stands for when it is an `allOf` of one `$ref` and annotations only (AWS
 * writes every property so: `allOf: [{$ref}, {description}]`): its shape is that component's, by
 * name, so a recursive structure is followed by the runtime instead of unrolled here.
 */
function wrappedRefName(schema: object): string | undefined {
  const { allOf, ...rest } = schema as Json;
  if (!Array.isArray(allOf) || Object.keys(rest).some((key) => !REF_ANNOTATIONS.has(key))) return undefined;
  const names = allOf.map((member: unknown) =>
    member && typeof member === 'object' ? schemaRefName(member) : undefined,
  );
  const refs = names.filter((name: string | undefined) => name !== undefined);
  const annotationsOnly = allOf.every(
    (member: unknown, index: number) =>
      names[index] !== undefined ||
      (member !== null &&
        typeof member === 'object' &&
        Object.keys(member).every((key) => REF_ANNOTATIONS.has(key))),
  );
  return refs.length === 1 && annotationsOnly ? refs[0] : undefined;
}

/** Where date-times and dates sit in values of a schema; undefined when none can. */
export class Shapes {
  private readonly named = new Map<string, Shape | null>();
  /**
   * Shapes of inline schemas, by the schema object: AWS writes every property as `allOf: [$ref,
   * {description}]`, whose flattening copies the target inline, so without this a recursive
   * structure (wafv2's Statement) was walked anew down every path to the depth limit (minutes).
   */
  private readonly inline = new WeakMap<object, Shape | null>();
  constructor(private readonly model: SchemaModel) {}

  /** Every named schema that holds a date-time or a date, with its shape. */
  registry(schemaNames: string[]): Record<string, Shape> {
    const result: Record<string, Shape> = {};
    for (const name of schemaNames) {
      const shape = this.ofNamed(name);
      if (shape) result[name] = shape;
    }
    return result;
  }

  ofNamed(name: string): Shape | undefined {
    if (this.named.has(name)) return this.named.get(name) ?? undefined;
    this.named.set(name, null); // a cycle reaching this schema again adds nothing new
    const shape = this.of(this.model.component(name), 0, true);
    this.named.set(name, shape ?? null);
    return shape;
  }

  /** `of` one level down, made without naming a closure per call (see `deeper` above). */
  private deeper(depth: number): (inner: unknown) => Shape | undefined {
    return (inner) => this.of(inner, depth + 1);
  }

  of(schema: unknown, depth = 0, inline = false): Shape | undefined {
    if (!schema || typeof schema !== 'object' || depth > 24) return undefined;
    const refName = inline ? undefined : (schemaRefName(schema) ?? wrappedRefName(schema));
    if (refName !== undefined) return this.ofNamed(refName) ? { ref: refName } : undefined;
    const known = this.inline.get(schema);
    if (known !== undefined) return known ?? undefined;
    this.inline.set(schema, null); // reached again inside itself: adds nothing new
    const shape = this.ofInline(schema, depth);
    this.inline.set(schema, shape ?? null);
    return shape;
  }

  private ofInline(schema: object, depth: number): Shape | undefined {
    const raw = (this.model.deref(schema) ?? {}) as Json;
    const next = this.deeper(depth);
    const types: string[] = Array.isArray(raw.type) ? raw.type : raw.type ? [raw.type] : [];
    if (
      (raw.format === 'date-time' || raw.format === 'date') &&
      (types.length === 0 || types.includes('string'))
    )
      return raw.format === 'date' ? 'date' : 'datetime';
    const members = [...(raw.anyOf ?? []), ...(raw.oneOf ?? [])]
      .map(next)
      .filter((shape): shape is Shape => shape !== undefined);
    const flat = Array.isArray(raw.allOf) ? this.model.flatten(raw) : raw;
    const parts: Shape[] = [...members];
    if (flat.properties) {
      const properties: Record<string, Shape> = {};
      for (const [key, inner] of Object.entries(flat.properties)) {
        const shape = next(inner);
        if (shape) properties[key] = shape;
      }
      if (Object.keys(properties).length > 0) parts.push({ object: properties });
    } else if (flat.additionalProperties && typeof flat.additionalProperties === 'object') {
      const shape = next(flat.additionalProperties);
      if (shape) parts.push({ map: shape });
    }
    if (flat.items) {
      const shape = next(flat.items);
      if (shape) parts.push({ array: shape });
    }
    if (parts.length === 0) return undefined;
    return parts.length === 1 ? parts[0] : { union: parts };
  }
}

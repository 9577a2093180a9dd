/**
 * The schema model: every schema of the document, read through one object, so that no plugin maps
 * JSON Schema (refs, `allOf`, 3.0 `nullable` beside 3.1 type arrays) again in its own way. Built once
 * per IR by build-ir.ts; plugins reach it as `context.model` (and `ir.model`).
 */
import type { JsonSchema, OpenApiDocument } from './document.js';
import { deref, flattenSchema, resolvedPath, schemaRefName } from './refs.js';
import { isFileSchema, itemsOf, valueShape, type ValueShape } from './value-shape.js';

/** A schema object as written: its keywords are read by name, whatever they hold. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type JsonObject = Record<string, any>;

export class SchemaModel {
  constructor(
    private readonly document: OpenApiDocument,
    /** "3.0.3", "3.1.0": 3.0 schemas use `nullable`, 3.1 type arrays. */
    readonly openapiVersion: string,
  ) {}

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

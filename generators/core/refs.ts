/** Following local `$ref`s ("#/components/...") inside a bundled document. */
import type { OpenApiDocument } from './document.js';

export function pointerToPath(pointer: string): string[] {
  const parts = (pointer.startsWith('#') ? pointer.slice(1) : pointer).split('/').slice(1);
  // Most pointers hold neither escapes nor percent-encoding: those parts are the keys already.
  return parts.map((part) =>
    part.includes('%') || part.includes('~')
      ? decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')
      : part,
  );
}

/** What a local reference ("#/...") names in the document, one hop (its own keys only); undefined when nothing. */
export function localTarget(document: unknown, ref: string): unknown {
  let node: unknown = document;
  for (const key of pointerToPath(ref)) {
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Whether a local reference ("#/...") names a node of the document. */
export function resolvesIn(document: unknown, ref: string): boolean {
  return localTarget(document, ref) !== undefined;
}

export function escapePointerPart(part: string): string {
  return part.includes('~') || part.includes('/') ? part.replace(/~/g, '~0').replace(/\//g, '~1') : part;
}

/** Follows $ref chains (at most 32 hops, so a cycle cannot hang); undefined when unresolvable. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function deref<T = any>(document: OpenApiDocument, value: unknown): T | undefined {
  let current = value;
  for (let hops = 0; hops < 32; hops += 1) {
    if (!current || typeof current !== 'object' || typeof (current as { $ref?: unknown }).$ref !== 'string')
      return current as T;
    const ref = (current as { $ref: string }).$ref;
    if (!ref.startsWith('#/')) return undefined;
    current = pointerToPath(ref).reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      document,
    );
  }
  return undefined;
}

/**
 * Where the node at `keys` (from the document's root) really is: the keys of the end of its $ref
 * chain (at most 32 hops, as `deref`), or undefined when a step is missing or leaves the document.
 */
export function resolvedPath(document: OpenApiDocument, keys: string[]): string[] | undefined {
  let at = keys;
  for (let hops = 0; hops < 32; hops += 1) {
    const node = at.reduce<unknown>(
      (parent, key) =>
        parent && typeof parent === 'object' ? (parent as Record<string, unknown>)[key] : undefined,
      document,
    );
    if (!node || typeof node !== 'object') return undefined;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref !== 'string') return at;
    if (!ref.startsWith('#/')) return undefined;
    at = pointerToPath(ref);
  }
  return undefined;
}

/**
 * A node given at `pointer`, its local $ref chain followed (at most 32 hops): the node it ends at
 * and the pointer where that is written. Example: a parameter `{ $ref: '#/components/parameters/limit' }`
 * listed at `/paths/~1items/get/parameters/0` -> the Parameter Object and `/components/parameters/limit`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function locate<T = any>(
  document: OpenApiDocument,
  value: unknown,
  pointer: string,
): { node: T | undefined; pointer: string } {
  let node = value;
  let at = pointer;
  for (
    let hops = 0;
    hops < 32 &&
    node &&
    typeof node === 'object' &&
    typeof (node as { $ref?: unknown }).$ref === 'string' &&
    (node as { $ref: string }).$ref.startsWith('#/');
    hops += 1
  ) {
    const ref = (node as { $ref: string }).$ref;
    at = ref.slice(1);
    node = pointerToPath(ref).reduce<unknown>(
      (current, key) =>
        current && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined,
      document,
    );
  }
  return { node: node as T | undefined, pointer: at };
}

/** The component name a schema refers to ("#/components/schemas/Subject" -> "Subject"). */
export function schemaRefName(schema: unknown): string | undefined {
  const ref = (schema as { $ref?: unknown } | undefined)?.$ref;
  if (typeof ref !== 'string') return undefined;
  const match = /^#\/components\/schemas\/([^/]+)$/.exec(ref);
  return match ? pointerToPath(`#/${match[1]}`)[0] : undefined;
}

/**
 * A schema with its $ref followed and its allOf merged, so properties and required are visible
 * at once (for reading a schema's shape, not for validating with it).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function flattenSchema(document: OpenApiDocument, raw: unknown, depth = 0): any {
  const schema = deref(document, raw);
  if (!schema || typeof schema !== 'object' || depth > 8) return schema ?? {};
  if (!Array.isArray(schema.allOf)) return schema;
  const merged = {
    ...schema,
    properties: { ...(schema.properties ?? {}) },
    required: [...(schema.required ?? [])],
  };
  delete merged.allOf;
  for (const part of schema.allOf.map((entry: unknown) => flattenSchema(document, entry, depth + 1))) {
    merged.type ??= part.type;
    Object.assign(merged.properties, part.properties ?? {});
    merged.required.push(...(part.required ?? []));
    if (part.additionalProperties === false) merged.additionalProperties = false;
  }
  return merged;
}

/** Keys whose value is a schema in an OpenAPI document (outside a schema). */
const SCHEMA_HOLDERS = new Set(['schema', 'schemas']);
/** Keys whose values are data (examples), never schemas: most of a large spec's bytes, not walked. */
const EXAMPLE_KEYS = new Set(['example', 'examples']);

/**
 * The schemas that a `$ref` inside a schema reaches outside `#/components/schemas`, by pointer
 * (without `#`), in document order: what a shared schema holding only the components cannot resolve.
 */
export function schemasElsewhere(document: OpenApiDocument): Array<{ pointer: string; schema: unknown }> {
  const found = new Map<string, unknown>();
  const walk = (node: unknown, inSchema: boolean) => {
    if (Array.isArray(node)) return node.forEach((item) => walk(item, inSchema));
    if (!node || typeof node !== 'object') return;
    const ref = (node as { $ref?: unknown }).$ref;
    if (
      inSchema &&
      typeof ref === 'string' &&
      ref.startsWith('#/') &&
      !ref.startsWith('#/components/schemas/')
    ) {
      const pointer = ref.slice(1);
      if (!found.has(pointer)) {
        const target = pointerToPath(ref).reduce<unknown>(
          (at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined),
          document,
        );
        if (target !== undefined) found.set(pointer, target);
      }
    }
    for (const [key, value] of Object.entries(node))
      if (!EXAMPLE_KEYS.has(key)) walk(value, inSchema || SCHEMA_HOLDERS.has(key));
  };
  walk(document, false);
  return [...found].map(([pointer, schema]) => ({ pointer, schema }));
}

/**
 * `$ref`s followed through the shared schema documents. A route's schema names a shared document
 * (`shared.json#/components/schemas/Note`); refs inside a shared document are local
 * (`#/components/...`) and resolve against the document that holds them.
 */

// Schemas are untyped JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Schema = any;

/** A schema found by following refs, and the shared document it sits in (for the refs inside it). */
export interface Followed {
  schema: Schema;
  document: string | undefined;
}

/**
 * `node` with its `$ref`s followed (at most 32 hops: a cycle of bare refs ends undefined).
 * `document` is the shared document `node` sits in; undefined for a route's own schema, where a
 * local ref has no root this walk knows (the schema is then undefined, and the caller leaves it to Ajv).
 */
export function followRefs(
  node: Schema,
  documentOf: (id: string) => Schema | undefined,
  document?: string,
): Followed {
  let current = node;
  let at = document;
  for (let hops = 0; current && typeof current === 'object' && typeof current.$ref === 'string'; hops += 1) {
    if (hops === 32) return { schema: undefined, document: at };
    const [id, pointer = ''] = (current.$ref as string).split('#');
    at = id || at;
    // A JSON pointer, or nothing (the whole document); an anchor (`#Count`) is Ajv's to find.
    if (pointer !== '' && !pointer.startsWith('/')) return { schema: undefined, document: at };
    const root = at === undefined ? undefined : documentOf(at);
    current =
      root === undefined
        ? undefined
        : pointer
            .split('/')
            .slice(1)
            .reduce(
              (parent: Schema, key: string) =>
                parent?.[decodeURIComponent(key).replace(/~1/g, '/').replace(/~0/g, '~')],
              root,
            );
  }
  return { schema: current, document: at };
}

/** A key as one part of a JSON pointer (RFC 6901: `~` as `~0`, `/` as `~1`). */
export function pointerPart(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Schemas a `$ref` reaches that are not components: a component's own definition
 * (`#/components/schemas/Account/definitions/accountIdentifiers`, as codat writes them; `$defs`
 * likewise), a member of its allOf or oneOf (`…/Gateway/allOf/0`, as Azure and nexmo do), one of
 * its properties, or a schema written in place elsewhere (`#/paths/~1net~1status/post/…/properties/
 * token`, as eos does). JSON Schema resolves them, but openapi-typescript writes one as a path
 * through the type of what holds it (`components["schemas"]["Account"]["definitions"][…]`), which
 * that type does not have (TS2339) or which refers to the type being declared (TS2502), and so did
 * the client.
 *
 * The loader moves each into a component of its own and leaves a `$ref` to it where it was, then
 * points every such reference at it: once, for every reader. Its name is its key where it is
 * written, after its component's (`Account.accountIdentifiers`, `Gateway.allOf.0`, `token`), with
 * a numeral after it when that is taken. A path through a component's `properties` is moved too:
 * openapi-typescript reads one as the property's type, but not through a property that is a union
 * or an intersection (Azure's `…/properties/properties/properties/…`, TS2339).
 * Nothing is valid that was not before: a reference reaches the same schema.
 */
import type { OpenApiDocument } from './document.js';
import { escapePointerPart, pointerToPath } from './refs.js';
import { DATA_KEYWORDS, SCHEMA_NAME_MAPS } from './schema-keywords.js';

type Json = Record<string, unknown>;

/** Keys whose value is a schema in an OpenAPI document (outside a schema). */
const SCHEMA_HOLDERS = new Set(['schema', 'schemas']);

const isObject = (value: unknown): value is Json =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** A place a reference to a schema is written: a `$ref` in a schema, or a discriminator mapping's value. */
interface Holder {
  node: Json;
  key: string;
}

/**
 * The schema a reference reaches (its keys from the root), when it is not a component.
 * Examples: "#/components/schemas/A/definitions/b" -> ['components', 'schemas', 'A', 'definitions', 'b'];
 * "#/components/schemas/A" -> undefined.
 */
function reachedSchema(ref: string): string[] | undefined {
  if (!ref.startsWith('#/')) return undefined;
  const keys = pointerToPath(ref);
  return keys[0] === 'components' && keys[1] === 'schemas' && keys.length === 3 ? undefined : keys;
}

/** Every `$ref` written in a schema and every discriminator mapping value (data and extensions skipped). */
function schemaReferences(document: OpenApiDocument): Holder[] {
  const holders: Holder[] = [];
  const stack: Array<{ node: unknown; inSchema: boolean; underNames: boolean }> = [
    { node: document, inSchema: false, underNames: false },
  ];
  while (stack.length > 0) {
    const { node, inSchema, underNames } = stack.pop()!;
    if (Array.isArray(node)) {
      for (const item of node)
        if (item && typeof item === 'object') stack.push({ node: item, inSchema, underNames: false });
      continue;
    }
    if (!isObject(node)) continue;
    if (inSchema && !underNames && typeof node.$ref === 'string') holders.push({ node, key: '$ref' });
    for (const key in node) {
      const child = node[key];
      // A key of a name map (`properties`, `schemas`, ...) is a name, not a keyword: a property called `default` is a schema.
      if (
        !child ||
        typeof child !== 'object' ||
        (!underNames && (DATA_KEYWORDS.has(key) || key.startsWith('x-')))
      )
        continue;
      if (inSchema && !underNames && key === 'discriminator' && isObject(child) && isObject(child.mapping)) {
        const mapping = child.mapping;
        for (const name of Object.keys(mapping))
          if (typeof mapping[name] === 'string') holders.push({ node: mapping, key: name });
        continue;
      }
      stack.push({
        node: child,
        inSchema: inSchema || (!underNames && SCHEMA_HOLDERS.has(key)),
        underNames: SCHEMA_NAME_MAPS.has(key) && !underNames,
      });
    }
  }
  return holders;
}

/** The schema object at `keys` and the object or array holding it, or undefined when a step is missing. */
function nodeAt(document: OpenApiDocument, keys: string[]): { parent: Json; node: Json } | undefined {
  let parent: Json | undefined;
  let node: unknown = document;
  for (const key of keys) {
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    parent = node as Json;
    node = parent[key];
  }
  return parent && isObject(node) ? { parent, node } : undefined;
}

/** Maps whose keys name what they hold: a schema's name is its key in the nearest one. */
const NAMING_MAPS = new Set([...SCHEMA_NAME_MAPS, 'responses', 'parameters', 'headers', 'requestBodies']);

/** Keys on the way to a schema that say nothing of it: a media type's. */
const unnamed = (key: string) => key === 'content' || key === 'schema' || key.includes('/');

/**
 * The name a schema written at `keys` gets as a component (before a numeral makes it free): its key
 * in the nearest map that names it (a list's index or a status is no name), after its component's
 * name when it is inside one, and the keywords that lead from there to it.
 * Examples: components/schemas/Account/definitions/type -> "Account.type";
 * components/schemas/Gateway/allOf/0 -> "Gateway.allOf.0"; paths/…/properties/token -> "token";
 * components/parameters/limit/schema -> "limit"; a response's whole schema -> "Schema".
 */
function nameOf(keys: string[]): string {
  const inComponent = keys[0] === 'components' && keys[1] === 'schemas' ? keys[2] : undefined;
  for (let at = keys.length - 1; at >= 1; at -= 1)
    if (
      NAMING_MAPS.has(keys[at - 1]) &&
      !/^\d+$/.test(keys[at]) &&
      !(keys[0] === 'paths' && keys[at - 1] === 'responses')
    )
      return [
        ...(inComponent !== undefined && at > 2 ? [inComponent] : []),
        keys[at],
        ...keys.slice(at + 1).filter((key) => !unnamed(key)),
      ].join('.');
  return 'Schema';
}

/** Moves every schema a reference reaches that is not a component into one (see the module's doc), in place. */
export function hoistReferencedSchemas(document: OpenApiDocument): void {
  const found = schemaReferences(document)
    .map((holder) => ({ holder, target: reachedSchema(holder.node[holder.key] as string) }))
    .filter((entry) => entry.target && nodeAt(document, entry.target));
  if (found.length === 0) return;
  document.components ??= {};
  document.components.schemas ??= {};
  const schemas = document.components.schemas as Json;

  // Names in the order of the schemas' pointers, so they do not depend on where they are referenced from.
  const pointerOf = (keys: string[]) => `#/${keys.map(escapePointerPart).join('/')}`;
  const targets = [...new Map(found.map(({ target }) => [pointerOf(target!), target!]))]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([pointer, keys]) => ({ pointer, keys, name: '' }));
  const taken = new Set(Object.keys(schemas));
  for (const target of targets) {
    const base = nameOf(target.keys);
    let name = base;
    for (let suffix = 2; taken.has(name); suffix += 1) name = `${base}${suffix}`;
    taken.add(name);
    target.name = name;
  }
  const names = new Map(targets.map((target) => [target.pointer, target.name]));
  const refTo = (name: string) => `#/components/schemas/${escapePointerPart(name)}`;

  // The deepest first: a schema inside another is moved before the path to it changes.
  for (const { keys, name } of [...targets].sort((a, b) => b.keys.length - a.keys.length)) {
    const { parent, node } = nodeAt(document, keys)!;
    schemas[name] = node;
    parent[keys[keys.length - 1]] = { $ref: refTo(name) };
  }
  for (const { holder, target } of found) holder.node[holder.key] = refTo(names.get(pointerOf(target!))!);
}

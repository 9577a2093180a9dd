/**
 * Nodes and values from the JSON Schema a runtime has (2020-12, refs into one root document such as
 * the suites' shared schema `{ $id: 'spec-….json', components: { schemas } }`), for code that runs
 * without the IR: the contract suites' arbitraries, the round trip, mock servers.
 *
 *   drawFromSchema(root, { $ref: 'spec-….json#/components/schemas/Pet' }, { mode: 'example' })
 */
import type { JsonSchema, SchemaNode } from '../schema-nodes.js';
import { SchemaNormaliser } from '../schema-normalise.js';
import { drawValue, type DrawOptions } from './draw.js';

/** A document refs point into: its `$id` (what refs name before `#`) and its component schemas. */
export interface SchemaRoot {
  $id?: string | undefined;
  components?: { schemas?: Record<string, JsonSchema> } | undefined;
}

const normalisers = new WeakMap<object, SchemaNormaliser>();

/** The normaliser of a root's schemas (one per root, so nodes are cached across calls). */
export function nodesOf(root: SchemaRoot): SchemaNormaliser {
  let normaliser = normalisers.get(root);
  if (!normaliser) {
    normaliser = new SchemaNormaliser({
      dialect: '3.1',
      resolve: (ref) => {
        const [id, fragment = ''] = ref.split('#');
        if (id && id !== root.$id) return undefined;
        let node: unknown = root;
        for (const part of fragment.split('/').slice(1)) {
          const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
          if (!node || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
          node = (node as Record<string, unknown>)[key];
        }
        return node === undefined ? undefined : { schema: node as JsonSchema, pointer: fragment };
      },
      components: () => root.components?.schemas ?? {},
    });
    normalisers.set(root, normaliser);
  }
  return normaliser;
}

/** A schema that refs into `root`, as a node (`pointer`: where it is, when it lies in the root). */
export function nodeFromSchema(root: SchemaRoot, schema: unknown, pointer = ''): SchemaNode {
  return nodesOf(root).node(schema, pointer);
}

/** A value of a schema that refs into `root` (drawValue's options). */
export function drawFromSchema(root: SchemaRoot, schema: unknown, options: DrawOptions = {}): unknown {
  return drawValue(nodeFromSchema(root, schema), options);
}

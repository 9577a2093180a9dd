/**
 * The mock's copy of the spec (the contract-document plugin renders it with the contract; mock-document writes it): the bundled document without security
 * requirements, because the source says the mock ignores authentication and Prism 5 would otherwise
 * answer 401 to a request without a Bearer header. Everything else (schemas, examples, validation) is kept, except
 * that example spec digests are the real one (the mock's `/v1/health` tells the truth), and two
 * operations are added so the mock serves the contract itself, as the service does (Prism inlines
 * local $refs in what it serves, so only `/openapi.yaml`, a string, arrives byte for byte).
 */
import type { OpenApiDocument } from './document.js';
import { HTTP_METHODS, type Ir } from './ir.js';
import { CONTRACT_PATHS } from './contract-paths.js';
import { apiKeyPlaces, keyPlace } from './ir-parameters.js';
import { deref } from './refs.js';

const DIGEST = /^sha256:[0-9a-f]{64}$/;

/**
 * The node with every `spec_digest` example value (a sha256 digest) replaced by this spec's
 * digest. Copy on write: untouched subtrees are shared, not cloned (a large spec has megabytes of them).
 */
function withRealDigests<T>(node: T, digest: string): T {
  if (Array.isArray(node)) {
    const items = node.map((item) => withRealDigests(item, digest));
    return items.some((item, index) => item !== node[index]) ? (items as T) : node;
  }
  if (!node || typeof node !== 'object') return node;
  let copy: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(node)) {
    const replaced =
      key === 'spec_digest' && typeof value === 'string' && DIGEST.test(value)
        ? digest
        : withRealDigests(value, digest);
    if (replaced === value) continue;
    copy ??= { ...(node as Record<string, unknown>) };
    copy[key] = replaced;
  }
  return (copy as T) ?? node;
}

function withoutSecurity(operation: object): object {
  const { security: _security, ...rest } = operation as { security?: unknown };
  return rest;
}

type Parameter = { name?: unknown; in?: unknown; required?: unknown };

/**
 * The operation with the parameters that are its apiKey schemes' keys (Trello's required query
 * `key` and `token`, declared as parameters and as the schemes) made optional, a path item's by an
 * operation's own copy: authentication goes, so a request without them is answered. The SDKs leave
 * the same parameters out (ir-parameters.ts, leaveOutKeyParameters). The operation itself when it
 * has none.
 */
function withOptionalKeys(
  document: OpenApiDocument,
  pathItem: Record<string, unknown>,
  operation: unknown,
): unknown {
  if (!operation || typeof operation !== 'object') return operation;
  const security = ((operation as { security?: unknown }).security ?? document.security) as unknown;
  if (!Array.isArray(security)) return operation;
  const keys = apiKeyPlaces(
    document,
    security.flatMap((requirement) => Object.keys((requirement ?? {}) as object)),
  );
  if (keys.size === 0) return operation;
  const own = ((operation as { parameters?: unknown[] }).parameters ?? []).map((each) => ({
    written: each,
    parameter: deref<Parameter>(document, each),
  }));
  const isKey = (parameter: Parameter | undefined) =>
    Boolean(parameter?.required) && keys.has(keyPlace(parameter!.in, parameter!.name));
  const ownPlaces = new Set(own.map(({ parameter }) => keyPlace(parameter?.in, parameter?.name)));
  const inherited = (Array.isArray(pathItem.parameters) ? pathItem.parameters : [])
    .map((each) => deref<Parameter>(document, each))
    .filter((parameter) => isKey(parameter) && !ownPlaces.has(keyPlace(parameter!.in, parameter!.name)));
  if (inherited.length === 0 && !own.some(({ parameter }) => isKey(parameter))) return operation;
  return {
    ...operation,
    parameters: [
      ...own.map(({ written, parameter }) =>
        isKey(parameter) ? { ...parameter, required: false } : written,
      ),
      ...inherited.map((parameter) => ({ ...parameter, required: false })),
    ],
  };
}

/** Where the mock's copy holds the whole contract: the example of its `GET /openapi.json`. */
export const CONTRACT_EXAMPLE_AT = [
  'paths',
  CONTRACT_PATHS.json,
  'get',
  'responses',
  '200',
  'content',
  'application/json',
  'example',
];

function served(mediaType: string, example: unknown, summary: string) {
  return {
    get: {
      operationId: `mock${mediaType.endsWith('json') ? 'Json' : 'Yaml'}Contract`,
      summary,
      'x-mock-only': 'Serves the contract; the service has the same route outside the API.',
      responses: {
        '200': {
          description: summary,
          content: {
            [mediaType]: {
              schema: mediaType.endsWith('json') ? { type: 'object' } : { type: 'string' },
              example,
            },
          },
        },
      },
    },
  };
}

/**
 * The mock's document, with `yamlMarker` (a string) where the contract's YAML goes: the contract's
 * renderings print it (contract/emit.ts), so the YAML need not be waited for here, and the
 * subtrees it shares with the IR's document travel to the worker thread once.
 */
export function mockDocument(ir: Ir, yamlMarker: string): Record<string, unknown> {
  // Shallow copies down to the operations that have `security`: only it goes, the rest (path items
  // without it too) is shared with the IR, so the renderings tell an unchanged path item at a glance.
  const { security: _security, ...rest } = ir.document;
  const secured = (operation: unknown) =>
    Boolean(operation && typeof operation === 'object' && 'security' in operation);
  const isOperation = (key: string) => (HTTP_METHODS as string[]).includes(key);
  const paths = Object.fromEntries(
    Object.entries<Record<string, unknown>>(ir.document.paths ?? {}).map(([route, pathItem]) => {
      if (!pathItem || typeof pathItem !== 'object') return [route, pathItem];
      const operations = Object.entries(pathItem).map(([key, value]) => {
        if (!isOperation(key)) return [key, value];
        const keyed = withOptionalKeys(ir.document, pathItem, value);
        return [key, secured(keyed) ? withoutSecurity(keyed as object) : keyed];
      });
      return operations.every(([key, value]) => value === pathItem[key as string])
        ? [route, pathItem]
        : [route, Object.fromEntries(operations)];
    }),
  );
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an OpenAPI document, its paths written below
  const document: Record<string, any> = withRealDigests({ ...rest, paths }, ir.digest);
  document.paths = {
    ...document.paths,
    [CONTRACT_PATHS.json]: served('application/json', ir.document, 'The contract (OpenAPI, JSON)'),
    [CONTRACT_PATHS.yaml]: served('application/yaml', yamlMarker, 'The contract (OpenAPI, YAML)'),
  };
  document['x-mock'] = {
    note: 'Derived for the Prism mock: authentication removed, everything else as in the source.',
    spec_digest: ir.digest,
  };
  return document;
}

/**
 * The mock's copy of the spec: the bundled document without security requirements, because
 * the source says the mock ignores authentication and Prism 5 would otherwise answer 401 to a
 * request without a Bearer header. Everything else (schemas, examples, validation) is kept, except
 * that example spec digests are the real one (the mock's `/v1/health` tells the truth), and two
 * operations are added so the mock serves the contract itself, as the service does (Prism inlines
 * local $refs in what it serves, so only `/openapi.yaml`, a string, arrives byte for byte).
 */
import type { GeneratedFile } from '../../core/files.js';
import type { Ir } from '../../core/ir.js';
import { CONTRACT_PATHS, contractYaml } from '../contract/emit.js';

const DIGEST = /^sha256:[0-9a-f]{64}$/;

/** Replaces every `spec_digest` example value (a sha256 digest) with this spec's digest. */
function realDigests(node: unknown, digest: string): void {
  if (Array.isArray(node)) node.forEach((item) => realDigests(item, digest));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'spec_digest' && typeof value === 'string' && DIGEST.test(value)) (node as Record<string, unknown>)[key] = digest;
      else realDigests(value, digest);
    }
  }
}

function served(mediaType: string, example: unknown, summary: string) {
  return {
    get: {
      operationId: `mock${mediaType.endsWith('json') ? 'Json' : 'Yaml'}Contract`,
      summary,
      'x-mock-only': 'Serves the contract; the service has the same route outside the API.',
      responses: { '200': { description: summary, content: { [mediaType]: { schema: mediaType.endsWith('json') ? { type: 'object' } : { type: 'string' }, example } } } },
    },
  };
}

export function emitMockSpec(ir: Ir): GeneratedFile[] {
  const document = structuredClone(ir.document);
  delete document.security;
  for (const pathItem of Object.values<Record<string, unknown>>(document.paths ?? {})) {
    for (const operation of Object.values(pathItem)) {
      if (operation && typeof operation === 'object' && 'security' in operation) delete (operation as { security?: unknown }).security;
    }
  }
  realDigests(document, ir.digest);
  document.paths = {
    ...document.paths,
    [CONTRACT_PATHS.json]: served('application/json', ir.document, 'The contract (OpenAPI, JSON)'),
    [CONTRACT_PATHS.yaml]: served('application/yaml', contractYaml(ir), 'The contract (OpenAPI, YAML)'),
  };
  document['x-mock'] = {
    note: 'Derived for the Prism mock: authentication removed, everything else as in the source.',
    spec_digest: ir.digest,
  };
  // JSON, not YAML: Prism reads either, and JSON is written ~15x faster for large specs.
  return [{ path: 'mock/openapi.json', content: JSON.stringify(document, null, 2) }];
}

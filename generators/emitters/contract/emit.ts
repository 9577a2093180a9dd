/**
 * The contract itself, bundled into one document (external $refs inlined), as JSON and YAML:
 * what the service and the mock serve at `GET /openapi.json` and `GET /openapi.yaml`, so a client
 * can fetch the exact contract a server was built from.
 */
import { renderDocument } from '../../core/document-worker.js';
import type { GeneratedFile } from '../../core/files.js';
import type { Ir } from '../../core/ir.js';

/** Paths the service and the mock serve the contract at (outside the API's own paths). */
export const CONTRACT_PATHS = { json: '/openapi.json', yaml: '/openapi.yaml' } as const;

const yamlOf = new WeakMap<Ir, Promise<string>>();

/**
 * The contract as YAML, rendered once per IR in the generators' worker thread: the contract
 * document and the mock both serve it, and it takes seconds on a large spec.
 */
export function contractYaml(ir: Ir): Promise<string> {
  let yaml = yamlOf.get(ir);
  if (yaml === undefined) {
    yaml = renderDocument(ir, { kind: 'yaml', document: ir.document, options: { aliasDuplicateObjects: false, lineWidth: 0 } });
    yamlOf.set(ir, yaml);
  }
  return yaml;
}

export async function emitContractDocument(ir: Ir): Promise<GeneratedFile[]> {
  const yaml = contractYaml(ir);
  return [
    { path: 'openapi/openapi.json', content: JSON.stringify(ir.document, null, 2) },
    { path: 'openapi/openapi.yaml', content: await yaml },
  ];
}

/**
 * The contract itself, bundled into one document (external $refs inlined), as JSON and YAML:
 * what the service and the mock serve at `GET /openapi.json` and `GET /openapi.yaml`, so a client
 * can fetch the exact contract a server was built from.
 */
import { stringify } from 'yaml';
import type { GeneratedFile } from '../../core/files.js';
import type { Ir } from '../../core/ir.js';

/** Paths the service and the mock serve the contract at (outside the API's own paths). */
export const CONTRACT_PATHS = { json: '/openapi.json', yaml: '/openapi.yaml' } as const;

export function contractYaml(ir: Ir): string {
  return stringify(ir.document, { aliasDuplicateObjects: false, lineWidth: 0 });
}

export function emitContractDocument(ir: Ir): GeneratedFile[] {
  return [
    { path: 'openapi/openapi.json', content: JSON.stringify(ir.document, null, 2) },
    { path: 'openapi/openapi.yaml', content: contractYaml(ir) },
  ];
}

/**
 * The contract itself, bundled into one document (external $refs inlined), as JSON and YAML:
 * what the service and the mock serve at `GET /openapi.json` and `GET /openapi.yaml`, so a client
 * can fetch the exact contract a server was built from.
 */
import { randomUUID } from 'node:crypto';
import { renderDocument, type ContractRenderings } from '../../core/document-worker.js';
import type { GeneratedFile } from '../../core/files.js';
import type { Ir } from '../../core/ir.js';
import { oncePer } from '../../core/once-per.js';
import { mockDocument } from '../mock/document.js';

/**
 * The contract as JSON and YAML, and the mock's document as JSON with that YAML in it: rendered
 * once per IR, together, in the generators' worker thread on a large spec (seconds of printing).
 * The mock's document comes along because it holds the YAML and shares most of its subtrees with
 * the contract's, which then travel to the worker once.
 */
export const contractRenderings: (ir: Ir) => Promise<ContractRenderings> = oncePer((ir: Ir) => {
  const yamlMarker = `contract YAML ${randomUUID()}`;
  return renderDocument(ir, {
    kind: 'contract',
    document: ir.document,
    withYaml: mockDocument(ir, yamlMarker),
    yamlMarker,
  });
});

export async function emitContractDocument(ir: Ir): Promise<GeneratedFile[]> {
  const { json, yaml } = await contractRenderings(ir);
  return [
    { path: 'openapi/openapi.json', content: json },
    { path: 'openapi/openapi.yaml', content: yaml },
  ];
}

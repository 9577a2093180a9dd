/**
 * The contract itself, bundled into one document (external $refs inlined), as JSON and YAML:
 * what the service and the mock serve at `GET /openapi.json` and `GET /openapi.yaml`, so a client
 * can fetch the exact contract a server was built from.
 */
import { contractRenderings, type ContractRenderings } from '../../core/contract-renderings.js';
import { definePlugin } from '../../plugin.js';

export interface ContractDocumentExports {
  /** The contract's JSON and YAML and the mock's document, rendered together (mock-document writes the last). */
  renderings: Promise<ContractRenderings>;
}

export default definePlugin<Record<string, never>, ContractDocumentExports>({
  name: 'contract-document',
  description: 'The bundled contract as JSON and YAML (openapi/), as the service and the mock serve it',
  root: 'openapi/',
  readsDocument: true,
  proves:
    'the contract suites fetch it from the target and compare it with the spec (the served-contract check)',
  generate({ ir }) {
    const renderings = contractRenderings(ir);
    return {
      exports: { renderings },
      files: renderings.then(({ json, yaml }) => [
        { path: 'openapi/openapi.json', content: json },
        { path: 'openapi/openapi.yaml', content: yaml },
      ]),
    };
  },
});

/**
 * The mock's copy of the spec, `mock/openapi.json` (what it holds: core/mock-document.ts). JSON, not
 * YAML: Prism reads either, and JSON is written ~15x faster for large specs. It is printed with the
 * contract's renderings, in the generators' worker thread on a large spec.
 */
import { definePlugin } from '../../plugin.js';
import type { ContractDocumentExports } from '../contract-document/index.js';

export default definePlugin({
  name: 'mock-document',
  description: 'The document Prism mocks (mock/): the contract without security, serving itself',
  dependencies: ['contract-document'],
  readsDocument: true,
  root: 'mock/',
  proves: 'the contract suites run against Prism mocking it (npm run test:contract, check:corpus)',
  generate({ dependency }) {
    const { renderings } = dependency('contract-document') as ContractDocumentExports;
    return { files: renderings.then(({ mock }) => [{ path: 'mock/openapi.json', content: mock }]) };
  },
});

/** openapi-generator's SDKs for more languages (sdks/), from the document turned into OpenAPI 3.0. Needs Java. */
import { definePlugin } from '../../plugin.js';
import type { ContractDocumentExports } from '../contract-document/index.js';
import { emitSdks } from './emit.js';

export default definePlugin({
  name: 'sdks',
  description: "openapi-generator's SDKs (sdks/, the languages in sdks.json); needs Java",
  root: 'sdks/',
  optIn: true,
  isolated: true,
  // It hands openapi-generator the contract (down-converted to 3.0), as the contract-document plugin renders it.
  dependencies: ['contract-document'],
  proves: 'none of ours: openapi-generator builds them; the test compiles one',
  generate({ ir, warn, dependency }) {
    const { renderings } = dependency('contract-document') as ContractDocumentExports;
    return { files: renderings.then(({ json }) => emitSdks(ir, JSON.parse(json), warn)) };
  },
});

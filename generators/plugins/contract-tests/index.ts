/** Contract test suites (contract-tests/): property-based, stateful and bad-input checks of any target against the spec. */
import { definePlugin } from '../../plugin.js';
import type { ClientExports } from '../client/index.js';
import { emitContractTests } from './emit.js';

export default definePlugin({
  name: 'contract-tests',
  description: 'Contract test suites (contract-tests/) that judge any server against the spec',
  // The suites call the API through the client's plan of each operation (client-calls.ts).
  dependencies: ['client'],
  proves:
    'they run against the reference service, Prism and sabotaged servers (test:contract, the sabotage tests)',
  generate({ ir, dependency }) {
    const client = dependency('client') as ClientExports;
    return { files: emitContractTests(ir, client.plan, client.propertyPath) };
  },
});

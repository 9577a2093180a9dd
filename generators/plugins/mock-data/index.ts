/**
 * Mock data (mock-data/): a seeded, realistic factory per component schema, typed with the
 * client's models, drawn by the toolkit's one value generator (core/values/, realistic mode).
 */
import { definePlugin } from '../../plugin.js';
import type { ClientExports } from '../client/index.js';
import { emitMockData, type MockDataExports } from './emit.js';

export type { MockDataExports };

export default definePlugin<Record<string, never>, MockDataExports>({
  name: 'mock-data',
  description: 'Seeded realistic mock data (mock-data/): mockSubject(), mockSubject({ seed, overrides })',
  dependencies: ['client'],
  optIn: true,
  proves:
    'the property test (test/integration/generators/plugins/mock-data/): every value it draws validates with Ajv, and a seed gives the same value',
  generate({ ir, dependency }) {
    return emitMockData(ir, (dependency('client') as ClientExports).plan);
  },
});

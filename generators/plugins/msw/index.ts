/**
 * MSW handlers (msw/): one handler per operation answering mock data (the spec's example first)
 * for its success response, any declared status on request, with the response's Content-Type.
 */
import { definePlugin } from '../../plugin.js';
import type { ClientExports } from '../client/index.js';
import type { MockDataExports } from '../mock-data/index.js';
import { emitMsw } from './emit.js';

export default definePlugin<Record<string, never>, { module: string }>({
  name: 'msw',
  description:
    'MSW 2 handlers (msw/): retrieveSubjectHandler(), retrieveSubjectHandler({ status: 404 }), handlers',
  dependencies: ['client', 'mock-data'],
  optIn: true,
  proves:
    'test/integration/generators/plugins/msw/: the generated client calls through the handlers under setupServer, and every default answer validates with Ajv',
  generate({ ir, dependency }) {
    const { plan } = dependency('client') as ClientExports;
    dependency('mock-data') as MockDataExports;
    return emitMsw(ir, plan);
  },
});

/** Fastify route stubs (server/): a typed handler map and a runtime that validates and serialises as the spec says. */
import { definePlugin } from '../../plugin.js';
import { emitServer } from './emit.js';

export default definePlugin({
  name: 'server',
  description: 'Fastify route stubs (server/): typed handlers, validation and serialisation from the spec',
  // Its handlers import the types plugin's module (types/openapi.ts).
  dependencies: ['types'],
  proves:
    "the round trip (the stubs decode what the SDKs send) and the contract suites' bad-input stage against them",
  generate({ ir, warn }) {
    return { files: emitServer(ir, warn) };
  },
});

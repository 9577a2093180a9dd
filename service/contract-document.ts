/**
 * `GET /openapi.json` and `GET /openapi.yaml`: the service serves the contract it was generated
 * from (generated/openapi/, the bundled spec), so clients and tools can fetch it from the server.
 * Outside the API's paths; no key needed, so charged to the caller's address like other anonymous
 * traffic (`charge` answers the 429 once that budget is spent); read once at start-up.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'generated', 'openapi');

export function registerContractDocument(
  app: FastifyInstance,
  charge: (request: FastifyRequest, reply: FastifyReply) => boolean,
): void {
  const json = readFileSync(path.join(FOLDER, 'openapi.json'), 'utf8');
  const yaml = readFileSync(path.join(FOLDER, 'openapi.yaml'), 'utf8');
  app.get('/openapi.json', (request, reply) => {
    if (charge(request, reply)) return;
    reply.type('application/json; charset=utf-8').send(json);
  });
  app.get('/openapi.yaml', (request, reply) => {
    if (charge(request, reply)) return;
    reply.type('application/yaml; charset=utf-8').send(yaml);
  });
}

/**
 * `GET /openapi.json` and `GET /openapi.yaml`: the service serves the contract it was generated
 * from (generated/openapi/, the bundled spec), so clients and tools can fetch it from the server.
 * Outside the API's paths; no key needed; read once at start-up.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

const FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'generated', 'openapi');

export function registerContractDocument(app: FastifyInstance): void {
  const json = readFileSync(path.join(FOLDER, 'openapi.json'), 'utf8');
  const yaml = readFileSync(path.join(FOLDER, 'openapi.yaml'), 'utf8');
  app.get('/openapi.json', (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(json);
  });
  app.get('/openapi.yaml', (_request, reply) => {
    reply.type('application/yaml; charset=utf-8').send(yaml);
  });
}

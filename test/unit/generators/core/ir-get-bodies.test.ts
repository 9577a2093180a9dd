/**
 * A requestBody on GET or HEAD (issue 43: trakt, ticketmaster): OpenAPI 3.0 says its consumers SHALL
 * ignore a body where HTTP defines none, and no fetch can send one (the TypeScript client and the
 * suites threw before sending). In a 3.0 document the IR leaves it out with a warning naming its
 * pointer; a DELETE's body is kept (fetch sends it), and so is a GET's in OpenAPI 3.1, which permits it.
 */
import { describe, expect, it } from 'vitest';
import { buildIr } from '../../../../generators/core/build-ir.js';
import { documentFrom } from '../../../../generators/core/load.js';

const body = { content: { 'application/json': { schema: { type: 'string' } } } };
const ok = { '200': { description: 'OK' } };
const documentOf = (openapi: string) => ({
  openapi,
  info: { title: 'Bodies on GET', version: '1.0.0' },
  paths: {
    '/offers': {
      get: { operationId: 'listOffers', requestBody: body, responses: ok },
      head: { operationId: 'headOffers', requestBody: body, responses: ok },
      delete: { operationId: 'deleteOffers', requestBody: body, responses: ok },
    },
  },
});
const bodies = (openapi: string) => {
  const ir = buildIr(documentFrom('get-bodies.json', documentOf(openapi)));
  return { ir, byId: Object.fromEntries(ir.operations.map((operation) => [operation.id, operation.body])) };
};

describe('request bodies on GET and HEAD', () => {
  it('are ignored in OpenAPI 3.0, as it requires, each named in a warning with its pointer', () => {
    const { ir, byId } = bodies('3.0.3');
    expect(byId.listOffers).toBeUndefined();
    expect(byId.headOffers).toBeUndefined();
    expect(byId.deleteOffers?.contentType).toBe('application/json');
    expect(ir.warnings).toEqual([
      {
        pointer: '/paths/~1offers/get/requestBody',
        message:
          'the requestBody of a GET is ignored, as OpenAPI 3.0 requires (its consumers SHALL ignore a body where HTTP defines none; no fetch can send one)',
      },
      expect.objectContaining({ pointer: '/paths/~1offers/head/requestBody' }),
    ]);
  });

  it('are kept in OpenAPI 3.1, which permits a body on any method', () => {
    const { ir, byId } = bodies('3.1.0');
    expect(Object.values(byId).map((each) => each?.contentType)).toEqual([
      'application/json',
      'application/json',
      'application/json',
    ]);
    expect(ir.warnings).toEqual([]);
  });
});

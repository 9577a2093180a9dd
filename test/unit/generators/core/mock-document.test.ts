/** The mock's copy of the spec: authentication goes, the apiKey schemes' own parameters with it. No process. */
import { describe, expect, it } from 'vitest';
import { buildIr } from '../../../../generators/core/build-ir.js';
import { documentFrom } from '../../../../generators/core/load.js';
import { mockDocument } from '../../../../generators/core/mock-document.js';

const ok = { '200': { description: 'OK' } };
const key = { name: 'key', in: 'query', required: true, schema: { type: 'string' } };
const token = { name: 'Token', in: 'header', required: true, schema: { type: 'string' } };
const filter = { name: 'filter', in: 'query', required: true, schema: { type: 'string' } };

function mockOf(paths: Record<string, unknown>) {
  const ir = buildIr(
    documentFrom('api.json', {
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      components: {
        securitySchemes: {
          key: { type: 'apiKey', in: 'query', name: 'key' },
          token: { type: 'apiKey', in: 'header', name: 'token' },
        },
        parameters: { key },
      },
      security: [{ key: [], token: [] }],
      paths,
    }),
  );
  return mockDocument(ir, 'yaml') as { paths: Record<string, Record<string, { parameters?: unknown[] }>> };
}

describe('mockDocument', () => {
  it("makes the apiKey schemes' parameters optional (Trello declares its key and token required), and no other", () => {
    const { paths } = mockOf({
      '/boards': {
        parameters: [token],
        get: { parameters: [{ $ref: '#/components/parameters/key' }, filter], responses: ok },
      },
      '/open': { get: { security: [], parameters: [key], responses: ok } },
    });
    expect(paths['/boards']!.get!.parameters).toEqual([
      { ...key, required: false },
      filter,
      // The path item's, overridden by the operation's own copy (header names match in any case).
      { ...token, required: false },
    ]);
    expect(paths['/boards']!.get).not.toHaveProperty('security');
    // An operation that needs no key: its `key` is a parameter like any other.
    expect(paths['/open']!.get!.parameters).toEqual([key]);
  });

  it('leaves a path item without such parameters as it is (shared with the IR: the renderings splice by identity)', () => {
    const item = { get: { parameters: [filter], responses: ok } };
    const ir = buildIr(
      documentFrom('api.json', {
        openapi: '3.1.0',
        info: { title: 'T', version: '1' },
        paths: { '/a': item },
      }),
    );
    expect((mockDocument(ir, 'yaml') as { paths: Record<string, unknown> }).paths['/a']).toBe(
      ir.document.paths['/a'],
    );
  });
});

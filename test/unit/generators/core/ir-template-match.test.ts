/**
 * What a path template's query or fragment asks of a request (issue 43, AWS's REST specs of the
 * corpus): `#X-Amz-Target=A.B` a header of that value; `#role_name&x-amz-token` (names without
 * values) the parameter named first, where the operation declares it, with whatever value it has;
 * and nothing when no other operation shares the method and path, since then there is nothing to
 * pick between. Before, a name without a value was a header that had to be empty: the SDKs sent
 * `role_name: ""` as a header (overwriting a declared header's value) and every call was a 404.
 */
import { describe, expect, it } from 'vitest';
import { wirePlan } from '../../../../generators/sdk-shape/wire.js';
import { useIrOf } from './small-spec-ir.js';

const irOf = useIrOf('ir-template-match-');
const ok = { '200': { description: 'OK' } };
const query = (name: string) => ({ name, in: 'query', required: true, schema: { type: 'string' } });
const header = (name: string) => ({ name, in: 'header', required: true, schema: { type: 'string' } });

describe('a template that picks its operation by a query or fragment', () => {
  it('asks for a header of the value the fragment gives', async () => {
    const ir = await irOf({ '/#X-Amz-Target=Things.List': { post: { operationId: 'list', responses: ok } } });
    expect(ir.operations[0].template.match).toEqual({
      in: 'header',
      name: 'X-Amz-Target',
      value: 'Things.List',
    });
  });

  it('asks for the named parameter, query or header as declared, whatever its value, when operations share the route', async () => {
    const ir = await irOf({
      '/servers#name': { get: { operationId: 'byName', parameters: [query('name')], responses: ok } },
      '/servers#x-amz-token&path': {
        get: { operationId: 'byToken', parameters: [header('X-Amz-Token'), query('path')], responses: ok },
      },
    });
    expect(ir.operations.map((operation) => operation.template.match)).toEqual([
      { in: 'query', name: 'name' },
      { in: 'header', name: 'x-amz-token' },
    ]);
  });

  it('asks for a declared query parameter of the value a fragment gives (AWS Chime), and the SDKs send it as the caller gives it', async () => {
    const ir = await irOf({
      '/channels/{arn}#scope=membership&x-amz-bearer': {
        get: {
          operationId: 'membership',
          parameters: [
            { name: 'arn', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'scope', in: 'query', required: true, schema: { enum: ['membership'] } },
          ],
          responses: ok,
        },
      },
      '/channels/{arn}#x-amz-bearer': {
        get: {
          operationId: 'channel',
          parameters: [
            { name: 'arn', in: 'path', required: true, schema: { type: 'string' } },
            header('x-amz-bearer'),
          ],
          responses: ok,
        },
      },
    });
    expect(ir.operations.map((operation) => operation.template.match)).toEqual([
      { in: 'query', name: 'scope', value: 'membership' },
      { in: 'header', name: 'x-amz-bearer' },
    ]);
    expect(ir.operations.map((operation) => wirePlan(operation).match)).toEqual([undefined, undefined]);
  });

  it('asks for an empty header named by an anchor that is no parameter (ReadMe), and only for the presence of one the HTTP layer writes', async () => {
    const ir = await irOf({
      '/cookies': { get: { operationId: 'standard', responses: ok } },
      '/cookies#formExploded': { get: { operationId: 'exploded', responses: ok } },
      '/content#Content-Type': { post: { operationId: 'upload', responses: ok } },
      '/content': { post: { operationId: 'plain', responses: ok } },
    });
    expect(ir.operations.map((operation) => [operation.id, operation.template.match])).toEqual([
      ['standard', undefined],
      ['exploded', { in: 'header', name: 'formExploded', value: '' }],
      ['upload', { in: 'header', name: 'Content-Type' }],
      ['plain', undefined],
    ]);
  });

  it('asks nothing of the only operation on its method and path (its validation refuses a missing parameter)', async () => {
    const ir = await irOf({
      '/credentials#role_name&x-amz-token': {
        get: {
          operationId: 'credentials',
          parameters: [query('role_name'), header('x-amz-token')],
          responses: ok,
        },
      },
      '/roles#x-amz-token': {
        get: { operationId: 'roles', parameters: [header('x-amz-token')], responses: ok },
      },
      '/roles#account_id': {
        post: { operationId: 'addRole', parameters: [query('account_id')], responses: ok },
      },
    });
    expect(ir.operations.map((operation) => [operation.id, operation.template.match])).toEqual([
      ['credentials', undefined],
      ['roles', undefined],
      ['addRole', undefined],
    ]);
  });
});

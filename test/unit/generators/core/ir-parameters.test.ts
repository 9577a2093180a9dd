/**
 * Parameters the OpenAPI 3.x Parameter Object says to ignore (issue 43, found in public specs of the
 * corpus): a header parameter named Accept, Content-Type or Authorization, in any case, is not a
 * parameter of the operation (the media types and security schemes describe those headers); each is
 * named in a warning with its pointer. A generated client that sent it would override the body's
 * media type (a Content-Type parameter made the stubs answer 415 in the round trip). So are the
 * headers of the message's framing, which the HTTP layer writes (a Content-Length parameter drawn as
 * any integer made the client hang and the stubs read a broken body).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIr } from '../../../../generators/core/build-ir.js';
import { sharedQueryNames } from '../../../../generators/core/ir-parameters.js';
import type { OpenApiDocument } from '../../../../generators/core/document.js';
import { documentFrom, loadDocument } from '../../../../generators/core/load.js';
import { valueShape } from '../../../../generators/core/value-shape.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ir-parameters-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('header parameters OpenAPI says to ignore', () => {
  it('leaves out Accept, Content-Type and Authorization (any case), path-level ones too, and warns with the pointer', async () => {
    const file = path.join(dir, 'ignored.json');
    await writeFile(
      file,
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Ignored headers', version: '1.0.0' },
        paths: {
          '/items': {
            parameters: [{ name: 'authorization', in: 'header', schema: { type: 'string' } }],
            post: {
              operationId: 'createItem',
              parameters: [
                { name: 'Content-Type', in: 'header', required: true, schema: { type: 'string' } },
                { name: 'ACCEPT', in: 'header', schema: { type: 'string' } },
                { name: 'X-Request-Id', in: 'header', schema: { type: 'string' } },
                { name: 'accept', in: 'query', schema: { type: 'string' } },
              ],
              requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
              responses: { '201': { description: 'Created' } },
            },
          },
        },
      }),
    );
    const ir = buildIr(await loadDocument(file));
    const operation = ir.operations[0];
    expect(operation.parameters.header.map((parameter) => parameter.name)).toEqual(['X-Request-Id']);
    // Only headers: a query parameter of the same name is an ordinary parameter.
    expect(operation.parameters.query.map((parameter) => parameter.name)).toEqual(['accept']);
    expect(ir.warnings.map((warning) => warning.pointer).sort()).toEqual([
      '/paths/~1items/parameters/0',
      '/paths/~1items/post/parameters/0',
      '/paths/~1items/post/parameters/1',
    ]);
    expect(ir.warnings.map((warning) => warning.message)).toContain(
      'header parameter "Content-Type" is ignored, as OpenAPI 3.x requires: the media types of the body and responses say what it carries',
    );
  });

  it('leaves out the headers of the framing and the connection (Content-Length, Transfer-Encoding, Host, …)', async () => {
    const file = path.join(dir, 'framing.json');
    await writeFile(
      file,
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Framing headers', version: '1.0.0' },
        paths: {
          '/metrics': {
            post: {
              operationId: 'createMetric',
              parameters: ['Content-Length', 'transfer-encoding', 'Host', 'Connection', 'X-Trace'].map(
                (name) => ({
                  name,
                  in: 'header',
                  schema: { type: name === 'Content-Length' ? 'integer' : 'string' },
                }),
              ),
              requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
              responses: { '200': { description: 'OK' } },
            },
          },
        },
      }),
    );
    const ir = buildIr(await loadDocument(file));
    expect(ir.operations[0].parameters.header.map((parameter) => parameter.name)).toEqual(['X-Trace']);
    expect(ir.warnings).toHaveLength(4);
    expect(ir.warnings[0]).toEqual({
      pointer: '/paths/~1metrics/post/parameters/0',
      message:
        'header parameter "Content-Length" is ignored: the HTTP layer sets it from the message (a value given by the caller would break the framing)',
    });
  });
});

describe('a parameter that is the key of its apiKey scheme', () => {
  it('is left out where a scheme of its operation sends it (same place, same name), with a warning naming its pointer', () => {
    const ir = buildIr(
      documentFrom('keys.json', {
        openapi: '3.0.3',
        info: { title: 'Key twice', version: '1.0.0' },
        security: [{ key: [] }],
        components: {
          securitySchemes: {
            key: { type: 'apiKey', in: 'query', name: 'key' },
            token: { type: 'apiKey', in: 'header', name: 'X-Token' },
          },
        },
        paths: {
          '/account': {
            get: {
              operationId: 'getAccount',
              parameters: [
                { name: 'key', in: 'query', required: true, schema: { type: 'string' } },
                { name: 'key', in: 'header', schema: { type: 'string' } },
                { name: 'x-token', in: 'header', schema: { type: 'string' } },
              ],
              responses: { '200': { description: 'OK' } },
            },
          },
          '/tokens': {
            get: {
              operationId: 'listTokens',
              security: [{ token: [] }, {}],
              parameters: [
                { name: 'key', in: 'query', schema: { type: 'string' } },
                { name: 'x-token', in: 'header', schema: { type: 'string' } },
              ],
              responses: { '200': { description: 'OK' } },
            },
          },
        },
      }),
    );
    const [account, tokens] = ir.operations;
    // Only where its operation's scheme puts the key: a header named `key` and another scheme's header stay.
    expect(account.allParameters.map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual([
      'header key',
      'header x-token',
    ]);
    expect(account.parameters.query).toEqual([]);
    // Header names match in any case; the query `key` belongs to a scheme this operation does not use.
    expect(tokens.allParameters.map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual([
      'query key',
    ]);
    expect(ir.warnings).toEqual([
      {
        pointer: '/paths/~1account/get/parameters/0',
        message:
          'query parameter "key" is left out: it is the key of the apiKey scheme key, which the SDKs send there themselves (declared twice, it would go twice)',
      },
      {
        pointer: '/paths/~1tokens/get/parameters/1',
        message:
          'header parameter "x-token" is left out: it is the key of the apiKey scheme token, which the SDKs send there themselves (declared twice, it would go twice)',
      },
    ]);
  });
});

describe('query names two parameters both send', () => {
  it('are found where a form-style exploded object sends a property under a name another parameter sends', () => {
    const ir = buildIr(
      documentFrom('shared-names.json', {
        openapi: '3.0.3',
        info: { title: 'Shared query names', version: '1.0.0' },
        paths: {
          '/detectors': {
            get: {
              operationId: 'deleteDetector',
              parameters: [
                { name: 'MetricName', in: 'query', schema: { type: 'string' } },
                {
                  name: 'Detector',
                  in: 'query',
                  schema: {
                    type: 'object',
                    properties: { MetricName: { type: 'string' }, Stat: { type: 'string' } },
                  },
                },
                {
                  name: 'Other',
                  in: 'query',
                  schema: { type: 'object', properties: { Stat: { type: 'string' } } },
                },
                // Sent as Nested[Stat]=… and as one comma-joined value: no name in common.
                {
                  name: 'Nested',
                  in: 'query',
                  style: 'deepObject',
                  explode: true,
                  schema: { type: 'object', properties: { MetricName: { type: 'string' } } },
                },
                {
                  name: 'Joined',
                  in: 'query',
                  explode: false,
                  schema: { type: 'object', properties: { Stat: { type: 'string' } } },
                },
              ],
              responses: { '200': { description: 'OK' } },
            },
          },
        },
      }),
    );
    const [operation] = ir.operations;
    expect(sharedQueryNames(operation.allParameters, ir.model)).toEqual([
      { name: 'MetricName', parameters: ['MetricName', 'Detector'] },
      { name: 'Stat', parameters: ['Detector', 'Other'] },
    ]);
    expect(sharedQueryNames(operation.allParameters.slice(0, 1), ir.model)).toEqual([]);
  });

  it("names two exploded objects that declare no property, since each takes any name (HubSpot events')", () => {
    const map = (name: string, schema: object) => ({
      name,
      in: 'query',
      style: 'form',
      explode: true,
      schema,
    });
    const ir = buildIr(
      documentFrom('maps.json', {
        openapi: '3.0.3',
        info: { title: 'Maps', version: '1' },
        paths: {
          '/events': {
            get: {
              parameters: [
                map('objectProperty.{propname}', { type: 'object' }),
                map('property.{propname}', { type: 'object', additionalProperties: { type: 'string' } }),
                map('closed', { type: 'object', additionalProperties: false }),
              ],
              responses: { '200': { description: 'OK' } },
            },
          },
        },
      }),
    );
    const [operation] = ir.operations;
    expect(sharedQueryNames(operation.allParameters, ir.model)).toEqual([
      {
        name: 'any name (each takes every name)',
        parameters: ['objectProperty.{propname}', 'property.{propname}'],
      },
    ]);
    expect(sharedQueryNames(operation.allParameters.slice(1), ir.model)).toEqual([]);
  });
});

describe("a parameter's shape through allOf", () => {
  it('is told by what its members declare, where they agree: annotations alone tell nothing, as the same schema without allOf', () => {
    const ir = buildIr(
      documentFrom('shapes.json', {
        openapi: '3.1.0',
        info: { title: 'Shapes', version: '1' },
        paths: {
          '/things': {
            get: {
              parameters: [
                { name: 'note', in: 'query', schema: { allOf: [{ description: 'a note' }] } },
                { name: 'plain', in: 'query', schema: { description: 'a note' } },
                {
                  name: 'size',
                  in: 'query',
                  schema: { allOf: [{ $ref: '#/components/schemas/Size' }, { description: 'the size' }] },
                },
                { name: 'filter', in: 'query', schema: { allOf: [{ $ref: '#/components/schemas/Filter' }] } },
                {
                  name: 'open',
                  in: 'query',
                  schema: { allOf: [{ properties: {} }, { description: 'declared, if empty' }] },
                },
                // Typeless members keep what makes them a map, a union of objects or an enum.
                { name: 'labels', in: 'query', schema: { allOf: [{ $ref: '#/components/schemas/Labels' }] } },
                { name: 'either', in: 'query', schema: { allOf: [{ $ref: '#/components/schemas/Either' }] } },
                { name: 'colour', in: 'query', schema: { allOf: [{ enum: ['red', 'blue'] }] } },
                { name: 'clash', in: 'query', schema: { allOf: [{ enum: ['red'] }, { items: {} }] } },
              ],
              responses: { '200': { description: 'OK' } },
            },
          },
        },
        components: {
          schemas: {
            Size: { type: 'integer' },
            Filter: { properties: { name: { type: 'string' } } },
            Labels: { additionalProperties: { type: 'string' } },
            Either: {
              oneOf: [
                { type: 'object', properties: { a: { type: 'string' } } },
                { type: 'object', properties: { b: { type: 'string' } } },
              ],
            },
          },
        },
      }),
    );
    const shapes = Object.fromEntries(
      ir.operations[0].allParameters.map((parameter) => [parameter.name, parameter.shape]),
    );
    expect(shapes).toEqual({
      note: 'unknown',
      plain: 'unknown',
      size: 'primitive',
      filter: 'object',
      open: 'object',
      labels: 'object',
      either: 'object',
      colour: 'primitive',
      clash: 'unknown',
    });
  });
});

describe('the shape of an allOf that holds itself', () => {
  it('is told without reading it again (three self-references took minutes)', () => {
    const self = { $ref: '#/components/schemas/Self' };
    const document = {
      openapi: '3.1.0',
      info: { title: 'Self', version: '1' },
      paths: {},
      components: {
        schemas: {
          Self: { allOf: [self, self, self, { properties: { a: { type: 'string' } } }] },
          Loop: { allOf: [{ $ref: '#/components/schemas/Self' }, { description: 'a loop' }] },
        },
      },
    } as unknown as OpenApiDocument;
    expect(valueShape(document, self)).toBe('object');
    expect(valueShape(document, { $ref: '#/components/schemas/Loop' })).toBe('object');
  });
});

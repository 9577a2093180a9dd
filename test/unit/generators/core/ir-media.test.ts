/**
 * The IR's media types (issue 21): every request and response media type with its kind, multipart
 * and form bodies taken apart into parts with their `encoding`, files found from the schema (3.0
 * `format: binary`, 3.1 `contentMediaType`), and stream item schemas (OAS 3.2 `itemSchema`,
 * `x-item-schema`). Parameter styles, path templates and refusals are ir-parameter-styles.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { isJsonMediaType, mediaKind, preferredOrder } from '../../../../generators/core/media-types.js';
import { ok, only, useIrOf } from './small-spec-ir.js';

const irOf = useIrOf('ir-media-');

describe('media kinds', () => {
  it.each([
    ['application/json', 'json'],
    ['application/json; charset=utf-8', 'json'],
    ['application/vnd.fixture+json', 'json'],
    ['application/merge-patch+json', 'json'],
    ['application/problem+json', 'json'],
    ['application/x-amz-json-1.1', 'json'],
    ['text/json', 'json'],
    ['application/*+json', 'json'],
    ['*/json', 'json'],
    ['multipart/form-data', 'multipart'],
    ['application/x-www-form-urlencoded', 'form'],
    ['text/plain', 'text'],
    ['text/csv', 'text'],
    ['application/xml', 'text'],
    ['application/problem+xml', 'text'],
    ['text/event-stream', 'event-stream'],
    ['application/x-ndjson', 'ndjson'],
    ['application/jsonl', 'ndjson'],
    ['application/octet-stream', 'binary'],
    ['image/png', 'binary'],
    ['image/*', 'binary'],
    ['*/*', 'binary'],
    ['application/vnd.github.diff', 'binary'],
  ])('%s is %s', (type, kind) => {
    expect(mediaKind(type)).toBe(kind);
  });

  it('does not take NDJSON for JSON', () => {
    expect(isJsonMediaType('application/x-ndjson')).toBe(false);
    expect(isJsonMediaType('application/jsonl')).toBe(false);
  });

  it('offers application/json first, then +json, then the rest in document order', () => {
    expect(
      preferredOrder(['text/plain', 'application/xml', 'application/vnd.x+json', 'application/json']),
    ).toEqual(['application/json', 'application/vnd.x+json', 'text/plain', 'application/xml']);
  });
});

describe('request bodies', () => {
  it('lists every media type, JSON the default, and keeps the legacy single view on the default', async () => {
    const ir = await irOf({
      '/things': {
        post: {
          requestBody: {
            required: true,
            content: {
              'text/plain': { schema: { type: 'string' } },
              'multipart/form-data': { schema: { type: 'object', properties: { a: { type: 'string' } } } },
              'application/vnd.thing+json': { schema: { type: 'object' }, example: { a: 1 } },
            },
          },
          responses: ok,
        },
      },
    });
    const body = only(ir).body!;
    expect(body.content.map((media) => [media.mediaType, media.kind])).toEqual([
      ['application/vnd.thing+json', 'json'],
      ['text/plain', 'text'],
      ['multipart/form-data', 'multipart'],
    ]);
    expect(body).toMatchObject({
      required: true,
      contentType: 'application/vnd.thing+json',
      isJson: true,
      schema: { type: 'object' },
      examples: [{ a: 1 }],
    });
  });

  it('takes a multipart body apart: files (3.0 format: binary, 3.1 contentMediaType), arrays, objects, encoding', async () => {
    const ir = await irOf({
      '/uploads': {
        post: {
          requestBody: {
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['file', 'caption'],
                  properties: {
                    file: { type: 'string', format: 'binary', maxLength: 1024 },
                    photo: { type: 'string', contentMediaType: 'image/png' },
                    encoded: { type: 'string', contentMediaType: 'image/png', contentEncoding: 'base64' },
                    attachments: { type: 'array', maxItems: 3, items: { type: 'string', format: 'binary' } },
                    caption: { type: 'string' },
                    tags: { type: 'array', items: { type: 'string' } },
                    meta: { type: 'object', properties: { x: { type: 'integer' } } },
                    count: { type: 'integer' },
                    styled: { type: 'object', properties: { a: { type: 'string' } } },
                  },
                },
                encoding: {
                  file: {
                    contentType: 'image/png, image/jpeg',
                    headers: {
                      'X-Part-Id': { schema: { type: 'string' }, required: true },
                      'Content-Type': { schema: { type: 'string' } },
                    },
                  },
                  meta: { contentType: 'application/vnd.meta+json' },
                  styled: { style: 'deepObject', explode: true },
                },
              },
            },
          },
          responses: ok,
        },
      },
    });
    const parts = Object.fromEntries(only(ir).body!.content[0].parts!.map((part) => [part.name, part]));
    expect(parts.file).toMatchObject({
      shape: 'file',
      required: true,
      contentType: 'image/png, image/jpeg',
      contentTypeDeclared: true,
      json: false,
      maxBytes: 1024,
      headers: [{ name: 'X-Part-Id', required: true }],
    });
    expect(parts.file.headers).toHaveLength(1); // Content-Type in encoding.headers is ignored, as OAS says
    expect(parts.photo).toMatchObject({
      shape: 'file',
      contentType: 'image/png',
      contentTypeDeclared: false,
    });
    expect(parts.encoded).toMatchObject({ shape: 'primitive', contentType: 'text/plain' }); // base64 text, not bytes
    expect(parts.attachments).toMatchObject({
      shape: 'files',
      contentType: 'application/octet-stream',
      maxFiles: 3,
    });
    expect(parts.caption).toMatchObject({
      shape: 'primitive',
      required: true,
      contentType: 'text/plain',
      styled: false,
      json: false,
    });
    expect(parts.tags).toMatchObject({ shape: 'array', contentType: 'text/plain', json: false });
    expect(parts.meta).toMatchObject({
      shape: 'object',
      contentType: 'application/vnd.meta+json',
      contentTypeDeclared: true,
      json: true, // the stubs parse it, the SDKs send it as JSON text
    });
    expect(parts.count).toMatchObject({ shape: 'primitive', contentType: 'text/plain' });
    expect(parts.styled).toMatchObject({
      shape: 'object',
      styled: true,
      style: 'deepObject',
      explode: true,
      json: false, // spelled by style: contentType is ignored
    });
  });

  it('takes a form body apart with style and explode per property (defaults form, exploded)', async () => {
    const ir = await irOf({
      '/token': {
        post: {
          requestBody: {
            content: {
              'application/x-www-form-urlencoded': {
                schema: {
                  type: 'object',
                  properties: {
                    grant_type: { type: 'string' },
                    scope: { type: 'array', items: { type: 'string' } },
                    filter: { type: 'object' },
                  },
                },
                encoding: {
                  scope: { style: 'spaceDelimited', explode: false },
                  filter: { style: 'deepObject', explode: true, allowReserved: true },
                },
              },
            },
          },
          responses: ok,
        },
      },
    });
    const parts = only(ir).body!.content[0].parts!;
    expect(
      parts.map((part) => [part.name, part.style, part.explode, part.allowReserved, part.styled]),
    ).toEqual([
      ['grant_type', 'form', true, false, false],
      ['scope', 'spaceDelimited', false, false, true],
      ['filter', 'deepObject', true, true, true],
    ]);
  });

  it('reads a binary field of a form-urlencoded body as text, and says so with the pointer (issue 43: apacta)', async () => {
    const schema = {
      type: 'object',
      properties: {
        file: { type: 'string', format: 'binary' },
        scans: { type: 'array', items: { type: 'string', format: 'binary' } },
      },
    };
    const ir = await irOf(
      {
        '/price-files': {
          post: {
            requestBody: {
              content: { 'application/x-www-form-urlencoded': { schema }, 'multipart/form-data': { schema } },
            },
            responses: ok,
          },
        },
      },
      '3.0.3',
    );
    const [form, multipart] = only(ir).body!.content;
    expect(form.parts!.map((part) => [part.name, part.shape])).toEqual([
      ['file', 'primitive'],
      ['scans', 'array'],
    ]);
    // Multipart carries files.
    expect(multipart.parts!.map((part) => [part.name, part.shape])).toEqual([
      ['file', 'file'],
      ['scans', 'files'],
    ]);
    expect(ir.warnings).toEqual([
      {
        pointer: '/paths/~1price-files/post/requestBody/content/application~1x-www-form-urlencoded/schema',
        message:
          'the binary field "file" of an application/x-www-form-urlencoded body is sent as text: form-urlencoded carries no files (multipart/form-data does)',
      },
      expect.objectContaining({ message: expect.stringContaining('the binary field "scans"') }),
    ]);
  });

  it('leaves out a content key that is no media type, naming it in a warning (plaid, app-store-connect)', async () => {
    const schema = { type: 'object', properties: { id: { type: 'string' } } };
    const ir = await irOf(
      {
        '/transfers': {
          post: {
            // plaid: the examples map written beside its media type, not inside it.
            requestBody: { content: { 'application/json': { schema }, examples: {} } },
            responses: {
              '200': { description: 'OK', content: { gzip: { schema }, 'text/*; q=1': { schema } } },
              // telnyx's downloads: a bare `*`, read as any type, as before.
              '201': {
                description: 'Made',
                content: { '*': { schema: { type: 'string', format: 'binary' } } },
              },
            },
          },
        },
      },
      '3.0.3',
    );
    const operation = only(ir);
    expect(operation.body!.content.map((media) => media.mediaType)).toEqual(['application/json']);
    expect(operation.responses[0].content.map((media) => media.mediaType)).toEqual(['text/*; q=1']);
    expect(operation.responses[0].declaredMediaTypes).toEqual(['text/*; q=1']);
    expect(operation.responses[1].content.map((media) => media.mediaType)).toEqual(['*']);
    expect(ir.warnings).toEqual([
      {
        pointer: '/paths/~1transfers/post/responses/200/content/gzip',
        message: expect.stringContaining('"gzip" is not a media type'),
      },
      {
        pointer: '/paths/~1transfers/post/requestBody/content/examples',
        message:
          '"examples" is not a media type (a content key is type/subtype, RFC 6838, such as application/json): left out',
      },
    ]);
  });

  it('reads a 3.0 binary body and its file schema', async () => {
    const ir = await irOf(
      {
        '/blob': {
          put: {
            requestBody: {
              content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
            },
            responses: ok,
          },
        },
      },
      '3.0.3',
    );
    expect(only(ir).body!.content[0]).toMatchObject({
      kind: 'binary',
      schema: { type: 'string', format: 'binary' },
    });
    expect(only(ir).body).toMatchObject({ isJson: false, schema: true });
  });
});

describe('responses', () => {
  it('make the first 2xx with a body the success the SDKs return, else the first 2xx (climate.com: 204, then 206 with the bytes)', async () => {
    const bytes = {
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    };
    const json = { content: { 'application/json': { schema: { type: 'object' } } } };
    const ir = await irOf({
      '/exports/{id}/contents': {
        get: {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '204': { description: 'Not ready' }, '206': { description: 'Part', ...bytes } },
        },
      },
      '/things': {
        post: {
          responses: { '200': { description: 'OK', ...json }, '201': { description: 'Made', ...json } },
        },
        delete: { responses: { '202': { description: 'Accepted' }, '204': { description: 'Gone' } } },
        put: { responses: { '2XX': { description: 'Done', ...json } } },
        patch: { responses: { '204': { description: 'Same' }, '2XX': { description: 'Changed', ...json } } },
      },
    });
    expect(ir.operations.map((operation) => operation.successStatus)).toEqual([
      '206',
      '2XX',
      '200',
      '202',
      '2XX',
    ]);
  });

  it('take no content on a 204, 205 or 304, and say so with the pointer (issue 43: AWS gives 204 a JSON schema)', async () => {
    const ir = await irOf({
      '/things/{id}': {
        put: {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '204': {
              description: 'Done',
              content: { 'application/json': { schema: { type: 'object' } } },
            },
          },
        },
      },
    });
    expect(only(ir).responses[0]).toMatchObject({
      status: '204',
      content: [],
      declaredMediaTypes: [],
      isJson: false,
      schema: undefined,
    });
    expect(ir.warnings).toContainEqual({
      pointer: '/paths/~1things~1{id}/put/responses/204/content',
      message: 'the content declared for a 204 response is ignored: a 204 carries none (RFC 9110)',
    });
  });

  it('take no content on a 1xx either (osisoft: a 101 switching to a WebSocket, given a JSON schema)', async () => {
    const ir = await irOf({
      '/streams/{id}/channel': {
        get: {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '101': {
              description: 'Switches',
              content: { 'application/json': { schema: { type: 'array' } } },
            },
          },
        },
      },
    });
    expect(only(ir).responses[0]).toMatchObject({ status: '101', content: [], declaredMediaTypes: [] });
    expect(ir.warnings).toContainEqual({
      pointer: '/paths/~1streams~1{id}~1channel/get/responses/101/content',
      message: 'the content declared for a 101 response is ignored: a 101 carries none (RFC 9110)',
    });
  });

  it('lists every media type of a response, JSON preferred', async () => {
    const ir = await irOf({
      '/report': {
        get: {
          responses: {
            '200': {
              description: 'OK',
              content: {
                'text/csv': { schema: { type: 'string' } },
                'application/json': { schema: { type: 'object' } },
              },
            },
          },
        },
      },
    });
    const response = only(ir).responses[0];
    expect(response.content.map((media) => media.kind)).toEqual(['json', 'text']);
    expect(response).toMatchObject({
      contentType: 'application/json',
      isJson: true,
      schema: { type: 'object' },
    });
  });

  it('reads an SSE item schema that describes whole events (OAS 3.2 itemSchema): data is its JSON contentSchema', async () => {
    const data = { type: 'object', properties: { n: { type: 'integer' } } };
    const itemSchema = {
      type: 'object',
      required: ['data'],
      properties: {
        event: { type: 'string' },
        data: { type: 'string', contentMediaType: 'application/json', contentSchema: data },
        id: { type: 'string' },
      },
    };
    const ir = await irOf({
      '/events': {
        get: {
          responses: {
            '200': {
              description: 'OK',
              content: { 'text/event-stream': { schema: { type: 'string' }, itemSchema } },
            },
          },
        },
      },
    });
    expect(only(ir).responses[0].content[0]).toMatchObject({
      kind: 'event-stream',
      stream: { itemSchema, dataSchema: data, dataIsJson: true },
    });
  });

  it('reads x-item-schema the same way, and an item schema without `data` as the data itself', async () => {
    const ir = await irOf(
      {
        '/a': {
          get: {
            responses: {
              '200': {
                description: 'OK',
                content: { 'text/event-stream': { 'x-item-schema': { $ref: '#/components/schemas/Tick' } } },
              },
            },
          },
        },
        '/b': {
          get: {
            responses: {
              '200': {
                description: 'OK',
                content: {
                  'text/event-stream': {
                    'x-item-schema': { type: 'object', properties: { data: { type: 'string' } } },
                  },
                },
              },
            },
          },
        },
        '/c': {
          get: {
            responses: {
              '200': { description: 'OK', content: { 'text/event-stream': { schema: { type: 'string' } } } },
            },
          },
        },
      },
      '3.1.0',
      { schemas: { Tick: { type: 'object', properties: { at: { type: 'string' } } } } },
    );
    const [a, b, c] = ir.operations.map((operation) => operation.responses[0].content[0].stream);
    expect(a).toEqual({
      itemSchema: { $ref: '#/components/schemas/Tick' },
      dataSchema: { $ref: '#/components/schemas/Tick' },
      dataIsJson: true,
    });
    expect(b).toEqual({
      itemSchema: { type: 'object', properties: { data: { type: 'string' } } },
      dataSchema: { type: 'string' },
      dataIsJson: false,
    });
    expect(c).toEqual({ dataIsJson: false });
  });

  it('reads NDJSON records from itemSchema, or from an object schema of a 3.1 document', async () => {
    const record = { type: 'object', properties: { id: { type: 'integer' } } };
    const ir = await irOf({
      '/a': {
        get: {
          responses: {
            '200': { description: 'OK', content: { 'application/x-ndjson': { itemSchema: record } } },
          },
        },
      },
      '/b': {
        get: {
          responses: { '200': { description: 'OK', content: { 'application/jsonl': { schema: record } } } },
        },
      },
      '/c': {
        get: {
          responses: {
            '200': { description: 'OK', content: { 'application/jsonl': { schema: { type: 'string' } } } },
          },
        },
      },
    });
    const [a, b, c] = ir.operations.map((operation) => operation.responses[0].content[0].stream);
    expect(a).toEqual({ itemSchema: record, dataSchema: record, dataIsJson: true });
    expect(b).toEqual({ dataSchema: record, dataIsJson: true });
    expect(c).toEqual({ dataIsJson: true });
  });
});

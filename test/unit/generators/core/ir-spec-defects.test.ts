/**
 * Spec defects found by the corpus sweep (issue 43), refused at generation with the file and the
 * pointer instead of failing later in the stubs or the SDKs:
 * - path templates that differ only in their parameters' names (healthcare.gov's
 *   `/es/{pageName}{mediaTypeExtension}` and `/es/{stateName}{mediaTypeExtension}`, which stopped
 *   the stubs from starting): OAS calls them identical and invalid. Two such operations of one
 *   method are refused; different methods on them still route;
 * - path parameters side by side (NASA's `/api/projects/{id}{.format}`): no server can tell where
 *   one ends;
 * - a form or multipart request body whose schema cannot be an object (libretranslate's
 *   `type: string`): both SDKs sent fields, the stubs wanted a string;
 * - a parameter default its own schema refuses (ritekit's boolean `"1"`, optimade's `""` for an
 *   email): the stubs applied it and refused every request that left the parameter out;
 * - a header or cookie name that is not an HTTP token, as a parameter or an apiKey scheme
 *   (rapidapi's "ADVICEment API Key"): neither SDK could send it;
 * - a path parameter after "#" (mastercard's `/send/#env/v1/partners/{partnerId}/…`): the fragment
 *   never reaches a server, so no request carries it.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIr } from '../../../../generators/core/build-ir.js';
import { loadDocument } from '../../../../generators/core/load.js';
import { scratchFolders } from '../../../support/scratch.js';

const scratch = scratchFolders();

async function irOfDocument(document: object) {
  const spec = path.join(scratch.make('spec-defects-'), 'spec.json');
  writeFileSync(
    spec,
    JSON.stringify({ openapi: '3.1.0', info: { title: 'Defects', version: '1' }, ...document }),
  );
  return { spec, ir: () => loadDocument(spec).then((loaded) => buildIr(loaded)) };
}

/** One GET or other method per template, its path parameters declared. */
function irOf(paths: Record<string, string>) {
  const operation = (template: string) => ({
    responses: { '200': { description: 'ok' } },
    parameters: [...template.matchAll(/\{([^}]+)\}/g)].map((found) => ({
      name: found[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    })),
  });
  return irOfDocument({
    paths: Object.fromEntries(
      Object.entries(paths).map(([template, method]) => [template, { [method]: operation(template) }]),
    ),
  });
}

describe('identical path templates', () => {
  it('are refused for one method, with the file and the second operation’s pointer', async () => {
    const { spec, ir } = await irOf({
      '/es/{pageName}{ext}': 'get',
      '/es/{stateName}{ext}': 'get',
    });
    await expect(ir()).rejects.toThrow(`${spec}:1:`);
    await expect(ir()).rejects.toThrow(
      /GET "\/es\/\{stateName\}\{ext\}" and "\/es\/\{pageName\}\{ext\}" differ only in their parameters' names.*\(at #\/paths\/~1es~1\{stateName\}\{ext\}\/get\)/,
    );
  });

  it('are taken for different methods, and templates that differ in text are not identical', async () => {
    const { ir } = await irOf({
      '/pets/{petId}': 'get',
      '/pets/{name}': 'delete',
      '/files/{name}.json': 'get',
      '/files/{name}': 'get',
    });
    expect((await ir()).operations).toHaveLength(4);
  });
});

describe('TRACE operations (httpbin)', () => {
  it('are refused as not supported, with the file and the operation’s pointer: fetch forbids the method', async () => {
    const { spec, ir } = await irOf({ '/anything': 'trace', '/get': 'get' });
    await expect(ir()).rejects.toThrow(`${spec}:1:`);
    await expect(ir()).rejects.toThrow(
      /not supported: TRACE operations: the TypeScript client sends requests with fetch, which forbids the TRACE method \(at #\/paths\/~1anything\/trace\)/,
    );
  });
});

describe('a parameter default its format refuses', () => {
  const withDefault = (schema: object) =>
    irOfDocument({
      paths: {
        '/references': {
          get: {
            parameters: [{ name: 'email_address', in: 'query', schema }],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    });

  it('is refused with the default’s pointer, as the stubs would refuse every request without the parameter', async () => {
    // optimade's `default: ""` with `format: email`.
    const { ir } = await withDefault({ type: 'string', format: 'email', default: '' });
    await expect(ir()).rejects.toThrow(
      /the default of "email_address" is "", which is not of its schema's format \(email\).*\(at #\/paths\/~1references\/get\/parameters\/0\/schema\/default\)/,
    );
  });

  it('is taken when it meets the format, or the format is one the validator does not check', async () => {
    for (const schema of [
      { type: 'string', format: 'email', default: 'someone@example.com' },
      { type: 'string', format: 'date-time', default: '2026-01-01T00:00:00Z' },
      { type: 'string', format: 'vendor-id', default: '' },
      { type: 'string', format: 'password', default: '' },
      { type: 'string', pattern: '^[a-z]+@', default: 'someone@example.com' },
      { type: 'string', pattern: '\\p{XDigit}+', default: 'beef' },
    ]) {
      const { ir } = await withDefault(schema);
      expect((await ir()).operations, JSON.stringify(schema)).toHaveLength(1);
    }
  });

  it('is refused when its pattern refuses it (pressassociation: a format meant, written as a pattern)', async () => {
    const { ir } = await withDefault({
      type: 'string',
      pattern: 'date-time',
      default: '2025-10-15T13:51:08.377Z',
    });
    await expect(ir()).rejects.toThrow(
      /the default of "email_address" is "2025-10-15T13:51:08.377Z", which does not match its schema's pattern \(date-time\).*\(at #\/paths\/~1references\/get\/parameters\/0\/schema\/default\)/,
    );
  });
});

describe('path parameters side by side', () => {
  it('are refused once per path, with the file and the Path Item’s pointer', async () => {
    // NASA's /api/projects/{id}{.format}: `123json` reads as id 1 as well as id 123.
    const { spec, ir } = await irOf({ '/api/projects/{id}{.format}': 'get' });
    await expect(ir()).rejects.toThrow(`${spec}:1:`);
    await expect(ir()).rejects.toThrow(
      /the path template "\/api\/projects\/\{id\}\{\.format\}" puts "\{id\}" and "\{\.format\}" side by side.*\(at #\/paths\/~1api~1projects~1\{id\}\{\.format\}\)/,
    );
  });

  it('are taken with any literal between them', async () => {
    const { ir } = await irOf({ '/files/{name}.{ext}': 'get', '/v/{major}-{minor}': 'get' });
    expect((await ir()).operations).toHaveLength(2);
  });
});

describe('a path parameter after "#"', () => {
  it('is refused with the file and the Path Item’s pointer: the fragment never reaches a server', async () => {
    // mastercard's /send/#env/v1/partners/{partnerId}/merchant/transfer.
    const { spec, ir } = await irOf({ '/send/#env/v1/partners/{partnerId}/transfer': 'post' });
    await expect(ir()).rejects.toThrow(`${spec}:1:`);
    await expect(ir()).rejects.toThrow(
      /the path template puts \{partnerId\} after "#", in the fragment, which never reaches a server.*\(at #\/paths\/~1send~1#env~1v1~1partners~1\{partnerId\}~1transfer\)/,
    );
  });

  it('is not refused before "#", nor is a fragment of names (AWS’s templates)', async () => {
    const { ir } = await irOf({
      '/items/{id}#X-Amz-Target=Items.Get': 'get',
      '/sso/{role}#role_name&account_id': 'post',
    });
    expect((await ir()).operations).toHaveLength(2);
  });
});

describe('form and multipart request bodies', () => {
  const withBody = (mediaType: string, schema: object) =>
    irOfDocument({
      paths: {
        '/detect': {
          post: {
            requestBody: { content: { [mediaType]: { schema } } },
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    });

  it.each(['application/x-www-form-urlencoded', 'multipart/form-data'])(
    'are refused in %s when the schema cannot be an object, with its pointer',
    async (mediaType) => {
      const { ir } = await withBody(mediaType, { type: 'string' });
      await expect(ir()).rejects.toThrow(
        `${mediaType} bodies are named fields, so this schema must describe an object (it is type: string) (at #/paths/~1detect/post/requestBody/content/${mediaType.replace('/', '~1')}/schema)`,
      );
    },
  );

  it('are taken when the schema is an object, or says no type', async () => {
    for (const schema of [{ type: 'object', properties: { q: { type: 'string' } } }, {}]) {
      const { ir } = await withBody('multipart/form-data', schema);
      expect((await ir()).operations[0].body?.content[0].kind).toBe('multipart');
    }
  });
});

describe('parameters', () => {
  const withParameter = (parameter: object, extra: object = {}) =>
    irOfDocument({
      paths: {
        '/trending': { get: { parameters: [parameter], responses: { '200': { description: 'ok' } } } },
      },
      ...extra,
    });

  it.each([
    [{ type: 'boolean', default: '1' }, 'is "1", which is not of its schema\'s type (boolean)'],
    [{ type: 'integer', default: 2.5 }, "is 2.5, which is not of its schema's type (integer)"],
    [
      { type: 'string', enum: ['a', 'b'], default: 'c' },
      'is "c", which is not one of its schema\'s enum values',
    ],
  ])('are refused when the default does not fit the schema: %j', async (schema, why) => {
    const { ir } = await withParameter({ name: 'green', in: 'query', schema });
    await expect(ir()).rejects.toThrow(
      `the default of "green" ${why} (at #/paths/~1trending/get/parameters/0/schema/default)`,
    );
  });

  it('are taken when the default fits (a type list, a number for a number)', async () => {
    for (const schema of [
      { type: ['boolean', 'null'], default: null },
      { type: 'number', default: 1 },
      { enum: ['a'], default: 'a' },
    ]) {
      const { ir } = await withParameter({ name: 'green', in: 'query', schema });
      expect((await ir()).operations).toHaveLength(1);
    }
  });

  it('are refused when a header name is not an HTTP token, as a parameter or an apiKey scheme', async () => {
    const asParameter = await withParameter({ name: 'api key', in: 'header', schema: { type: 'string' } });
    await expect(asParameter.ir()).rejects.toThrow(
      /header name "api key" is not an HTTP token.*\(at #\/paths\/~1trending\/get\/parameters\/0\/name\)/,
    );
    const asScheme = await withParameter(
      { name: 'q', in: 'query', schema: { type: 'string' } },
      {
        components: {
          securitySchemes: { Key: { type: 'apiKey', in: 'header', name: 'ADVICEment API Key' } },
        },
        security: [{ Key: [] }],
      },
    );
    await expect(asScheme.ir()).rejects.toThrow(
      'the header name "ADVICEment API Key" of the apiKey scheme Key is not an HTTP token (RFC 9110), so no client can send it (at #/components/securitySchemes/Key/name)',
    );
  });
});

describe("parameters in a path template's query", () => {
  // weatherbit's 46 operations, clicksend's 20: declared in the path, written after "?". The SDKs
  // filled the template, the stubs routed `/alerts` and found no path parameters: every call a 400.
  it("are refused with the path's pointer; a literal query stays a dispatch value", async () => {
    const { spec, ir } = await irOf({ '/alerts?lat={lat}&lon={lon}': 'get' });
    await expect(ir()).rejects.toThrow(`${spec}:1:`);
    await expect(ir()).rejects.toThrow(
      'the path template puts {lat} in its query (after "?"), where no path parameter can be: declare lat `in: query` and leave "?lat={lat}&lon={lon}" out of the path (at #/paths/~1alerts?lat={lat}&lon={lon})',
    );
    const literal = await irOf({ '/search?mode=fast': 'get', '/items/{id}#x-{y}': 'get' });
    await expect(literal.ir()).rejects.toThrow('after "#", in the fragment');
    const { ir: plain } = await irOf({ '/search?mode=fast': 'get', '/v1/items/{id}': 'get' });
    expect((await plain()).operations).toHaveLength(2);
  });
});

// AWS autoscaling-plans' Java class intersection: every checker compiles patterns with `u`, and
// the stubs answered 500 to every request its operations' schemas judged.
describe('schema patterns', () => {
  const bad = '[\\p{Print}&&[^|:/]]+';
  const document = {
    paths: {
      '/plans': {
        post: {
          requestBody: {
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Plan' },
                // Data, never read as a schema: a glob is no regular expression.
                example: { pattern: '*.md' },
              },
            },
          },
          responses: {
            default: {
              description: 'any',
              content: { 'application/json': { schema: { type: 'string', pattern: '\\p{LD}+' } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Plan: {
          type: 'object',
          properties: {
            // Properties named as keywords are names: `pattern`'s schema, `example`'s pattern.
            pattern: { type: 'string', pattern: '^[a-z]+$' },
            example: { type: 'string', pattern: bad },
            id: { type: 'string', pattern: '\\p{XDigit}{8}', enum: ['*'], default: '*', 'x-pattern': '*' },
          },
        },
      },
      examples: { glob: { value: { pattern: '**' } } },
    },
  };

  it('are refused where JavaScript cannot compile them, with each pointer, and read nowhere else', async () => {
    const { spec, ir } = await irOfDocument(document);
    const refused = await ir().then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(refused).toContain(spec);
    expect(refused).toContain(
      `the pattern ${JSON.stringify(bad)} is not an ECMA-262 regular expression, the dialect of OpenAPI's schemas (JavaScript: Invalid property name in character class); write it in that dialect (at #/components/schemas/Plan/properties/example/pattern)`,
    );
    expect(refused).toContain(
      '(at #/paths/~1plans/post/responses/default/content/application~1json/schema/pattern)',
    );
    // Translated (Java's \p{XDigit}) or data (examples, enum, default, extensions): not refused.
    expect(refused!.match(/is not an ECMA-262 regular expression/g)).toHaveLength(2);
  });

  it('are read where the IR reads schemas (3.0 x-webhooks, x-item-schema, patternProperties keys), and not in links or extensions', async () => {
    const glob = { pattern: '*.md' };
    const { ir } = await irOfDocument({
      openapi: '3.0.3',
      paths: {
        'x-notes': glob,
        '/events': {
          get: {
            responses: {
              'x-meta': glob,
              '200': {
                description: 'events',
                content: {
                  'application/x-ndjson': {
                    schema: { type: 'string' },
                    'x-item-schema': {
                      type: 'object',
                      patternProperties: { '^[[:alpha:]]+$': { type: 'string' } },
                    },
                  },
                },
                links: { next: { operationId: 'events', parameters: { filter: glob }, requestBody: glob } },
              },
            },
          },
        },
      },
      'x-webhooks': {
        ping: {
          post: {
            requestBody: { content: { 'application/json': { schema: { type: 'string', pattern: bad } } } },
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    });
    const refused = await ir().then(
      () => '',
      (error: Error) => error.message,
    );
    expect(refused.match(/\(at #[^)]*\)/g)).toEqual([
      '(at #/paths/~1events/get/responses/200/content/application~1x-ndjson/x-item-schema/patternProperties/^[[:alpha:]]+$)',
      '(at #/x-webhooks/ping/post/requestBody/content/application~1json/schema/pattern)',
    ]);
  });

  it('are taken when translated or already ECMA-262', async () => {
    const { ir } = await irOfDocument({
      ...document,
      paths: { '/plans': { get: { responses: { '200': { description: 'ok' } } } } },
      components: { schemas: { Plan: { type: 'string', pattern: '\\p{Han}+\\p{XDigit}' } } },
    });
    expect((await ir()).operations).toHaveLength(1);
  });
});

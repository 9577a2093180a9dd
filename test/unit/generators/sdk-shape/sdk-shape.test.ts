/**
 * The SDK shape (generators/sdk-shape/): the one place both SDK emitters take names, the resource
 * tree, auth, the base URL and each operation's wire plan from. Checked on small specs, and on
 * the two emitters: the TypeScript client and the Python SDK put every operation at the same
 * place and send credentials the same way.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIr, UnsupportedSpecError } from '../../../../generators/core/build-ir.js';
import type { Ir } from '../../../../generators/core/ir.js';
import { loadDocument } from '../../../../generators/core/load.js';
import { emitClient } from '../../../../generators/plugins/client/emit.js';
import { renderTypes } from '../../../../generators/plugins/types/emit.js';
import { planClient } from '../../../../generators/plugins/client/plan.js';
import { emitPython } from '../../../../generators/plugins/python/emit.js';
import { pythonName } from '../../../../generators/plugins/python/naming.js';
import { planPython } from '../../../../generators/plugins/python/plan.js';
import { NameScope, sdkShape } from '../../../../generators/sdk-shape/index.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sdk-shape-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let counter = 0;
async function irOf(document: Record<string, unknown>): Promise<Ir> {
  const file = path.join(dir, `spec-${(counter += 1)}.json`);
  await writeFile(
    file,
    JSON.stringify(
      { openapi: '3.1.0', info: { title: 'Media Shop REST API', version: '1.0.0' }, ...document },
      null,
      2,
    ),
  );
  return buildIr(await loadDocument(file));
}
const ok = { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'object' } } } } };

describe('names', () => {
  it('derives the API names from the title once', async () => {
    const shape = sdkShape(await irOf({ paths: {} }));
    expect(shape.names).toEqual({
      base: 'media-shop',
      envPrefix: 'MEDIA_SHOP',
      clientName: 'MediaShopClient',
      packageName: 'media-shop-client',
    });
  });

  it('starts the environment variables with an underscore where the title starts with a digit', async () => {
    // 1Password Connect's SDKs asked for 1_PASSWORD_CONNECT_API_KEY, which no shell can export.
    const shape = sdkShape(await irOf({ info: { title: '1Password Connect', version: '1' }, paths: {} }));
    expect(shape.names).toMatchObject({
      envPrefix: '_1_PASSWORD_CONNECT',
      clientName: '_1PasswordConnectClient',
    });
    expect(/^[A-Za-z_][A-Za-z0-9_]*$/.test(`${shape.names.envPrefix}_API_KEY`)).toBe(true);
  });

  it("takes the name given instead of the title: info.x-sdk-name, and over it the generator's --name; Python spells the same base", async () => {
    const named = await irOf({
      info: {
        title: "GitHub's official OpenAPI spec + Octokit extension",
        version: '1',
        'x-sdk-name': 'Octo Kit',
      },
      paths: {},
    });
    expect(sdkShape(named).names).toEqual({
      base: 'octo-kit',
      envPrefix: 'OCTO_KIT',
      clientName: 'OctoKitClient',
      packageName: 'octo-kit-client',
    });
    expect(planPython(named).packageName).toBe('octo_kit');
    const file = path.join(dir, 'named.json');
    await writeFile(
      file,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Media Shop', version: '1', 'x-sdk-name': 'Octo Kit' },
        paths: {},
      }),
    );
    expect(sdkShape(buildIr(await loadDocument(file), { sdkName: 'github' })).names.clientName).toBe(
      'GithubClient',
    );
  });

  it('refuses an x-sdk-name with nothing to name by, at its pointer', async () => {
    const refused = await irOf({
      info: { title: 'Media Shop', version: '1', 'x-sdk-name': ' - ' },
      paths: {},
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(UnsupportedSpecError);
    expect((refused as Error).message).toMatch(
      /: the SDKs' name \(x-sdk-name, --name\) must be a string that starts with a letter \(at #\/info\/x-sdk-name\)/,
    );
  });

  it("names no schema's type like a name the client's runtime exports (cloudsearch's RequestOptions)", async () => {
    // What the package index re-exports from the runtime, as TypeScript reads it.
    const index = path.resolve('generators/plugins/client/runtime/index.ts');
    const source = ts.createSourceFile(index, await readFile(index, 'utf8'), ts.ScriptTarget.Latest);
    const exported = source.statements
      .filter(ts.isExportDeclaration)
      .flatMap((statement) =>
        statement.exportClause && ts.isNamedExports(statement.exportClause)
          ? statement.exportClause.elements.map((element) => element.name.text)
          : [],
      );
    expect(exported).toEqual(expect.arrayContaining(['RequestOptions', 'APIPromise', 'ParamSpec']));
    const ir = await irOf({
      paths: {},
      components: { schemas: Object.fromEntries(exported.map((name) => [name, { type: 'object' }])) },
    });
    const names = planClient(ir).schemaTypes.map((type) => type.name);
    expect(names).toHaveLength(exported.length);
    expect(names.filter((name) => exported.includes(name))).toEqual([]);
  });

  it("scopes names with each language's suffix rule", () => {
    const ts = new NameScope(['Foo']);
    expect([ts.claim('Foo'), ts.claim('Foo'), ts.claim('Bar')]).toEqual(['Foo2', 'Foo3', 'Bar']);
    const py = new NameScope(['self'], (base, attempt) =>
      attempt === 1 ? `${base}_` : `${base}_${attempt}`,
    );
    expect([py.claim('self'), py.claim('self'), py.claim('self')]).toEqual(['self_', 'self_2', 'self_3']);
  });
});

describe('resources and methods', () => {
  it('places operations by path and verb; a method never takes a reserved member (then) or a child resource name', async () => {
    const ir = await irOf({
      paths: {
        '/v1/orders': {
          get: {
            operationId: 'listOrders',
            responses: {
              '200': { description: 'OK', content: { 'application/json': { schema: { type: 'array' } } } },
            },
          },
          post: { operationId: 'createOrder', responses: ok },
        },
        '/v1/orders/{id}': { get: { operationId: 'getOrder', responses: ok } },
        '/v1/orders/{id}/then': { post: { operationId: 'orders/follow-up', responses: ok } },
        '/v1/promises': { post: { operationId: 'then', responses: ok } },
        '/v1/jobs': {
          get: {
            operationId: 'jobsList',
            responses: {
              '200': { description: 'OK', content: { 'application/json': { schema: { type: 'array' } } } },
            },
          },
        },
        '/v1/jobs/list': { get: { operationId: 'jobsListAll', responses: ok } },
      },
    });
    const shape = sdkShape(ir);
    expect(
      shape.operations.map((operation) => [
        operation.operation.id,
        operation.resource.join('.'),
        operation.methodName,
      ]),
    ).toEqual([
      ['listOrders', 'orders', 'list'],
      ['createOrder', 'orders', 'create'],
      ['getOrder', 'orders', 'retrieve'],
      ['orders/follow-up', 'orders', 'followUp'], // the action verb would be `then`
      ['then', 'promises', 'create'],
      ['jobsList', 'jobs', 'jobsList'], // "list" is the child resource jobs.list
      ['jobsListAll', 'jobs.list', 'retrieve'],
    ]);
    expect(shape.root.children.map((child) => child.chain.join('.'))).toEqual(['orders', 'promises', 'jobs']);
    expect(shape.root.children[2].children.map((child) => child.chain.join('.'))).toEqual(['jobs.list']);
  });

  it('is what both SDK emitters use: the TypeScript and Python methods sit at the same place', async () => {
    const ir = await irOf({
      paths: {
        '/v1/orders': { post: { operationId: 'createOrder', responses: ok } },
        '/v1/orders/{id}/then': { post: { operationId: 'orders/follow-up', responses: ok } },
        '/v1/line-items/{id}': { delete: { operationId: 'deleteLineItem', responses: ok } },
      },
    });
    const ts = planClient(ir).operations.map((plan) => [...plan.shape.resource, plan.methodName].join('.'));
    const python = planPython(ir).methods.map((method) => method.name);
    expect(ts).toEqual(['orders.create', 'orders.followUp', 'lineItems.delete']);
    expect(python).toEqual(['create', 'follow_up', 'delete']);
    expect(planPython(ir).root.children.map((child) => child.attribute)).toEqual(
      sdkShape(ir).root.children.map((child) => pythonName(child.chain.at(-1)!, 'variable')),
    );
  });
});

describe('auth', () => {
  const withSchemes = (schemes: Record<string, unknown>, security: unknown[]) =>
    irOf({ components: { securitySchemes: schemes }, security, paths: { '/a': { get: { responses: ok } } } });
  const authOf = (ir: Ir, id: string) =>
    sdkShape(ir).of(ir.operations.find((operation) => operation.id === id)!).wire.auth;
  const loadIr = async (file: string) => buildIr(await loadDocument(file));

  it.each([
    [
      'a bearer token',
      { key: { type: 'http', scheme: 'bearer' } },
      [{ key: [] }],
      { kind: 'bearer' },
      'Auth("bearer")',
    ],
    [
      'HTTP basic credentials',
      { key: { type: 'http', scheme: 'Basic' } },
      [{ key: [] }],
      { kind: 'basic' },
      'Auth("basic")',
    ],
    [
      'an OAuth 2 token as a bearer token',
      { key: { type: 'oauth2', flows: {} } },
      [{ key: [] }],
      { kind: 'bearer' },
      'Auth("bearer")',
    ],
    [
      'an OpenID Connect token as a bearer token',
      {
        key: {
          type: 'openIdConnect',
          openIdConnectUrl: 'https://id.example/.well-known/openid-configuration',
        },
      },
      [{ key: [] }],
      { kind: 'bearer' },
      'Auth("bearer")',
    ],
    [
      'a header key',
      { key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
      [{ key: [] }],
      { kind: 'header', name: 'X-Key' },
      'Auth("header", "X-Key")',
    ],
    [
      'a query key',
      { key: { type: 'apiKey', in: 'query', name: 'api_key' } },
      [{ key: [] }],
      { kind: 'query', name: 'api_key' },
      'Auth("query", "api_key")',
    ],
    [
      'a cookie session with its CSRF header',
      {
        csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
        session: { type: 'apiKey', in: 'cookie', name: 'sid' },
      },
      [{ csrf: [], session: [] }],
      { kind: 'cookie', name: 'sid', csrfHeader: 'X-CSRF-Token' },
      'Auth("cookie", "sid")',
    ],
    [
      'optional credentials ({} among the alternatives)',
      { key: { type: 'http', scheme: 'bearer' } },
      [{}, { key: [] }],
      { kind: 'bearer', optional: true },
      'Auth("bearer", optional=True)',
    ],
  ])('places %s on the operation, and both SDKs carry it', async (_name, schemes, security, want, python) => {
    const ir = await withSchemes(schemes, security);
    expect(sdkShape(ir).operations[0].wire.auth).toEqual(want);
    const tsOperations = (await emitClient(ir, renderTypes(ir))).find(
      (file) => file.path === 'client/src/operations.ts',
    )!.content;
    expect(JSON.parse(/"auth":(\{[^}]*\})/.exec(tsOperations)![1])).toEqual(want);
    const pyOperations = (await emitPython(ir)).find((file) =>
      file.path.endsWith('/_operations.py'),
    )!.content;
    expect(pyOperations).toContain(`auth=${python},`);
  });

  it('sends nothing on an operation with security: [] or no security at all, and the client then needs no key', async () => {
    for (const ir of [
      await withSchemes({ key: { type: 'http', scheme: 'bearer' } }, []),
      await irOf({ paths: { '/a': { get: { security: [], responses: ok } } } }),
    ]) {
      expect(sdkShape(ir).operations[0].wire.auth).toBeUndefined();
      expect(sdkShape(ir).auth).toMatchObject({
        credentials: [],
        required: false,
        keyRequired: false,
        withoutCredentials: 1,
      });
      expect(
        (await emitClient(ir, renderTypes(ir))).find((file) => file.path === 'client/src/operations.ts')!
          .content,
      ).not.toContain('"auth"');
      expect(
        (await emitPython(ir)).find(
          (file) => file.path.endsWith('/_client.py') && !file.path.includes('/_core/'),
        )!.content,
      ).toContain('auth_required=False');
    }
  });

  it('Petstore: the operations that take only api_key send it as that header, the others an OAuth token as bearer', async () => {
    const ir = await loadIr('node_modules/@readme/oas-examples/3.0/yaml/petstore.yaml');
    expect(authOf(ir, 'getPetById')).toEqual({ kind: 'header', name: 'api_key' });
    expect(authOf(ir, 'getInventory')).toEqual({ kind: 'header', name: 'api_key' });
    expect(authOf(ir, 'addPet')).toEqual({ kind: 'bearer' });
    expect(sdkShape(ir).auth.credentials).toEqual([{ kind: 'bearer' }, { kind: 'header', name: 'api_key' }]);
  });

  it("Scalar Galaxy: bearer, the operations' first alternative, and nothing on the public ones", async () => {
    const ir = await loadIr('node_modules/@scalar/galaxy/dist/latest.yaml');
    expect(authOf(ir, 'createPlanet')).toEqual({ kind: 'bearer' });
    expect(authOf(ir, 'getMe')).toEqual({ kind: 'bearer' }); // basic first, then bearer, which every other operation takes
    expect(authOf(ir, 'getAllData')).toBeUndefined(); // GET /planets, security: []
    expect(authOf(ir, 'getPlanet')).toBeUndefined();
    expect(sdkShape(ir).auth).toMatchObject({
      credentials: [{ kind: 'bearer' }],
      keyRequired: true,
      cookieSession: false,
    });
  });

  it('the dashboard: the session cookie with its CSRF header, also where the session alone is required; nothing on sign-up and sign-in', async () => {
    const ir = await loadIr('spec/dashboard.yaml');
    const session = { kind: 'cookie', name: 'dashboard_session', csrfHeader: 'X-CSRF-Token' };
    expect(authOf(ir, 'createKey')).toEqual(session);
    expect(authOf(ir, 'getSession')).toEqual(session); // `session` alone
    expect(authOf(ir, 'signUp')).toBeUndefined();
    expect(authOf(ir, 'signIn')).toBeUndefined();
    // A browser holds the cookie: the client starts without a key and lets fetch send it.
    expect(sdkShape(ir).auth).toMatchObject({
      credentials: [session],
      required: true,
      keyRequired: false,
      cookieSession: true,
    });
  });

  it('takes the first alternative one credential satisfies; an alternative needing two is used only when it is the only kind', async () => {
    const schemes = {
      a: { type: 'apiKey', in: 'header', name: 'X-App-Id' },
      b: { type: 'apiKey', in: 'query', name: 'app_key' },
      c: { type: 'http', scheme: 'basic' },
      tls: { type: 'mutualTLS' },
    };
    expect(
      sdkShape(await withSchemes(schemes, [{ a: [], b: [] }, { c: [] }])).operations[0].wire.auth,
    ).toEqual({ kind: 'basic' });
    expect(sdkShape(await withSchemes(schemes, [{ tls: [] }, { b: [] }])).operations[0].wire.auth).toEqual({
      kind: 'query',
      name: 'app_key',
    });
    expect(sdkShape(await withSchemes(schemes, [{ a: [], b: [] }])).operations[0].wire.auth).toEqual({
      kind: 'header',
      name: 'X-App-Id',
    });
    // Nothing sendable but `{}` allowed: called without credentials, not an error.
    const optionalTls = await withSchemes(schemes, [{ tls: [] }, {}]);
    expect(sdkShape(optionalTls).operations[0].wire.auth).toBeUndefined();
    expect(sdkShape(optionalTls).auth.required).toBe(false);
  });

  it.each([
    ['mutual TLS', { tls: { type: 'mutualTLS' } }, '"tls" (mutualTLS)'],
    ['HTTP digest', { tls: { type: 'http', scheme: 'digest' } }, '"tls" (http digest)'],
    ['an unknown http scheme', { tls: { type: 'http', scheme: 'hoba' } }, '"tls" (http hoba)'],
  ])(
    'stops both SDKs on an operation that requires only %s, naming the file and the pointer of its requirement',
    async (_name, schemes, described) => {
      const own = await irOf({
        components: { securitySchemes: schemes },
        paths: { '/things/{id}': { get: { security: [{ tls: [] }], responses: ok } } },
      });
      const read = () => sdkShape(own).auth;
      expect(read).toThrow(UnsupportedSpecError);
      expect(read).toThrow(/spec-\d+\.json:\d+:\d+: not supported: GET \/things\/\{id\} requires /);
      expect(read).toThrow(described);
      expect(read).toThrow('(at #/paths/~1things~1{id}/get/security)');
      await expect(emitClient(own, renderTypes(own))).rejects.toThrow(UnsupportedSpecError);
      await expect(emitPython(own)).rejects.toThrow(UnsupportedSpecError);
      // Inherited from the root: the root's requirement is named, once.
      const inherited = await withSchemes(schemes, [{ tls: [] }]);
      expect(() => sdkShape(inherited).auth).toThrow(/\(at #\/security\)$/);
    },
  );
});

describe('base URL', () => {
  it('is the first server with its variables at their defaults', async () => {
    const ir = await irOf({
      servers: [
        {
          url: 'https://{region}.api.example/{version}',
          variables: { region: { default: 'eu' }, version: { default: 'v2' } },
        },
        { url: 'https://other.example' },
      ],
      paths: {},
    });
    expect(sdkShape(ir).baseUrl).toBe('https://eu.api.example/v2');
    expect(sdkShape(await irOf({ paths: {} })).baseUrl).toBe('http://localhost');
  });
});

describe('wire plans', () => {
  it('states each parameter, body and response as runtimes need it, defaults left out', async () => {
    const ir = await irOf({
      paths: {
        '/files/{name}.{ext}': {
          post: {
            parameters: [
              { name: 'ext', in: 'path', required: true, style: 'label', schema: { type: 'string' } },
              { name: 'name', in: 'path', required: true, schema: { type: 'string' } },
              {
                name: 'tags',
                in: 'query',
                style: 'pipeDelimited',
                schema: { type: 'array', items: { type: 'string' } },
              },
              {
                name: 'filter',
                in: 'query',
                content: { 'application/json': { schema: { type: 'object' } } },
              },
              { name: 'X-Ids', in: 'header', schema: { type: 'array', items: { type: 'integer' } } },
              { name: 'prefs', in: 'cookie', explode: false, schema: { type: 'object' } },
            ],
            requestBody: {
              content: {
                'multipart/form-data': {
                  schema: {
                    type: 'object',
                    properties: {
                      file: { type: 'string', format: 'binary' },
                      note: { type: 'string' },
                      meta: { type: 'object' },
                      scope: { type: 'array', items: { type: 'string' } },
                    },
                  },
                  encoding: {
                    file: { headers: { 'X-Checksum': { schema: { type: 'string' } } } },
                    scope: { style: 'spaceDelimited', explode: false },
                  },
                },
                'application/json': { schema: { type: 'object' } },
              },
            },
            responses: {
              '200': {
                description: 'OK',
                content: {
                  'text/event-stream': { 'x-item-schema': { type: 'object' } },
                  'application/json': { schema: { type: 'object' } },
                },
              },
              '404': { description: 'Missing' },
            },
          },
        },
      },
    });
    const wire = sdkShape(ir).operations[0].wire;
    expect(wire.params).toEqual([
      { name: 'name', in: 'path', style: 'simple', explode: false, shape: 'primitive' },
      { name: 'ext', in: 'path', style: 'label', explode: false, shape: 'primitive' },
      { name: 'tags', in: 'query', style: 'pipeDelimited', explode: false, shape: 'array' },
      { name: 'filter', in: 'query', style: 'form', explode: true, shape: 'primitive', json: true },
      { name: 'X-Ids', in: 'header', style: 'simple', explode: false, shape: 'array' },
      { name: 'prefs', in: 'cookie', style: 'form', explode: false, shape: 'object' },
    ]);
    expect(wire.bodies).toEqual([
      { mediaType: 'application/json', kind: 'json' },
      {
        mediaType: 'multipart/form-data',
        kind: 'multipart',
        parts: [
          { name: 'file', shape: 'file', contentType: 'application/octet-stream', headers: ['X-Checksum'] },
          { name: 'note', shape: 'primitive' },
          { name: 'meta', shape: 'object', contentType: 'application/json' },
          { name: 'scope', shape: 'array', style: 'spaceDelimited', explode: false, styled: true },
        ],
      },
    ]);
    expect(wire.success).toEqual([
      { mediaType: 'application/json', kind: 'json' },
      { mediaType: 'text/event-stream', kind: 'event-stream', dataIsJson: true },
    ]);
    expect(wire.responses.map((response) => [response.status, response.media.length])).toEqual([
      ['200', 2],
      ['404', 0],
    ]);
  });
});

describe("the TypeScript client's request body", () => {
  it('takes an array body as `body` even when its schema has stray properties (vtex), and merges an object body into the params', async () => {
    const ir = await irOf({
      paths: {
        '/additional-data': {
          post: {
            operationId: 'sendAdditionalData',
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: {
                    type: 'array',
                    items: { type: 'object', properties: { name: { type: 'string' } } },
                    properties: { name: { type: 'string' }, value: { type: 'string' } },
                  },
                },
              },
            },
            responses: { '204': { description: 'ok' } },
          },
        },
        '/notes': {
          post: {
            operationId: 'createNote',
            requestBody: {
              content: { 'application/json': { schema: { properties: { text: { type: 'string' } } } } },
            },
            responses: { '204': { description: 'ok' } },
          },
        },
      },
    });
    const modes = Object.fromEntries(
      planClient(ir).operations.map((plan) => [plan.operation.id, plan.bodies.map((body) => body.mode)]),
    );
    expect(modes).toEqual({ sendAdditionalData: ['property'], createNote: ['merged'] });
  });
});

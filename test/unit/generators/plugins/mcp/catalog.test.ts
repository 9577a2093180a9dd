/**
 * The MCP catalog, as the generator makes it and the server reads it: hints from the HTTP method,
 * tool names, input schemas (parameters and body as the client takes them, files as base64, what a
 * request never carries left out, compiling in a strict 2020-12 validator), which operations a
 * filter lets through, and which a search finds first.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { buildIr } from '../../../../../generators/core/build-ir.js';
import type { HttpMethod, Ir } from '../../../../../generators/core/ir.js';
import { loadDocument } from '../../../../../generators/core/load.js';
import { sdkShape } from '../../../../../generators/sdk-shape/index.js';
import {
  clientEnvironment,
  planClient,
  propertyPaths,
} from '../../../../../generators/plugins/client/plan.js';
import type { ClientExports } from '../../../../../generators/plugins/client/index.js';
import { buildCatalog, methodHints } from '../../../../../generators/plugins/mcp/catalog.js';
import {
  inputSchema,
  searchOperations,
  selectOperations,
  type Catalog,
  type CatalogOperation,
} from '../../../../../generators/plugins/mcp/runtime/catalog.js';

const addFormats = ((formatsModule as unknown as { default?: unknown }).default ?? formatsModule) as (
  ajv: Ajv2020,
) => Ajv2020;

function clientExports(ir: Ir): ClientExports {
  const plan = planClient(ir);
  return {
    packageName: sdkShape(ir).names.packageName,
    plan,
    version: ir.info.version,
    environment: clientEnvironment(sdkShape(ir).names.envPrefix),
    propertyPath: propertyPaths(plan.root),
  };
}

async function catalogOf(spec: string): Promise<Catalog> {
  const ir = await buildIr(await loadDocument(spec));
  return buildCatalog(ir, clientExports(ir), { name: 'test-mcp', version: '1.0.0', title: 'Test API' });
}

const byName = (catalog: Catalog, name: string) =>
  catalog.operations.find((operation) => operation.name === name)!;

describe('methodHints', () => {
  it.each<[HttpMethod, boolean, boolean, boolean]>([
    ['get', true, false, true],
    ['head', true, false, true],
    ['options', true, false, true],
    ['post', false, false, false],
    ['put', false, true, true],
    ['patch', false, true, false],
    ['delete', false, true, true],
  ])('%s: readOnly %s, destructive %s, idempotent %s', (method, readOnly, destructive, idempotent) => {
    expect(methodHints(method)).toEqual({
      readOnlyHint: readOnly,
      destructiveHint: destructive,
      idempotentHint: idempotent,
      openWorldHint: true,
    });
  });
});

describe('buildCatalog', () => {
  it('takes each argument where the client takes it: path ones first, then params, with component schemas as $defs', async () => {
    const catalog = await catalogOf('spec/openapi.yaml');
    const list = byName(catalog, 'listAssessments');
    expect(list.call).toEqual({
      resource: ['nature', 'subjects', 'assessments'],
      method: 'list',
      pathArguments: ['subject_id'],
      params: true,
      files: [],
    });
    expect(Object.keys(list.input.properties as object)).toEqual([
      'subject_id',
      'limit',
      'starting_after',
      'ending_before',
    ]);
    expect(list.input.required).toEqual(['subject_id']);
    expect(list.paging).toEqual({
      style: 'cursor',
      forwardArgument: 'starting_after',
      backwardArgument: 'ending_before',
    });
    expect(list.defs).toContain('Cursor');
    const create = byName(catalog, 'createSubject');
    // The body's fields beside the parameters (the client merges them), the idempotency header left to the client.
    expect(Object.keys(create.input.properties as object).sort()).toEqual(['consent_artifact', 'metadata']);
    expect(create.input.required).toEqual(['consent_artifact']);
    expect(inputSchema(catalog, create).$defs).toHaveProperty('ConsentArtifact');
  });

  it('takes files as base64 objects and records where they are, and a binary body as one', async () => {
    const catalog = await catalogOf('test/fixtures/specs/media-3.1.yaml');
    const upload = catalog.operations.find((operation) => operation.operationId === 'uploadDocument')!;
    expect(upload.call.files.length).toBeGreaterThan(0);
    for (const { at, many } of upload.call.files) {
      let schema = upload.input as Record<string, any>;
      for (const key of at) schema = schema.properties[key];
      expect(many ? schema.items.required : schema.required).toEqual(['base64']);
    }
    const blob = catalog.operations.find((operation) => operation.operationId === 'putBlob')!;
    expect(blob.call.files).toEqual([{ at: ['body'] }]);
  });

  it('names tools in the characters every client takes, uniquely, at most 64 long', async () => {
    const ir = await buildIr(await loadDocument('spec/openapi.yaml'));
    const [first] = ir.operations;
    // Ids that clash once spelled for a tool, and one too long (planned after they are added).
    for (const id of ['repos/get-content', 'repos/get_content', `a${'b'.repeat(80)}`])
      ir.operations.push({ ...first, id });
    const catalog = buildCatalog(ir, clientExports(ir), { name: 'x', version: '1', title: 't' });
    const names = catalog.operations.map((each) => each.name);
    expect(names).toHaveLength(12);
    expect(names.slice(9, 11)).toEqual(['repos_get-content', 'repos_get_content']);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });

  it.each([
    'spec/openapi.yaml',
    'spec/dashboard.yaml',
    'test/fixtures/specs/media-3.1.yaml',
    'test/fixtures/specs/widgets-3.0.yaml',
    'node_modules/@readme/oas-examples/3.0/yaml/schema-circular.yaml',
  ])('makes input schemas a strict 2020-12 validator compiles: %s', async (spec) => {
    const catalog = await catalogOf(spec);
    const ajv = addFormats(new Ajv2020({ strict: true }));
    for (const operation of catalog.operations)
      expect(() => ajv.compile(inputSchema(catalog, operation)), operation.name).not.toThrow();
  });
});

function operation(fields: Partial<CatalogOperation>): CatalogOperation {
  return {
    name: 'op',
    operationId: 'op',
    title: '',
    description: '',
    method: 'get',
    path: '/',
    resource: '',
    tags: [],
    hints: methodHints('get'),
    input: { type: 'object' },
    defs: [],
    call: { resource: [], method: 'm', pathArguments: [], params: false, files: [] },
    results: [],
    ...fields,
  };
}

describe('selectOperations', () => {
  const operations = [
    operation({ name: 'list', tags: ['Subjects'], path: '/v1/subjects' }),
    operation({
      name: 'create',
      method: 'post',
      hints: methodHints('post'),
      tags: ['subjects'],
      path: '/v1/subjects',
    }),
    operation({ name: 'health', tags: ['health'], path: '/v1/health' }),
    operation({
      name: 'remove',
      method: 'delete',
      hints: methodHints('delete'),
      tags: ['admin'],
      path: '/v1/subjects/{id}',
    }),
  ];
  const names = (filter: Parameters<typeof selectOperations>[1]) =>
    selectOperations(operations, filter).map((each) => each.name);

  it.each([
    [{}, ['list', 'create', 'health', 'remove']],
    [{ tags: ['subjects'] }, ['list', 'create']],
    [{ excludeTags: ['SUBJECTS'] }, ['health', 'remove']],
    [{ paths: ['/v1/subjects*'] }, ['list', 'create', 'remove']],
    [{ paths: ['/v1/subjects'] }, ['list', 'create']],
    [{ excludePaths: ['*/{id}'] }, ['list', 'create', 'health']],
    [{ methods: ['post', 'delete'] }, ['create', 'remove']],
    [{ readOnly: true }, ['list', 'health']],
    [{ readOnly: true, tags: ['subjects'] }, ['list']],
  ])('%j lets through %j', (filter, expected) => {
    expect(names(filter)).toEqual(expected);
  });
});

describe('searchOperations', () => {
  const operations = [
    operation({
      name: 'licenses_get-all-commonly-used',
      operationId: 'licenses/get-all-commonly-used',
      path: '/licenses',
      title: 'Get all commonly used licenses',
    }),
    operation({
      name: 'licenses_get',
      operationId: 'licenses/get',
      path: '/licenses/{license}',
      title: 'Get a license',
    }),
    operation({
      name: 'repos_get',
      operationId: 'repos/get',
      path: '/repos/{owner}/{repo}',
      title: 'Get a repository',
      description: 'The license of the repository is in its body.',
    }),
    operation({ name: 'issues_list', operationId: 'issues/list', path: '/issues', title: 'List issues' }),
  ];
  const found = (search: string) => searchOperations(operations, search).map((each) => each.name);

  it('puts the operation whose name the words cover most first, then those that match less', () => {
    expect(found('get a license')).toEqual(['licenses_get', 'licenses_get-all-commonly-used', 'repos_get']);
  });

  it('finds a word in the description last, and nothing for words that are not there or only stop words', () => {
    expect(found('license')).toEqual(['licenses_get', 'licenses_get-all-commonly-used', 'repos_get']);
    expect(found('listIssues')).toEqual(['issues_list']);
    expect(found('webhook')).toEqual([]);
    expect(found('the of a')).toEqual([]);
  });
});

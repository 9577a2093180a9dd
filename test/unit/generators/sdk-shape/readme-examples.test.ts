/**
 * What the SDK READMEs' examples are built from, on public specs as well as ours: a list example's
 * page size is the list's own page-size parameter, or none (Train Travel's lists page by a next
 * link: the TypeScript README passed `{ limit: 100 }` where the method takes request options); the
 * Python error example passes its path parameter as the parameter's type (Galaxy's integer
 * `planetId` got "does_not_exist"); both error lists are sdk-shape's one list, and each runtime has
 * every class of it for its status. Whether the blocks compile is
 * test/e2e/generators/readme-blocks-public-specs.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildIr } from '../../../../generators/core/build-ir.js';
import { loadDocument } from '../../../../generators/core/load.js';
import { generate } from '../../../../generators/pipeline.js';
import { pageSizeArgument, STATUS_ERRORS } from '../../../../generators/sdk-shape/index.js';

const GALAXY = 'node_modules/@scalar/galaxy/dist/latest.yaml';
const TRAIN_TRAVEL = 'node_modules/@readme/oas-examples/3.1/yaml/train-travel.yaml';
const PAGING = 'test/fixtures/specs/paging-3.1.yaml';

const irOf = async (spec: string) => buildIr(await loadDocument(spec));
const readmes = async (spec: string) => {
  const { files } = await generate({
    spec,
    out: '(memory)',
    command: 'test',
    write: false,
    skip: ['sdks'],
    log: () => {},
  });
  const text = (path: string) => files.find((file) => file.path === path)!.content;
  return { ts: text('client/README.md'), python: text('python/README.md') };
};
const blocks = (text: string, language: string) =>
  [...text.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((match) => match[1]);

describe('the page size in README list examples', () => {
  it("is the list's own size parameter, kept within its bounds", async () => {
    const ir = await irOf(PAGING);
    const sizes = Object.fromEntries(
      ir.operations
        .filter((operation) => operation.pagination)
        .map((operation) => [operation.path, pageSizeArgument(ir, operation, 1000)]),
    );
    expect(sizes['/offset-items']).toMatchObject({ param: 'limit' });
    expect(sizes['/page-items']).toMatchObject({ param: 'per_page' });
    expect(sizes['/declared-items']).toMatchObject({ param: 'top' });
    expect(sizes['/link-items']).toBeUndefined();
    const galaxy = await irOf(GALAXY);
    const planets = galaxy.operations.find((operation) => operation.pagination)!;
    const limit = planets.parameters.query.find((param) => param.name === 'limit')!.schema as {
      maximum?: number;
    };
    expect(pageSizeArgument(galaxy, planets, 1000)).toEqual({
      param: 'limit',
      value: Math.min(1000, limit.maximum ?? 1000),
    });
  });

  it('is left out where the list has none (Train Travel: a next link), in both READMEs', async () => {
    const ir = await irOf(TRAIN_TRAVEL);
    for (const operation of ir.operations.filter((each) => each.pagination))
      expect(pageSizeArgument(ir, operation, 100), operation.path).toBeUndefined();
    const { ts, python } = await readmes(TRAIN_TRAVEL);
    for (const block of blocks(ts, 'ts')) expect(block).not.toMatch(/\blimit\b/);
    expect(ts).toContain(
      "const page = await patient.stations.list({ headers: { 'x-trace-id': 'readme' } });",
    );
    for (const block of blocks(python, 'python')) expect(block).not.toMatch(/\blimit=/);
  });
});

describe('the README examples', () => {
  it("pass a path parameter of the parameter's type (Galaxy's planetId is an integer)", async () => {
    const { python } = await readmes(GALAXY);
    expect(python).toMatch(/client\.planets\.retrieve\(\d+\)/);
    expect(python).not.toContain('does_not_exist');
  });

  it("say to install the client folder's dependencies before packing it, and to pack it outside generated/", async () => {
    const { ts } = await readmes(GALAXY);
    expect(ts).toContain(
      '`npm install --no-package-lock && npm pack --pack-destination ../../dist` in this folder',
    );
  });
});

describe('the error lists', () => {
  it('name every status error class in both READMEs, from one list', async () => {
    const { ts, python } = await readmes(GALAXY);
    for (const error of STATUS_ERRORS) {
      expect(ts, error.name).toContain(`\`${error.name}\` (${error.status}`);
      expect(python, error.name).toContain(`\`${error.name}\` (${error.status}`);
    }
    expect(STATUS_ERRORS.map((error) => error.name)).toContain('UnprocessableEntityError');
  });

  it('are the classes each runtime raises for those statuses', () => {
    const tsRuntime = readFileSync('generators/plugins/client/runtime/errors.ts', 'utf8');
    const pyRuntime = readFileSync('generators/plugins/python/runtime/_errors.py', 'utf8');
    for (const error of STATUS_ERRORS.filter((each) => /^\d+$/.test(each.status))) {
      expect(tsRuntime, error.name).toContain(`if (status === ${error.status}) return make(${error.name});`);
      expect(pyRuntime, error.name).toContain(`    ${error.status}: ${error.name},`);
    }
    expect(tsRuntime).toContain('export class InternalServerError');
    expect(pyRuntime).toContain('InternalServerError if status_code >= 500');
  });
});

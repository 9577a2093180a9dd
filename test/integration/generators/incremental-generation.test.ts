/**
 * The dev loop's generation (`generate({ incremental: true })`, what `npm run dev` runs on each save):
 * through a designer's saves of a copy of our spec, every byte of its output is what a generation
 * from nothing writes for the same save, while plugins whose inputs did not change are reused and
 * the types render only the units the save touched. A plugin whose declared inputs leave out what it
 * reads is caught by the same comparison, which is how the comparison proves it can fail. On
 * GitHub's spec (1,2xx operations), the spliced types and contract after an edit are what
 * openapi-typescript and the whole-document printers make of it.
 * Starts: the generators' worker threads (no process, no socket); writes temporary folders.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { ConfiguredPlugin } from '../../../generators/config.js';
import { buildIr } from '../../../generators/core/build-ir.js';
import { renderContractIncrementally } from '../../../generators/core/contract-rendering.mjs';
import { renderingStats } from '../../../generators/core/document-worker.js';
import { documentFrom } from '../../../generators/core/load.js';
import { CONTRACT_EXAMPLE_AT, mockDocument } from '../../../generators/core/mock-document.js';
import {
  renderTypesIncrementally,
  withMendedHelpers,
  withMendedNodes,
} from '../../../generators/core/types-rendering.mjs';
import { printYaml } from '../../../generators/core/yaml-printer.mjs';
import { typesJob } from '../../../generators/plugins/types/emit.js';
import openapiTS, { astToString } from 'openapi-typescript';
import { defaultPluginsFor, generate } from '../../../generators/pipeline.js';
import { definePlugin, type PluginDefinition } from '../../../generators/plugin.js';

/** A spec being edited. */
type Document = Record<string, any>;

/** A plugin of the user's, configured as the config would (no options, its own folder). */
function configured(plugin: PluginDefinition<Record<string, never>>): ConfiguredPlugin {
  return {
    plugin: plugin as unknown as ConfiguredPlugin['plugin'],
    options: {},
    root: `${plugin.name}/`,
  };
}

/** Reads the operations only: reused while no operation is added, removed, renamed or moved. */
const operationsList = definePlugin<Record<string, never>>({
  name: 'operations-list',
  description: 'Every operation, one line each',
  proves: 'none: a test plugin',
  inputs: (ir) => ir.operations.map((operation) => [operation.id, operation.method, operation.path]),
  generate: ({ ir }) => ({
    files: [
      {
        path: 'operations-list/OPERATIONS.md',
        content: ir.operations.map((op) => `- ${op.id}: ${op.method.toUpperCase()} ${op.path}\n`).join(''),
      },
    ],
  }),
});

/** Reads the schemas' names only. */
const schemasList = definePlugin<Record<string, never>>({
  name: 'schemas-list',
  description: 'Every schema name, one line each',
  proves: 'none: a test plugin',
  inputs: (ir) => ir.schemas.map((schema) => schema.name),
  generate: ({ ir }) => ({
    files: [{ path: 'schemas-list/SCHEMAS.md', content: ir.schemas.map((s) => `- ${s.name}\n`).join('') }],
  }),
});

/** The sabotage: prints each operation's summary but declares only the operation ids as its inputs. */
const staleSummaries = definePlugin<Record<string, never>>({
  name: 'stale-summaries',
  description: 'Every operation summary (its inputs leave the summaries out)',
  proves: 'none: a test plugin',
  inputs: (ir) => ir.operations.map((operation) => operation.id),
  generate: ({ ir }) => ({
    files: [
      {
        path: 'stale-summaries/SUMMARIES.md',
        content: ir.operations.map((op) => `- ${op.id}: ${op.summary ?? ''}\n`).join(''),
      },
    ],
  }),
});

const BUILT_IN = defaultPluginsFor(['sdks']);
const PLUGINS = [...BUILT_IN, configured(operationsList), configured(schemasList)];
const NARROW = ['operations-list', 'schemas-list'];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'incremental-generation-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every file below `root`, relative to it, sorted. */
function filesBelow(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * Writes the save, generates it incrementally into `inc/` and from nothing into a new folder, and
 * says which files differ (none, when the incremental generation is right).
 */
async function save(spec: string, text: string, plugins: ConfiguredPlugin[], step: number) {
  await writeFile(spec, text);
  const out = path.join(dir, `${path.basename(spec)}-incremental`);
  const common = {
    spec,
    command: 'npm run generate',
    write: true,
    released: false as const,
    plugins,
    log: () => {},
  };
  const incremental = await generate({ ...common, out, incremental: true });
  const types = renderingStats('types');
  const fresh = path.join(dir, `fresh-${step}`);
  await generate({ ...common, out: fresh });
  const expected = filesBelow(fresh);
  const actual = filesBelow(out);
  const differing = expected.filter(
    (file) =>
      !actual.includes(file) ||
      readFileSync(path.join(fresh, file), 'utf8') !== readFileSync(path.join(out, file), 'utf8'),
  );
  await rm(fresh, { recursive: true, force: true });
  return {
    differing: [...differing, ...actual.filter((file) => !expected.includes(file))],
    reused: incremental.reused,
    typesRendered: types?.rendered ?? [],
    changed: incremental.written?.changed ?? [],
  };
}

/** Generations of a dozen saves of a small spec: minutes on a loaded machine. */
const GENERATIONS_TIMEOUT = 300_000;

describe('incremental generation in the dev loop', () => {
  it(
    "writes what a generation from nothing writes at every save of a designer's edits, reusing what the edit did not touch",
    { timeout: GENERATIONS_TIMEOUT },
    async () => {
      const spec = path.join(dir, 'openapi.yaml');
      const original = await readFile('spec/openapi.yaml', 'utf8');
      let document: Document = parse(original);
      const first = await save(spec, original, PLUGINS, 0);
      expect(first.differing).toEqual([]);
      expect(first.reused).toEqual([]);
      const edits: Array<{
        name: string;
        edit: (document: Document) => void;
        comment?: string;
        reused: string[];
        types?: number;
      }> = [
        {
          name: 'an operation summary',
          edit: (d) => (d.paths['/v1/nature/subjects'].get.summary = 'List every subject'),
          reused: NARROW,
          types: 1,
        },
        {
          name: 'a property added to a schema',
          edit: (d) => (d.components.schemas.Subject.properties.nickname = { type: 'string' }),
          reused: NARROW,
        },
        {
          name: 'an enum value',
          edit: (d) => d.components.schemas.AssessmentStatus.enum.push('abandoned'),
          reused: NARROW,
          types: 1,
        },
        {
          // Only the operations list among the narrow plugins reads operations.
          name: 'a new operation',
          edit: (d) =>
            (d.paths['/v1/nature/subjects/{subject_id}/notes'] = {
              get: {
                operationId: 'listSubjectNotes',
                summary: 'List notes',
                parameters: [{ $ref: '#/components/parameters/SubjectId' }],
                responses: { '200': { description: 'Notes' } },
              },
            }),
          reused: ['schemas-list'],
          types: 1,
        },
        {
          name: 'a parameter made required (the path items that $ref it render again)',
          edit: (d) => (d.components.parameters.Limit.required = true),
          reused: NARROW,
        },
        {
          name: 'a comment (the document as it was)',
          edit: () => undefined,
          comment: '# a comment\n',
          reused: PLUGINS.map((each) => each.plugin.name),
        },
        {
          // Every plugin's input: the SDKs' names, a schema, an operation.
          name: 'the title, a new schema and a new operation',
          edit: (d) => {
            d.info.title = 'Assessment API, renamed';
            d.components.schemas.Note = { type: 'object', properties: { text: { type: 'string' } } };
            d.paths['/v1/nature/notes'] = {
              get: { operationId: 'listNotes', responses: { '200': { description: 'Notes' } } },
            };
          },
          reused: [],
        },
      ];
      for (const [index, { name, edit, comment, reused, types }] of edits.entries()) {
        document = structuredClone(document);
        edit(document);
        const result = await save(spec, `${stringify(document)}${comment ?? ''}`, PLUGINS, index + 1);
        expect(result.differing, name).toEqual([]);
        expect([...result.reused].sort(), name).toEqual([...reused].sort());
        if (types !== undefined) expect(result.typesRendered.length, name).toBe(types);
        if (reused.length < PLUGINS.length) expect(result.changed.length, name).toBeGreaterThan(0);
      }
    },
  );

  it(
    'catches a plugin whose declared inputs leave out what it reads: its stale file differs from a generation from nothing',
    { timeout: GENERATIONS_TIMEOUT },
    async () => {
      const spec = path.join(dir, 'sabotaged.yaml');
      const original = await readFile('spec/openapi.yaml', 'utf8');
      const plugins = [
        ...BUILT_IN.filter((each) => each.plugin.name === 'types'),
        configured(staleSummaries),
      ];
      await save(spec, original, plugins, 100);
      const document: Document = parse(original);
      document.paths['/v1/nature/subjects'].get.summary = 'List every subject';
      const result = await save(spec, stringify(document), plugins, 101);
      expect(result.reused).toEqual(['stale-summaries']);
      expect(result.differing).toEqual(['stale-summaries/SUMMARIES.md']);
    },
  );
});

describe("GitHub's spec, spliced", () => {
  it(
    'gives the types openapi-typescript prints and the contract the whole printers print, from nothing and after an edit',
    { timeout: GENERATIONS_TIMEOUT },
    async () => {
      const source = 'node_modules/@octokit/openapi/generated/api.github.com.json';
      const document: Document = JSON.parse(await readFile(source, 'utf8'));
      const oracle = async (ir: ReturnType<typeof buildIr>) => {
        const job = structuredClone(typesJob(ir));
        for (const { at, schema } of job.streamSchemas)
          (at.reduce((node: Document, key) => node[key], job.document as Document) as Document).schema =
            schema;
        const yaml = printYaml(ir.document);
        return {
          types: withMendedHelpers(
            astToString(withMendedNodes(await openapiTS(job.document as never, { silent: true }))),
          ),
          contract: {
            json: JSON.stringify(ir.document, null, 2),
            yaml,
            mock: JSON.stringify(mockDocument(ir, yaml), null, 2),
          },
        };
      };
      const contractJob = (ir: ReturnType<typeof buildIr>) => ({
        document: ir.document,
        withYaml: mockDocument(ir, 'contract YAML marker'),
        yamlMarker: 'contract YAML marker',
        embeddedAt: CONTRACT_EXAMPLE_AT,
      });
      let ir = buildIr(documentFrom(source, structuredClone(document)));
      let types = await renderTypesIncrementally(structuredClone(typesJob(ir)), undefined);
      let contract = await renderContractIncrementally(contractJob(ir), undefined);
      let expected = await oracle(ir);
      expect(types.text).toBe(expected.types);
      expect(contract.rendered).toEqual(expected.contract);
      // per_page made required: every path item that $refs it renders again, and nothing else.
      document.components.parameters['per-page'].required = true;
      ir = buildIr(documentFrom(source, structuredClone(document)));
      types = await renderTypesIncrementally(structuredClone(typesJob(ir)), types.state);
      contract = await renderContractIncrementally(contractJob(ir), contract.state);
      expected = await oracle(ir);
      expect(types.text).toBe(expected.types);
      expect(contract.rendered).toEqual(expected.contract);
      const readers = Object.values<Document>(document.paths).filter((item) =>
        JSON.stringify(item).includes('"#/components/parameters/per-page"'),
      );
      expect(types.stats!.rendered.length).toBe(readers.length + 1);
      expect(contract.stats.rendered).toEqual(['/components/parameters/per-page']);
    },
  );
});

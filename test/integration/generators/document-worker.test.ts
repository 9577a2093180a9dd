/**
 * The generators' worker threads (starts worker threads, no process): the types' started early for any spec file and the
 * contract's for a large one; the types (of any document) and a large document's contract (JSON, YAML, the mock's copy) rendered
 * there are the bytes the same renderers give in this thread, a streamed response's item schema reaches the types through a
 * $ref'd response, and a job that fails rejects with its reason without stopping the worker.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { buildIr } from '../../../generators/core/build-ir.js';
import {
  answeredJobs,
  prepareWorkers,
  PRELOAD_BYTES,
  renderDocument,
  runningWorkers,
  WORKER_THRESHOLD,
  type DocumentJob,
} from '../../../generators/core/document-worker.js';
import type { Ir } from '../../../generators/core/ir.js';
import { loadDocument } from '../../../generators/core/load.js';
import { render } from '../../../generators/core/document-worker.mjs';
import { YAML_OPTIONS } from '../../../generators/core/yaml-printer.mjs';
import { contractRenderings } from '../../../generators/core/contract-renderings.js';
import { renderTypes, typesJob } from '../../../generators/plugins/types/emit.js';

/** A spec with more operations than the threshold, one of them an event stream answered through a $ref'd response. */
function largeSpec(): object {
  const paths: Record<string, unknown> = {};
  for (let index = 0; index < WORKER_THRESHOLD + 5; index += 1) {
    paths[`/things${index}/{thing_id}`] = {
      get: {
        operationId: `getThing${index}`,
        parameters: [{ name: 'thing_id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'A thing',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
        },
      },
    };
  }
  paths['/events'] = {
    get: { operationId: 'streamEvents', responses: { '200': { $ref: '#/components/responses/Events' } } },
  };
  return {
    openapi: '3.1.0',
    info: { title: 'Large', version: '1.0.0' },
    paths,
    components: {
      schemas: {
        Thing: {
          type: 'object',
          required: ['id'],
          properties: {
            id: { type: 'string' },
            note: { type: 'string', description: 'Quoted: "yes" # not a comment' },
          },
        },
        Tick: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } },
      },
      responses: {
        Events: {
          description: 'Ticks',
          content: {
            'text/event-stream': {
              schema: { type: 'string' },
              itemSchema: { type: 'object', properties: { data: { $ref: '#/components/schemas/Tick' } } },
            },
          },
        },
      },
    },
  };
}

let work: string;
let ir: Ir;
/** The same IR, seen as too small for the contract's worker: its contract renders in-process (its types still in their worker). */
let small: Ir;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'document-worker-'));
  const spec = path.join(work, 'large.json');
  await writeFile(spec, JSON.stringify(largeSpec()));
  ir = buildIr(await loadDocument(spec));
  small = { ...ir, operations: [], webhooks: undefined } as Ir;
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe("the generators' worker thread", () => {
  it("starts the types' worker before the parse for any spec file, and the contract's for one large enough", () => {
    expect(runningWorkers()).toEqual([]);
    prepareWorkers(PRELOAD_BYTES - 1);
    expect(runningWorkers()).toEqual(['types']);
    // The tests below render in these workers: a preloaded worker renders as any other.
    prepareWorkers(PRELOAD_BYTES);
    expect(runningWorkers()).toEqual(['contract', 'types']);
  });

  it('renders the types of a document of any size in the worker, to the same bytes as in this thread, a streamed item schema included', async () => {
    expect(ir.operations.length).toBeGreaterThanOrEqual(WORKER_THRESHOLD);
    const before = JSON.stringify(ir.document);
    const inWorker = await renderTypes(ir);
    // A small document's types render in the worker too (one more job answered there); the job
    // reaches it as a copy, so the caller's document is unchanged although the renderer changes its copy (stream
    // schemas, openapi-typescript's discriminator patches).
    const answered = answeredJobs('types');
    expect(await renderDocument(small, typesJob(ir))).toBe(inWorker);
    expect(answeredJobs('types')).toBe(answered + 1);
    expect(JSON.stringify(ir.document)).toBe(before);
    const inThisThread = await render(structuredClone(typesJob(ir)));
    expect(inWorker).toBe(inThisThread);
    expect(inWorker).toContain('getThing104');
    // The event stream's type is one event's data (the item schema), not the raw text.
    expect(typesJob(ir)).toMatchObject({
      streamSchemas: [{ at: ['components', 'responses', 'Events', 'content', 'text/event-stream'] }],
    });
    expect(inWorker).toMatch(/"text\/event-stream": \{\s*count: number;/);
  });

  it("renders the contract's JSON and YAML as JSON.stringify and the yaml package do in-process, and the mock's copy the same bytes in both", async () => {
    const before = JSON.stringify(ir.document);
    const inWorker = await contractRenderings(ir);
    expect(inWorker.yaml).toBe(stringify(ir.document, { aliasDuplicateObjects: false, lineWidth: 0 }));
    expect(inWorker.json).toBe(JSON.stringify(ir.document, null, 2));
    expect(JSON.stringify(ir.document)).toBe(before);
    // The mock's copy holds the YAML where its marker was, and serves the JSON document as it is.
    const mock = JSON.parse(inWorker.mock);
    expect(mock.paths['/openapi.yaml'].get.responses['200'].content['application/yaml'].example).toBe(
      inWorker.yaml,
    );
    expect(mock.paths['/openapi.json'].get.responses['200'].content['application/json'].example).toEqual(
      ir.document,
    );
    const answered = answeredJobs('contract');
    const inProcess = await contractRenderings(small);
    // A small document's contract renders in this thread.
    expect(answeredJobs('contract')).toBe(answered);
    // In-process, the contract's renderer reads the caller's documents themselves: it must not change them.
    expect(JSON.stringify(ir.document)).toBe(before);
    expect(inProcess.json).toBe(inWorker.json);
    expect(inProcess.yaml).toBe(inWorker.yaml);
    expect(inProcess.mock.replace(/contract YAML [0-9a-f-]{36}/, '')).toBe(
      inWorker.mock.replace(/contract YAML [0-9a-f-]{36}/, ''),
    );
  });

  it('rejects a job that fails with its reason, and goes on rendering the next', async () => {
    const broken = { kind: 'no such rendering', document: {} } as unknown as DocumentJob;
    await expect(renderDocument(ir, broken)).rejects.toThrow(/not a function/);
    await expect(
      renderDocument(ir, {
        kind: 'contract',
        document: { a: 1 },
        withYaml: { served: 'marker' },
        yamlMarker: 'marker',
      }),
    ).resolves.toEqual({
      json: '{\n  "a": 1\n}',
      yaml: 'a: 1\n',
      mock: '{\n  "served": "a: 1\\n"\n}',
    });
  });

  it('prints YAML the printer does not reproduce (not a JSON value) with `yaml` itself', async () => {
    const document = { when: new Date(0), ['k'.repeat(1100)]: 1 };
    const { yaml } = await renderDocument(ir, {
      kind: 'contract',
      document,
      withYaml: {},
      yamlMarker: 'marker',
    });
    expect(yaml).toBe(stringify(document, YAML_OPTIONS));
    expect(yaml).toContain('when: 1970-01-01T00:00:00.000Z\n? kkk');
  });
});

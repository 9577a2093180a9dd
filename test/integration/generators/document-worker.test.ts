/**
 * The generators' worker thread (starts a worker thread, no process): a large document's types and
 * YAML rendered there are the bytes the same renderers give in-process, a streamed response's item
 * schema reaches the types through a $ref'd response, and a job that fails rejects with its reason
 * without stopping the worker.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { buildIr } from '../../../generators/core/build-ir.js';
import { renderDocument, WORKER_THRESHOLD, type DocumentJob } from '../../../generators/core/document-worker.js';
import type { Ir } from '../../../generators/core/ir.js';
import { loadDocument } from '../../../generators/core/load.js';
import { contractYaml } from '../../../generators/emitters/contract/emit.js';
import { renderTypes, typesJob } from '../../../generators/emitters/types/emit.js';

/** A spec with more operations than the threshold, one of them an event stream answered through a $ref'd response. */
function largeSpec(): object {
  const paths: Record<string, unknown> = {};
  for (let index = 0; index < WORKER_THRESHOLD + 5; index += 1) {
    paths[`/things${index}/{thing_id}`] = {
      get: {
        operationId: `getThing${index}`,
        parameters: [{ name: 'thing_id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'A thing', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
      },
    };
  }
  paths['/events'] = { get: { operationId: 'streamEvents', responses: { '200': { $ref: '#/components/responses/Events' } } } };
  return {
    openapi: '3.1.0',
    info: { title: 'Large', version: '1.0.0' },
    paths,
    components: {
      schemas: {
        Thing: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, note: { type: 'string', description: 'Quoted: "yes" # not a comment' } } },
        Tick: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } },
      },
      responses: {
        Events: {
          description: 'Ticks',
          content: { 'text/event-stream': { schema: { type: 'string' }, itemSchema: { type: 'object', properties: { data: { $ref: '#/components/schemas/Tick' } } } } },
        },
      },
    },
  };
}

let work: string;
let ir: Ir;
/** The same IR, seen as too small for the worker: its renderings run in-process. */
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
  it('renders the types of a large document to the same bytes as in-process, a streamed item schema included', async () => {
    expect(ir.operations.length).toBeGreaterThanOrEqual(WORKER_THRESHOLD);
    const inWorker = await renderTypes(ir);
    const inProcess = await renderDocument(small, typesJob(ir));
    expect(inWorker).toBe(inProcess);
    expect(inWorker).toContain('getThing104');
    // The event stream's type is one event's data (the item schema), not the raw text.
    expect(typesJob(ir)).toMatchObject({ streamSchemas: [{ at: ['components', 'responses', 'Events', 'content', 'text/event-stream'] }] });
    expect(inWorker).toMatch(/"text\/event-stream": \{\s*count: number;/);
  });

  it("renders the contract's YAML as the yaml package does in-process, and leaves the IR's document as it was", async () => {
    const before = JSON.stringify(ir.document);
    const yaml = await contractYaml(ir);
    expect(yaml).toBe(stringify(ir.document, { aliasDuplicateObjects: false, lineWidth: 0 }));
    expect(JSON.stringify(ir.document)).toBe(before);
  });

  it('rejects a job that fails with its reason, and goes on rendering the next', async () => {
    const broken = { kind: 'no such rendering', document: {} } as unknown as DocumentJob;
    await expect(renderDocument(ir, broken)).rejects.toThrow(/not a function/);
    await expect(renderDocument(ir, { kind: 'yaml', document: { a: 1 }, options: {} })).resolves.toBe('a: 1\n');
  });
});

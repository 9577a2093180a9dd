/**
 * The generated suites against a service that holds a record the spec's example names (a walker's
 * run deleted their record `1`, then blamed their code for the 404 that followed). Starts: a small
 * notes service on loopback (this process) and the generated suites in vitest, twice. By default a
 * write to that record is never sent, by the API suite or the bad-input stage, and the output says
 * why; CONTRACT_WRITE_EXAMPLES=true sends it. The suites are generated into a folder whose name has a
 * space.
 */
import { createServer, type Server } from 'node:http';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../../../generators/pipeline.js';
import { runContractSuite } from '../../../../../scripts/lib/contract-suite.js';

const SPEC = 'test/fixtures/contract/example-records-3.0.yaml';

let dir: string;
let moduleCache: string;
beforeAll(async () => {
  await mkdir(path.resolve('.cache'), { recursive: true });
  // A space in the folder's name, as in a checkout under `team repo/`: the suites' config must still find them.
  dir = await mkdtemp(path.resolve('.cache', 'contract records-'));
  moduleCache = path.join(dir, 'module-cache');
  await generate({
    spec: SPEC,
    out: dir,
    command: `npm run generate -- --spec ${SPEC} --out ${dir}`,
    write: true,
    skip: ['sdks', 'python'],
    log: () => {},
  });
}, 120_000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A notes service holding note `1`, with every request it got. */
async function notesService(): Promise<{
  url: string;
  requests: string[];
  notes: Set<string>;
  server: Server;
}> {
  const notes = new Set(['1']);
  const requests: string[] = [];
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://notes');
      requests.push(`${request.method} ${url.pathname}`);
      const json = (status: number, body?: unknown) => {
        response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
        response.end(body === undefined ? undefined : JSON.stringify(body));
      };
      const note = /^\/notes\/([^/]+)$/.exec(url.pathname)?.[1];
      if (note !== undefined && request.method === 'GET' && notes.has(note))
        return json(200, { id: note, text: 'kept' });
      if (note !== undefined && request.method === 'DELETE' && notes.delete(note)) return json(204);
      if (/^\/exports\/(csv|json)$/.test(url.pathname) && request.method === 'POST') return json(202);
      return json(404, { message: 'no such record' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    notes,
    server,
  };
}

async function runAgainst(env: Record<string, string> = {}) {
  const service = await notesService();
  try {
    const run = await runContractSuite(
      { CONTRACT_TARGET_NAME: 'notes', CONTRACT_BASE_URL: service.url, CONTRACT_RUNS: '3', ...env },
      { configPath: path.join(dir, 'contract-tests', 'vitest.config.ts'), moduleCache },
    );
    return { ...run, ...service };
  } finally {
    await new Promise((resolve) => service.server.close(resolve));
  }
}

describe('a service holding the record the examples name', () => {
  it('gets no write to it, and the output says why and how to send it', async () => {
    const { output, requests, notes } = await runAgainst();
    expect(
      requests.filter((request) => request.startsWith('DELETE /notes/1')),
      output.slice(-3000),
    ).toEqual([]);
    expect(notes.has('1')).toBe(true);
    // The API suite lists the checks each reason left, the bad-input stage each operation.
    const reason = `deleteNote: it would DELETE the note_id "1" of the spec's examples, a record the target holds that this run did not make (GET /notes/1 answered 200); CONTRACT_WRITE_EXAMPLES=true sends it`;
    expect(output).toContain(`Not applicable on notes:`);
    expect(output).toContain(
      `  ${reason}:\n    a request from the examples gets a documented success, a conforming body and the required headers\n`,
    );
    expect(output).toMatch(
      /Bad input not sent to notes:\n(?: {2}.*\n)*? {2}deleteNote: it would DELETE the note_id "1"/,
    );
    // A write that names no record is sent.
    expect(requests).toContain('POST /exports/csv');
  }, 300_000);

  it('gets the writes with CONTRACT_WRITE_EXAMPLES=true', async () => {
    const { output, requests } = await runAgainst({ CONTRACT_WRITE_EXAMPLES: 'true' });
    expect(requests, output.slice(-3000)).toContain('DELETE /notes/1');
    expect(output).not.toContain('CONTRACT_WRITE_EXAMPLES=true sends it');
  }, 300_000);
});

/**
 * The mock, against the source description's "Mock server" section, item by item, on a real
 * Prism process serving generated/mock/openapi.json.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { startMock, type RunningMock } from '../../../scripts/lib/mock.js';
import { freePort, listeningUrl, startProcess, contractKitArgs } from '../../../scripts/lib/processes.js';
import { loadDocument } from '../../../generators/core/load.js';
import {
  SPEC_PATH,
  deref,
  fillPath,
  firstResponseExample,
  operationsOf,
  requestExample,
  specDocument,
} from '../../support/spec.js';

let mock: RunningMock;
let document: Awaited<ReturnType<typeof specDocument>>;

beforeAll(async () => {
  document = await specDocument();
  mock = await startMock(0);
});
afterAll(async () => {
  await mock?.stop();
});

function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return fetch(`${mock.url}${path}`, {
    method: method.toUpperCase(),
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

function operation(operationId: string) {
  const found = operationsOf(document).find((op) => op.operation.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId} in the spec`);
  return found;
}

/** Sends an operation's documented example request (any ID in the path). */
function sendExample(operationId: string, headers: Record<string, string> = {}, id = 'any_id_123') {
  const { method, path, operation: op } = operation(operationId);
  return send(method, fillPath(path, id), op.requestBody ? requestExample(document, op) : undefined, headers);
}

describe('mock server (source: "Mock server")', () => {
  it('1. accepts requests with no key or with any string as Authorization', async () => {
    for (const authorization of [undefined, 'anything at all', 'Bearer not-a-key', 'Basic dXNlcjpwYXNz']) {
      const headers: Record<string, string> = authorization ? { authorization } : {};
      expect((await sendExample('listSubjects', headers)).status, String(authorization)).toBe(200);
      expect((await sendExample('createSubject', headers)).status, String(authorization)).toBe(201);
    }
  });

  it('2. answers 400 in the spec error format to a body that does not conform', async () => {
    const valid = requestExample(document, operation('createSubject').operation) as any;
    const invalidBodies = [
      {},
      { consent_artifact: { ...valid.consent_artifact, ui_snapshot_hash: 'md5:abc' } },
      { consent_artifact: { ...valid.consent_artifact, consented_at: 'yesterday' } },
      { ...valid, unknown_field: true },
    ];
    for (const body of invalidBodies) {
      const response = await send('post', '/v1/nature/subjects', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = await response.json();
      expect(error).toMatchObject({
        object: 'error',
        code: expect.any(String),
        message: expect.any(String),
        request_id: expect.any(String),
      });
    }
    const patch = await send('patch', '/v1/nature/assessments/any_id', {
      answers: [{ item_id: 'n01', value: 9 }],
    });
    expect(patch.status).toBe(400);
  });

  it('3. returns the example values of the description, identical on every call', async () => {
    for (const { method, path, operation: op } of operationsOf(document)) {
      const success = Object.keys(op.responses).find((status) => status.startsWith('2'))!;
      const example = firstResponseExample(document, op, success);
      // Except a spec digest: the mock reports the real one (test/integration/service/contract-document.test.ts).
      const expected =
        example && typeof example === 'object' && 'spec_digest' in example
          ? { ...example, spec_digest: (await loadDocument(SPEC_PATH)).digest }
          : example;
      const bodies = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await send(
          method,
          fillPath(path),
          op.requestBody ? requestExample(document, op) : undefined,
        );
        expect(response.status, `${method} ${path}`).toBe(Number(success));
        bodies.push(await response.json());
      }
      expect(bodies[0], `${method} ${path}`).toEqual(expected);
      expect(bodies[1]).toEqual(bodies[0]);
      expect(bodies[2]).toEqual(bodies[0]);
    }
  });

  it('4. creating a subject and retrieving it by any ID returns the same example subject', async () => {
    const created = await (await sendExample('createSubject')).json();
    for (const id of [created.id, 'subj_does_not_exist', 'x']) {
      const retrieved = await (await sendExample('retrieveSubject', {}, id)).json();
      expect(retrieved, id).toEqual(created);
    }
  });

  it('5. PATCH always returns the example in-progress assessment and never completes it', async () => {
    const expected = firstResponseExample(document, operation('submitAssessment').operation, '200') as any;
    expect(expected.status).toBe('in_progress');
    for (let i = 0; i < 2; i += 1) {
      const response = await send('patch', '/v1/nature/assessments/asmt_any', { status: 'completed' });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(expected);
    }
    const after = await (await sendExample('retrieveAssessment', {}, 'asmt_any')).json();
    expect(after.status).toBe('in_progress');
  });

  it('6. every nature endpoint returns example MN and MI scores', async () => {
    const nature = operationsOf(document).filter(({ path }) => path.startsWith('/v1/nature/'));
    expect(nature.length).toBeGreaterThan(0);
    for (const { method, path, operation: op } of nature) {
      const response = await send(
        method,
        fillPath(path),
        op.requestBody ? requestExample(document, op) : undefined,
      );
      const body = await response.json();
      const scores = collectScores(body);
      expect(scores.length, `${method} ${path} carries MN and MI scores`).toBeGreaterThan(0);
      for (const score of scores) {
        expect(score.mn).toEqual(expect.any(Number));
        expect(score.mi).toEqual(expect.any(Number));
      }
    }
  });

  it('7. GET /v1/health returns status ok', async () => {
    const response = await send('get', '/v1/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  it('8. keeps no state: writes change nothing a later read sees (stateful behaviour needs the sandbox)', async () => {
    const before = await (await sendExample('listSubjects')).json();
    const created = await (
      await send('post', '/v1/nature/subjects', {
        ...(requestExample(document, operation('createSubject').operation) as object),
        metadata: { note: 'new' },
      })
    ).json();
    expect(created.metadata).not.toEqual({ note: 'new' }); // the example, not what was sent
    expect((await sendExample('deleteSubject', {}, created.id)).status).toBe(200);
    expect((await sendExample('retrieveSubject', {}, created.id)).status).toBe(200); // still there
    expect(await (await sendExample('listSubjects')).json()).toEqual(before);
  });

  it('serves the derived copy without security, and the source spec still requires keys', () => {
    const guarded = operationsOf(document).filter(
      ({ operation: op }) => (op.security ?? document.security ?? []).length > 0,
    );
    expect(guarded.length).toBeGreaterThan(0);
    const scheme = deref(document, document.components.securitySchemes.apiKey);
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});

function collectScores(
  value: unknown,
  found: Array<{ mn: unknown; mi: unknown }> = [],
): Array<{ mn: unknown; mi: unknown }> {
  if (Array.isArray(value)) value.forEach((item) => collectScores(item, found));
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if ('mn' in record && 'mi' in record) found.push({ mn: record.mn, mi: record.mi });
    Object.values(record).forEach((item) => collectScores(item, found));
  }
  return found;
}

/** `npm run mock`'s command line: `contract-kit mock`. */
const MOCK_SCRIPT = contractKitArgs('mock');

describe('npm run mock [-- --spec] (starts scripts/mock.ts, hence Prism, on a free port)', () => {
  it('mocks another spec from its mock document, made in a temporary folder that goes when the mock stops', async () => {
    const scratchFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith('mock-'));
    const before = new Set(scratchFolders());
    const port = await freePort();
    const running = startProcess(
      process.execPath,
      [...MOCK_SCRIPT, '--spec', 'test/fixtures/specs/widgets-3.0.yaml'],
      { env: { MOCK_PORT: String(port) } },
    );
    let made: string[] = [];
    try {
      // Its start line, printed once Prism answers, names the spec it mocks.
      expect(
        await listeningUrl(running, /^mock: (\S+) .*, mocking test\/fixtures\/specs\/widgets-3\.0\.yaml$/m),
      ).toBe(`http://127.0.0.1:${port}`);
      const response = await fetch(`http://127.0.0.1:${port}/widgets`);
      expect(response.status).toBe(200);
      expect(Array.isArray(await response.json())).toBe(true);
      made = scratchFolders().filter((name) => !before.has(name));
      expect(made).toHaveLength(1);
    } finally {
      running.child.kill('SIGTERM');
      await new Promise((resolve) => running.child.once('exit', resolve));
    }
    expect(scratchFolders().filter((name) => made.includes(name))).toEqual([]);
  }, 120_000);

  it("stops with Prism when npm's process ends: npx's `sh -c` passes no signal on, and it was left running", async () => {
    const scratchFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith('mock-'));
    const before = new Set(scratchFolders());
    const port = await freePort();
    // As `npx contract-kit mock` runs it: npm (here the shell's parent, this test) starts `sh -c`,
    // which starts the command and waits; the command sees npm_command. The shell alone gets the signal.
    const command = [process.execPath, ...MOCK_SCRIPT, '--spec', 'test/fixtures/specs/widgets-3.0.yaml']
      .map((part) => `'${part}'`)
      .join(' ');
    const shell = startProcess('sh', ['-c', `${command}; exit $?`], {
      env: { MOCK_PORT: String(port), npm_command: 'exec' },
    });
    try {
      await listeningUrl(shell, /^mock: (\S+) .*, mocking test\/fixtures\/specs\/widgets-3\.0\.yaml$/m);
      const made = scratchFolders().filter((name) => !before.has(name));
      process.kill(shell.child.pid!, 'SIGTERM');
      let answering = true;
      for (let waited = 0; answering && waited < 15_000; waited += 200) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        answering = await fetch(`http://127.0.0.1:${port}/widgets`).then(
          () => true,
          () => false,
        );
      }
      expect(answering).toBe(false);
      expect(scratchFolders().filter((name) => made.includes(name))).toEqual([]);
    } finally {
      await shell.stop();
    }
  }, 120_000);

  it("suggests a request that works as pasted, and answers without the apiKey scheme's own parameters (Trello's key and token)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mock-keyed-'));
    const spec = path.join(dir, 'keyed.json');
    const key = { name: 'key', in: 'query', required: true, schema: { type: 'string' } };
    const ok = {
      '200': {
        description: 'OK',
        content: { 'application/json': { schema: { type: 'object' }, example: {} } },
      },
    };
    writeFileSync(
      spec,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Keyed', version: '1' },
        components: { securitySchemes: { key: { type: 'apiKey', in: 'query', name: 'key' } } },
        security: [{ key: [] }],
        paths: {
          // The first GET without a path parameter requires a query parameter: a bare curl gets 400.
          '/batch': {
            get: {
              parameters: [key, { name: 'urls', in: 'query', required: true, schema: { type: 'string' } }],
              responses: ok,
            },
          },
          '/members/me': { get: { parameters: [key], responses: ok } },
        },
      }),
    );
    const port = await freePort();
    const running = startProcess(process.execPath, [...MOCK_SCRIPT, '--spec', spec], {
      env: { MOCK_PORT: String(port) },
    });
    try {
      await listeningUrl(running, /^mock: (\S+) /m);
      await expect.poll(() => running.output()).toContain(`try:  curl http://127.0.0.1:${port}/members/me`);
      expect((await fetch(`http://127.0.0.1:${port}/members/me`)).status).toBe(200);
      // Refused: urls is required (Prism answers 422 where the spec documents no 4xx).
      expect((await fetch(`http://127.0.0.1:${port}/batch`)).status).toBe(422);
    } finally {
      running.child.kill('SIGTERM');
      await new Promise((resolve) => running.child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("mocks a generic list by its item type: Galaxy's PaginatedResource<Planet> ($dynamicRef) pages hold planets, not nulls", async () => {
    const port = await freePort();
    const running = startProcess(
      process.execPath,
      [...MOCK_SCRIPT, '--spec', 'node_modules/@scalar/galaxy/dist/latest.yaml'],
      { env: { MOCK_PORT: String(port) } },
    );
    try {
      await listeningUrl(running, /^mock: (\S+) /m);
      const response = await fetch(`http://127.0.0.1:${port}/planets?limit=2`, {
        headers: { accept: 'application/json' },
      });
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as { data: unknown[] };
      expect(data.length).toBeGreaterThan(0);
      for (const planet of data)
        expect(planet).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    } finally {
      running.child.kill('SIGTERM');
      await new Promise((resolve) => running.child.once('exit', resolve));
    }
  }, 120_000);

  it('serves spec/openapi.yaml as it is now by default, made the same way', async () => {
    const port = await freePort();
    const running = startProcess(process.execPath, [...MOCK_SCRIPT], { env: { MOCK_PORT: String(port) } });
    try {
      expect(await listeningUrl(running, /^mock: (\S+) .*, mocking spec\/openapi\.yaml$/m)).toBe(
        `http://127.0.0.1:${port}`,
      );
      expect((await fetch(`http://127.0.0.1:${port}/v1/health`)).status).toBe(200);
    } finally {
      await running.stop();
    }
  }, 120_000);

  it('refuses a MOCK_PORT another server holds in one line, exit 1, before starting Prism (that server would answer for it)', async () => {
    const holder = net.createServer((socket) => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n'));
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as net.AddressInfo;
    try {
      const running = startProcess(process.execPath, [...MOCK_SCRIPT], { env: { MOCK_PORT: String(port) } });
      const code = await new Promise((resolve) => running.child.once('exit', resolve));
      expect(code).toBe(1);
      expect(running.output().trim()).toBe(
        `mock: 127.0.0.1:${port} is in use (set MOCK_PORT to a free port)`,
      );
    } finally {
      holder.close();
    }
  }, 60_000);

  it('refuses a spec it cannot read in one line, exit 2', async () => {
    const running = startProcess(process.execPath, [
      ...MOCK_SCRIPT,
      '--spec',
      'test/fixtures/specs/no-such.yaml',
    ]);
    const code = await new Promise((resolve) => running.child.once('exit', resolve));
    expect(code).toBe(2);
    expect(running.output().trim()).toBe(
      'mock: test/fixtures/specs/no-such.yaml:1:1: cannot read the file (ENOENT)',
    );
  }, 60_000);
});

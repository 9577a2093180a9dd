/**
 * The contract tests' bad-input stage (issue 12), without a server: the hostile requests it derives
 * for our spec cover every kind for every operation, and an echo of a hostile value is measured.
 * The same requests sent to the reference service and to bare stubs are
 * test/integration/generators/plugins/contract-tests/bad-input.test.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIr } from '../../../../../generators/core/build-ir.js';
import { loadDocument } from '../../../../../generators/core/load.js';
import { emitBadInput } from '../../../../../generators/plugins/contract-tests/bad-input.js';
import {
  BadInputChecks,
  badRequests,
  echoedLength,
  findingOf,
  type BadInputCases,
  type BadInputOperation,
} from '../../../../../generators/plugins/contract-tests/runtime/bad-input.js';
import { scratchFolders } from '../../../../support/scratch.js';

const scratch = scratchFolders();

const cases = JSON.parse(readFileSync('generated/contract-tests/bad-input.json', 'utf8')) as BadInputCases;

describe('echoedLength', () => {
  it.each([
    ['no echo', 'error: bad value', 'A'.repeat(5000), 0],
    ['a 40-character quote', `error: "${'A'.repeat(40)}…"`, 'A'.repeat(5000), 40],
    ['a whole 3,000-character echo', `error: ${'n'.repeat(3000)}`, `x${'n'.repeat(3000)}`, 3000],
  ])('%s', (_name, text, value, expected) => {
    expect(Math.abs(echoedLength(text, value) - expected)).toBeLessThanOrEqual(10); // measured in steps of 10
  });

  it('looks for each distinct run once: the 1 MB pad against a 150 KB answer with none of it', () => {
    const pad = 'b'.repeat(1024 * 1024);
    const answer = JSON.stringify({
      items: Array.from({ length: 4_000 }, (_, index) => ({ name: `n${index}`, arn: 'arn:aws:x' })),
    });
    expect(echoedLength(answer, pad)).toBe(0);
    expect(echoedLength(`${answer}${'b'.repeat(300)}`, pad)).toBe(300);
    // Before, each of the pad's 100,000 equal runs was looked for in the whole answer: many seconds.
  });
});

describe('bad-input stage, derived for our spec', () => {
  it('derives malformed requests of every kind for every operation', () => {
    const names = cases.operations.flatMap((operation) =>
      badRequests(operation).map((request) => request.name),
    );
    for (const kind of [
      'broken percent-encoding',
      '5,000 characters',
      'control characters',
      'repeated',
      'a header over 16 KB',
      'a NUL byte',
      'Transfer-Encoding',
      'nested 5,000 levels',
      'invalid UTF-8',
      'text/plain',
      '1 MB',
      'a bad chunk size',
      'takes none',
    ]) {
      expect(
        names.some((name) => name.includes(kind)),
        kind,
      ).toBe(true);
    }
    expect(cases.operations.every((operation) => badRequests(operation).length >= 5)).toBe(true);
  });
});

describe('whose finding an undocumented refusal is (issue 43: corpus specs that document few statuses)', () => {
  const operation = (statuses: string[]): BadInputOperation => ({
    id: 'getThing',
    pointer: '#/paths/~1things/get',
    method: 'get',
    path: '/things',
    pathValues: {},
    queryParams: [],
    headerParams: [],
    responses: Object.fromEntries(statuses.map((status) => [status, { requiredHeaders: [] }])),
  });
  const request = { name: 'a body in text/plain', target: '/things', headers: [], hostile: [] };
  const classOf = (statuses: string[], status: number, problems = [`status ${status} is not documented`]) =>
    findingOf(operation(statuses), request, { status, headers: new Map(), text: '{}' }, problems).class;

  it.each([
    ['415 where only 200 and 404 are documented', ['200', '404'], 415],
    ['406, 413, 414 and 431 likewise', ['200', '404'], 406],
    ['a 400 where no 400, 422, 4XX or default is documented', ['200', '404'], 400],
    ['any 4xx where no refusal is documented', ['200'], 409],
    ['a 200 where no success is documented (a hostile request the server tolerates)', ['401', '415'], 200],
  ])("is the spec's gap: %s", (_name, statuses, status) => {
    expect(classOf(statuses, status)).toBe('spec');
  });

  it.each([
    ['a 400 where 422 is documented', ['200', '422'], 400],
    ['a 409 where 404 is documented', ['200', '404'], 409],
    ['a 500', ['200'], 500],
    ['a 200 where another success is documented', ['201', '401'], 200],
  ])("is the target's: %s", (_name, statuses, status) => {
    expect(classOf(statuses, status)).toBe('target');
  });

  it('judges a response documented with a media type and no schema (the boolean schema true)', () => {
    const checks = new BadInputChecks({
      sharedSchema: { $id: 'https://example.test/bad-input.json' },
      operations: [],
    });
    const documented = { ...operation([]), responses: { '400': { schema: true, requiredHeaders: [] } } };
    const answer = { status: 400, headers: new Map(), text: '{"anything":1}' };
    expect(checks.problems(documented, request, answer)).toEqual([]);
  });

  it("does not ask an answer for a required writeOnly property, marked on it or beside its $ref (gsmtasks' token)", () => {
    const id = 'https://example.test/write-only.json';
    const sharedSchema: { $id: string } & Record<string, unknown> = {
      $id: id,
      components: {
        schemas: {
          Token: { type: 'string', format: 'uuid' },
          Activation: {
            type: 'object',
            required: ['token', 'secret', 'state'],
            properties: {
              token: { type: 'string', writeOnly: true },
              secret: { allOf: [{ $ref: '#/components/schemas/Token' }], writeOnly: true },
              state: { type: 'string' },
            },
          },
        },
      },
    };
    const checks = new BadInputChecks({ sharedSchema, operations: [] });
    const documented = {
      ...operation([]),
      responses: { '200': { schema: { $ref: `${id}#/components/schemas/Activation` }, requiredHeaders: [] } },
    };
    const answer = (text: string) => ({ status: 200, headers: new Map(), text });
    expect(checks.problems(documented, request, answer('{"state":"active"}'))).toEqual([]);
    expect(checks.problems(documented, request, answer('{}'))).toEqual([
      "body / must have required property 'state'",
    ]);
  });

  it('reads no body from an answer to HEAD, which carries none (issue 43: Azure API Management, appcenter)', () => {
    const checks = new BadInputChecks({
      sharedSchema: { $id: 'https://example.test/bad-input.json' },
      operations: [],
    });
    const schema = { type: 'object', required: ['code'] };
    const documented = (method: string) => ({
      ...operation([]),
      method,
      responses: { '400': { schema, requiredHeaders: [] } },
    });
    const answer = { status: 400, headers: new Map(), text: '' };
    expect(checks.problems(documented('head'), request, answer)).toEqual([]);
    expect(checks.problems(documented('get'), request, answer)).toEqual(['the body is not JSON']);
  });

  it("is the spec's gap: a 404 to a hostile value in the header that picks the operation (AWS's X-Amz-Target)", () => {
    const picked = {
      ...operation(['200', '400']),
      matchHeader: ['X-Amz-Target', 'Svc.Get'] as [string, string],
    };
    const answer = { status: 404, headers: new Map(), text: '{}' };
    const hostile = { ...request, headers: [['x-amz-target', 'A'.repeat(5000)]] as Array<[string, string]> };
    expect(findingOf(picked, hostile, answer, ['status 404 is not documented']).class).toBe('spec');
    expect(findingOf(picked, request, answer, ['status 404 is not documented']).class).toBe('target');
  });

  it("is the target's when the answer breaks more than its status", () => {
    expect(
      classOf(['200', '404'], 415, ['status 415 is not documented', 'echoes 300+ characters of the input']),
    ).toBe('target');
  });
});

describe('the Accept header of hostile requests', () => {
  it("asks for the operation's own media types when it answers no JSON, and JSON otherwise", async () => {
    const dir = scratch.make('bad-input-accept-');
    const spec = path.join(dir, 'spec.json');
    const answers = (type: string) => ({
      responses: { '200': { description: 'ok', content: { [type]: { schema: { type: 'string' } } } } },
    });
    writeFileSync(
      spec,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Accept', version: '1' },
        paths: {
          '/report': { get: { operationId: 'getReport', ...answers('application/pdf') } },
          '/thing': { get: { operationId: 'getThing', ...answers('application/json') } },
        },
      }),
    );
    const [json] = emitBadInput(buildIr(await loadDocument(spec)));
    const operations = (JSON.parse(json.content) as BadInputCases).operations;
    expect(operations.find((found) => found.id === 'getReport')?.accept).toBe(
      'application/pdf, application/json;q=0.9',
    );
    expect(operations.find((found) => found.id === 'getThing')?.accept).toBeUndefined();
  });

  it("carry the header an AWS-style template names (/#X-Amz-Target=…), or no route is the target's", async () => {
    const dir = scratch.make('bad-input-match-');
    const spec = path.join(dir, 'spec.json');
    writeFileSync(
      spec,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Targets', version: '1' },
        paths: {
          '/#X-Amz-Target=Svc.ListThings': {
            post: { operationId: 'listThings', responses: { '200': { description: 'ok' } } },
          },
        },
      }),
    );
    const [json] = emitBadInput(buildIr(await loadDocument(spec)));
    const [operation] = (JSON.parse(json.content) as BadInputCases).operations;
    expect(operation.matchHeader).toEqual(['X-Amz-Target', 'Svc.ListThings']);
    expect(operation.path).toBe('/');
  });
});

/**
 * A config's `exclude` as a project uses it: a spec that cannot be generated whole (two GET paths
 * that differ only in a parameter's name, as Trello's public spec has) generates once one of them is
 * left out, every output without it; check:generated agrees; an entry that names no operation is
 * the config's mistake, at its line. Starts: `contract-kit generate` and `check:generated` in a
 * temporary project.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { digestOf } from '../../../generators/core/load.js';
import { contractKitArgs } from '../../../scripts/lib/processes.js';

const project = mkdtempSync(path.join(tmpdir(), 'exclude-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

const ok = { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'object' } } } } };
const card = (operationId: string, name: string) => ({
  get: {
    operationId,
    parameters: [
      { name: 'idBoard', in: 'path', required: true, schema: { type: 'string' } },
      { name, in: 'path', required: true, schema: { type: 'string' } },
    ],
    responses: ok,
  },
});
writeFileSync(
  path.join(project, 'api.json'),
  JSON.stringify(
    {
      openapi: '3.1.0',
      info: { title: 'Boards', version: '1.0.0' },
      servers: [{ url: 'https://api.example.com' }],
      paths: {
        '/boards/{idBoard}/cards/{idCard}': card('getCard', 'idCard'),
        '/boards/{idBoard}/cards/{filter}': card('getCardsByFilter', 'filter'),
        '/boards': {
          get: { operationId: 'listBoards', responses: ok },
          post: { operationId: 'createBoard', responses: ok },
        },
        '/members': { get: { operationId: 'listMembers', responses: ok } },
      },
    },
    null,
    2,
  ),
);

function configure(exclude: string[]): void {
  const lines = [
    '{',
    '  "documents": [',
    '    {',
    '      "spec": "api.json",',
    '      "output": "generated",',
    // Released as it is: the changelog must not list what is left out as removed.
    '      "released": "api.json",',
    '      "plugins": ["types", "contract-document", "client", "contract-tests"],',
    '      "exclude": [',
    exclude.map((entry) => `        ${JSON.stringify(entry)}`).join(',\n'),
    '      ]',
    '    }',
    '  ]',
    '}',
  ];
  writeFileSync(path.join(project, 'contract-kit.config.json'), `${lines.join('\n')}\n`);
}

function contractKit(command: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, contractKitArgs(command), {
      cwd: project,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const read = (file: string) => readFileSync(path.join(project, 'generated', file), 'utf8');

describe("a document's exclude", () => {
  it('generates a spec once its ambiguous operation is left out, every output without it, and check:generated agrees', async () => {
    configure([]);
    const whole = await contractKit('generate');
    expect(whole.code).toBe(1);
    expect(whole.stderr).toContain("differ only in their parameters' names");

    configure(['GET /boards/{idBoard}/cards/{filter}', 'createBoard']);
    const left = await contractKit('generate');
    expect(left.stderr).toBe('');
    expect(left.code).toBe(0);
    const contract = JSON.parse(read('openapi/openapi.json')) as {
      paths: Record<string, unknown>;
      'x-generated'?: string;
    };
    expect(Object.keys(contract.paths).sort()).toEqual([
      '/boards',
      '/boards/{idBoard}/cards/{idCard}',
      '/members',
    ]);
    expect(read('types/openapi.ts')).not.toContain('{filter}');
    // The client's methods: the one left out has none.
    const boards = read('client/src/resources/boards.ts');
    expect(boards).toContain('Models.ListBoardsResponse');
    expect(boards).toContain('Models.GetCardResponse');
    expect(read('client/src/models.ts')).not.toContain('GetCardsByFilter');
    // The suites never send a method the API has on a path where one was left out, nor expect it
    // missing from Allow (on /boards/{idBoard}/cards/{idCard} too: the same template): elsewhere they do.
    const suite = read('contract-tests/api.contract.test.ts');
    expect(suite).not.toMatch(/'\/boards: [A-Z, ]+ get 405|'\/boards: OPTIONS/);
    expect(suite).not.toMatch(/'\/boards\/\{idBoard\}\/cards\/\{idCard\}: [A-Z, ]+ get 405/);
    expect(suite).toContain("'/members: PUT, POST, DELETE, PATCH get 405 with Allow: GET'");
    // The release the changelog compares with leaves it out too: nothing was removed.
    expect(read('client/CHANGELOG.md')).toContain('\nNo changes.\n');
    // The digest every output records is the contract's, the document without it.
    const recorded = JSON.parse(read('provenance.json')) as { spec_digest: string; excluded: string[] };
    expect(left.stdout).toMatch(/^exclude\s+\d+ ms \(2 operation\(s\) left out, as the config says\)$/m);
    expect(recorded.excluded).toEqual(['GET /boards/{idBoard}/cards/{filter}', 'POST /boards']);
    const { 'x-generated': _header, ...document } = contract;
    expect(recorded.spec_digest).toBe(digestOf(document));

    const checked = await contractKit('check:generated');
    expect(checked.stderr).toBe('');
    expect(checked.code).toBe(0);
  }, 120_000);

  it("refuses an entry that names no operation at the config's line, and one that leaves out everything, exit 2", async () => {
    configure(['GET /boards/{idBoard}/cards/{filter}', 'DELETE /boards']);
    const typo = await contractKit('generate');
    expect(typo.code).toBe(2);
    expect(typo.stderr.trim()).toBe(
      `error: ${path.join(project, 'contract-kit.config.json')}:10: documents[0].exclude[1]: "DELETE /boards" names no operation of api.json`,
    );
    // A pattern that matches too much: every output would be empty and every check green.
    configure(['/*']);
    const everything = await contractKit('generate');
    expect(everything.code).toBe(2);
    expect(everything.stderr.trim()).toBe(
      `error: ${path.join(project, 'contract-kit.config.json')}:9: documents[0].exclude: leaves out every operation of api.json (5): nothing would be generated or tested`,
    );
  }, 60_000);
});

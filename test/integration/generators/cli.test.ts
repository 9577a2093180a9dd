/**
 * `npm run generate` as a designer meets it: one timed line per step, warnings for what it
 * cannot represent, and on a bad document an error naming file, JSON pointer and reason.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractKitArgs } from '../../../scripts/lib/processes.js';

let out: string;
beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), 'cli-'));
});
afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

/** The CLI's output as a terminal shows it: stdout and stderr in one stream, in the order written. */
function generateInterleaved(...args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      'sh',
      ['-c', '"$0" "$@" 2>&1', process.execPath, ...contractKitArgs('generate', ...args)],
      (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout }),
    );
  });
}

function generate(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, contractKitArgs('generate', ...args), (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('generate CLI', () => {
  it('prints one line per step with its time and writes into --out', async () => {
    const result = await generate('--spec', 'test/fixtures/split/openapi.yaml', '--out', out, '--skip-sdks');
    expect(result.code).toBe(0);
    for (const step of [
      'load + bundle',
      'build IR',
      'emit types',
      'emit client',
      'emit server',
      'emit contract-tests',
      'emit mock-document',
      'emit python',
      'write',
    ]) {
      expect(result.stdout).toMatch(new RegExp(`^${step.replace(/[+]/g, '\\+')}\\s+\\d+ ms`, 'm'));
    }
    expect(result.stdout).toContain('2 file(s)'); // the root and the file its $ref points into
    const models = await readFile(path.join(out, 'client/src/schema.ts'), 'utf8');
    expect(models).toMatch(/text: string/);
    const header = (await readFile(path.join(out, 'client/src/client.ts'), 'utf8'))
      .split('\n')
      .slice(0, 2)
      .join('\n');
    expect(header).toContain(`npm run generate -- --spec test/fixtures/split/openapi.yaml --out ${out}`);
  });

  it.each(['test/fixtures/specs/widgets-3.0.yaml', 'test/fixtures/specs/media-3.1.yaml'])(
    'generates %s, binary, multipart, form, SSE and styled parameters included, with no degradation warning',
    async (spec) => {
      // Before issue 21 the widgets' octet-stream upload printed "python: request body application/octet-stream is not JSON".
      const result = await generate('--spec', spec, '--out', out);
      expect(result.code).toBe(0);
      expect(result.stderr).not.toMatch(/not JSON|not sent|plain value|typed unknown/);
    },
  );

  it('prints a warning at many places at its first three and counts the rest; --all-warnings prints every one', async () => {
    // Five operations that each list the apiKey scheme's query parameter, which the SDKs send themselves.
    const key = { name: 'key', in: 'query', schema: { type: 'string' } };
    const paths = Object.fromEntries(
      ['a', 'b', 'c', 'd', 'e'].map((name) => [
        `/${name}`,
        { get: { operationId: name, parameters: [key], responses: { '200': { description: 'OK' } } } },
      ]),
    );
    const spec = path.join(out, 'keyed.json');
    await writeFile(
      spec,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Keyed', version: '1' },
        components: { securitySchemes: { key: { type: 'apiKey', in: 'query', name: 'key' } } },
        security: [{ key: [] }],
        paths,
      }),
    );
    const warned = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('warning: '));
    const grouped = await generate('--spec', spec, '--out', path.join(out, 'keyed'), '--dry-run');
    expect(grouped.code).toBe(0);
    expect(warned(grouped.stderr)).toEqual([
      ...['a', 'b', 'c'].map((name) =>
        expect.stringMatching(
          new RegExp(
            `^warning: \\S+keyed\\.json#/paths/~1${name}/get/parameters/0: query parameter "key" is left out`,
          ),
        ),
      ),
      'warning: … the same at 2 more places (`generate --all-warnings` lists every one)',
    ]);
    const every = await generate(
      '--spec',
      spec,
      '--out',
      path.join(out, 'keyed'),
      '--dry-run',
      '--all-warnings',
    );
    expect(warned(every.stderr)).toHaveLength(5);
  });

  it.each([
    {
      given: 'a missing file',
      spec: 'test/fixtures/bad/nope.yaml',
      want: /^error: test\/fixtures\/bad\/nope\.yaml:1:1: cannot read the file \(ENOENT\)$/m,
    },
    {
      given: 'YAML that does not parse',
      spec: 'test/fixtures/bad/broken.yaml',
      want: /^error: test\/fixtures\/bad\/broken\.yaml:7:1: YAML does not parse: .+/m,
    },
    {
      given: 'a Swagger 2.0 document',
      spec: 'test/fixtures/bad/swagger2.yaml',
      want: /^error: test\/fixtures\/bad\/swagger2\.yaml:1:1: expected OpenAPI 3\.0\.x or 3\.1\.x, found Swagger 2\.0 \(at #\/openapi\)$/m,
    },
    {
      given: 'a $ref to a file that does not exist',
      spec: 'test/fixtures/bad/dangling-ref.yaml',
      want: /^error: test\/fixtures\/bad\/dangling-ref\.yaml:11:23: '\.\/missing\.yaml#\/Thing' does not exist \(at #\/paths\/~1things\/get\/responses\/200\/content\/application~1json\/schema\)$/m,
    },
    {
      given: 'a $ref to a file that does not parse',
      spec: 'test/fixtures/bad/unparsable-ref.yaml',
      // Where that file stops parsing (Redocly placed it at 1:1).
      want: /^error: test\/fixtures\/bad\/unparsable-ref-schemas\.yaml:5:5: YAML does not parse: .+$/m,
    },
    {
      given: 'a local $ref whose target does not exist',
      spec: 'test/fixtures/bad/dangling-local-ref.yaml',
      want: /^error: test\/fixtures\/bad\/dangling-local-ref\.yaml:11:31: '#\/components\/schemas\/ConsentRecord' does not exist \(at #\/paths\/.+\/schema\/\$ref\)$/m,
    },
  ])('exits 1 on $given with file:line:col, what is wrong and the pointer', async ({ spec, want }) => {
    const result = await generate('--spec', spec, '--out', out);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(want);
    expect(result.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
  });

  it('exits 1 when an emitter fails (openapi-typescript refuses a duplicate operationId), its error the last line, after every step has reported', async () => {
    const result = await generateInterleaved(
      '--spec',
      'test/fixtures/bad/duplicate-operation-id.yaml',
      '--out',
      out,
      '--dry-run',
    );
    expect(result.code).toBe(1);
    const lines = result.output.trimEnd().split('\n');
    // file:line:col, the emitter, its reason and the pointer it names, like the loader's errors.
    expect(lines.at(-1)).toMatch(
      /^error: test\/fixtures\/bad\/duplicate-operation-id\.yaml:\d+:\d+: types: Every operation must have a unique `operationId`\. \(at #\/paths\/~1b\/get[^)]*\)$/,
    );
    for (const step of ['emit contract-document', 'emit mock-document', 'emit python'])
      expect(result.output).toContain(step);
  });

  it('prints its usage on --help; an unknown option is one line and the usage, exit 2, no stack trace', async () => {
    const help = await generate('--help');
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^usage: contract-kit generate /);
    const unknown = await generate('--bogus');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.split('\n')[0]).toMatch(/^generate: Unknown option '--bogus'/);
    expect(unknown.stderr).not.toMatch(/^\s+at /m);
  });

  it("refuses another document without --out, or into a listed document's folder, before writing anything", async () => {
    // Before: the default --out was generated/, and a foreign spec replaced the service's client and removed its files.
    const before = await readFile('generated/client/package.json', 'utf8');
    const noOut = await generate('--spec', 'test/fixtures/split/openapi.yaml');
    expect(noOut.code).toBe(2);
    expect(noOut.stderr.split('\n')[0]).toBe(
      "generate: --spec test/fixtures/split/openapi.yaml needs --out DIR: the default, generated/, holds spec/openapi.yaml's output.",
    );
    const intoDashboard = await generate(
      '--spec',
      'test/fixtures/split/openapi.yaml',
      '--out',
      'generated/dashboard/',
    );
    expect(intoDashboard.code).toBe(2);
    expect(intoDashboard.stderr.split('\n')[0]).toBe(
      "generate: generated/dashboard/ holds spec/dashboard.yaml's output; write test/fixtures/split/openapi.yaml into another folder.",
    );
    // A folder inside a listed output (the service imports generated/types): the writer would remove what it did not make there.
    const intoTypes = await generate(
      '--spec',
      'test/fixtures/split/openapi.yaml',
      '--out',
      'generated/types',
    );
    expect(intoTypes.code).toBe(2);
    expect(intoTypes.stderr.split('\n')[0]).toBe(
      "generate: generated/ holds spec/openapi.yaml's output; write test/fixtures/split/openapi.yaml into another folder.",
    );
    expect(`${noOut.stdout}${intoDashboard.stdout}${intoTypes.stdout}`).toBe('');
    expect(await readFile('generated/client/package.json', 'utf8')).toBe(before);
  });
});

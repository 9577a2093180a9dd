/**
 * `npm run check:roundtrip` (issue 21): the generated client against the generated server stubs,
 * every operation both ways. The media fixture (every media type and parameter style) round-trips
 * 100 %, as do our two specs and the public specs; planted bugs on either side turn the operation
 * they break red, naming the parameter or part, what was sent and what arrived; the command
 * prints one line per operation and the summary line, and exits 1 on a failure.
 *
 * The fixture runs three callers (TypeScript, Python, and the MCP server's tools), the real specs
 * both SDKs; the planted bugs run the leg where those bugs live, on the one operation each breaks.
 * GitHub's spec runs as a fixed sample of 150 operations (scripts/lib/spec-sample.ts); all 1,2xx of
 * them: `npm run bench -- scale`. The round trips run in this process (Python's driver in one of its
 * own per SDK); the command runs five times as a process (`contract-kit check:roundtrip`), side by side.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runRoundtrip } from '../../../scripts/lib/roundtrip/run.js';
import { contractKitArgs } from '../../../scripts/lib/processes.js';
import { PUBLIC_SPECS } from '../../../scripts/lib/public-specs.js';

const FIXTURE = 'test/fixtures/specs/media-3.1.yaml';

async function replaceIn(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} does not contain ${from}`);
  await writeFile(file, text.split(from).join(to));
}

describe('the round trip on the media fixture', () => {
  it('passes every operation, over many drawn values', async () => {
    const lines: string[] = [];
    const result = await runRoundtrip({
      spec: FIXTURE,
      languages: ['ts', 'python', 'mcp'],
      runs: 12,
      log: (line) => lines.push(line),
    });
    expect(
      result.outcomes
        .filter((outcome) => !outcome.ok)
        .map((outcome) => `${outcome.label}: ${outcome.problems.join(' | ')}`),
    ).toEqual([]);
    expect(result.operations).toBe(30);
    expect(lines.at(-1)).toBe('roundtrip: 30/30 operations, typescript 30/30, python 30/30, mcp 30/30');
  }, 300_000);

  it('turns red when the MCP server uploads the base64 text of a file instead of its bytes, naming the part', async () => {
    const result = await runRoundtrip({
      spec: FIXTURE,
      languages: ['mcp'],
      runs: 3,
      only: /^uploadDocument$/,
      afterGenerate: (outDir) =>
        replaceIn(
          path.join(outDir, 'mcp/src/core/calls.ts'),
          "Buffer.from(file.base64, 'base64')",
          'Buffer.from(file.base64)',
        ),
    });
    const outcome = result.outcomes.find((each) => each.operationId === 'uploadDocument')!;
    expect(outcome.ok).toBe(false);
    expect(outcome.problems.join(' | ')).toMatch(
      /server decoded body\.\w+(\[\d+\])?\.\$file\.bytes: sent "[^"]*", got "/,
    );
  }, 300_000);

  it.each([
    {
      bug: 'the client joins pipeDelimited values with commas',
      file: 'client/src/core/serialize.ts',
      from: "style === 'pipeDelimited'\n        ? ['|', '|']",
      to: "style === 'pipeDelimited'\n        ? [',', '|']",
      operation: 'queryDelimited',
      // Either the stub refuses what it cannot split, naming the parameter, or it splits it wrong.
      says: /pipedObj must be key,value pairs|server decoded query\.piped(Obj)?(\[\d+\]|\.\w+)?: sent .+, got /,
    },
    {
      bug: 'the stub drops the last NDJSON record',
      file: 'server/core/replies.ts',
      from: 'const stream = eventStream(result, (item) => `${JSON.stringify(item)}\\n`, undefined);',
      to: 'const stream = eventStream((Array.isArray(result) ? result.slice(0, -1) : result) as Iterable<unknown>, (item) => `${JSON.stringify(item)}\\n`, undefined);',
      operation: 'exportRecordsJsonl',
      says: /client returned \$records: sent \d+ items .*, got \d+/,
    },
    {
      bug: 'the client trims multipart text',
      file: 'client/src/core/multipart.ts',
      from: 'content: primitiveText(value) };',
      to: 'content: primitiveText(value).trim() };',
      operation: 'uploadDocument',
      says: /server decoded body\.(title|tags\[\d+\]): sent .+, got /,
    },
    {
      bug: 'the stub does not percent-decode cookies',
      file: 'server/core/param-decoding.ts',
      from: "const dec = (text: string) => decode(text, spec.name, false);\n    if (spec.shape === 'object' && spec.explode && !spec.json) {\n      const object",
      to: "const dec = (text: string) => text;\n    if (spec.shape === 'object' && spec.explode && !spec.json) {\n      const object",
      operation: 'cookieParams',
      // Either the stub hands the handler the still-encoded value, or its validation refuses it (longer encoded than allowed), naming the cookie.
      says: /server decoded cookie\.\S+: sent .+, got |400 invalid_request: tags\[\d+\] must NOT have more than 20 characters/,
    },
    {
      bug: 'the client loses the event type of server-sent events',
      file: 'client/src/core/sse.ts',
      from: '...(this.#event ? { event: this.#event } : {}),\n',
      to: '',
      operation: 'streamEvents',
      says: /client returned \$events\[\d+\]\.event: sent "[^"]*", got undefined/,
    },
  ])(
    'turns red when $bug, naming where',
    async ({ file, from, to, operation, says }) => {
      // Only the operation the bug breaks runs, over more drawn values than the whole fixture's 12
      // (48 calls, not 360): a bug seen on some values only (text with white space at an end) is
      // still found.
      const result = await runRoundtrip({
        spec: FIXTURE,
        languages: ['ts'],
        runs: 48,
        only: new RegExp(`^${operation}$`),
        afterGenerate: (outDir) => replaceIn(path.join(outDir, file), from, to),
      });
      const failed = result.outcomes.filter((outcome) => !outcome.ok);
      expect(failed.map((outcome) => outcome.operationId)).toEqual([operation]);
      expect(failed[0].problems.join(' | ')).toMatch(says);
      expect(result.summary).toBe('roundtrip: 0/1 operations, typescript 0/1');
      expect(result.passed).toBe(0);
    },
    300_000,
  );
});

describe('the round trip on values nested inside a style (AWS query-protocol parameters)', () => {
  it('passes every operation in TypeScript, Python and the MCP server', async () => {
    const result = await runRoundtrip({
      spec: 'test/fixtures/specs/nested-query-3.1.yaml',
      languages: ['ts', 'python', 'mcp'],
      runs: 8,
    });
    expect(
      result.outcomes
        .filter((outcome) => !outcome.ok)
        .map((outcome) => `${outcome.label}: ${outcome.problems.join(' | ')}`),
    ).toEqual([]);
    expect(result.summary).toBe('roundtrip: 2/2 operations, typescript 2/2, python 2/2, mcp 2/2');
  }, 300_000);
});

describe('the round trip on real specs', () => {
  it.each([
    { title: 'Assessment Service (spec/openapi.yaml)', spec: 'spec/openapi.yaml', minOperations: 1 },
    { title: 'Dashboard (spec/dashboard.yaml)', spec: 'spec/dashboard.yaml', minOperations: 1 },
    ...PUBLIC_SPECS.filter((entry) => entry.slug !== 'github'),
  ])(
    '$title: every operation round-trips in both languages',
    async ({ spec }) => {
      const result = await runRoundtrip({ spec, languages: ['ts', 'python'], runs: 3 });
      expect(
        result.outcomes
          .filter((outcome) => !outcome.ok)
          .map((outcome) => `${outcome.label}: ${outcome.problems.join(' | ')}`),
      ).toEqual([]);
      expect(result.passed).toBe(result.operations);
    },
    300_000,
  );

  it("GitHub's REST API (a fixed sample of 150 operations): every operation round-trips in both languages", async () => {
    const spec = PUBLIC_SPECS.find((entry) => entry.slug === 'github')!.spec;
    const result = await runRoundtrip({ spec, languages: ['ts', 'python'], runs: 1 });
    expect(result.operations).toBe(150);
    expect(
      result.outcomes
        .filter((outcome) => !outcome.ok)
        .map((outcome) => `${outcome.label}: ${outcome.problems.join(' | ')}`)
        .slice(0, 20),
    ).toEqual([]);
  }, 1_200_000);
});

// Each case is a process of its own, so they run side by side.
describe.concurrent('npm run check:roundtrip', () => {
  const run = (args: string[], cwd?: string) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile(
        process.execPath,
        contractKitArgs('check:roundtrip', ...args),
        { maxBuffer: 64 * 1024 * 1024, cwd },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      ),
    );

  it('prints one line per operation and language, then the summary, and exits 0 when all pass', async () => {
    const result = await run(['--spec', 'test/fixtures/specs/widgets-3.0.yaml', '--lang', 'ts']);
    const lines = result.stdout.trim().split('\n');
    expect(
      lines.slice(0, -1).every((line) => /^✓ typescript \S+ \((GET|POST|PUT|PATCH|DELETE) \S+\)$/.test(line)),
    ).toBe(true);
    expect(lines.at(-1)).toBe('roundtrip: 6/6 operations, typescript 6/6');
    expect(result.code).toBe(0);
  }, 120_000);

  it('says once why an operation was not run (no value satisfies an allOf of a string and an integer), not as each SDK failing, and exits 1', async () => {
    const result = await run([
      '--spec',
      'node_modules/@readme/oas-examples/3.1/yaml/schema-types.yaml',
      '--lang',
      'ts,python',
      '--only',
      '^quirks_',
    ]);
    const lines = result.stdout.trim().split('\n');
    expect(lines.filter((line) => line.startsWith('– ')).map((line) => line.split(' ')[1])).toEqual([
      'quirks_entirelyIncompatibleAllOf',
      'quirks_partiallyUsableIncompatibleAllOf',
    ]);
    expect(lines.filter((line) => line.startsWith('✗'))).toEqual([]);
    expect(lines.filter((line) => line.startsWith('✓'))).toHaveLength(4);
    expect(lines.at(-1)).toBe(
      'roundtrip: 2/4 operations, typescript 2/2, python 2/2; 2 not run (no value could be drawn from their schemas)',
    );
    expect(result.stderr).not.toContain('unknown format');
    expect(result.code).toBe(1);
  }, 180_000);

  it('exits 2 without --spec where no config names a document, or with an unknown language; 1 on a spec it cannot generate', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'roundtrip-no-config-'));
    const [noSpec, unknown, bad] = await Promise.all([
      run([], empty),
      run(['--spec', FIXTURE, '--lang', 'cobol']),
      run(['--spec', 'test/fixtures/bad/broken.yaml']),
    ]).finally(() => rm(empty, { recursive: true, force: true }));
    expect(noSpec.code).toBe(2);
    expect(noSpec.stderr).toMatch(
      /^check:roundtrip: .*: config: no contract-kit\.config\.ts, .* \(`contract-kit init` writes one\)$/m,
    );
    expect([unknown.code, unknown.stderr.trim()]).toEqual([
      2,
      'check:roundtrip: unknown language "cobol" (known: ts, typescript, py, python, mcp)',
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(
      /^check:roundtrip: test\/fixtures\/bad\/broken\.yaml:7:1: YAML does not parse/,
    );
  }, 120_000);
});

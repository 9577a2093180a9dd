/**
 * The small commands a spec's author runs (`npm run docs`, `lint`, `migrate`, each started with
 * tsx): an option they do not take is refused in one line with the usage, exit 2, instead of being
 * ignored while they do their default work; `npm run docs -- --spec` renders a spec nobody here
 * wrote (Train Travel, from the public-spec corpus).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startProcess, tsxArgs } from '../../../scripts/lib/processes.js';

const folder = mkdtempSync(path.join(tmpdir(), 'cli-options-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function run(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; output: string }> {
  const running = startProcess(process.execPath, tsxArgs(script, ...args), { env });
  const code = await new Promise<number | null>((resolve) => running.child.once('exit', resolve));
  return { code, output: running.output() };
}

describe('options a command does not take', () => {
  it.each([
    ['scripts/docs.ts', 'docs'],
    ['scripts/lint.ts', 'lint'],
  ])(
    '%s refuses --bogus in one line with its usage, exit 2',
    async (script, name) => {
      const { code, output } = await run(script, ['--bogus']);
      expect(code).toBe(2);
      expect(output.split('\n')[0]).toMatch(new RegExp(`^${name}: Unknown option '--bogus'\\.?$`));
      expect(output).toContain(`usage: npm run ${name}`);
    },
    60_000,
  );

  it('migrate refuses any argument before it opens the database', async () => {
    const database = path.join(folder, 'never.db');
    const { code, output } = await run('service/migrate-cli.ts', ['--bogus'], { DATABASE_PATH: database });
    expect(code).toBe(2);
    expect(output.split('\n')[0]).toBe('migrate: unexpected --bogus');
    expect(() => readFileSync(database)).toThrow(/ENOENT/);
  }, 60_000);
});

it('npm run docs -- --spec renders a public spec to the file given, titled by its info.title', async () => {
  const out = path.join(folder, 'train.html');
  const { code, output } = await run('scripts/docs.ts', [
    '--spec',
    'node_modules/@readme/oas-examples/3.1/yaml/train-travel.yaml',
    '--out',
    out,
  ]);
  expect(code, output).toBe(0);
  const html = readFileSync(out, 'utf8');
  expect(html).toMatch(/<title>Train Travel API reference<\/title>/);
  expect(html).toContain('Get a list of train stations');
}, 120_000);

describe('lint in CI', () => {
  // A spec with warnings and no error, under the default rulesets (a folder without .spectral.yaml).
  const spec = path.join(folder, 'warned.yaml');
  writeFileSync(
    spec,
    'openapi: 3.1.0\ninfo: {title: Warned, version: "1"}\nservers: [{url: "https://api.example.com"}]\nsecurity: []\npaths:\n  /a:\n    get:\n      summary: A\n      responses:\n        "200": {description: OK}\n',
  );
  const lint = (args: string[], env: NodeJS.ProcessEnv = {}) => {
    const running = startProcess(process.execPath, tsxArgs(path.resolve('scripts/lint.ts'), ...args, spec), {
      env,
      cwd: folder,
    });
    return new Promise<{ code: number | null; output: string }>((resolve) =>
      running.child.once('exit', (code) => resolve({ code, output: running.output() })),
    );
  };

  it('prints the findings as JSON, annotates each on GitHub Actions, and fails on warnings when asked', async () => {
    const [json, annotated, strict] = await Promise.all([
      lint(['--format', 'json']),
      lint([], { GITHUB_ACTIONS: 'true' }),
      lint(['--fail-on', 'warning']),
    ]);
    const report = JSON.parse(json.output) as {
      errors: number;
      warnings: number;
      failed: boolean;
      findings: Array<{ file: string; line: number; rule: string }>;
    };
    expect(report.errors).toBe(0);
    expect(report.warnings).toBeGreaterThan(0);
    expect(report.failed).toBe(false);
    expect(json.code).toBe(0);
    const annotations = annotated.output.split('\n').filter((line) => line.startsWith('::'));
    expect(annotations).toHaveLength(report.findings.length);
    const first = report.findings[0]!;
    expect(annotations[0]!.startsWith(`::warning file=${first.file},line=${first.line},col=`)).toBe(true);
    expect(annotations[0]).toMatch(/,title=lint (spectral|redocly)%3A [\w.-]+::\S/);
    expect(annotated.code).toBe(0);
    expect(strict.code).toBe(1);
  }, 120_000);
});

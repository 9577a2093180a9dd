/**
 * A spec that already has lint errors, as a project adopting one it does not own has: `init`
 * accepts them in lint-baseline.json, so the workflow it wrote is not red from the first run;
 * `lint` then fails on new findings only, says how many it accepted and which of them are gone;
 * `--ignore-baseline` and `--update-baseline` do what they say; `dev`'s first lint shows what the
 * baseline does not accept. Starts: `contract-kit init`, `contract-kit lint`
 * and `contract-kit dev` in a temporary project.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contractKitArgs } from '../../../scripts/lib/processes.js';

const project = mkdtempSync(path.join(tmpdir(), 'lint-baseline-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

/** A spec with lint errors of its own: no servers, and a path parameter no operation declares. */
const spec = (paths: string[]) =>
  [
    'openapi: 3.1.0',
    'info: { title: Things, version: 1.0.0 }',
    'paths:',
    ...paths.flatMap((template) => [
      `  ${template}:`,
      '    get:',
      `      operationId: get${template.replace(/\W/g, '')}`,
      "      responses: { '200': { description: OK } }",
    ]),
    '',
  ].join('\n');
const write = (file: string, text: string) => writeFileSync(path.join(project, file), text);

function contractKit(command: string, ...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, contractKitArgs(command, ...args), {
      cwd: project,
      env: { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: '' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('a lint baseline', () => {
  it('init accepts the errors a spec already has, and lint then passes on it', async () => {
    write('openapi.yaml', spec(['/things/{id}']));
    const init = await contractKit('init', '--spec', 'openapi.yaml');
    expect(init.code, init.output).toBe(0);
    expect(init.output).toMatch(
      /^init: wrote lint-baseline\.json: the (\d+) finding\(s\) lint has on openapi\.yaml as it is \([1-9]\d* error\(s\)\), accepted, so that lint \(and the workflow\) fails only on new ones/m,
    );
    const accepted = JSON.parse(readFileSync(path.join(project, 'lint-baseline.json'), 'utf8')) as {
      findings: Array<{ rule: string }>;
    };
    expect(accepted.findings.map((finding) => finding.rule)).toEqual(
      expect.arrayContaining(['oas3-api-servers', 'path-params']),
    );
    // The config init wrote imports the installed package, which a temporary folder lacks: the same
    // document in a JSON config.
    rmSync(path.join(project, 'contract-kit.config.ts'));
    write(
      'contract-kit.config.json',
      '{ "documents": [{ "spec": "openapi.yaml", "output": "generated", "plugins": ["types"] }] }\n',
    );

    const lint = await contractKit('lint');
    expect(lint.code, lint.output).toBe(0);
    expect(lint.output).toMatch(
      new RegExp(
        `^lint: 0 error\\(s\\), 0 warning\\(s\\) in openapi\\.yaml; ${accepted.findings.length} more that lint-baseline\\.json accepts \\(--ignore-baseline prints them\\)`,
        'm',
      ),
    );
    const again = await contractKit('init', '--spec', 'openapi.yaml');
    expect(again.output).toContain('init: left alone lint-baseline.json: exists');
  }, 120_000);

  it('fails on a new finding alone, even one of a kind it accepts, and --ignore-baseline prints them all', async () => {
    // A path added above the old one: the old finding moves down a line, the new one is of its kind.
    write('openapi.yaml', spec(['/widgets/{id}', '/things/{id}']));
    const [lint, json, everything] = await Promise.all([
      contractKit('lint'),
      contractKit('lint', '--format', 'json'),
      contractKit('lint', '--ignore-baseline'),
    ]);
    expect(lint.code, lint.output).toBe(1);
    const printed = lint.output.split('\n').filter((line) => line.startsWith('openapi.yaml:'));
    // Only the new operation's findings: among them one whose rule and message the baseline accepts
    // at /things/{id} (one more of a kind is new), and none of the old operation's, which moved.
    expect(printed.length).toBeGreaterThan(1);
    for (const line of printed) expect(line).toMatch(/\(at #\/paths\/~1widgets~1\{id\}\/get[^)]*\)$/);
    expect(printed).toContainEqual(
      expect.stringMatching(/ operation-description Operation "description" must/),
    );
    expect(printed).toContainEqual(expect.stringMatching(/ error path-params /));
    expect(lint.output).toMatch(
      new RegExp(`^lint: [1-9]\\d* error\\(s\\), \\d+ warning\\(s\\) in openapi\\.yaml; \\d+ more that`, 'm'),
    );

    const report = JSON.parse(json.output) as {
      failed: boolean;
      findings: unknown[];
      baseline: { file: string; known: number; gone: number };
    };
    expect(json.code).toBe(1);
    expect(report.findings).toHaveLength(printed.length);
    expect(report.baseline).toMatchObject({ file: 'lint-baseline.json', gone: 0 });
    expect(report.baseline.known).toBeGreaterThan(1);

    // dev's first lint is compared with the baseline too, and prints the same findings.
    const dev = spawn(process.execPath, contractKitArgs('dev'), {
      cwd: project,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    dev.stdout.on('data', (chunk) => (output += chunk));
    dev.stderr.on('data', (chunk) => (output += chunk));
    try {
      for (let waited = 0; !output.includes('does not accept') && waited < 60_000; waited += 100)
        await new Promise((resolve) => setTimeout(resolve, 100));
      // The findings follow their step's line: until the output stops growing.
      for (let length = -1; length !== output.length;) {
        length = output.length;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    } finally {
      dev.kill('SIGINT');
      await new Promise((resolve) => dev.once('close', resolve));
    }
    expect(output).toMatch(
      new RegExp(`^lint +\\d+ ms +.*: ${printed.length} that lint-baseline\\.json does not accept$`, 'm'),
    );
    const devPrinted = output.split('\n').filter((line) => line.startsWith('  openapi.yaml:'));
    expect(devPrinted.map((line) => line.trim())).toEqual(printed);

    expect(everything.code).toBe(1);
    expect(everything.output).toMatch(/path-params .*\(at #\/paths\/~1things~1\{id\}\/get\)$/m);
    expect(everything.output).not.toContain('lint-baseline.json');
  }, 120_000);

  it('--update-baseline accepts what there is now, and lint says which accepted findings are gone', async () => {
    const refused = await contractKit('lint', '--update-baseline', 'openapi.yaml');
    expect(refused.code).toBe(2);
    expect(refused.output.split('\n')[0]).toBe(
      'lint: --update-baseline lints every document the config lists: give it no FILE',
    );
    const update = await contractKit('lint', '--update-baseline');
    expect(update.code, update.output).toBe(0);
    expect(update.output).toMatch(
      /^lint: wrote lint-baseline\.json: \d+ finding\(s\) of openapi\.yaml accepted/m,
    );
    expect((await contractKit('lint')).code).toBe(0);

    // Both paths fixed: their findings are gone from the spec, which passes, and lint says so.
    write('openapi.yaml', spec(['/widgets', '/things']));
    const fixed = await contractKit('lint');
    expect(fixed.code, fixed.output).toBe(0);
    expect(fixed.output).toMatch(/; 2 of its findings no longer occur \(--update-baseline drops them\)/);
  }, 120_000);

  it('refuses a baseline that is not one, naming the file and how to write it again', async () => {
    write('lint-baseline.json', '{ "findings": [');
    const lint = await contractKit('lint');
    expect(lint.code).toBe(2);
    expect(lint.output).toMatch(
      /^lint: lint-baseline\.json does not parse: .*\(`contract-kit lint --update-baseline` writes it again\)$/m,
    );
    expect(existsSync(path.join(project, 'lint-baseline.json'))).toBe(true);
  }, 60_000);
});

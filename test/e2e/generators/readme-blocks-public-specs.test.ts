/**
 * The generated SDK READMEs' code blocks type-check as written, on public specs as well as ours:
 * Train Travel (lists paged by a next link, a list whose page size is no parameter), Scalar Galaxy
 * (offset paging, an integer path parameter, webhooks), the paging fixture (page number and size)
 * and our own generated READMEs. Every ```ts block of the client README compiles with `tsc
 * --strict` (the package name pointed at the generated source); every ```python block of the
 * Python README passes pyright strict. The Python webhook block also runs as written, with no
 * webhook secret in the environment and with one. Running the blocks against servers is elsewhere
 * (test/e2e/readme-examples.test.ts, test/e2e/generators/plugins/python/sdk.test.ts).
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../generators/pipeline.js';
import { generatedPackagesConfig } from '../../support/pyright.js';

const TSC = path.resolve('node_modules/.bin/tsc');
const PYRIGHT = path.resolve('node_modules/.bin/pyright');
const PYTHON = process.env.PYTHON ?? 'python3';

/** Specs generated here; `ours` is the committed output in generated/. */
const SPECS: Record<string, string | undefined> = {
  'train-travel': 'node_modules/@readme/oas-examples/3.1/yaml/train-travel.yaml',
  'scalar-galaxy': 'node_modules/@scalar/galaxy/dist/latest.yaml',
  paging: 'test/fixtures/specs/paging-3.1.yaml',
  ours: undefined,
};

function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<{ code: number; stdout: string; output: string }> {
  return new Promise((resolve) =>
    execFile(command, args, { maxBuffer: 64 * 1024 * 1024, ...options }, (error, stdout, stderr) =>
      resolve({
        code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
        stdout,
        output: `${stdout}${stderr}`,
      }),
    ),
  );
}

function blocksOf(text: string, language: string): Array<{ line: number; code: string }> {
  const lines = text.split('\n');
  const blocks: Array<{ line: number; code: string }> = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (lines[i].trim() !== `\`\`\`${language}`) continue;
    const end = lines.indexOf('```', i + 1);
    blocks.push({ line: i + 1, code: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return blocks;
}

interface Package {
  out: string;
  /** The TypeScript client's package name and the Python package's import name. */
  client: string;
  python: string;
  tsBlocks: Array<{ file: string; where: string }>;
  /** The server stubs' README's blocks, `./generated/` pointed at the output folder. */
  serverBlocks: Array<{ file: string; where: string }>;
  pythonBlocks: Array<{ file: string; where: string; code: string }>;
}

let workDir: string;
const packages: Record<string, Package> = {};
let tsErrors: string[];
let pyErrors: Array<{ file: string; text: string }>;

beforeAll(async () => {
  await mkdir(path.resolve('.cache'), { recursive: true });
  workDir = await mkdtemp(path.resolve('.cache', 'readme-blocks-'));
  for (const [name, spec] of Object.entries(SPECS)) {
    const out = path.join(workDir, name);
    if (spec) await generate({ spec, out, command: 'test', write: true, skip: ['sdks'], log: () => {} });
    else {
      await cp(path.resolve('generated/client'), path.join(out, 'client'), { recursive: true });
      await cp(path.resolve('generated/python'), path.join(out, 'python'), { recursive: true });
      for (const folder of ['server', 'types'])
        await cp(path.resolve('generated', folder), path.join(out, folder), { recursive: true });
    }
    const client = JSON.parse(await readFile(path.join(out, 'client', 'package.json'), 'utf8'))
      .name as string;
    const python = (await readdir(path.join(out, 'python'), { withFileTypes: true })).find(
      (entry) => entry.isDirectory() && /^[a-z_][a-z0-9_]*$/.test(entry.name) && entry.name !== 'tests',
    )!.name;
    const pkg: Package = { out, client, python, tsBlocks: [], serverBlocks: [], pythonBlocks: [] };
    const tsReadme = await readFile(path.join(out, 'client', 'README.md'), 'utf8');
    for (const block of blocksOf(tsReadme, 'ts')) {
      const file = path.join(out, 'readme-ts', `block-${block.line}.mts`);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, block.code);
      pkg.tsBlocks.push({ file, where: `${name} client/README.md:${block.line}` });
    }
    const serverReadme = await readFile(path.join(out, 'server', 'README.md'), 'utf8');
    for (const block of blocksOf(serverReadme, 'ts')) {
      const file = path.join(out, 'readme-server', `block-${block.line}.mts`);
      await mkdir(path.dirname(file), { recursive: true });
      // The README names the output folder `generated/`; here it is `out`.
      await writeFile(file, block.code.replaceAll("'./generated/", "'../"));
      pkg.serverBlocks.push({ file, where: `${name} server/README.md:${block.line}` });
    }
    const pyReadme = await readFile(path.join(out, 'python', 'README.md'), 'utf8');
    for (const block of blocksOf(pyReadme, 'python')) {
      // The media fixture's blocks in our README are checked in media.test.ts.
      if (/\bmedia_fixture\b/.test(block.code)) continue;
      const file = path.join(out, 'python', `readme_block_${block.line}.py`);
      await writeFile(file, block.code);
      pkg.pythonBlocks.push({ file, where: `${name} python/README.md:${block.line}`, code: block.code });
    }
    packages[name] = pkg;
  }

  // One tsc over every block, each package name pointed at its generated source.
  const paths = Object.fromEntries(
    Object.values(packages).map((pkg) => [
      pkg.client,
      [path.relative(workDir, path.join(pkg.out, 'client', 'src', 'index.ts'))],
    ]),
  );
  const compilerOptions = {
    target: 'ES2022',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    module: 'ESNext',
    moduleResolution: 'Bundler',
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
    baseUrl: '.',
    paths,
  };
  const files = Object.values(packages).flatMap((pkg) =>
    [...pkg.tsBlocks, ...pkg.serverBlocks].map((block) => path.relative(workDir, block.file)),
  );
  await writeFile(path.join(workDir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files }));
  // One pyright over every block, one execution environment per package so each resolves its own imports.
  const roots = Object.values(packages).map((pkg) => path.relative(workDir, path.join(pkg.out, 'python')));
  const included = Object.values(packages).flatMap((pkg) =>
    pkg.pythonBlocks.map((block) => path.relative(workDir, block.file)),
  );
  await writeFile(
    path.join(workDir, 'pyrightconfig.json'),
    JSON.stringify(generatedPackagesConfig({ roots, include: included })),
  );

  const [tsc, pyright] = await Promise.all([
    run(TSC, ['-p', path.join(workDir, 'tsconfig.json'), '--pretty', 'false']),
    run(PYRIGHT, ['--outputjson', '-p', workDir]),
  ]);
  tsErrors = tsc.output.split('\n').filter((line) => line.includes('error TS'));
  if (tsc.code !== 0 && tsErrors.length === 0)
    tsErrors = [tsc.output.slice(0, 2000) || `tsc exited ${tsc.code}`];
  const report = JSON.parse(pyright.stdout) as {
    generalDiagnostics: Array<{
      file: string;
      severity: string;
      message: string;
      range: { start: { line: number } };
    }>;
  };
  pyErrors = report.generalDiagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => ({ file: d.file, text: `${path.basename(d.file)}:${d.range.start.line + 1} ${d.message}` }));
}, 300_000);
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('generated README code blocks', () => {
  it.each(Object.keys(SPECS))(
    '%s: every ts block of the client README compiles with tsc --strict',
    (name) => {
      const pkg = packages[name];
      expect(pkg.tsBlocks.length).toBeGreaterThanOrEqual(2);
      const mine = tsErrors.filter(
        (line) =>
          (line.includes(`${path.basename(workDir)}/${name}/`) && !line.includes('/readme-server/')) ||
          !/readme-blocks-[^/]+\/[^/]+\//.test(line),
      );
      expect(
        mine.map((line) => line.replace(/^.*readme-blocks-[^/]+\//, '')),
        pkg.tsBlocks.map((block) => block.where).join(', '),
      ).toEqual([]);
    },
  );

  it.each(Object.keys(SPECS))(
    '%s: the ts block of the server stubs README compiles with tsc --strict, the stubs and fastify as they are',
    (name) => {
      const pkg = packages[name];
      expect(pkg.serverBlocks.length).toBeGreaterThanOrEqual(1);
      const mine = tsErrors.filter((line) =>
        line.includes(`${path.basename(workDir)}/${name}/readme-server/`),
      );
      expect(
        mine.map((line) => line.replace(/^.*readme-blocks-[^/]+\//, '')),
        pkg.serverBlocks.map((block) => block.where).join(', '),
      ).toEqual([]);
    },
  );

  it.each(Object.keys(SPECS))('%s: every python block of the Python README passes pyright strict', (name) => {
    const pkg = packages[name];
    expect(pkg.pythonBlocks.length).toBeGreaterThanOrEqual(3);
    const mine = pyErrors.filter((error) => error.file.startsWith(`${path.join(pkg.out, 'python')}/`));
    expect(mine.map((error) => error.text)).toEqual([]);
  });

  it.each(['train-travel', 'scalar-galaxy'])(
    '%s: the Python webhook block runs as written, with and without a webhook secret set',
    async (name) => {
      const pkg = packages[name];
      const block = pkg.pythonBlocks.find((candidate) => /webhooks\.unwrap/.test(candidate.code));
      expect(block, 'a webhook block').toBeDefined();
      const envPrefix = /webhook_secret_env="([A-Z0-9_]+)_WEBHOOK_SECRET"/.exec(
        await readFile(path.join(pkg.out, 'python', pkg.python, '_client.py'), 'utf8'),
      )![1];
      const base = Object.fromEntries(
        Object.entries(process.env).filter(([key]) => !key.startsWith(`${envPrefix}_`)),
      );
      const env = {
        ...base,
        PYTHONPATH: path.join(pkg.out, 'python'),
        [`${envPrefix}_API_KEY`]: 'readme_example_key',
      };
      const without = await run(PYTHON, ['-B', block!.file], { env });
      expect(without.code, `${block!.where} with no ${envPrefix}_WEBHOOK_SECRET:\n${without.output}`).toBe(0);
      const secret = `whsec_${Buffer.from('readme example secret, 32 bytes!').toString('base64')}`;
      const withSecret = await run(PYTHON, ['-B', block!.file], {
        env: { ...env, [`${envPrefix}_WEBHOOK_SECRET`]: secret },
      });
      expect(withSecret.code, `${block!.where} with ${envPrefix}_WEBHOOK_SECRET:\n${withSecret.output}`).toBe(
        0,
      );
      expect(withSecret.stdout.trim().split('\n').at(-1)).toBe('400'); // the forged delivery, refused
    },
    60_000,
  );
});

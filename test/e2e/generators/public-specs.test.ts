/**
 * Generality: the generators on real public specs installed from npm (and our fixtures): the
 * generated client and server stubs typecheck under strict with zero errors, and the stubs
 * register every operation in Fastify; the hooks package (tanstack-query) and the MCP server
 * package typecheck under their own strict tsconfig, importing the client package by name as their
 * consumers do (ours too, from generated/); the Python SDK imports with python3 -S -E (standard
 * library only) and passes pyright strict with zero errors. One generation per spec serves them all. Real specs find real incompatibilities (GitHub's `meta`
 * resource, nullable bodies, 1,200-route startup) that small fixtures do not.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import Fastify from 'fastify';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../generators/pipeline.js';
import { CONSUMER } from '../../../scripts/lib/corpus/typecheck.js';
import { PUBLIC_SPECS } from '../../../scripts/lib/public-specs.js';
import { generatedPackagesConfig } from '../../support/pyright.js';

const SPECS = PUBLIC_SPECS;
/** The packages generated beside the client that import it by name. */
const CLIENT_CONSUMERS = ['tanstack-query', 'mcp'];

const TSC = path.resolve('node_modules/.bin/tsc');
const PYRIGHT = path.resolve('node_modules/.bin/pyright');
const PYTHON = process.env.PYTHON ?? 'python3';

function run(command: string, args: string[]): Promise<{ code: number; output: string; stdout: string }> {
  return new Promise((resolve) =>
    execFile(command, args, { maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({
        code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
        output: `${stdout}${stderr}`,
        stdout,
      }),
    ),
  );
}

/**
 * Generation of every spec first, then the checks that start a process run side by side: one
 * `tsc -b` over every client project and one over every server project (each project keeps its own
 * tsconfig; one compiler reads the shared type libraries once instead of 18 times), and pyright.
 * The client build writes each client's declarations, and the consumers' build, after it, reads
 * the client from them as a package's consumer does (from its .d.ts, not by checking its source
 * again in each of 20 projects). Each spec's test reads the diagnostics of its own folder.
 */
interface Generated {
  ir: { operations: unknown[] };
  warnings: string[];
  out: string;
  /** Its client's declarations project, and the tsconfigs of its client consumers (CLIENT_CONSUMERS). */
  clientDeclarations: string;
  consumers: string[];
}
const generated: Array<Generated | Error> = [];
type Run = Awaited<ReturnType<typeof run>>;
let typechecks: Promise<{ client: Run; server: Run; consumers: Run }>;
/** Relative to `from`, as a tsconfig names a path ("./x" rather than "x"). */
function relativeTo(from: string, to: string): string {
  const relative = path.relative(from, to);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/**
 * A project written into `into` that checks the client generated in `out` under its own tsconfig
 * and writes its declarations into `into/client-declarations`, as `npm run build` would publish them.
 */
async function clientDeclarationsProject(out: string, into: string): Promise<string> {
  const config = path.join(into, 'tsconfig.client-declarations.json');
  await writeFile(
    config,
    JSON.stringify({
      extends: relativeTo(into, path.join(out, 'client', 'tsconfig.json')),
      compilerOptions: {
        declaration: true,
        emitDeclarationOnly: true,
        outDir: './client-declarations',
        // tsc -b records its state beside the config, never in the package (ours is generated/, committed).
        tsBuildInfoFile: './tsconfig.client-declarations.tsbuildinfo',
      },
      include: [relativeTo(into, path.join(out, 'client', 'src'))],
    }),
  );
  return config;
}

/**
 * Each client consumer's project under its own tsconfig, written into `into`, with the client's
 * package name mapped to the client's declarations there (clientDeclarationsProject).
 */
async function consumerProjects(out: string, into: string): Promise<string[]> {
  const client = JSON.parse(await readFile(path.join(out, 'client', 'package.json'), 'utf8')).name;
  const projects: string[] = [];
  for (const name of CLIENT_CONSUMERS) {
    const config = path.join(into, `tsconfig.${name}.json`);
    await writeFile(
      config,
      JSON.stringify({
        extends: relativeTo(into, path.join(out, name, 'tsconfig.json')),
        compilerOptions: {
          noEmit: true,
          outDir: `./${name}-out`,
          tsBuildInfoFile: `./tsconfig.${name}.tsbuildinfo`,
          rootDir: relativeTo(into, out),
          paths: { [client]: ['./client-declarations/index.d.ts'] },
        },
        include: [relativeTo(into, path.join(out, name, 'src'))],
      }),
    );
    projects.push(config);
  }
  return projects;
}
let pyright: Promise<Awaited<ReturnType<typeof run>>>;
/** The tsconfigs of our spec's client consumers (generated/). */
let ourConsumers: string[] = [];
/** The Python packages generated above, checked by one pyright run. */
const pythonRoots: string[] = [];
let workDir: string;
beforeAll(async () => {
  // Inside the repo, so generated server stubs resolve fastify from its node_modules.
  await mkdir(path.resolve('.cache'), { recursive: true });
  workDir = await mkdtemp(path.resolve('.cache', 'public-specs-'));
  // A consumer's options, as the corpus's typecheck stage sets them.
  const compilerOptions = { ...CONSUMER, types: ['node'] };
  for (const [index, { spec }] of SPECS.entries()) {
    const out = path.join(workDir, String(index));
    try {
      const { ir, warnings } = await generate({
        spec,
        out,
        command: `npm run generate -- --spec ${spec} --out ${out}`,
        write: true,
        include: CLIENT_CONSUMERS,
        log: () => {},
      });
      await writeFile(
        path.join(out, 'tsconfig.server.json'),
        JSON.stringify({ compilerOptions, include: ['server/**/*.ts', 'types/**/*.ts'] }),
      );
      generated[index] = {
        ir,
        warnings,
        out,
        clientDeclarations: await clientDeclarationsProject(out, out),
        consumers: await consumerProjects(out, out),
      };
      const pythonDir = path.join(out, 'python');
      if ((await readdir(pythonDir)).some((name) => !name.includes('.')))
        pythonRoots.push(path.relative(workDir, pythonDir));
    } catch (error) {
      generated[index] = error as Error;
    }
  }
  const built = generated.filter((entry): entry is Generated => !(entry instanceof Error));
  // Ours too: the packages in generated/, with the client there.
  const ours = path.join(workDir, 'assessment-service');
  await mkdir(ours);
  const ourClient = await clientDeclarationsProject(path.resolve('generated'), ours);
  ourConsumers = await consumerProjects(path.resolve('generated'), ours);
  const consumers = [...built.flatMap((entry) => entry.consumers), ...ourConsumers];
  const clientBuild = run(TSC, [
    '-b',
    ...built.map((entry) => entry.clientDeclarations),
    ourClient,
    '--pretty',
    'false',
  ]);
  typechecks = Promise.all([
    clientBuild,
    run(TSC, [
      '-b',
      ...built.map((entry) => path.join(entry.out, 'tsconfig.server.json')),
      '--noEmit',
      '--pretty',
      'false',
    ]),
    // After the clients' declarations are written: the consumers read them.
    clientBuild.then(() => run(TSC, ['-b', ...consumers, '--pretty', 'false', '--verbose'])),
  ]).then(([client, server, consumers]) => ({ client, server, consumers }));
  // One run, one execution environment per package, so each resolves its own imports.
  // The runtime each package carries is checked in python/sdk.test.ts (test/support/pyright.ts).
  const config = generatedPackagesConfig({ roots: pythonRoots });
  await writeFile(path.join(workDir, 'pyrightconfig.json'), JSON.stringify(config));
  pyright = run(PYRIGHT, ['--outputjson', '-p', workDir]);
  // Both are awaited by the tests; settled here too, so a failure is never an unhandled rejection.
  void typechecks.catch(() => undefined);
  void pyright.catch(() => undefined);
}, 600_000);
afterAll(async () => {
  await Promise.allSettled([typechecks, pyright]);
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** The `error TS` lines of a `tsc -b` run that belong to one spec's folder, and those of no folder (they count for every spec). */
function tscErrors(result: { code: number; output: string }, out: string): string[] {
  const lines = result.output.split('\n').filter((line) => line.includes('error TS'));
  const folder = `${path.relative(process.cwd(), out)}/`;
  const anyFolder = /public-specs-[^/]+\/\d+\//;
  const mine = lines.filter(
    (line) => line.includes(folder) || line.includes(`${out}/`) || !anyFolder.test(line),
  );
  // A failed run that printed no error at all (tsc crashed) fails every spec, with its output.
  if (result.code !== 0 && lines.length === 0)
    return [result.output.slice(0, 2000) || `tsc exited ${result.code} without output`];
  return mine;
}

describe('generation for public specs', () => {
  it.each(SPECS.map((entry, index) => ({ ...entry, index })))(
    '$title: client and server stubs typecheck, and every route registers',
    async ({ index, minOperations }) => {
      const entry = generated[index];
      if (entry instanceof Error) throw entry;
      const { ir, warnings, out } = entry;
      expect(ir.operations.length).toBeGreaterThanOrEqual(minOperations ?? 1);
      for (const warning of warnings) expect(warning).toMatch(/^\S+#\/\S*: /); // every warning names file and pointer
      const { client, server, consumers } = await typechecks;
      for (const [name, result] of [
        ['client', client],
        ['server', server],
        [CLIENT_CONSUMERS.join(' and '), consumers],
      ] as const) {
        expect(tscErrors(result, out).slice(0, 20), `${name} tsc errors`).toEqual([]);
      }
      // tsc -b says which projects it built: each of this spec's consumers, not skipped.
      for (const project of entry.consumers)
        expect(consumers.output).toContain(`Building project '${project}'`);

      const stubs = await import(path.join(out, 'server', 'index.ts'));
      const app = Fastify();
      let unimplemented: string[] = [];
      await app.register(stubs.routesPlugin, {
        handlers: {},
        onUnimplemented: (ids: string[]) => (unimplemented = ids),
      });
      await app.ready();
      expect(unimplemented).toHaveLength(ir.operations.length);
      for (const route of stubs.ROUTES.slice(0, 50))
        expect(app.hasRoute({ method: route.method, url: route.url }), `${route.method} ${route.url}`).toBe(
          true,
        );
      await app.close();

      const pythonDir = path.join(out, 'python');
      const pkg = (await readdir(pythonDir)).find((name) => !name.includes('.'))!;
      const imported = await run(PYTHON, [
        '-S',
        '-E',
        '-B',
        '-c',
        `import sys\nsys.path.insert(0, ${JSON.stringify(pythonDir)})\nimport ${pkg}\nprint(${pkg}.__name__)`,
      ]);
      expect(imported.output.trim(), `python import of ${pkg}`).toBe(pkg);
    },
    420_000,
  );

  it(`our spec's ${CLIENT_CONSUMERS.join(' and ')} packages (generated/) typecheck under their own strict tsconfig`, async () => {
    const { consumers } = await typechecks;
    for (const project of ourConsumers) expect(consumers.output).toContain(`Building project '${project}'`);
    const ours = consumers.output
      .split('\n')
      .filter((line) => line.includes('error TS') && line.includes('generated/'));
    expect(ours.slice(0, 20)).toEqual([]);
  });

  it("passes pyright strict on every public spec's Python SDK", async () => {
    expect(pythonRoots).toHaveLength(SPECS.length);
    const result = await pyright;
    const report = JSON.parse(result.stdout) as {
      generalDiagnostics: Array<{
        file: string;
        severity: string;
        message: string;
        range: { start: { line: number } };
      }>;
    };
    const errors = report.generalDiagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => `${path.relative(workDir, d.file)}:${d.range.start.line + 1} ${d.message}`);
    expect(errors.slice(0, 20)).toEqual([]);
  }, 600_000);
});

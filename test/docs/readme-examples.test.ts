/**
 * The READMEs' code blocks, run as written against the reference service: every TypeScript block
 * of README.md and generated/client/README.md is extracted from the file (no second copy), its
 * `assessment-service-client` import pointed at the generated package's source, and run with tsx
 * with the key and base URL in the environment variables the READMEs name. Blocks in other
 * languages are accounted for one by one: each is either run elsewhere (named) or fails here.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/lint.js';
import { startService, type TestService } from '../support/service.js';

const READMES = ['README.md', 'generated/client/README.md'];
const CLIENT_ENTRY = path.join(ROOT, 'generated', 'client', 'src', 'index.ts');

/** Blocks not run here, each with where it is run instead. */
const RUN_ELSEWHERE: Array<{ language: string; code: RegExp; where: string }> = [
  { language: 'sh', code: /^npm install && npm start\s.*\nnpm test\s/s, where: '.ci/run runs the quick start (npm ci, npm start, the printed curl line, Ctrl-C) and npm test' },
  { language: 'sh', code: /^npm install assessment-service-client\s*$/, where: 'test/client/consumer.test.ts installs the packed client in a consumer project' },
  { language: 'python', code: /import assessment_service/, where: 'the Python SDK tests (test/sdks/)' },
];

interface Block {
  file: string;
  line: number;
  language: string;
  code: string;
}

async function blocksOf(file: string): Promise<Block[]> {
  const lines = (await readFile(path.join(ROOT, file), 'utf8')).split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^```(\w*)\s*$/.exec(lines[i]);
    if (!open) continue;
    const end = lines.indexOf('```', i + 1);
    blocks.push({ file, line: i + 1, language: open[1], code: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return blocks;
}

const blocks = (await Promise.all(READMES.map(blocksOf))).flat();
const runnable = blocks.filter((block) => block.language === 'ts');
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

describe('README code blocks', () => {
  it('finds TypeScript blocks in both READMEs', () => {
    for (const file of READMES) expect(runnable.some((block) => block.file === file), file).toBe(true);
  });

  it.each(blocks.filter((block) => block.language !== 'ts').map((block) => ({ ...block, where: `${block.file}:${block.line}` })))('$where ($language) is run elsewhere', (block) => {
    const elsewhere = RUN_ELSEWHERE.find((entry) => entry.language === block.language && entry.code.test(block.code));
    expect(elsewhere, `a ${block.language || 'plain'} block at ${block.file}:${block.line} that no test runs:\n${block.code}`).toBeDefined();
  });

  it.each(runnable.map((block) => ({ ...block, where: `${block.file}:${block.line}` })))('$where runs against the reference service', async (block) => {
    const file = path.join(dir, `${path.basename(block.file, '.md')}-${block.line}.mts`);
    await writeFile(file, block.code.replaceAll("'assessment-service-client'", `'${CLIENT_ENTRY}'`));
    const key = await service.key();
    const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(path.join(ROOT, 'node_modules', '.bin', 'tsx'), [file], { cwd: dir, env: { ...process.env, ASSESSMENT_SERVICE_API_KEY: key, ASSESSMENT_SERVICE_BASE_URL: service.url } }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
    expect(result.stderr, `${block.where} printed to stderr`).toBe('');
    expect(result.code, `${block.where} failed:\n${result.stdout}`).toBe(0);
  }, 120_000);
});

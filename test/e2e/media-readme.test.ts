/**
 * The README blocks about files and streams, run as written: those of the documentation (README.md
 * and docs/) that use the media fixture's client, and every TypeScript block of the media fixture's generated client
 * README (an upload, a download, an event stream). The fixture's client is generated here, its
 * import pointed at the generated source, and each block runs with tsx against the fixture's
 * generated server stubs on loopback, with handlers that answer what the spec declares.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generators/pipeline.js';
import { DOCUMENTATION } from '../support/documentation.js';

const ROOT = path.resolve('.');
let dir: string;
let app: FastifyInstance;
let url: string;
const received: Array<{ operation: string; body: unknown }> = [];

function blocksOf(file: string, text: string): Array<{ where: string; code: string }> {
  const lines = text.split('\n');
  const blocks: Array<{ where: string; code: string }> = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (lines[i].trim() !== '```ts') continue;
    const end = lines.indexOf('```', i + 1);
    blocks.push({ where: `${file}:${i + 1}`, code: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return blocks;
}

beforeAll(async () => {
  await mkdir(path.join(ROOT, '.cache'), { recursive: true });
  dir = await mkdtemp(path.join(ROOT, '.cache', 'media-readme-'));
  await generate({
    spec: 'test/fixtures/specs/media-3.1.yaml',
    out: path.join(dir, 'out'),
    command: 'test',
    write: true,
    skip: ['sdks'],
    log: () => {},
  });
  const stubs = await import(path.join(dir, 'out', 'server', 'index.ts'));
  app = Fastify({ ...(stubs.serverOptions as () => object)(), logger: false }) as unknown as FastifyInstance;
  const record = (operation: string) => async (request: { body?: unknown }) => {
    const body =
      request.body && typeof request.body === 'object'
        ? Object.fromEntries(
            Object.entries(request.body).map(([key, value]) => [
              key,
              value && typeof value === 'object' && 'buffer' in value
                ? {
                    filename: (value as { filename: string }).filename,
                    size: (value as { size: number }).size,
                  }
                : value,
            ]),
          )
        : request.body;
    received.push({ operation, body });
    return { received: body };
  };
  const handlers: Record<string, unknown> = Object.fromEntries(
    (stubs.ROUTES as Array<{ operationId: string }>).map((route) => [
      route.operationId,
      record(route.operationId),
    ]),
  );
  Object.assign(handlers, {
    downloadImage: async (request: { query: { size?: number } }) =>
      Buffer.alloc(request.query.size ?? 16, 0x89),
    streamEvents: async function* () {
      for (let seq = 1; seq <= 5; seq += 1)
        yield { id: String(seq), event: 'tick', data: { seq, label: `tick ${seq}` } };
    },
    exportRecords: async () => [{ title: 'one' }, { title: 'two' }],
  });
  await app.register(stubs.routesPlugin, { handlers });
  url = await app.listen({ host: '127.0.0.1', port: 0 });
}, 120_000);
afterAll(async () => {
  await app?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function runBlock(
  code: string,
  name: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const file = path.join(dir, `${name}.mts`);
  await writeFile(
    file,
    code.replaceAll("'media-fixture-client'", `'${path.join(dir, 'out', 'client', 'src', 'index.ts')}'`),
  );
  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), [file], {
    cwd: dir,
    env: { ...process.env, MEDIA_FIXTURE_BASE_URL: url },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exit = await new Promise<number>((resolve) => child.on('exit', (status) => resolve(status ?? 1)));
  return { code: exit, stdout, stderr };
}

describe('README blocks on files and streams', () => {
  it('the documentation shows an upload, a download and an event stream, and each runs', async () => {
    const texts = await Promise.all(DOCUMENTATION.map((file) => readFile(path.join(ROOT, file), 'utf8')));
    const blocks = DOCUMENTATION.flatMap((file, index) => blocksOf(file, texts[index])).filter((block) =>
      block.code.includes("from 'media-fixture-client'"),
    );
    expect(
      blocks.map((block) =>
        /toFile\(/.test(block.code)
          ? 'upload'
          : /arrayBuffer\(\)/.test(block.code)
            ? 'download'
            : /for await/.test(block.code)
              ? 'stream'
              : 'other',
      ),
    ).toEqual(['upload', 'download', 'stream']);
    for (const [index, block] of blocks.entries()) {
      const started = Date.now();
      const result = await runBlock(block.code, `readme-${index}`);
      expect(result.stderr, block.where).toBe('');
      expect(result.code, `${block.where}\n${result.stdout}`).toBe(0);
      // The script ends when its work does: after a `break` out of the event stream, the idle timer
      // of the read in flight kept it alive for the client's whole idle timeout (60 s).
      expect(Date.now() - started, `${block.where} ran until the idle timeout`).toBeLessThan(30_000);
      if (index === 0)
        expect(received.find((entry) => entry.operation === 'uploadDocument')?.body).toMatchObject({
          file: { filename: 'report.pdf', size: 26 },
          title: 'Q3 report',
          tags: ['finance'],
          meta: { title: 'Q3', stars: 4 },
        });
      if (index === 1) expect(result.stdout.trim()).toBe('image/png 1024');
      if (index === 2)
        expect(result.stdout.trim().split('\n')).toEqual([
          '1 tick 1 tick 1',
          '2 tick 2 tick 2',
          '3 tick 3 tick 3',
        ]);
    }
  }, 180_000);

  it("the fixture client's README shows an upload, a download and an event stream, and each runs", async () => {
    const blocks = blocksOf(
      'client/README.md',
      await readFile(path.join(dir, 'out', 'client', 'README.md'), 'utf8'),
    ).filter((block) => block.code.includes("from 'media-fixture-client'"));
    const kinds = blocks.map((block) =>
      /toFile\(|new Blob/.test(block.code)
        ? 'upload'
        : /arrayBuffer\(\)/.test(block.code)
          ? 'download'
          : /for await/.test(block.code)
            ? 'stream'
            : 'other',
    );
    expect(kinds).toEqual(expect.arrayContaining(['upload', 'download', 'stream']));
    for (const [index, block] of blocks.entries()) {
      const result = await runBlock(block.code, `client-${index}`);
      expect(result.stderr, block.where).toBe('');
      expect(result.code, `${block.where}\n${result.stdout}`).toBe(0);
    }
  }, 180_000);
});

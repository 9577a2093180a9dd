/**
 * docs/tanstack-query.md, run as written: its config block is a valid config that runs the plugin,
 * its React, keys and Vue blocks compile under `strict` against the generated packages and run in a
 * happy-dom page against the generated server stubs, doing what the page says they do.
 * Starts: tsc (the client's build and the blocks' typecheck), Fastify on 127.0.0.1.
 */
import { page } from '../../../../support/page.js';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { transform } from 'esbuild';
import { createElement as h } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../../../generators/config.js';
import { blockWith, docBlocks, type DocBlock } from '../../../../support/doc-blocks.js';
import { consumerOf, type Consumer } from '../../../../support/generated-packages.js';
import { startSubjectsStub, type SubjectsStub } from './subjects-stub.js';

const run = promisify(execFile);
const PAGE = 'tanstack-query.md';
const PUBLISHABLE_KEY = 'test_pk_0123456789abcdefghijklmnopqrstuv';

let blocks: DocBlock[];
let consumer: Consumer;
let stub: SubjectsStub;
beforeAll(async () => {
  blocks = await docBlocks(PAGE);
  consumer = await consumerOf(path.resolve('generated'), ['tanstack-query']);
  stub = await startSubjectsStub(5);
}, 120_000);
afterAll(async () => {
  await stub?.close();
  await consumer?.remove();
});
afterEach(() => cleanup());

/** A block's imports of the hooks package pointed at the generated source (the client resolves as installed). */
function local(code: string): string {
  const source = path.join(consumer.packageDir('tanstack-query'), 'src');
  return code
    .replaceAll("'assessment-service-query/react'", JSON.stringify(path.join(source, 'react', 'index.ts')))
    .replaceAll("'assessment-service-query/vue'", JSON.stringify(path.join(source, 'vue', 'index.ts')))
    .replaceAll("'assessment-service-query'", JSON.stringify(path.join(source, 'index.ts')));
}

/** Writes a block beside the installed client and imports it (TSX compiled with React's automatic runtime). */
async function importBlock(name: string, code: string, tsx = false): Promise<Record<string, any>> {
  const file = path.join(consumer.dir, `${name}.${tsx ? 'mjs' : 'ts'}`);
  const text = tsx
    ? (await transform(local(code), { loader: 'tsx', jsx: 'automatic', format: 'esm' })).code
    : local(code);
  await writeFile(file, text);
  return import(file);
}

describe('docs/tanstack-query.md', () => {
  it('its config runs the plugin with the options it gives', async () => {
    const dir = await mkdtemp(path.resolve('.cache', 'docs-config-'));
    try {
      const code = blockWith(blocks, 'ts', 'defineConfig', PAGE).replace(
        "from 'contract-kit'",
        `from ${JSON.stringify(path.resolve('generators/index.ts'))}`,
      );
      await writeFile(path.join(dir, 'contract-kit.config.ts'), code);
      const config = await loadConfig({ dir });
      const plugin = config.documents[0].plugins.find((each) => each.plugin.name === 'tanstack-query');
      expect(plugin?.options).toEqual({ frameworks: ['react', 'vue'] });
      expect(plugin?.root).toBe('tanstack-query/');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('its React, keys and Vue blocks compile under strict', async () => {
    const dir = path.join(consumer.dir, 'typecheck');
    await mkdir(dir, { recursive: true });
    const source = path.join(consumer.packageDir('tanstack-query'), 'src');
    await writeFile(path.join(dir, 'react.tsx'), blockWith(blocks, 'tsx', 'ClientProvider', PAGE));
    await writeFile(
      path.join(dir, 'keys.ts'),
      `${blockWith(blocks, 'ts', 'invalidateResource', PAGE)}\nexport {};\n`,
    );
    await writeFile(path.join(dir, 'vue.ts'), blockWith(blocks, 'ts', 'clientPlugin', PAGE));
    await writeFile(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          jsx: 'react-jsx',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          lib: ['ES2022', 'DOM'],
          types: ['node'],
          paths: {
            'assessment-service-query': [path.join(source, 'index.ts')],
            'assessment-service-query/react': [path.join(source, 'react', 'index.ts')],
            'assessment-service-query/vue': [path.join(source, 'vue', 'index.ts')],
          },
        },
        files: ['react.tsx', 'keys.ts', 'vue.ts'],
      }),
    );
    const result = await run(path.resolve('node_modules/.bin/tsc'), ['-p', dir, '--pretty', 'false']).then(
      () => '',
      (error: { stdout: string }) => error.stdout,
    );
    expect(result).toBe('');
  }, 120_000);

  it('its React block lists the subjects page by page, adds one, and shows one', async () => {
    const block = await importBlock('docs-react', blockWith(blocks, 'tsx', 'ClientProvider', PAGE), true);
    const { AssessmentServiceClient } = await import(
      path.join(consumer.dir, 'node_modules', 'assessment-service-client', 'dist', 'esm', 'index.js')
    );
    const client = new AssessmentServiceClient({ apiKey: PUBLISHABLE_KEY, baseURL: stub.url });
    render(h(block.App, { client }));
    expect(await screen.findByText('Subject subj_0001')).toBeTruthy();
    await screen.findByText('subj_0004');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'subj_0005',
      'subj_0004',
    ]);
    await act(() => fireEvent.click(screen.getByText('More')));
    await screen.findByText('subj_0003');
    await act(() => fireEvent.click(screen.getByText('Add')));
    // The new subject is first: the list was invalidated and refetched its pages.
    await screen.findByText('subj_0006');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'subj_0006',
      'subj_0005',
      'subj_0004',
      'subj_0003',
    ]);
  });

  it('its keys block prefetches, shows the key, and invalidates the resource', async () => {
    vi.stubEnv('ASSESSMENT_SERVICE_API_KEY', PUBLISHABLE_KEY);
    vi.stubEnv('ASSESSMENT_SERVICE_BASE_URL', stub.url);
    const subjects = stub.count();
    const printed: unknown[][] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args));
    try {
      await importBlock('docs-keys', blockWith(blocks, 'ts', 'invalidateResource', PAGE));
    } finally {
      log.mockRestore();
      vi.unstubAllEnvs();
    }
    expect(printed).toEqual([
      [
        subjects,
        [
          'assessment-service',
          'nature',
          'subjects',
          { operation: 'listSubjects', list: true, params: { limit: 10 } },
        ],
      ],
      [true],
      [['assessment-service', 'nature', 'subjects']],
    ]);
  });

  it('its Vue block shows the subject', async () => {
    const block = await importBlock('docs-vue', blockWith(blocks, 'ts', 'clientPlugin', PAGE));
    const element = page.document.createElement('div');
    page.document.body.appendChild(element);
    const app = block.mountSubject(element, PUBLISHABLE_KEY, stub.url);
    try {
      await expect.poll(() => element.textContent).toBe('Subject subj_0001');
    } finally {
      (app.$.appContext.app as { unmount: () => void }).unmount();
    }
  });
});

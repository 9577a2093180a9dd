/**
 * docs/plugins.md's "Writing a plugin", run as written: its plugin file and its config, in a folder of their
 * own with a spec, through `npm run generate` (`node bin/contract-kit.mjs generate`, started as a
 * process: the command from its bundle, the plugin file and the config through tsx's loader
 * registered on their import). A config mistake through the same command is one line and writes nothing.
 * Starts: the contract-kit command line in a temporary folder.
 */
import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_PLUGINS } from '../../../generators/plugins/registry.js';
import { ROOT } from '../../../scripts/lib/lint.js';

const CONTRACT_KIT = path.join(ROOT, 'bin', 'contract-kit.mjs');
const TOOLKIT = path.join(ROOT, 'generators', 'index.ts');

/** The TypeScript blocks under docs/plugins.md's "## Writing a plugin", in order. */
async function writingAPluginBlocks(): Promise<string[]> {
  const page = await readFile(path.join(ROOT, 'docs', 'plugins.md'), 'utf8');
  const start = page.indexOf('\n## Writing a plugin\n');
  const section = page.slice(start, page.indexOf('\n## ', start + 1));
  return [...section.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
}

function generate(cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CONTRACT_KIT, 'generate'], {
      cwd,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

let dir: string;
beforeAll(async () => {
  await mkdir(path.join(ROOT, '.cache'), { recursive: true });
  dir = await mkdtemp(path.join(ROOT, '.cache', 'writing-a-plugin-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("docs/plugins.md's Writing a plugin", () => {
  it('adds a plugin through the config only, with an option and a dependency on the client plugin', async () => {
    const blocks = await writingAPluginBlocks();
    const plugin = blocks.find((block) => block.includes('export default definePlugin'));
    const config = blocks.find((block) => block.includes('export default defineConfig'));
    expect(plugin, 'the plugin block').toBeDefined();
    expect(config, 'the config block').toBeDefined();
    const project = path.join(dir, 'project');
    await mkdir(path.join(project, 'plugins'), { recursive: true });
    // The blocks as written, their package import pointed at this checkout's toolkit.
    const local = (code: string) => code.replaceAll("from 'contract-kit'", `from ${JSON.stringify(TOOLKIT)}`);
    await writeFile(path.join(project, 'plugins', 'operations-index.ts'), local(plugin!));
    await writeFile(path.join(project, 'contract-kit.config.ts'), local(config!));
    await copyFile(
      path.join(ROOT, 'test/fixtures/specs/paging-3.1.yaml'),
      path.join(project, 'openapi.yaml'),
    );

    const { code, output } = await generate(project);
    expect(output).toContain('emit operations-index');
    expect(code, output).toBe(0);
    const page = await readFile(path.join(project, 'generated/operations-index/OPERATIONS.md'), 'utf8');
    // The header every generated file carries, the option's title, one row per operation.
    expect(page.split('\n')[0]).toMatch(/^<!-- .*openapi\.yaml.* -->$/);
    expect(page).toContain('\n# Pet store\n');
    const rows = page.split('\n').filter((line) => line.startsWith('| `'));
    const document = await readFile(path.join(project, 'openapi.yaml'), 'utf8');
    expect(rows.length).toBe(document.match(/^\s+operationId:/gm)?.length);
    // Each method the page names is one the generated client has.
    const client = await readFile(path.join(project, 'generated/client/src/client.ts'), 'utf8');
    for (const row of rows) {
      const call = /`client\.(\w+)\.(\w+)\(\)`/.exec(row);
      expect(call, row).not.toBeNull();
      expect(client).toContain(`readonly ${call![1]}: `);
    }
    // Only the plugins the config lists, and their dependencies' outputs.
    expect(existsSync(path.join(project, 'generated/python'))).toBe(false);
    expect(existsSync(path.join(project, 'generated/server'))).toBe(false);
  }, 60_000);

  it('a config mistake is one line naming the file, line and key, and nothing is written', async () => {
    const project = path.join(dir, 'mistaken');
    await mkdir(project, { recursive: true });
    await copyFile(
      path.join(ROOT, 'test/fixtures/specs/paging-3.1.yaml'),
      path.join(project, 'openapi.yaml'),
    );
    const config = path.join(project, 'contract-kit.config.ts');
    await writeFile(
      config,
      [
        `import { defineConfig } from ${JSON.stringify(TOOLKIT)};`,
        'export default defineConfig({',
        "  documents: [{ spec: 'openapi.yaml', output: 'generated', plugins: ['types', 'clients'] }],",
        '});',
        '',
      ].join('\n'),
    );
    const { code, output } = await generate(project);
    expect(code).toBe(2);
    expect(output.trim().split('\n')).toEqual([
      `error: ${config}:3: documents[0].plugins[1]: unknown plugin "clients"; allowed: ${Object.keys(BUILT_IN_PLUGINS).join(', ')}, 'defaults' (every default plugin not listed), or a file ('./plugins/mine.ts')`,
    ]);
    expect(existsSync(path.join(project, 'generated'))).toBe(false);
  }, 60_000);
});

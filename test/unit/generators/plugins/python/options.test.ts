/**
 * The Python plugin's `packageName` option: the package's import name, checked by the config like every
 * plugin option (a keyword or a name Python cannot import is refused). Starts no process.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../../../generators/config.js';
import { buildIr } from '../../../../../generators/core/build-ir.js';
import { documentFrom } from '../../../../../generators/core/load.js';
import { emitPython } from '../../../../../generators/plugins/python/emit.js';
import { planPython } from '../../../../../generators/plugins/python/plan.js';
import { scratchFolders } from '../../../../support/scratch.js';

const scratch = scratchFolders();

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Acme API', version: '1.0.0' },
  paths: {
    '/things': { get: { operationId: 'listThings', responses: { '200': { description: 'ok' } } } },
  },
};

function configWith(packageName: string): string {
  const dir = scratch.make('python-options-');
  const file = path.join(dir, 'contract-kit.config.json');
  const plugins = ['types', 'client', { name: 'python', options: { packageName } }];
  writeFileSync(file, JSON.stringify({ documents: [{ spec: 'api.yaml', output: 'out', plugins }] }));
  return file;
}

describe("the Python plugin's packageName option", () => {
  it('names the package folder and every import, instead of the SDK name in snake case', async () => {
    const ir = buildIr(documentFrom('acme.yaml', DOCUMENT));
    expect(planPython(ir).packageName).toBe('acme');
    const plan = planPython(ir, { packageName: 'acme_sdk' });
    expect(plan.packageName).toBe('acme_sdk');
    const files = await emitPython(ir, plan);
    // python/_build.py, the build helper, sits beside the package.
    const modules = files.filter((file) => /^python\/[^/]+\/.*\.py$/.test(file.path));
    expect(modules.length).toBeGreaterThan(0);
    expect(modules.every((file) => file.path.startsWith('python/acme_sdk/'))).toBe(true);
    const init = files.find((file) => file.path === 'python/acme_sdk/__init__.py')!.content;
    expect(init).not.toMatch(/\bacme\b(?!_sdk)/);
  });

  it('is refused by the config when Python could not import it', async () => {
    for (const name of ['class', 'Acme', 'acme-sdk']) {
      const error = await loadConfig({ file: configWith(name) }).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error, name).toBeInstanceOf(ConfigError);
      expect(String((error as Error).message)).toContain('packageName');
    }
    const accepted = await loadConfig({ file: configWith('acme_sdk') });
    const python = accepted.documents[0].plugins.find((each) => each.plugin.name === 'python')!;
    expect(python.options).toEqual({ packageName: 'acme_sdk' });
  });
});

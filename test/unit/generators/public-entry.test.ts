/**
 * The package's entry (generators/index.ts), which every config file and plugin of one's own
 * imports (`import { defineConfig } from 'contract-kit'`), loads nothing of the generators: the
 * command runs from its bundle, and a config's import goes through tsx's loader, so a config that
 * pulled in the plugins would load all of them a second time, a round trip to the loader each.
 * Reads files only.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../../../scripts/lib/root.js';
import { fileOf, runtimeImports } from '../../../scripts/lib/toolkit-files.js';

/** Every file `entry` loads at run time, relative to the checkout (type-only imports vanish). */
function loadedBy(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [path.join(ROOT, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeImports(readFileSync(file, 'utf8'))) {
      const target = specifier.startsWith('.') ? fileOf(file, specifier) : undefined;
      if (target) queue.push(target);
      else if (!specifier.startsWith('node:')) seen.add(specifier);
    }
  }
  return [...seen].map((file) => path.relative(ROOT, file).split(path.sep).join('/')).sort();
}

it('the entry a config imports loads defineConfig and definePlugin, and no generator or package', () => {
  expect(loadedBy('generators/index.ts')).toEqual([
    'generators/define.ts',
    'generators/index.ts',
    'generators/plugin.ts',
  ]);
});

/**
 * docs/plugins.md, the page a plugin author reads in the package, keeps up with the built-in
 * plugins: every option a built-in declares has a row, and every built-in without options is named
 * as taking none. No process.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_PLUGINS } from '../../../generators/plugins/registry.js';

const page = readFileSync('docs/plugins.md', 'utf8');
const section = page.slice(page.indexOf("## The built-in plugins' options"));

describe("docs/plugins.md's table of the built-in plugins' options", () => {
  it('has a row naming each option of each built-in plugin', () => {
    const rows = section.split('\n').filter((line) => line.startsWith('| `'));
    const missing = Object.entries(BUILT_IN_PLUGINS).flatMap(([name, plugin]) =>
      Object.keys(plugin.options ?? {})
        .filter(
          (option) => !rows.some((row) => row.startsWith(`| \`${name}\` |`) && row.includes(`\`${option}\``)),
        )
        .map((option) => `${name}.${option}`),
    );
    expect(missing).toEqual([]);
  });

  it('names each built-in plugin without options as taking none', () => {
    const takesNone = section.slice(section.indexOf('The other built-in plugins'));
    const unnamed = Object.entries(BUILT_IN_PLUGINS)
      .filter(([, plugin]) => Object.keys(plugin.options ?? {}).length === 0)
      .map(([name]) => name)
      .filter((name) => !takesNone.includes(`\`${name}\``));
    expect(unnamed).toEqual([]);
  });
});

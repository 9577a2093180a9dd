/**
 * For a plugin's own tests (`import { runPlugins } from 'contract-kit/testing'`): the plugins a
 * config's document would list, run on a spec in memory as `generate` runs them, their options
 * checked and defaulted as the config's are. Nothing is written. docs/plugins.md, "Testing a plugin".
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkConfig } from './config.js';
import type { PluginEntry } from './define.js';
import type { PluginDefinition } from './plugin.js';
import { generate } from './pipeline.js';
import { BUILT_IN_PLUGINS } from './plugins/registry.js';

/** What the plugins made. */
export interface PluginRun {
  /** Each file by its path in the output folder, headed as `generate` writes it. */
  files: Record<string, string>;
  /** The warnings `generate` would print, each naming its plugin. */
  warnings: string[];
}

/**
 * Runs `plugins` (entries as a config's `plugins` lists them) on the spec at `spec` (relative to the
 * working folder), with the built-in plugins they depend on that the list leaves out (a plugin
 * file's dependencies must be listed: it is not read until the entries are). A mistake in the
 * entries is the config's error; a plugin's failure is `generate`'s.
 */
export async function runPlugins(spec: string, plugins: PluginEntry[]): Promise<PluginRun> {
  const { documents } = await checkConfig(
    { documents: [{ spec, output: 'generated', plugins: [...builtInDependencies(plugins), ...plugins] }] },
    { file: 'runPlugins()', root: process.cwd() },
  );
  const result = await generate({
    spec,
    // A folder that is not there: nothing is written, and no output of the project's own (generated/)
    // is read as this generation's previous one (its record would list the SDKs it keeps).
    out: path.join(tmpdir(), `contract-kit-run-plugins-${randomUUID()}`),
    command: 'runPlugins()',
    write: false,
    released: false,
    plugins: documents[0]!.plugins,
    log: () => {},
  });
  return {
    files: Object.fromEntries(result.files.map((file) => [file.path, file.content])),
    warnings: result.warnings,
  };
}

/** The built-in plugins the entries' definitions and built-ins depend on, by name, that they do not list. */
function builtInDependencies(entries: PluginEntry[]): string[] {
  const named = (entry: PluginEntry): string | undefined =>
    typeof entry === 'string' ? entry : 'name' in entry ? entry.name : undefined;
  const definitionOf = (entry: PluginEntry): Pick<PluginDefinition, 'dependencies'> | undefined => {
    if (typeof entry === 'string') return BUILT_IN_PLUGINS[entry];
    if ('plugin' in entry)
      return typeof entry.plugin === 'string' ? BUILT_IN_PLUGINS[entry.plugin] : entry.plugin;
    return BUILT_IN_PLUGINS[entry.name];
  };
  const listed = new Set(entries.map(named).filter((name) => name !== undefined));
  const added: string[] = [];
  const add = (dependencies: string[] = []) => {
    for (const name of dependencies) {
      if (listed.has(name) || !BUILT_IN_PLUGINS[name]) continue;
      listed.add(name);
      added.push(name);
      add(BUILT_IN_PLUGINS[name].dependencies);
    }
  };
  for (const entry of entries) add(definitionOf(entry)?.dependencies);
  return added;
}

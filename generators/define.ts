/**
 * What a config file writes (`defineConfig`, the shape of a document and of a plugin entry), apart
 * from the loader that checks it (config.ts): a config imports this through the package's entry
 * (generators/index.ts), and loads nothing of the generators with it.
 */
import type { PluginDefinition } from './plugin.js';
import type { BuiltInOptions } from './plugins/registry.js';

/** A built-in plugin with options: each one the config gives is typed by that plugin's declaration. */
export type BuiltInEntry = {
  [Name in keyof BuiltInOptions]: { name: Name; options?: Partial<BuiltInOptions[Name]> };
}[keyof BuiltInOptions];

/**
 * A plugin as the config names it: a built-in's name (or 'defaults') or a local file, a built-in
 * with options, or a file or definition with options (`{ plugin, options }`). (`string & {}` keeps
 * the built-in names offered by an editor while any file path is accepted.) A definition goes in
 * `{ plugin }`, not bare: beside the built-ins' entries, whose `name` it shares, tsc explained a
 * mistake in `{ name: 'mcp', options }` as a definition missing `generate`.
 */
export type PluginEntry =
  | keyof BuiltInOptions
  | 'defaults'
  | (string & {})
  | BuiltInEntry
  | { plugin: string | PluginDefinition<never, unknown>; options?: Record<string, unknown> };

export interface DocumentConfig {
  /** The OpenAPI 3.0/3.1 document, relative to the config file. */
  spec: string;
  /** The folder its outputs go to, relative to the config file. */
  output: string;
  /** What the SDKs are named after instead of `info.title` (or `info.x-sdk-name`). */
  sdkName?: string;
  /** The last released version, `git:<ref>` or a file: the packages' CHANGELOG.md lists what changed since. */
  released?: string;
  /**
   * Operations left out of every output, as if the spec did not have them (the spec file and its
   * lint and docs keep them): `'GET /boards/{id}'`, `'/admin/*'` (every operation of the paths a
   * `*` pattern matches) or an operationId. Each must name at least one operation of the spec.
   */
  exclude?: string[];
  /**
   * Its plugins, in any order (dependencies run first); default: every built-in plugin that is not
   * opt-in. `'defaults'` in the list stands for those the list does not name itself:
   * `['defaults', 'zod', 'mock-data', 'msw']`.
   */
  plugins?: PluginEntry[];
}

export interface ToolkitConfig {
  documents: DocumentConfig[];
}

/** Declares the config; the identity function, for its types. */
export function defineConfig(config: ToolkitConfig): ToolkitConfig {
  return config;
}

/**
 * The built-in plugins by the name a config uses. A plugin of the user's own (a file named in the
 * config) runs beside them in the same way; see generators/plugin.ts.
 */
import type { PluginDefinition } from '../plugin.js';
import client from './client/index.js';
import contractDocument from './contract-document/index.js';
import contractTests from './contract-tests/index.js';
import mcp from './mcp/index.js';
import mockData from './mock-data/index.js';
import mockDocument from './mock-document/index.js';
import msw from './msw/index.js';
import python from './python/index.js';
import sdks from './sdks/index.js';
import server from './server/index.js';
import tanstackQuery from './tanstack-query/index.js';
import types from './types/index.js';
import zod from './zod/index.js';

type ExportsOf<Plugin> = Plugin extends PluginDefinition<infer _Options, infer Exports> ? Exports : never;
type OptionsOfPlugin<Plugin> =
  Plugin extends PluginDefinition<infer Options, infer _Exports> ? Options : never;

/**
 * What each built-in plugin's `generate` receives as options, by name: a config's `{ name, options }`
 * is typed by it. Interfaces, not a type mapped over a map of the plugins: plugin.ts's context type
 * reads BuiltInExports while the plugins' own types are being inferred, and only an interface's
 * members are resolved late enough to break that cycle.
 */
export interface BuiltInOptions {
  types: OptionsOfPlugin<typeof types>;
  'contract-document': OptionsOfPlugin<typeof contractDocument>;
  'mock-document': OptionsOfPlugin<typeof mockDocument>;
  client: OptionsOfPlugin<typeof client>;
  server: OptionsOfPlugin<typeof server>;
  'contract-tests': OptionsOfPlugin<typeof contractTests>;
  python: OptionsOfPlugin<typeof python>;
  sdks: OptionsOfPlugin<typeof sdks>;
  zod: OptionsOfPlugin<typeof zod>;
  'mock-data': OptionsOfPlugin<typeof mockData>;
  msw: OptionsOfPlugin<typeof msw>;
  'tanstack-query': OptionsOfPlugin<typeof tanstackQuery>;
  mcp: OptionsOfPlugin<typeof mcp>;
}

/** What the built-in plugins export to a plugin that lists them in `dependencies`, by name. */
export interface BuiltInExports {
  types: ExportsOf<typeof types>;
  'contract-document': ExportsOf<typeof contractDocument>;
  client: ExportsOf<typeof client>;
  python: ExportsOf<typeof python>;
  zod: ExportsOf<typeof zod>;
  'mock-data': ExportsOf<typeof mockData>;
  msw: ExportsOf<typeof msw>;
}

/** In the order their output is listed (and their steps are logged). */
export const BUILT_IN_PLUGINS: Record<
  string,
  PluginDefinition<Record<string, unknown>, unknown>
> = Object.fromEntries(
  [
    types,
    contractDocument,
    mockDocument,
    client,
    server,
    contractTests,
    python,
    sdks,
    zod,
    mockData,
    msw,
    tanstackQuery,
    mcp,
  ].map((plugin) => [plugin.name, plugin as PluginDefinition<Record<string, unknown>, unknown>]),
);

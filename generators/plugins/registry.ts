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

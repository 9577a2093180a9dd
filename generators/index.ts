/**
 * The toolkit's public API, for a config file and a plugin of one's own:
 *
 *   import { defineConfig, definePlugin } from 'contract-kit';
 */
export {
  defineConfig,
  type BuiltInEntry,
  type DocumentConfig,
  type PluginEntry,
  type ToolkitConfig,
} from './define.js';
export {
  definePlugin,
  type OptionSchema,
  type OptionsOf,
  type OptionValue,
  type PluginContext,
  type PluginDefinition,
  type PluginIr,
  type PluginResult,
} from './plugin.js';
export type { GeneratedFile } from './core/files.js';
export type * from './core/ir.js';
export type { SchemaModel } from './core/schema-model.js';
export type { SchemaNode } from './core/schema-nodes.js';
export type { ClientExports } from './plugins/client/index.js';
export type { ClientPlan, OperationPlan, ResourceNode } from './plugins/client/plan.js';
export type { TypesExports } from './plugins/types/index.js';
export type { BuiltInExports, BuiltInOptions } from './plugins/registry.js';

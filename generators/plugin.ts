/**
 * The plugin interface: every output of the toolkit (types, client, Python SDK, stubs, contract
 * suites, the contract and mock documents, openapi-generator's SDKs) is a plugin, and so is any a
 * team adds in its own file. A plugin is a function of the IR (and what its declared dependencies
 * export) returning files under its own folder; it never imports another plugin's files. What two
 * plugins share lives in `core/` or `sdk-shape/`, or passes through `dependencies`.
 *
 *   export default definePlugin({
 *     name: 'operations-index',
 *     description: 'OPERATIONS.md: every operation and the client method that calls it',
 *     dependencies: ['client'],
 *     options: { title: { type: 'string', default: 'Operations', description: 'the heading' } },
 *     proves: 'none: documentation only',
 *     generate({ ir, options, dependency }) { ... return { files: [...] }; },
 *   });
 *
 * docs/plugins.md is the author's page: the definition, the context, what happens to the files;
 * generators/testing.ts runs a plugin in memory for its own tests.
 */
import type { GeneratedFile } from './core/files.js';
import type { Ir } from './core/ir.js';
import type { SchemaModel } from './core/schema-model.js';
import type { BuiltInExports } from './plugins/registry.js';

/** The JSON Schema (draft 2020-12 subset) an option's value must satisfy; `default` is used when the config gives none. */
export interface OptionSchema {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  description: string;
  default?: unknown;
  enum?: readonly unknown[];
  minimum?: number;
  maximum?: number;
  pattern?: string;
  items?: Omit<OptionSchema, 'description'> & { description?: string };
  [keyword: string]: unknown;
}

/** The value an option's schema admits, as `generate` receives it. */
export type OptionValue<Schema> = Schema extends { enum: readonly (infer Value)[] }
  ? Value
  : Schema extends { type: 'string' }
    ? string
    : Schema extends { type: 'number' | 'integer' }
      ? number
      : Schema extends { type: 'boolean' }
        ? boolean
        : Schema extends { type: 'array'; items: infer Items }
          ? OptionValue<Items>[]
          : Schema extends { type: 'array' }
            ? unknown[]
            : Schema extends { type: 'object' }
              ? Record<string, unknown>
              : unknown;

/**
 * The options `generate` receives for an `options` declaration: an option with a `default` is always
 * there (the config's value or the default), any other only when the config gives it.
 */
export type OptionsOf<Declared> = Resolved<
  {
    [Name in keyof Declared as Declared[Name] extends { default: unknown } ? Name : never]: OptionValue<
      Declared[Name]
    >;
  } & {
    [Name in keyof Declared as Declared[Name] extends { default: unknown } ? never : Name]?: OptionValue<
      Declared[Name]
    >;
  }
>;

/** One object type where an intersection was: what an editor shows on hover (`{ title: string; depth?: number }`). */
type Resolved<Type> = { [Key in keyof Type]: Type[Key] } & {};

/**
 * The IR a plugin sees: without the raw document, which only the built-in document-to-document
 * plugins read; the others read the IR and its schema model. `document` is `never` rather than
 * absent so that this IR still goes wherever an `Ir` is taken by code that never reads it.
 */
export type PluginIr = Omit<Ir, 'document'> & {
  /** @deprecated Not a plugin's to read: reading it throws. Read the IR and its schema model (`ir.model`). */
  readonly document: never;
};

/**
 * What a dependency exported: a built-in plugin's exports by its name (`dependency('client')` is
 * `ClientExports`), another plugin's as `unknown` unless `Dependencies` names it.
 */
export type DependencyExports<Dependencies, Name extends string> = Name extends keyof Dependencies
  ? Dependencies[Name]
  : unknown;

export interface PluginContext<Options, Dependencies = BuiltInExports> {
  /** The API, without its raw document (see PluginIr). */
  ir: PluginIr;
  /** Every schema of the API, normalised once (refs as named nodes, one nullability, …). */
  model: SchemaModel;
  /** This plugin's options, validated against its `options` declaration, defaults filled in. */
  options: Options;
  /** What a declared dependency exported (its `generate` result's `exports`). */
  dependency<Name extends string>(name: Name): DependencyExports<Dependencies, Name>;
  /** A problem that does not stop generation, with the JSON pointer of the construct when there is one. */
  warn(message: string, pointer?: string): void;
  /** The folder this plugin writes under, relative to the document's output folder, e.g. `client/`. */
  root: string;
}

/**
 * What `generate` returns. Plugins that depend on this one start as soon as it returns (its
 * `exports` are then known); its `files` may still be on their way (a promise), so that a long
 * rendering in a worker thread (openapi-typescript's types) overlaps the plugins that use it.
 */
export interface PluginResult<Exports = unknown> {
  /** Paths relative to the document's output folder; each must lie under the plugin's root. */
  files: GeneratedFile[] | Promise<GeneratedFile[]>;
  /** What plugins that depend on this one receive through `dependency(name)`. */
  exports?: Exports;
}

export interface PluginDefinition<Options = Record<string, unknown>, Exports = unknown> {
  /** How the config names it: lower case, digits and dashes (`client`, `operations-index`). */
  name: string;
  /** One line for `--help` and the README's plugin table. */
  description: string;
  /** Plugins this one reads the exports of; they run first and must be in the same document's list. */
  dependencies?: string[];
  /** The options it takes, each a JSON Schema with a description; anything else in the config is refused. */
  options?: Record<string, OptionSchema>;
  /** The folder it owns in the output, default `<name>/`. */
  root?: string;
  /**
   * Whether its failure stops generation (default) or is reported while its previous output is kept
   * (an optional extra such as openapi-generator's SDKs, which need Java).
   */
  isolated?: boolean;
  /** Runs only when the config (or `generate --sdks`) asks for it. */
  optIn?: boolean;
  /** Renders the document itself (openapi-typescript's types, the contract and mock documents). */
  readsDocument?: boolean;
  /** Which check proves its output agrees with the spec (the round trip, the contract suites, a differential test, or none). */
  proves: string;
  /**
   * The part of the IR its output depends on, as JSON data (`(ir) => ir.operations.map((o) => o.id)`).
   * In the dev loop (`generate({ incremental: true })`) a plugin whose inputs, options and
   * dependencies' inputs are those of the previous generation into the same folder returns its
   * previous files and exports without running. Without it, the whole API is its input: any change
   * to the document runs it. It must name everything `generate` reads (a narrower selector leaves
   * stale output: the dev loop's equivalence test catches that); the output of `generate` must
   * depend on nothing else (no clock, no files read at generation time). docs/architecture.md, "The dev loop".
   */
  inputs?(ir: PluginIr): unknown;
  generate(context: PluginContext<Options>): PluginResult<Exports> | Promise<PluginResult<Exports>>;
}

/**
 * Declares a plugin; the identity function, for its types. With `options` declared and no type
 * argument, `generate` receives the options as their schemas say (OptionsOf); a type argument
 * (`definePlugin<{ title: string }>`) states them instead.
 */
export function definePlugin<const Declared extends Record<string, OptionSchema>, Exports = unknown>(
  definition: PluginDefinition<OptionsOf<Declared>, Exports> & { options: Declared },
): PluginDefinition<OptionsOf<Declared>, Exports>;
export function definePlugin<Options = Record<string, unknown>, Exports = unknown>(
  definition: PluginDefinition<Options, Exports>,
): PluginDefinition<Options, Exports>;
export function definePlugin(definition: PluginDefinition): PluginDefinition {
  return definition;
}

/** Where a plugin's files go by default. */
export function pluginRoot(plugin: Pick<PluginDefinition, 'name' | 'root'>): string {
  return plugin.root ?? `${plugin.name}/`;
}

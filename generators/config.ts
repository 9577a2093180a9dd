/**
 * The toolkit's one config file, `contract-kit.config.ts` (or `.mjs`, `.js`, `.json`) at the
 * repository root: the documents it generates from and, per document, the plugins with their
 * options. `generate`, `check:generated`, `lint`, `docs`, `dev`, `mock`, `check:breaking` and
 * `test:contract` read it. A mistake in it (an unknown plugin, a missing dependency, a cycle, a bad
 * option) is one line naming the file, its line, the key and what is allowed; nothing is written.
 *
 *   export default defineConfig({
 *     documents: [
 *       { spec: 'spec/openapi.yaml', output: 'generated', plugins: ['client', { name: 'python', options: { packageName: 'acme' } }] },
 *     ],
 *   });
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parseExclusion, type OperationSelector } from './core/exclude.js';
import { jsonPointerOffset, linePosition } from './core/json-source.js';
import { jsonErrorPosition } from './core/load.js';
import { importAtRunTime } from './core/run-time-import.js';
import { pluginRoot, type OptionSchema, type PluginDefinition } from './plugin.js';
import { BUILT_IN_PLUGINS } from './plugins/registry.js';

export { defineConfig, type DocumentConfig, type PluginEntry, type ToolkitConfig } from './define.js';

/** A plugin of one document, its options validated and defaulted. */
export interface ConfiguredPlugin {
  plugin: PluginDefinition<Record<string, unknown>, unknown>;
  options: Record<string, unknown>;
  root: string;
  /** The file it was loaded from, for a plugin the config names by its file. */
  file?: string;
}

/** An operation a document leaves out (its `exclude`), and where the config names it. */
export interface ConfiguredExclusion {
  /** As written: `GET /path`, `/path` or an operationId. */
  entry: string;
  selector: OperationSelector;
  /** For its error when it names no operation of the spec: the config's file, line and key. */
  file: string;
  line?: number;
  key: string;
}

/** One document of the config, paths resolved against the config file's folder. */
export interface ConfiguredDocument {
  spec: string;
  output: string;
  sdkName?: string;
  released?: string;
  /** The operations left out of every output (none when the config lists none). */
  exclude: ConfiguredExclusion[];
  /** In dependency order. */
  plugins: ConfiguredPlugin[];
  /** The plugins the config leaves out of this document (their output folders are not this document's to write). */
  absent: string[];
}

export interface LoadedConfig {
  /** The config file, as found (absolute), or undefined when none exists and the built-in default is used. */
  file?: string;
  /** The folder paths are relative to. */
  root: string;
  documents: ConfiguredDocument[];
}

export const CONFIG_FILES = [
  'contract-kit.config.ts',
  'contract-kit.config.mts',
  'contract-kit.config.mjs',
  'contract-kit.config.js',
  'contract-kit.config.json',
];

/** A mistake in the config: `file:line: documents[0].plugins[2].options.timeout: what is wrong; allowed: …`. */
export class ConfigError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly key: string,
    readonly problem: string,
  ) {
    super(`${file}${line !== undefined ? `:${line}` : ''}: ${key}: ${problem}`);
    this.name = 'ConfigError';
  }
}

/** The config file in `dir` (the first of CONFIG_FILES that exists), if any. */
export function findConfig(dir: string): string | undefined {
  return CONFIG_FILES.map((name) => path.join(dir, name)).find((file) => existsSync(file));
}

/** The config of a folder above `dir` (the nearest), for a command run from a subfolder of a project. */
export function configAbove(dir: string): string | undefined {
  for (let folder = path.dirname(path.resolve(dir)); ; folder = path.dirname(folder)) {
    const found = findConfig(folder);
    if (found || path.dirname(folder) === folder) return found;
  }
}

/**
 * Reads and checks the config: `file`, else the one in `dir`. Every key is checked before anything
 * runs; the first mistake is thrown as a ConfigError.
 */
export async function loadConfig(options: { file?: string; dir?: string } = {}): Promise<LoadedConfig> {
  const file = options.file ? path.resolve(options.file) : findConfig(path.resolve(options.dir ?? '.'));
  if (!file) {
    const dir = path.resolve(options.dir ?? '.');
    // Run from a subfolder of a project (api/): its config is above, and init here would make another.
    const above = configAbove(dir);
    throw new ConfigError(
      dir,
      undefined,
      'config',
      above
        ? `no ${CONFIG_FILES.join(', ')} here; ${path.relative(dir, above)} sets up ${path.dirname(above)}: run contract-kit there`
        : `no ${CONFIG_FILES.join(', ')} here (\`contract-kit init\` writes one)`,
    );
  }
  if (!existsSync(file)) throw new ConfigError(file, undefined, 'config', 'the file does not exist');
  // Two config files: which one counts would be a matter of a list's order, and an edit of the other
  // would change nothing, silently.
  const others = options.file
    ? []
    : CONFIG_FILES.map((name) => path.join(path.dirname(file), name)).filter(
        (other) => other !== file && existsSync(other),
      );
  if (others.length > 0)
    throw new ConfigError(
      file,
      undefined,
      'config',
      `${others.map((other) => path.basename(other)).join(' and ')} ${others.length > 1 ? 'are' : 'is'} here too: keep one config file`,
    );
  const text = readFileSync(file, 'utf8');
  const locate = file.endsWith('.json') ? jsonLocator(text) : await scriptLocator(text, file);
  let raw: unknown;
  try {
    raw = file.endsWith('.json')
      ? JSON.parse(text)
      : ((await importAtRunTime(pathToFileURL(file).href)) as { default?: unknown }).default;
  } catch (error) {
    // A JSON config that does not parse: where it stops, as a spec's error says.
    const at = file.endsWith('.json') ? jsonErrorPosition(text, (error as Error).message) : undefined;
    throw new ConfigError(file, at?.line, 'config', `cannot be read: ${loadFailure(error)}`);
  }
  return checkConfig(raw, { file, root: path.dirname(file), locate });
}

/** Where a key path of the config is written: its line, when the locator finds it. */
export type KeyLocator = (keys: Array<string | number>) => number | undefined;

/** Checks a config value (as its file exported it) and resolves its plugins; see loadConfig. */
export async function checkConfig(
  raw: unknown,
  where: { file: string; root: string; locate?: KeyLocator },
): Promise<LoadedConfig> {
  const fail = (keys: Array<string | number>, problem: string): never => {
    // The nearest written key: a default, or a key the file builds in code, is reported at its parent.
    let line: number | undefined;
    for (let depth = keys.length; depth >= 0 && line === undefined; depth -= 1)
      line = where.locate?.(keys.slice(0, depth));
    throw new ConfigError(where.file, line, keyPath(keys), problem);
  };
  if (!isRecord(raw)) return fail([], 'the file must export (default) defineConfig({ documents: [...] })');
  unknownKeys(raw, ['documents'], [], fail);
  if (!Array.isArray(raw.documents) || raw.documents.length === 0)
    return fail(['documents'], 'must be a non-empty array of { spec, output, plugins }');
  const documents: ConfiguredDocument[] = [];
  for (const [index, document] of raw.documents.entries()) {
    const at = ['documents', index];
    if (!isRecord(document)) return fail(at, 'must be an object { spec, output, plugins }');
    unknownKeys(document, ['spec', 'output', 'sdkName', 'released', 'exclude', 'plugins'], at, fail);
    for (const key of ['spec', 'output'])
      if (typeof document[key] !== 'string' || document[key] === '')
        fail([...at, key], 'must be a path (a non-empty string)');
    for (const key of ['sdkName', 'released'])
      if (document[key] !== undefined && typeof document[key] !== 'string')
        fail([...at, key], 'must be a string');
    if (typeof document.released === 'string' && !/^git:.+|^[^:]+$/.test(document.released))
      fail([...at, 'released'], 'must be git:<ref> or a file');
    const exclude = exclusionsOf(document.exclude, [...at, 'exclude'], where, fail);
    const entries = document.plugins ?? defaultPlugins();
    if (!Array.isArray(entries))
      return fail([...at, 'plugins'], 'must be an array of plugin names or { name, options }');
    const plugins = await resolvePlugins(entries, [...at, 'plugins'], where.root, fail);
    documents.push({
      spec: path.resolve(where.root, document.spec as string),
      output: path.resolve(where.root, document.output as string),
      ...(document.sdkName !== undefined ? { sdkName: document.sdkName as string } : {}),
      ...(document.released !== undefined ? { released: document.released as string } : {}),
      exclude,
      plugins,
      absent: Object.keys(BUILT_IN_PLUGINS).filter(
        (name) => !plugins.some((each) => each.plugin.name === name),
      ),
    });
  }
  return { file: where.file, root: where.root, documents };
}

/** A document's `exclude`, each entry checked for its form (whether it names an operation is known when the spec is read). */
function exclusionsOf(
  raw: unknown,
  at: Array<string | number>,
  where: { file: string; locate?: KeyLocator },
  fail: (keys: Array<string | number>, problem: string) => never,
): ConfiguredExclusion[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw))
    return fail(
      at,
      'must be an array of operations: "GET /path", "/path" (all its methods) or an operationId',
    );
  return raw.map((entry: unknown, index) => {
    const keys = [...at, index];
    if (typeof entry !== 'string')
      return fail(keys, 'must be a string: "GET /path", "/path" or an operationId');
    const selector = parseExclusion(entry);
    if ('problem' in selector) return fail(keys, selector.problem);
    const line = where.locate?.(keys) ?? where.locate?.(at);
    return { entry, selector, file: where.file, ...(line !== undefined ? { line } : {}), key: keyPath(keys) };
  });
}

/**
 * A plugins entry that stands for every default plugin the list does not name itself:
 * `plugins: ['defaults', 'zod', { name: 'python', options: { packageName: 'acme' } }]`.
 */
export const DEFAULTS = 'defaults';

/** Every built-in plugin that runs unless asked otherwise (not the opt-in ones). */
export function defaultPlugins(): string[] {
  return Object.values(BUILT_IN_PLUGINS)
    .filter((plugin) => !plugin.optIn)
    .map((plugin) => plugin.name);
}

type Fail = (keys: Array<string | number>, problem: string) => never;

async function resolvePlugins(
  entries: unknown[],
  at: Array<string | number>,
  root: string,
  fail: Fail,
): Promise<ConfiguredPlugin[]> {
  const chosen = new Map<
    string,
    {
      plugin: PluginDefinition<Record<string, unknown>, unknown>;
      options: unknown;
      at: Array<string | number>;
      /** As the list names it: a built-in's name, a file, or a definition. */
      reference: unknown;
    }
  >();
  /** Where `'defaults'` stands: every default plugin the list does not name itself. */
  let defaultsAt: Array<string | number> | undefined;
  for (const [index, entry] of entries.entries()) {
    const here = [...at, index];
    if (entry === DEFAULTS) {
      if (defaultsAt) fail(here, `'${DEFAULTS}' is listed twice`);
      defaultsAt = here;
      continue;
    }
    let reference: unknown = entry;
    let options: unknown = undefined;
    let optionsAt = [...here, 'options'];
    if (isRecord(entry) && !isDefinition(entry)) {
      unknownKeys(entry, ['name', 'plugin', 'options'], here, fail);
      reference = entry.plugin ?? entry.name;
      options = entry.options;
      if (entry.plugin !== undefined && entry.name !== undefined)
        fail(here, 'give name (a built-in) or plugin (a file or definition), not both');
    } else optionsAt = here;
    const plugin = await pluginOf(reference, here, root, fail);
    const before = chosen.get(plugin.name);
    if (before?.plugin === plugin) fail(here, `the plugin ${plugin.name} is listed twice`);
    if (before)
      fail(
        here,
        `${describeReference(reference)} is named ${plugin.name}, as is ${describeReference(before.reference)}: each plugin needs a name of its own`,
      );
    chosen.set(plugin.name, { plugin, options, at: optionsAt, reference });
  }
  if (defaultsAt)
    for (const name of defaultPlugins())
      if (!chosen.has(name))
        chosen.set(name, {
          plugin: BUILT_IN_PLUGINS[name],
          options: undefined,
          at: defaultsAt,
          reference: name,
        });
  for (const { plugin, at: where } of chosen.values()) {
    for (const dependency of plugin.dependencies ?? [])
      if (!chosen.has(dependency))
        fail(
          where.at(-1) === 'options' ? where.slice(0, -1) : where,
          `${plugin.name} needs the plugin ${dependency}; add it to this document's plugins`,
        );
  }
  return dependencyOrder([...chosen.values()], fail).map(({ plugin, options, at: optionsAt, reference }) => ({
    plugin,
    options: checkOptions(plugin, options, optionsAt, fail),
    root: pluginRoot(plugin),
    ...(typeof reference === 'string' && !BUILT_IN_PLUGINS[reference]
      ? { file: path.resolve(root, reference) }
      : {}),
  }));
}

/** A plugins entry as its reader wrote it: 'client', the file './plugins/mine.ts', or a definition. */
function describeReference(reference: unknown): string {
  if (typeof reference !== 'string') return 'a plugin defined in the config';
  return BUILT_IN_PLUGINS[reference] ? `the built-in ${reference}` : `the file ${reference}`;
}

/**
 * Why a TypeScript file did not load, in one line with where: esbuild's errors themselves (file,
 * line, column and what) rather than its first line "Transform failed with 1 error:"; another
 * loader's first line and the first place it names. Without colour codes: it goes to a log.
 */
export function loadFailure(error: unknown): string {
  const lines = (error instanceof Error ? error.message : String(error))
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  // esbuild's and vite's first line says only that something failed; the error is the next.
  if (lines.length > 1 && /^Transform failed with \d+ errors?:$/.test(lines[0]!)) lines.shift();
  const first = lines[0] ?? 'no reason given';
  const place = lines
    .slice(1)
    .map((line) => /(\S+:\d+:\d+)/.exec(line)?.[1])
    .find(Boolean);
  return place && !first.includes(place) ? `${first} (at ${place})` : first;
}

function isDefinition(value: Record<string, unknown>): boolean {
  return typeof value.generate === 'function';
}

async function pluginOf(
  reference: unknown,
  at: Array<string | number>,
  root: string,
  fail: Fail,
): Promise<PluginDefinition<Record<string, unknown>, unknown>> {
  if (isRecord(reference) && isDefinition(reference)) return checkDefinition(reference, at, fail);
  if (typeof reference !== 'string' || reference === '')
    return fail(
      at,
      `must name a plugin: one of ${Object.keys(BUILT_IN_PLUGINS).join(', ')}, '${DEFAULTS}' (every default plugin not listed), a file ('./plugins/mine.ts'), or { name, options }`,
    );
  if (/^\.{0,2}\/|\.(m?[jt]s)$/.test(reference)) {
    const file = path.resolve(root, reference);
    if (!existsSync(file)) return fail(at, `no plugin file ${reference} (looked for ${file})`);
    let loaded: unknown;
    try {
      loaded = ((await importAtRunTime(pathToFileURL(file).href)) as { default?: unknown }).default;
    } catch (error) {
      return fail(at, `the plugin file ${reference} does not load: ${loadFailure(error)}`);
    }
    if (!isRecord(loaded) || !isDefinition(loaded))
      return fail(at, `${reference} must export default definePlugin({ name, generate, ... })`);
    return checkDefinition(loaded, at, fail);
  }
  const builtIn = BUILT_IN_PLUGINS[reference];
  if (!builtIn)
    return fail(
      at,
      `unknown plugin "${reference}"; allowed: ${Object.keys(BUILT_IN_PLUGINS).join(', ')}, '${DEFAULTS}' (every default plugin not listed), or a file ('./plugins/mine.ts')`,
    );
  return builtIn;
}

function checkDefinition(
  value: Record<string, unknown>,
  at: Array<string | number>,
  fail: Fail,
): PluginDefinition<Record<string, unknown>, unknown> {
  if (typeof value.name !== 'string' || !/^[a-z][a-z0-9-]*$/.test(value.name))
    fail(
      at,
      `a plugin needs a name of lower-case letters, digits and dashes, starting with a letter; this one's is ${JSON.stringify(value.name) ?? 'missing'}`,
    );
  if (BUILT_IN_PLUGINS[value.name as string] && (BUILT_IN_PLUGINS[value.name as string] as unknown) !== value)
    fail(at, `the plugin name ${value.name as string} is a built-in's; name yours differently`);
  if (
    value.dependencies !== undefined &&
    !(Array.isArray(value.dependencies) && value.dependencies.every((each) => typeof each === 'string'))
  )
    fail(at, `${value.name as string}: dependencies must be an array of plugin names`);
  if (value.readsDocument)
    fail(
      at,
      `${value.name as string}: readsDocument is for the built-in document plugins; read the IR and its schema model`,
    );
  for (const field of ['description', 'proves'] as const)
    if (typeof value[field] !== 'string' || value[field] === '')
      fail(at, `${value.name as string}: ${field} must be a string (${FIELD_MEANING[field]})`);
  if (value.options !== undefined && !isRecord(value.options))
    fail(at, `${value.name as string}: options must be an object of option names to their schemas`);
  for (const [key, schema] of Object.entries((value.options ?? {}) as Record<string, unknown>)) {
    const problem = optionSchemaProblem(schema);
    if (problem) fail(at, `${value.name as string}: option ${key}'s schema ${problem}`);
  }
  return value as unknown as PluginDefinition<Record<string, unknown>, unknown>;
}

/** Plugins sorted so each comes after its dependencies (in list order otherwise); a cycle is a mistake. */
function dependencyOrder<
  T extends { plugin: PluginDefinition<Record<string, unknown>, unknown>; at: Array<string | number> },
>(chosen: T[], fail: Fail): T[] {
  const byName = new Map(chosen.map((each) => [each.plugin.name, each]));
  const ordered: T[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (each: T, trail: string[]) => {
    const name = each.plugin.name;
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') {
      const cycle = [...trail.slice(trail.indexOf(name)), name];
      const at = each.at.at(-1) === 'options' ? each.at.slice(0, -1) : each.at;
      fail(at, `the plugins depend on each other in a cycle: ${cycle.join(' -> ')}`);
    }
    state.set(name, 'visiting');
    for (const dependency of each.plugin.dependencies ?? []) visit(byName.get(dependency)!, [...trail, name]);
    state.set(name, 'done');
    ordered.push(each);
  };
  for (const each of chosen) visit(each, []);
  return ordered;
}

const ajv = new Ajv2020({ allErrors: false, useDefaults: true, strict: false });

/** What the required text fields of a definition are for, as the refusal says. */
const FIELD_MEANING = {
  description: 'one line for --help and messages',
  proves: "which check proves its output agrees with the spec, or 'none: ' and why",
};

/**
 * Why a plugin's option schema is not one: not an object, no description, or a keyword JSON Schema
 * does not have (`defualt`, `typ`), which would be ignored silently and leave the option unchecked.
 * Formats are not checked here (the options' own validation leaves them to the plugin).
 */
function optionSchemaProblem(schema: unknown): string | undefined {
  if (!isRecord(schema)) return 'must be an object (a JSON Schema with a description)';
  if (typeof schema.description !== 'string') return 'needs a description';
  try {
    schemaChecker.compile(schema);
    return undefined;
  } catch (error) {
    return `is not one JSON Schema takes: ${(error as Error).message.replace(/^strict mode: /, '')}`;
  }
}
const schemaChecker = new Ajv2020({ strict: false, strictSchema: true, validateFormats: false });

/** The plugin's options, checked against its declaration, with defaults filled in. */
function checkOptions(
  plugin: PluginDefinition<Record<string, unknown>, unknown>,
  given: unknown,
  at: Array<string | number>,
  fail: Fail,
): Record<string, unknown> {
  const declared = plugin.options ?? {};
  if (given === undefined) given = {};
  if (!isRecord(given))
    return fail(at, `must be an object of ${plugin.name}'s options: ${allowedOptions(declared)}`);
  unknownKeys(given, Object.keys(declared), at, fail, `${plugin.name} takes ${allowedOptions(declared)}`);
  const options: Record<string, unknown> = structuredClone(given);
  for (const [key, schema] of Object.entries(declared)) {
    if (options[key] === undefined) {
      if (schema.default === undefined) continue;
      // The plugin's own declaration: a default its schema refuses is the plugin's mistake, said here
      // rather than handed to its generate() as a value it never expects.
      const validate = ajv.compile(schema as object);
      if (!validate(schema.default))
        fail(
          at.at(-1) === 'options' ? at.slice(0, -1) : at,
          `the plugin ${plugin.name} declares ${JSON.stringify(schema.default)} as option ${key}'s default, which its own schema refuses: ${validate.errors?.[0]?.message ?? 'not allowed'}`,
        );
      options[key] = structuredClone(schema.default);
      continue;
    }
    const validate = ajv.compile(schema as object);
    if (!validate(options[key])) {
      const error = validate.errors?.[0];
      const inner = (error?.instancePath ?? '').split('/').filter(Boolean);
      fail(
        [...at, key, ...inner],
        `${error?.message ?? 'is not allowed'}${allowedValues(error) ?? ''}; ${key}: ${schema.description}`,
      );
    }
  }
  return options;
}

/** The values an enum allows, from Ajv's error (an option's own enum or its items'), as ` (allowed: …)`. */
function allowedValues(error: { params?: Record<string, unknown> } | undefined): string | undefined {
  const allowed = error?.params?.allowedValues;
  return Array.isArray(allowed)
    ? ` (allowed: ${allowed.map((each) => JSON.stringify(each)).join(', ')})`
    : undefined;
}

function allowedOptions(declared: Record<string, OptionSchema>): string {
  const keys = Object.keys(declared);
  return keys.length > 0 ? keys.join(', ') : 'no options';
}

function unknownKeys(
  value: Record<string, unknown>,
  allowed: string[],
  at: Array<string | number>,
  fail: Fail,
  hint?: string,
): void {
  for (const key of Object.keys(value))
    if (!allowed.includes(key))
      fail([...at, key], `unknown key; ${hint ?? `allowed: ${allowed.join(', ')}`}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** documents[0].plugins[2].options.timeout */
function keyPath(keys: Array<string | number>): string {
  if (keys.length === 0) return 'config';
  return keys
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index > 0 ? '.' : ''}${key}`))
    .join('');
}

/** Lines of a JSON config's keys. */
function jsonLocator(text: string): KeyLocator {
  return (keys) => {
    try {
      const { offset, reached } = jsonPointerOffset(text, keys.map(String));
      return reached ? linePosition(text, offset).line : undefined;
    } catch {
      return undefined;
    }
  };
}

/**
 * Lines of a TypeScript or JavaScript config's keys, read from its syntax tree: the object passed
 * to defineConfig (or exported as default), followed key by key and index by index. A key the file
 * computes is not found; the error then names the nearest written key's line.
 */
async function scriptLocator(text: string, file: string): Promise<KeyLocator> {
  const ts = (await import('typescript')).default;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  let root: import('typescript').Expression | undefined;
  const visit = (node: import('typescript').Node) => {
    if (root) return;
    if (ts.isExportAssignment(node)) {
      const expression = node.expression;
      root =
        ts.isCallExpression(expression) && expression.arguments.length > 0
          ? expression.arguments[0]
          : expression;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const unwrap = (node: import('typescript').Expression): import('typescript').Expression =>
    ts.isAsExpression(node) || ts.isParenthesizedExpression(node) || ts.isSatisfiesExpression(node)
      ? unwrap(node.expression)
      : node;
  return (keys) => {
    let node = root && unwrap(root);
    for (const key of keys) {
      if (!node) return undefined;
      if (typeof key === 'number') {
        if (!ts.isArrayLiteralExpression(node)) return undefined;
        node = node.elements[key] && unwrap(node.elements[key]);
      } else {
        if (!ts.isObjectLiteralExpression(node)) return undefined;
        const property = node.properties.find(
          (each) =>
            (ts.isPropertyAssignment(each) || ts.isShorthandPropertyAssignment(each)) &&
            each.name &&
            (ts.isIdentifier(each.name) || ts.isStringLiteral(each.name)) &&
            each.name.text === key,
        );
        if (!property) return undefined;
        node = ts.isPropertyAssignment(property)
          ? unwrap(property.initializer)
          : (property as unknown as import('typescript').Expression);
      }
    }
    return node ? source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 : undefined;
  };
}

/** A plugin's options with nothing given: each declared option's default. */
export function defaultOptions(plugin: Pick<PluginDefinition, 'options'>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(plugin.options ?? {})
      .filter(([, schema]) => schema.default !== undefined)
      .map(([key, schema]) => [key, structuredClone(schema.default)]),
  );
}

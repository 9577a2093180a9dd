/**
 * The generation pipeline: load -> IR -> plugins -> one writer. Each step is timed and
 * reported through `log`, so the CLI, watch mode and tests share one path.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { LoadedDocument } from './core/document.js';
import { loadDocument, SpecError } from './core/load.js';
import { buildIr } from './core/build-ir.js';
import { prepareWorkers, reuseRenderings } from './core/document-worker.js';
import {
  listFiles,
  OutputWriter,
  headedFile,
  posixPath,
  type GeneratedFile,
  type Provenance,
  type WriteResult,
} from './core/files.js';
import type { Ir } from './core/ir.js';
import {
  ConfigError,
  defaultOptions,
  findConfig,
  loadConfig,
  type ConfiguredExclusion,
  type ConfiguredPlugin,
} from './config.js';
import { excludeOperations, nearestOperation, type OperationSelector } from './core/exclude.js';
import { pluginRoot, type PluginContext, type PluginDefinition, type PluginIr } from './plugin.js';
import { InputDigests, keepOutput, reusableOutput } from './plugin-reuse.js';
import { BUILT_IN_PLUGINS } from './plugins/registry.js';
import {
  previousGeneration,
  provenanceFile,
  recordedFiles,
  releaseOf,
  staleOutputs,
  type StaleOutput,
} from './provenance.js';

export type { StaleOutput };

export const DEFAULT_SPEC = 'spec/openapi.yaml';
export const DEFAULT_OUT = 'generated';

/** One document the config lists: where its output goes and the plugins that make it. */
export interface DocumentTarget {
  /** Relative to the working folder, as headers name it. */
  spec: string;
  out: string;
  sdkName?: string;
  /**
   * The document's last released version, `git:<ref>` or a file: the generated packages'
   * CHANGELOG.md lists what changed since. Move it on at each release.
   */
  released?: string;
  /** The operations left out of every output (the config's `exclude`). */
  exclude: ConfiguredExclusion[];
  /** In dependency order, options checked. */
  plugins: ConfiguredPlugin[];
}

/**
 * Every document the config file lists (contract-kit.config.ts in `dir`), for `npm run generate`,
 * `check:generated`, `lint`, `docs` and the dev loop. A mistake in the config is a ConfigError.
 */
export async function configuredDocuments(dir = process.cwd()): Promise<DocumentTarget[]> {
  const config = await loadConfig({ dir });
  const relative = (file: string) => posixPath(path.relative(process.cwd(), file)) || '.';
  return config.documents.map((document) => ({
    spec: relative(document.spec),
    out: relative(document.output),
    ...(document.sdkName !== undefined ? { sdkName: document.sdkName } : {}),
    ...(document.released !== undefined ? { released: document.released } : {}),
    exclude: document.exclude,
    plugins: document.plugins,
  }));
}

/** The command that regenerates an output, as every header of that output names it. */
export function regenerateCommand(spec: string, out: string, documents: DocumentTarget[]): string {
  return documents.some(
    (document) =>
      path.resolve(document.spec) === path.resolve(spec) && path.resolve(document.out) === path.resolve(out),
  )
    ? 'npm run generate'
    : `npm run generate -- --spec ${spec} --out ${out}`;
}

/** Output folders of the other listed documents inside `out` (e.g. "dashboard/" in generated/): never this output's files. */
export function nestedOutputs(out: string, documents: DocumentTarget[]): string[] {
  const base = path.resolve(out);
  return documents
    .map((document) => path.relative(base, path.resolve(document.out)))
    .filter((relative) => relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative))
    .map((relative) => `${posixPath(relative)}/`);
}

/**
 * The plugins a generation runs when the caller names none: every built-in plugin that is not
 * opt-in, less `skip`, plus the opt-in ones in `include`, in dependency order. Skipping a plugin
 * that another needs skips that one too.
 */
export function defaultPluginsFor(skip: string[] = [], include: string[] = []): ConfiguredPlugin[] {
  const chosen = Object.values(BUILT_IN_PLUGINS).filter(
    (plugin) => (!plugin.optIn || include.includes(plugin.name)) && !skip.includes(plugin.name),
  );
  const runs = (plugin: PluginDefinition<Record<string, unknown>, unknown>): boolean =>
    (plugin.dependencies ?? []).every((name) => chosen.some((each) => each.name === name && runs(each)));
  return chosen
    .filter(runs)
    .map((plugin) => ({ plugin, options: defaultOptions(plugin), root: pluginRoot(plugin) }));
}

/** The named built-in plugins and every plugin they depend on, in dependency order. */
export function builtInPlugins(names: string[]): ConfiguredPlugin[] {
  const wanted = new Set<string>();
  const want = (name: string) => {
    const plugin = BUILT_IN_PLUGINS[name];
    if (!plugin)
      throw new Error(`unknown plugin ${name}; built in: ${Object.keys(BUILT_IN_PLUGINS).join(', ')}`);
    if (wanted.has(name)) return;
    wanted.add(name);
    for (const dependency of plugin.dependencies ?? []) want(dependency);
  };
  for (const name of names) want(name);
  return Object.values(BUILT_IN_PLUGINS)
    .filter((plugin) => wanted.has(plugin.name))
    .map((plugin) => ({ plugin, options: defaultOptions(plugin), root: pluginRoot(plugin) }));
}

export interface GenerateOptions {
  spec: string;
  out: string;
  /** The command that regenerates this output, named in every header. */
  command: string;
  write: boolean;
  log: (line: string) => void;
  /** The plugins to run (a config document's); default: defaultPluginsFor(skip, include). */
  plugins?: ConfiguredPlugin[];
  /** Without `plugins`: built-in plugins to leave out (an opt-in one's output is then kept). */
  skip?: string[];
  /** Without `plugins`: opt-in plugins to run (e.g. "sdks"). */
  include?: string[];
  /**
   * The last released version (`git:<ref>` or a file); default: the listed document's `released`;
   * `false`: compare with none (the packages' CHANGELOG.md then lists no changes).
   */
  released?: string | false;
  /** What the SDKs are named after instead of the spec's `info.title` (or `info.x-sdk-name`). */
  sdkName?: string;
  /**
   * Keep what this generation made, in this process, for the next one of the same spec into the same
   * folder, and reuse what the previous one kept: plugins whose inputs did not change return their
   * previous files, and the document renderings (types, contract, mock) re-render only the path items
   * and components that changed. The same bytes as a generation from nothing (docs/architecture.md, "The dev loop").
   */
  incremental?: boolean;
  /**
   * `spec`, already loaded by the caller, and how long that took (for the step's line). The command
   * line loads it before the generators and their worker thread, so a spec that does not load fails
   * in a fraction of the seconds of CPU they cost.
   */
  preloaded?: { document: LoadedDocument; ms: number };
}

export interface GenerateResult {
  ir: Ir;
  files: GeneratedFile[];
  warnings: string[];
  /** Every file the spec was read from (the root and its $ref'd files), relative to the cwd. */
  sourceFiles: string[];
  /** Output of skipped emitters that was made from another spec digest: it needs `command`. */
  stale: StaleOutput[];
  /** What the writer did (when `write` was set). */
  written?: WriteResult;
  /** The plugins whose previous output was reused without running them (incremental generations). */
  reused: string[];
}

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const step = async <T>(
    name: string,
    work: () => Promise<T> | T,
    detail?: (value: T) => string,
  ): Promise<T> => {
    const started = performance.now();
    const result = work();
    // A synchronous step is timed as it returns: awaiting first would add whatever runs beside it.
    const value = result instanceof Promise ? await result : result;
    logStep(name, performance.now() - started, detail?.(value));
    return value;
  };
  const logStep = (name: string, ms: number, detail?: string) =>
    options.log(`${name.padEnd(22)} ${ms.toFixed(0).padStart(6)} ms${detail ? ` (${detail})` : ''}`);
  const provenance: Provenance = { source: posixPath(options.spec), command: options.command };
  const plugins = options.plugins ?? defaultPluginsFor(options.skip, options.include);
  // Opt-in plugins that do not run keep their output (openapi-generator's SDKs take seconds of Java).
  const skipped = Object.values(BUILT_IN_PLUGINS).filter(
    (plugin) => plugin.isolated && !plugins.some((each) => each.plugin.name === plugin.name),
  );
  prepareWorkers(fileSize(options.spec));
  const describeLoaded = (doc: LoadedDocument) =>
    `${doc.files.length} file(s), OpenAPI ${doc.openapiVersion}`;
  const read = options.preloaded
    ? options.preloaded.document
    : await step('load + bundle', () => loadDocument(options.spec), describeLoaded);
  if (options.preloaded) logStep('load + bundle', options.preloaded.ms, describeLoaded(read));
  const listed = await listedDocument(options.spec);
  const exclude = listed?.exclude ?? [];
  const selectors = exclude.map((exclusion) => exclusion.selector);
  const loaded =
    exclude.length > 0
      ? await step(
          'exclude',
          () => withoutExcluded(read, exclude, selectors),
          (kept) => `${kept.excluded?.length ?? 0} operation(s) left out, as the config says`,
        )
      : read;
  const released = options.released === false ? undefined : (options.released ?? listed?.released);
  const ir: Ir = await step('build IR', () => buildIr(loaded, { sdkName: options.sdkName }));
  // The document renderings keep their units' texts for the next generation of this spec.
  if (options.incremental) reuseRenderings(ir, path.resolve(options.spec));
  if (released)
    ir.release = await step(
      'compare with release',
      () => releaseOf(released, options.spec, ir, selectors),
      (release) => `${release.label}: ${release.changes.length} change(s)`,
    );
  const files: GeneratedFile[] = [];
  const pluginWarnings: string[] = [];
  // Each plugin's files are compared with the disk as it ends; they are written once all are known.
  const writer = options.write ? new OutputWriter(options.out) : undefined;
  const reuse = options.incremental
    ? { out: options.out, digests: new InputDigests(ir, options.out) }
    : undefined;
  const outcomes = await runPlugins(plugins, ir, options.spec, step, reuse, (file) => {
    const headed = headedFile(file, provenance);
    writer?.compare(headed);
    return headed;
  });
  const writtenBy = new Map<string, string>();
  for (const { plugin, warnings, emitted } of outcomes) {
    pluginWarnings.push(...warnings);
    if (emitted) files.push(...emitted);
    else skipped.push(plugin);
    // One file, one plugin: a second would replace the first's bytes, whichever ran last.
    for (const file of emitted ?? []) {
      const normal = path.posix.normalize(file.path);
      const other = writtenBy.get(normal);
      if (other !== undefined)
        throw new PluginError(
          plugin.name,
          other === plugin.name
            ? `it returned ${normal} twice`
            : `it wrote ${normal}, which the plugin ${other} writes: each file has one plugin`,
        );
      writtenBy.set(normal, plugin.name);
    }
  }
  // A skipped plugin's files stay on disk and stay in the record, so skipping it (the dev loop
  // does) writes the same provenance.json as a full run while the spec is unchanged.
  const keptRoots = skipped.map((plugin) => pluginRoot(plugin));
  const nested = nestedOutputs(options.out, await listedDocuments());
  const isNested = (file: string) => nested.some((root) => posixPath(file).startsWith(root));
  const isKept = (file: string) =>
    isNested(file) || keptRoots.some((root) => posixPath(file).startsWith(root));
  const kept =
    keptRoots.length > 0
      ? (await listFiles(options.out)).filter((file) => !isNested(file) && isKept(file)).map(posixPath)
      : [];
  // Read before this generation writes its own: which kept roots are stale, which files are ours.
  const previous = await previousGeneration(options.out);
  const stale =
    kept.length > 0
      ? staleOutputs(
          previous,
          keptRoots.filter((root) => kept.some((file) => file.startsWith(root))),
          ir.digest,
        )
      : [];
  const record = provenanceFile(
    ir,
    provenance,
    [...files.map((file) => file.path), ...kept],
    stale,
    options.command,
  );
  files.push(headedFile(record, provenance));
  files.sort((a, b) => a.path.localeCompare(b.path));
  let written: WriteResult | undefined;
  if (writer) {
    // What the last generation recorded is removed when no longer made, with or without a header
    // (a plugin's .go file, a JSON array). A file it did not record is not this toolkit's to remove,
    // though it may carry the mark: what a generated package's build compiled from it (dist/).
    const recorded = recordedFiles(previous);
    written = await step(
      'write',
      () => writer.finish(files, isKept, recorded && ((file: string) => recorded.has(posixPath(file)))),
      (r) =>
        `${r.written} written, ${r.removed.length} removed${r.unread > 0 ? `, ${r.unread} known by their stamp without reading` : ''}, into ${options.out}/`,
    );
  }
  return {
    ir,
    files,
    warnings: [
      ...ir.warnings.map((warning) => `${options.spec}#${warning.pointer}: ${warning.message}`),
      ...pluginWarnings,
    ],
    sourceFiles: loaded.files,
    stale,
    written,
    reused: outcomes.filter((outcome) => outcome.reused).map((outcome) => outcome.plugin.name),
  };
}

interface PluginOutcome {
  plugin: PluginDefinition<Record<string, unknown>, unknown>;
  warnings: string[];
  /** Undefined when an isolated plugin failed (its previous output is kept). */
  emitted?: GeneratedFile[];
  /** Its previous output, reused: its inputs had not changed. */
  reused?: boolean;
}

/**
 * Runs the plugins (in dependency order) as early as each can start: a plugin starts once every
 * plugin it depends on has returned (its exports are known), while files that are still rendering
 * (openapi-typescript in a worker thread) arrive later. Files and warnings are taken in the list's
 * order, so the output does not depend on which finished first; the first failure in that order
 * stops the generation once every plugin has ended. With `reuse` (incremental generations), a
 * plugin whose input digest is its previous output's returns that output without running.
 */
async function runPlugins(
  plugins: ConfiguredPlugin[],
  ir: Ir,
  spec: string,
  step: <T>(name: string, work: () => Promise<T> | T, detail?: (value: T) => string) => Promise<T>,
  reuse: { out: string; digests: InputDigests } | undefined,
  finish: (file: GeneratedFile) => GeneratedFile,
): Promise<PluginOutcome[]> {
  const started = new Map<string, Promise<{ exports: unknown }>>();
  const settled = await Promise.allSettled(
    plugins.map(({ plugin, options, root }) => {
      const warnings: string[] = [];
      const warn = (message: string, pointer?: string) =>
        warnings.push(
          pointer !== undefined
            ? `${spec}#${pointer}: ${plugin.name}: ${message}`
            : `${plugin.name}: ${message}`,
        );
      let returned!: (value: { exports: unknown }) => void;
      let refused!: (error: unknown) => void;
      const start = new Promise<{ exports: unknown }>(
        (resolve, reject) => ((returned = resolve), (refused = reject)),
      );
      // Handled here, when it is made: a plugin that throws before any dependent awaits it would
      // otherwise be an unhandled rejection, which ends the process before the failure is reported.
      // A dependent that awaits it still sees the rejection.
      start.catch(() => undefined);
      started.set(plugin.name, start);
      const run = async (): Promise<PluginOutcome> => {
        const dependencies = new Map<string, unknown>();
        for (const name of plugin.dependencies ?? [])
          dependencies.set(name, (await started.get(name)!).exports);
        const context = pluginContext(plugin, ir, options, root, warn, dependencies);
        try {
          const digest = reuse?.digests.of(plugin, context.ir, options);
          const kept = digest !== undefined ? reusableOutput(reuse!.out, plugin.name, digest) : undefined;
          if (kept) {
            returned({ exports: kept.exports });
            warnings.push(...kept.warnings);
            await step(
              `emit ${plugin.name}`,
              () => kept.files,
              (list) => `${list.length} file(s), reused`,
            );
            return { plugin, warnings, emitted: kept.files.map(finish), reused: true };
          }
          let exports: unknown;
          const emitted = await step(
            `emit ${plugin.name}`,
            async () => {
              const result = await plugin.generate(context);
              exports = result.exports;
              returned({ exports });
              return outputOf(plugin.name, root, await result.files);
            },
            (list) => `${list.length} file(s)`,
          );
          if (digest !== undefined)
            keepOutput(reuse!.out, plugin.name, digest, { files: emitted, exports, warnings: [...warnings] });
          // Headers (and the comparison with the disk) as each plugin ends, while others may still be rendering.
          return { plugin, warnings, emitted: emitted.map(finish) };
        } catch (caught) {
          refused(caught);
          const error = emitterError(spec, plugin.name, caught);
          if (!plugin.isolated) throw error;
          // An isolated plugin's failure is reported, its previous output kept, and the rest goes on.
          warn(
            `failed, previous output in ${root} kept: ${error instanceof PluginError ? error.reason : error instanceof Error ? error.message : String(error)}`,
          );
          return { plugin, warnings };
        }
      };
      return run();
    }),
  );
  const failed = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
}

/** What a plugin sees: the IR (its raw document only for document plugins), its options and its dependencies' exports. */
function pluginContext(
  plugin: PluginDefinition<Record<string, unknown>, unknown>,
  ir: Ir,
  options: Record<string, unknown>,
  root: string,
  warn: (message: string, pointer?: string) => void,
  dependencies: Map<string, unknown>,
): PluginContext<Record<string, unknown>> {
  return {
    // A document plugin's emitters take it as the Ir it is: PluginIr's `document: never` is for the rest.
    ir: plugin.readsDocument ? (ir as unknown as PluginIr) : withoutDocument(ir, plugin.name),
    model: ir.model,
    options,
    root,
    warn,
    dependency: (name) => {
      if (!dependencies.has(name))
        throw new Error(
          `${plugin.name} asked for the exports of ${name}, which it does not list in dependencies`,
        );
      return dependencies.get(name) as never;
    },
  };
}

/**
 * The IR without its raw document: reading `ir.document` there throws, naming the plugin. Only the
 * document-to-document plugins (readsDocument) see it; the rest read the schema model. It is not
 * among the IR's keys either, so that `{ ...ir }`, `const { operations, ...rest } = ir` and
 * `JSON.stringify(ir)` leave it out rather than throw in code that never names it.
 */
export function withoutDocument(ir: Ir, plugin: string): PluginIr {
  const guarded = new Proxy(ir, {
    ownKeys: (target) => Reflect.ownKeys(target).filter((key) => key !== 'document'),
    getOwnPropertyDescriptor: (target, key) =>
      key === 'document' ? undefined : Reflect.getOwnPropertyDescriptor(target, key),
    has: (target, key) => key !== 'document' && Reflect.has(target, key),
    get(target, key, receiver) {
      if (key === 'document')
        throw new Error(
          `the plugin ${plugin} read ir.document; plugins read the IR and its schema model (ir.model), and only document-to-document plugins (readsDocument) see the raw document`,
        );
      return Reflect.get(target, key, receiver);
    },
  });
  return guarded as unknown as PluginIr;
}

/** The plugin's files, each checked to lie under its root. */
function outputOf(name: string, root: string, files: unknown): GeneratedFile[] {
  if (!Array.isArray(files))
    throw new PluginError(
      name,
      `generate() must return { files: [{ path, content }, …] } (or files as a promise of that array); files was ${files === null ? 'null' : typeof files}`,
    );
  for (const file of files as GeneratedFile[]) {
    if (typeof file?.path !== 'string' || typeof file.content !== 'string')
      throw new PluginError(
        name,
        `a file must be { path: string, content: string }; got ${JSON.stringify(file)?.slice(0, 200)}`,
      );
    const normal = path.posix.normalize(file.path);
    if (!normal.startsWith(root) || normal.startsWith('../') || path.posix.isAbsolute(normal))
      throw new PluginError(name, `it wrote ${file.path}, outside its folder ${root}`);
    // The generation's own record: a plugin that wrote it would be overwritten, or would hide what was made.
    if (normal === 'provenance.json')
      throw new PluginError(name, 'it wrote provenance.json, the record every generation writes itself');
  }
  return files as GeneratedFile[];
}

/**
 * The document without the operations its config entry leaves out; an entry that names none is the
 * config's mistake (a typo would otherwise leave out nothing, silently).
 */
function withoutExcluded(
  loaded: LoadedDocument,
  exclude: ConfiguredExclusion[],
  selectors: OperationSelector[],
): LoadedDocument {
  const result = excludeOperations(loaded, selectors);
  const unmatched = exclude.find((_exclusion, index) => result.matched[index] === 0);
  if (unmatched) {
    const nearest = nearestOperation(loaded.document, unmatched.entry);
    throw new ConfigError(
      unmatched.file,
      unmatched.line,
      unmatched.key,
      `${JSON.stringify(unmatched.entry)} names no operation of ${loaded.sourcePath}${nearest !== undefined ? ` (did you mean ${JSON.stringify(nearest)}?)` : ''}`,
    );
  }
  // Everything left out: every output would be empty and every check pass, testing nothing.
  const left = result.loaded.excluded?.length ?? 0;
  if (left > 0 && Object.keys(result.loaded.document.paths ?? {}).length === 0)
    throw new ConfigError(
      exclude[0]!.file,
      exclude[0]!.line,
      exclude[0]!.key.replace(/\[\d+\]$/, ''),
      `leaves out every operation of ${loaded.sourcePath} (${left}): nothing would be generated or tested`,
    );
  return result.loaded;
}

/** The config's documents for the working folder, read once (none when there is no config file). */
let listed: Promise<DocumentTarget[]> | undefined;
function listedDocuments(): Promise<DocumentTarget[]> {
  listed ??= findConfig(process.cwd()) ? configuredDocuments() : Promise.resolve([]);
  return listed;
}

async function listedDocument(spec: string): Promise<DocumentTarget | undefined> {
  return (await listedDocuments()).find((document) => path.resolve(document.spec) === path.resolve(spec));
}

/**
 * An emitter's failure as a SpecError (`file:line:col: emitter: reason (at #pointer)`) when its
 * message names a JSON pointer, as openapi-typescript's do ("✘ Can't resolve $ref at #/paths/…");
 * otherwise the error as it is (the CLI prefixes the spec's path).
 */
export function emitterError(spec: string, emitter: string, error: unknown): unknown {
  if (error instanceof SpecError || error instanceof PluginError) return error;
  if (!(error instanceof Error)) return new PluginError(emitter, String(error), error);
  const line = error.message.split('\n')[0].replace(/^[\s✘×!]+/u, '');
  const found = /^(.*?)\s+\(?at #(\/[^\n]*?)\)?$/.exec(line);
  if (found) return new SpecError(spec, found[2], `${emitter}: ${found[1]}`);
  // A bug in the plugin's code (a TypeError and the like): where it was thrown, outside node's own.
  const bug =
    error.name !== 'Error'
      ? error.stack?.split('\n').find((frame) => /^\s+at .*[\\/]/.test(frame) && !frame.includes('node:'))
      : undefined;
  const where = bug ? ` (${bug.trim().replace(/^at (?:.*? \()?(?:file:\/\/)?(.*?)\)?$/, 'at $1')})` : '';
  return new PluginError(emitter, `${error.name === 'Error' ? '' : `${error.name}: `}${line}${where}`, error);
}

/**
 * Why a generation of `spec` failed, in one line: a spec problem names its file and place, a
 * plugin's failure names the plugin, a config's mistake (an `exclude` entry that names no operation)
 * its file and line, and anything else (an emitter failing on a document the loader
 * accepted) is named by the spec.
 */
export function generationFailure(spec: string, error: unknown): string {
  if (error instanceof SpecError || error instanceof PluginError || error instanceof ConfigError)
    return error.message;
  return `${spec}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
}

/** A plugin failed for a reason of its own, not the spec's: the message names the plugin. */
export class PluginError extends Error {
  override name = 'PluginError';
  constructor(
    readonly plugin: string,
    readonly reason: string,
    cause?: unknown,
  ) {
    super(`the plugin ${plugin} failed: ${reason}`, cause === undefined ? undefined : { cause });
  }
}

/** A file's size in bytes; 0 when it cannot be read (the loader then says why). */
function fileSize(file: string): number {
  try {
    return statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  } catch {
    return 0;
  }
}

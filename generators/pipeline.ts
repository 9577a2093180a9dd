/**
 * The generation pipeline: load -> IR -> emitters -> one writer. Each step is timed and
 * reported through `log`, so the CLI, watch mode and tests share one path.
 */
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadDocument, SpecError } from './core/load.js';
import { releaseBetween } from './changelog/release.js';
import { loadReleased } from './breaking/released.js';
import { buildIr } from './core/build-ir.js';
import { prepareWorkers } from './core/document-worker.js';
import {
  listFiles,
  OutputWriter,
  withHeader,
  type GeneratedFile,
  type Provenance,
  type WriteResult,
} from './core/files.js';
import type { Ir, IrRelease } from './core/ir.js';
import { emitClient } from './emitters/client/emit.js';
import { emitContractDocument } from './emitters/contract/emit.js';
import { emitContractTests } from './emitters/contract-tests/emit.js';
import { emitMockSpec } from './emitters/mock/emit.js';
import { emitPython } from './emitters/python/emit.js';
import { emitSdks } from './emitters/sdks/emit.js';
import { emitServer } from './emitters/server/emit.js';
import { emitTypes } from './emitters/types/emit.js';
import { GENERATOR_VERSION } from './version.js';

/** An emitter: a pure function of the IR returning files (paths relative to the output folder). */
export interface Emitter {
  name: string;
  /**
   * `warn` reports a problem that does not stop the emitter (e.g. one SDK of several failed, a
   * construct this emitter does not support yet), with the JSON pointer of the construct when
   * there is one.
   */
  emit: (
    ir: Ir,
    warn: (message: string, pointer?: string) => void,
  ) => GeneratedFile[] | Promise<GeneratedFile[]>;
  /**
   * The folder it owns, for emitters that can be skipped (their output is then kept as it is).
   * Such an emitter is also isolated: if it throws, the others still run and its output is kept.
   */
  root?: string;
  /** Runs only when asked for (`include`), e.g. openapi-generator's SDKs, which need Java. */
  optIn?: boolean;
}

export const EMITTERS: Emitter[] = [
  // The first four hand their longest part to a worker thread on a large spec, the types first:
  // openapi-typescript is the longest rendering of all, so it starts before anything else. The
  // mock waits for the contract's renderings, only the end of the client for the types.
  { name: 'types', emit: emitTypes },
  { name: 'contract document', emit: emitContractDocument },
  { name: 'mock spec', emit: emitMockSpec },
  { name: 'client', emit: emitClient },
  { name: 'server stubs', emit: emitServer },
  { name: 'contract tests', emit: emitContractTests },
  { name: 'python', emit: emitPython },
  { name: 'sdks', emit: emitSdks, root: 'sdks/', optIn: true },
];

export const DEFAULT_SPEC = 'spec/openapi.yaml';
export const DEFAULT_OUT = 'generated';

/** One document this repository generates from, where its output goes, and emitters it leaves out. */
export interface DocumentTarget {
  spec: string;
  out: string;
  skip?: string[];
  /**
   * The document's last released version, `git:<ref>` or a file: the generated packages'
   * CHANGELOG.md lists what changed since. Move it on at each release.
   */
  released?: string;
}

/**
 * Every document `npm run generate`, `check:generated`, `lint` and `docs` cover. The dashboard's
 * API (issue 15) is called only by its pages in a browser: no Python or openapi-generator SDKs for it.
 */
export const DOCUMENTS: DocumentTarget[] = [
  // 1.0.0, as released (the last commit that changed the spec).
  { spec: DEFAULT_SPEC, out: DEFAULT_OUT, released: 'git:5e4d5b2a4851c1131e0b6e82fc7606a20a930deb' },
  { spec: 'spec/dashboard.yaml', out: 'generated/dashboard', skip: ['python', 'sdks'] },
];

/** The command that regenerates an output, as every header of that output names it. */
export function regenerateCommand(spec: string, out: string): string {
  return DOCUMENTS.some((document) => document.spec === spec && document.out === out)
    ? 'npm run generate'
    : `npm run generate -- --spec ${spec} --out ${out}`;
}

/** Output folders of the other listed documents inside `out` (e.g. "dashboard/" in generated/): never this output's files. */
export function nestedOutputs(out: string): string[] {
  const base = path.resolve(out);
  return DOCUMENTS.map((document) => path.relative(base, path.resolve(document.out)))
    .filter((relative) => relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative))
    .map((relative) => `${relative.split(path.sep).join('/')}/`);
}

export interface GenerateOptions {
  spec: string;
  out: string;
  /** The command that regenerates this output, named in every header. */
  command: string;
  write: boolean;
  log: (line: string) => void;
  /** Emitters to leave out (e.g. "sdks", which runs Java for seconds); their output is kept. */
  skip?: string[];
  /** Opt-in emitters to run (e.g. "sdks"). */
  include?: string[];
  /**
   * The last released version (`git:<ref>` or a file); default: the listed document's `released`;
   * `false`: compare with none (the packages' CHANGELOG.md then lists no changes).
   */
  released?: string | false;
  /** What the SDKs are named after instead of the spec's `info.title` (or `info.x-sdk-name`). */
  sdkName?: string;
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
}

/** Output kept on disk from an emitter that was skipped, made from an older spec. */
export interface StaleOutput {
  /** The folder, e.g. "sdks/". */
  root: string;
  /** The digest of the spec it was made from. */
  specDigest: string;
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
    const extra = detail ? ` (${detail(value)})` : '';
    options.log(`${name.padEnd(22)} ${(performance.now() - started).toFixed(0).padStart(6)} ms${extra}`);
    return value;
  };
  const provenance: Provenance = { source: options.spec.split(path.sep).join('/'), command: options.command };
  const skipped = EMITTERS.filter(
    (emitter) =>
      options.skip?.includes(emitter.name) || (emitter.optIn && !options.include?.includes(emitter.name)),
  );
  prepareWorkers(fileSize(options.spec));
  const loaded = await step(
    'load + bundle',
    () => loadDocument(options.spec),
    (doc) => `${doc.files.length} file(s), OpenAPI ${doc.openapiVersion}`,
  );
  const released =
    options.released === false
      ? undefined
      : (options.released ??
        DOCUMENTS.find((document) => path.resolve(document.spec) === path.resolve(options.spec))?.released);
  const ir: Ir = await step('build IR', () => buildIr(loaded, { sdkName: options.sdkName }));
  if (released)
    ir.release = await step(
      'compare with release',
      () => releaseOf(released, options.spec, ir),
      (release) => `${release.label}: ${release.changes.length} change(s)`,
    );
  const files: GeneratedFile[] = [];
  const emitterWarnings: string[] = [];
  // Each emitter's files are compared with the disk as it ends; they are written once all are known.
  const writer = options.write ? new OutputWriter(options.out) : undefined;
  // Emitters start together: a synchronous one runs to its end at once, while an asynchronous one
  // (the types render in a worker thread) goes on beside the rest. Their files and warnings are
  // then taken in the list's order, so the output does not depend on which finished first.
  const settled = await Promise.allSettled(
    EMITTERS.filter((candidate) => !skipped.includes(candidate)).map(async (emitter) => {
      const warnings: string[] = [];
      const warn = (message: string, pointer?: string) =>
        warnings.push(
          pointer !== undefined
            ? `${options.spec}#${pointer}: ${emitter.name}: ${message}`
            : `${emitter.name}: ${message}`,
        );
      try {
        const emitted = await step(
          `emit ${emitter.name}`,
          () => emitter.emit(ir, warn),
          (list) => `${list.length} file(s)`,
        );
        // Headers (and the comparison with the disk) as each emitter ends, while others may still be rendering.
        const headed = emitted.map((file) => ({
          path: file.path,
          content: withHeader(file.path, file.content, provenance),
        }));
        for (const file of headed) writer?.compare(file);
        return { emitter, warnings, emitted: headed };
      } catch (caught) {
        const error = emitterError(options.spec, emitter.name, caught);
        if (!emitter.root) throw error;
        // An isolated emitter's failure is reported, its previous output kept, and the rest goes on.
        warn(
          `failed, previous output in ${emitter.root} kept: ${error instanceof Error ? error.message : String(error)}`,
        );
        return { emitter, warnings, emitted: undefined };
      }
    }),
  );
  // A failure stops the generation once every emitter has ended (so no step reports after the
  // error), and it is the first failing emitter in the list's order, not the first to fail in time.
  const failed = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  const outcomes = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  for (const { emitter, warnings, emitted } of outcomes) {
    emitterWarnings.push(...warnings);
    if (emitted) files.push(...emitted);
    else skipped.push(emitter);
  }
  // A skipped emitter's files stay on disk and stay in the record, so skipping it (the dev loop
  // does) writes the same provenance.json as a full run while the spec is unchanged.
  const keptRoots = skipped.map((emitter) => emitter.root).filter((root): root is string => Boolean(root));
  const nested = nestedOutputs(options.out);
  const isNested = (file: string) => nested.some((root) => file.split(path.sep).join('/').startsWith(root));
  const isKept = (file: string) =>
    isNested(file) || keptRoots.some((root) => file.split(path.sep).join('/').startsWith(root));
  const kept =
    keptRoots.length > 0
      ? (await listFiles(options.out))
          .filter((file) => !isNested(file) && isKept(file))
          .map((file) => file.split(path.sep).join('/'))
      : [];
  const stale =
    kept.length > 0
      ? await staleOutputs(
          options.out,
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
  files.push({ path: record.path, content: withHeader(record.path, record.content, provenance) });
  files.sort((a, b) => a.path.localeCompare(b.path));
  let written: WriteResult | undefined;
  if (writer) {
    written = await step(
      'write',
      () => writer.finish(files, isKept),
      (r) =>
        `${r.written} written, ${r.removed.length} removed${r.unread > 0 ? `, ${r.unread} known unchanged without reading` : ''}, into ${options.out}/`,
    );
  }
  return {
    ir,
    files,
    warnings: [
      ...ir.warnings.map((warning) => `${options.spec}#${warning.pointer}: ${warning.message}`),
      ...emitterWarnings,
    ],
    sourceFiles: loaded.files,
    stale,
    written,
  };
}

/**
 * An emitter's failure as a SpecError (`file:line:col: emitter: reason (at #pointer)`) when its
 * message names a JSON pointer, as openapi-typescript's do ("✘ Can't resolve $ref at #/paths/…");
 * otherwise the error as it is (the CLI prefixes the spec's path).
 */
export function emitterError(spec: string, emitter: string, error: unknown): unknown {
  if (error instanceof SpecError || !(error instanceof Error)) return error;
  const line = error.message.split('\n')[0].replace(/^[\s✘×!]+/u, '');
  const found = /^(.*?)\s+\(?at #(\/[^\n]*?)\)?$/.exec(line);
  if (!found) return error;
  return new SpecError(spec, found[2], `${emitter}: ${found[1]}`);
}

/** A file's size in bytes; 0 when it cannot be read (the loader then says why). */
function fileSize(file: string): number {
  try {
    return statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  } catch {
    return 0;
  }
}

/** What changed since the released version (the breaking gate's rules), for the packages' CHANGELOG.md. */
async function releaseOf(source: string, spec: string, current: Ir): Promise<IrRelease> {
  const { loaded, label } = await loadReleased(source, spec);
  return releaseBetween(label, loaded, current);
}

/** generated/provenance.json: which spec (by digest) and which generator made this output. */
function provenanceFile(
  ir: Ir,
  provenance: Provenance,
  paths: string[],
  stale: StaleOutput[],
  command: string,
): GeneratedFile {
  const content: Record<string, unknown> = {
    source: provenance.source,
    spec_digest: ir.digest,
    spec_version: ir.info.version,
    ...(ir.release ? { released: { from: ir.release.label, spec_version: ir.release.version } } : {}),
    generator_version: GENERATOR_VERSION,
    files: [...paths].sort(),
  };
  if (stale.length > 0)
    content.stale = Object.fromEntries(
      stale.map((output) => [output.root, { spec_digest: output.specDigest, refresh: command }]),
    );
  return { path: 'provenance.json', content: `${JSON.stringify(content, null, 2)}\n` };
}

/** Kept roots whose files the previous provenance.json says were made from another spec. */
async function staleOutputs(out: string, roots: string[], digest: string): Promise<StaleOutput[]> {
  let previous: { spec_digest?: string; stale?: Record<string, { spec_digest?: string }> } = {};
  try {
    previous = JSON.parse(await readFile(path.join(out, 'provenance.json'), 'utf8'));
  } catch {
    return [];
  }
  return roots
    .map((root) => ({ root, specDigest: previous.stale?.[root]?.spec_digest ?? previous.spec_digest ?? '' }))
    .filter((output) => output.specDigest && output.specDigest !== digest);
}

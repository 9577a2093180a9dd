/**
 * What an output records beside its files: the comparison with the released version (for the
 * packages' CHANGELOG.md, reused while the document is unchanged) and provenance.json (which spec and
 * which generator made it, and which kept outputs were made from another spec).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadReleased } from './breaking/released.js';
import { releaseBetween } from './changelog/release.js';
import type { LoadedDocument } from './core/document.js';
import { sameValue } from './core/document-units.mjs';
import { excludeOperations, type OperationSelector } from './core/exclude.js';
import { jsonFile, type GeneratedFile, type Provenance } from './core/files.js';
import type { Ir, IrRelease } from './core/ir.js';
import { GENERATOR_VERSION } from './version.js';

/** Output kept on disk from an emitter that was skipped, made from an older spec. */
export interface StaleOutput {
  /** The folder, e.g. "sdks/". */
  root: string;
  /** The digest of the spec it was made from. */
  specDigest: string;
}

/**
 * What changed since the released version (the breaking gate's rules), for the packages' CHANGELOG.md.
 * The operations the config leaves out (`exclude`) are left out of the release too: the packages
 * never had them.
 */
export async function releaseOf(
  source: string,
  spec: string,
  current: Ir,
  exclude: OperationSelector[] = [],
): Promise<IrRelease> {
  const { loaded: whole, label } = await loadReleased(source, spec);
  const loaded = releaseWithout(whole, exclude);
  // A save that changed nothing the comparison reads (the dev loop after a comment, or after the
  // lint configuration changed) takes the last comparison of this spec with this release.
  const last = lastRelease.get(path.resolve(spec));
  if (
    last?.released === loaded &&
    last.digest === current.digest &&
    sameValue(last.document, current.document)
  )
    return last.release;
  const release = releaseBetween(label, loaded, current);
  lastRelease.set(path.resolve(spec), {
    released: loaded,
    digest: current.digest,
    document: current.document,
    release,
  });
  return release;
}

/** The released document without the operations left out, the same object while the release and the exclusions are. */
function releaseWithout(whole: LoadedDocument, exclude: OperationSelector[]): LoadedDocument {
  if (exclude.length === 0) return whole;
  const key = JSON.stringify(
    exclude.map((selector) => [selector.method, String(selector.path), selector.operationId]),
  );
  const last = releasedWithout.get(whole);
  if (last?.key === key) return last.loaded;
  const { loaded } = excludeOperations(whole, exclude);
  releasedWithout.set(whole, { key, loaded });
  return loaded;
}
const releasedWithout = new WeakMap<LoadedDocument, { key: string; loaded: LoadedDocument }>();

/** Per spec, the last comparison with its release: the released document (the same object while the release is), the compared one, the result. */
const lastRelease = new Map<
  string,
  { released: unknown; digest: string; document: unknown; release: IrRelease }
>();

/** generated/provenance.json: which spec (by digest) and which generator made this output. */
export function provenanceFile(
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
    // What the config's exclude left out of every output: the API has these, the packages do not.
    ...(ir.excluded.length > 0
      ? { excluded: ir.excluded.map((operation) => `${operation.method.toUpperCase()} ${operation.path}`) }
      : {}),
    files: [...paths].sort(),
  };
  if (stale.length > 0)
    content.stale = Object.fromEntries(
      stale.map((output) => [output.root, { spec_digest: output.specDigest, refresh: command }]),
    );
  return jsonFile('provenance.json', content);
}

/** What the previous generation into an output folder recorded in its provenance.json. */
export interface PreviousGeneration {
  spec_digest?: unknown;
  stale?: unknown;
  files?: unknown;
}

/** The previous provenance.json in `out`; undefined where there is none to read (a first generation). */
export async function previousGeneration(out: string): Promise<PreviousGeneration | undefined> {
  try {
    const previous: unknown = JSON.parse(await readFile(path.join(out, 'provenance.json'), 'utf8'));
    return typeof previous === 'object' && previous !== null ? previous : undefined;
  } catch {
    return undefined;
  }
}

/** Kept roots whose files the previous generation says were made from another spec. */
export function staleOutputs(
  previous: PreviousGeneration | undefined,
  roots: string[],
  digest: string,
): StaleOutput[] {
  if (previous === undefined) return [];
  const stale = (previous.stale ?? {}) as Record<string, { spec_digest?: unknown } | undefined>;
  const digestOf = (value: unknown) => (typeof value === 'string' ? value : '');
  return roots
    .map((root) => ({
      root,
      specDigest: digestOf(stale[root]?.spec_digest) || digestOf(previous.spec_digest),
    }))
    .filter((output) => output.specDigest && output.specDigest !== digest);
}

/**
 * The files the previous generation recorded, with `/` between folders; undefined where there is
 * no record (a first generation, an older toolkit's).
 */
export function recordedFiles(previous: PreviousGeneration | undefined): Set<string> | undefined {
  const files = previous?.files;
  return Array.isArray(files) && files.every((file) => typeof file === 'string') ? new Set(files) : undefined;
}

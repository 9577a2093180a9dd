/**
 * Plugin-level reuse in the dev loop (`generate({ incremental: true })`): each plugin's output is
 * kept, in this process, under a digest of what it was made from (its `inputs(ir)`, or the whole API
 * when it declares none; its options; its dependencies' digests), and a plugin whose digest is the
 * previous generation's returns that output again without running. docs/architecture.md, "The dev loop".
 */
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { sameValue } from './core/document-units.mjs';
import type { GeneratedFile } from './core/files.js';
import type { Ir } from './core/ir.js';
import type { PluginDefinition, PluginIr } from './plugin.js';

type AnyPlugin = PluginDefinition<Record<string, unknown>, unknown>;

/** What a plugin made: its files (before headers), its exports, its warnings. */
export interface PluginOutput {
  files: GeneratedFile[];
  exports: unknown;
  warnings: string[];
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A number per plugin definition, so two definitions of one name (a test's, a user's) never share output. */
const definitions = new WeakMap<object, number>();
let definitionsSeen = 0;
function definitionId(plugin: AnyPlugin): number {
  if (!definitions.has(plugin)) definitions.set(plugin, (definitionsSeen += 1));
  return definitions.get(plugin)!;
}

/** What the last generation into a folder was made from, and the key that stood for it. */
interface WholeApi {
  made: string;
  digest: string;
  document: unknown;
  key: string;
}
const lastWholeApi = new Map<string, WholeApi>();

/**
 * The digests of one generation into `out`: the whole API's (once, when a plugin without `inputs`
 * asks) and each plugin's, which its dependents' include.
 */
export class InputDigests {
  private whole?: string;
  private readonly byPlugin = new Map<string, string>();

  constructor(
    private readonly ir: Ir,
    private readonly out: string,
  ) {}

  /**
   * A key for everything the IR is made from: the bundled document, where it was read from, the SDK
   * name given on the command line and the comparison with the release. The previous generation's
   * key when all of it is the same (the spec digest first, then the document deep-equal with key order,
   * which is printed and which the digest ignores), a new one otherwise: no hashing of megabytes.
   */
  private wholeApi(): string {
    if (this.whole !== undefined) return this.whole;
    const folder = path.resolve(this.out);
    const made = JSON.stringify([this.ir.source, this.ir.info.sdkName ?? null, this.ir.release ?? null]);
    const previous = lastWholeApi.get(folder);
    const same =
      previous?.made === made &&
      previous.digest === this.ir.digest &&
      sameValue(previous.document, this.ir.document);
    this.whole = same ? previous.key : randomUUID();
    lastWholeApi.delete(folder);
    lastWholeApi.set(folder, { made, digest: this.ir.digest, document: this.ir.document, key: this.whole });
    for (const oldest of lastWholeApi.keys())
      if (lastWholeApi.size > FOLDERS_KEPT) lastWholeApi.delete(oldest);
    return this.whole;
  }

  /** The plugin's digest: `seen` is the IR it is given (without the document unless it reads it). */
  of(plugin: AnyPlugin, seen: PluginIr, options: Record<string, unknown>): string {
    let inputs: string;
    if (plugin.inputs) {
      try {
        inputs = sha256(JSON.stringify(plugin.inputs(seen)) ?? 'undefined');
      } catch (error) {
        throw new Error(
          `the plugin ${plugin.name}: inputs(ir) must return JSON data from the IR: ${(error as Error).message}`,
          { cause: error },
        );
      }
    } else inputs = this.wholeApi();
    const digest = sha256(
      JSON.stringify([
        plugin.name,
        definitionId(plugin),
        options,
        inputs,
        (plugin.dependencies ?? []).map((name) => this.byPlugin.get(name) ?? null),
      ]),
    );
    this.byPlugin.set(plugin.name, digest);
    return digest;
  }
}

/** Output folder -> plugin name -> its last output and digest; the folders most recently generated into, a few. */
const outputs = new Map<string, Map<string, { digest: string; output: PluginOutput }>>();
const FOLDERS_KEPT = 2;

/** The plugin's previous output into `out` when it was made from the same digest. */
export function reusableOutput(out: string, plugin: string, digest: string): PluginOutput | undefined {
  const kept = outputs.get(path.resolve(out))?.get(plugin);
  return kept?.digest === digest ? kept.output : undefined;
}

export function keepOutput(out: string, plugin: string, digest: string, output: PluginOutput): void {
  const folder = path.resolve(out);
  const kept = outputs.get(folder) ?? new Map();
  outputs.delete(folder);
  outputs.set(folder, kept.set(plugin, { digest, output }));
  for (const oldest of outputs.keys()) if (outputs.size > FOLDERS_KEPT) outputs.delete(oldest);
}

/** Forgets every kept output (for tests that need a generation from nothing in the same process). */
export function forgetOutputs(): void {
  outputs.clear();
  lastWholeApi.clear();
}

/**
 * Runs Spectral (house ruleset) and Redocly on spec files, in this process, and normalises both
 * tools' findings to one shape, so designers read one list: `file:line:col severity rule message`.
 *
 * A `Linter` loads the Spectral ruleset (bundling spec/rules/ takes seconds) and the Redocly config
 * once and keeps them: the dev loop lints every save with the same Linter, and reloads it only
 * when .spectral.yaml, spec/rules/ or redocly.yaml change. Spectral's ruleset is loaded by the
 * Spectral CLI's own loader, so `npm run lint` and the CLI read .spectral.yaml the same way.
 *
 * The rulesets are the project's: `.spectral.yaml` and `redocly.yaml` in the working folder (where
 * contract-kit.config.ts is). A project without a Spectral ruleset is linted with the starter one
 * `contract-kit init` writes (spectral:oas); one without redocly.yaml with Redocly's `recommended`.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { getLineColLocation, lint as redoclyLint, loadConfig, type Config } from '@redocly/openapi-core';
import { explainBundleProblem, syntaxProblem } from '../../generators/core/load.js';
import { escapePointerPart } from '../../generators/core/refs.js';
import { ROOT } from './root.js';

export { ROOT };
/** The Spectral rulesets a project may have, in the order Spectral's CLI looks for them. */
const SPECTRAL_FILES = ['.spectral.yaml', '.spectral.yml', '.spectral.json', '.spectral.js', '.spectral.mjs'];
/** The ruleset `contract-kit init` writes, used where a project has none. */
export const STARTER_RULESET = path.join(ROOT, 'scripts', 'init', 'spectral.yaml');

/** The project's Spectral ruleset (in `dir`, default the working folder), else the starter ruleset. */
export function spectralRuleset(dir = process.cwd()): string {
  return (
    SPECTRAL_FILES.map((name) => path.resolve(dir, name)).find((file) => existsSync(file)) ?? STARTER_RULESET
  );
}

/** The project's redocly.yaml, if it has one (else Redocly's `recommended` rules apply). */
export function redoclyConfig(dir = process.cwd()): string | undefined {
  const file = path.resolve(dir, 'redocly.yaml');
  return existsSync(file) ? file : undefined;
}

/** Where the dev loop watches for a change of the lint configuration (whether or not the files exist yet). */
export const SPECTRAL_RULESET = path.resolve(SPECTRAL_FILES[0]);
export const REDOCLY_CONFIG = path.resolve('redocly.yaml');

// Spectral ships CommonJS and no types for the CLI's ruleset loader; these are the parts we use.
const require = createRequire(import.meta.url);
interface SpectralResult {
  code: string | number;
  message: string;
  severity: number;
  source?: string;
  /** The JSON path of the node, in the document Spectral resolved. */
  path: Array<string | number>;
  range: { start: { line: number; character: number } };
}
interface SpectralApi {
  Spectral: new (options: { resolver: unknown }) => {
    setRuleset: (ruleset: unknown) => void;
    run: (document: unknown) => Promise<SpectralResult[]>;
  };
  Document: new (text: string, parser: unknown, source: string) => unknown;
}
const spectralCore = require('@stoplight/spectral-core') as SpectralApi;
const spectralParsers = require('@stoplight/spectral-parsers') as { Yaml: unknown; Json: unknown };
const { readParsable } = require('@stoplight/spectral-runtime') as {
  readParsable: (file: string, options: { encoding: string }) => Promise<string>;
};
const { createHttpAndFileResolver } = require('@stoplight/spectral-ref-resolver') as {
  createHttpAndFileResolver: () => unknown;
};
const { getRuleset } = require('@stoplight/spectral-cli/dist/services/linter/utils/getRuleset.js') as {
  getRuleset: (file: string) => Promise<unknown>;
};

export type Severity = 'error' | 'warning' | 'info' | 'hint';

export interface Finding {
  /** `parser`: the file is not YAML or JSON, so neither linter could read it. */
  tool: 'spectral' | 'redocly' | 'parser';
  file: string;
  line: number;
  column: number;
  severity: Severity;
  rule: string;
  message: string;
  /** Where in `file` (a JSON pointer), when the tool says: a line alone is no place in a one-line JSON file. */
  pointer?: string;
  /** The other linter's rule that found the same on this line (`redocly no-unresolved-refs`): switching it off takes both. */
  also?: string;
}

/**
 * Rules of the two linters that find the same thing, Spectral's name to Redocly's. A finding of each
 * on one line of one file is one problem: it is printed once, under Spectral's rule (the project's
 * ruleset is Spectral's), naming Redocly's, at the graver of the two severities.
 */
const SAME_RULE: Record<string, { rule: string; message?: 'redocly' }> = {
  // Redocly's message names the $ref and why (explainBundleProblem); Spectral's can be an ENOENT.
  'invalid-ref': { rule: 'no-unresolved-refs', message: 'redocly' },
  'typed-enum': { rule: 'no-enum-type-mismatch' },
  'operation-success-response': { rule: 'operation-2xx-response' },
  'operation-operationId': { rule: 'operation-operationId' },
  'operation-operationId-unique': { rule: 'operation-operationId-unique' },
  'operation-parameters': { rule: 'operation-parameters-unique' },
  'operation-tag-defined': { rule: 'operation-tag-defined' },
  'path-params': { rule: 'path-parameters-defined' },
  'path-keys-no-trailing-slash': { rule: 'no-path-trailing-slash' },
  'oas3-unused-component': { rule: 'no-unused-components' },
  'oas3-api-servers': { rule: 'no-empty-servers' },
  'oas3-server-trailing-slash': { rule: 'no-server-trailing-slash' },
  'oas3-server-not-example.com': { rule: 'no-server-example.com' },
  'info-contact': { rule: 'info-contact' },
};

const SEVERITY_ORDER: Severity[] = ['error', 'warning', 'info', 'hint'];

/**
 * Whether two findings on one line point at one place: the same pointer (Spectral's `…/$ref` is
 * Redocly's parent), one the other's direct child (Redocly points at a missing field, Spectral at
 * its object), or a finding of the whole document without one. A line alone will not do: in a
 * one-line JSON file every finding is on line 1.
 */
function samePlace(spectral: Finding, redocly: Finding): boolean {
  if (spectral.pointer === undefined) return true;
  const [a, b] = [spectral.pointer.replace(/\/\$ref$/, ''), redocly.pointer ?? ''];
  const childOf = (child: string, parent: string) =>
    child.startsWith(`${parent}/`) && !child.slice(parent.length + 1).includes('/');
  return a === b || childOf(a, b) || childOf(b, a);
}

/** Spectral's and Redocly's findings, one per problem where both found it at the same place (SAME_RULE). */
export function mergeSameFindings(findings: Finding[]): Finding[] {
  const at = (file: string, line: number, rule: string) => `${file}\u0000${line}\u0000${rule}`;
  const redoclyAt = new Map<string, Finding[]>();
  for (const finding of findings) {
    if (finding.tool !== 'redocly') continue;
    const key = at(finding.file, finding.line, finding.rule);
    redoclyAt.set(key, [...(redoclyAt.get(key) ?? []), finding]);
  }
  const merged = new Set<Finding>();
  const kept = findings.map((finding) => {
    const same = SAME_RULE[finding.rule];
    if (finding.tool !== 'spectral' || same === undefined) return finding;
    const other = redoclyAt
      .get(at(finding.file, finding.line, same.rule))
      ?.find((candidate) => !merged.has(candidate) && samePlace(finding, candidate));
    if (!other) return finding;
    merged.add(other);
    const graver = Math.min(SEVERITY_ORDER.indexOf(finding.severity), SEVERITY_ORDER.indexOf(other.severity));
    return {
      ...finding,
      severity: SEVERITY_ORDER[graver]!,
      ...(same.message === 'redocly' ? { message: other.message } : {}),
      also: `redocly ${other.rule}`,
    };
  });
  return kept.filter((finding) => !merged.has(finding));
}

export interface ToolRun {
  findings: Finding[];
  ms: number;
  /** It gave up on the files: its one finding says why. */
  failed?: boolean;
}

/** Tools report paths relative to the working folder or absolute; show them relative to it. */
function relative(file: string): string {
  return path.relative(process.cwd(), path.resolve(file)) || file;
}

const SPECTRAL_SEVERITY: Severity[] = ['error', 'warning', 'info', 'hint'];

/** A loaded Spectral ruleset: lints any number of documents without loading it again. */
export class SpectralLinter {
  private constructor(private readonly ruleset: unknown) {}

  static async load(ruleset = spectralRuleset()): Promise<SpectralLinter> {
    try {
      return new SpectralLinter(await getRuleset(ruleset));
    } catch (error) {
      // Spectral throws an AggregateError whose own message is empty: the reasons are its errors
      // ("Function is not defined" for a misspelt function), which is what the designer must read.
      const reasons =
        error instanceof AggregateError
          ? error.errors.map((each: unknown) => (each instanceof Error ? each.message : String(each)))
          : [];
      if (reasons.length === 0) throw error;
      throw new Error(`${path.relative(process.cwd(), ruleset) || ruleset}: ${reasons.join('; ')}`, {
        cause: error,
      });
    }
  }

  async run(files: string[]): Promise<ToolRun> {
    const started = performance.now();
    const findings: Finding[] = [];
    for (const file of files.map((name) => path.resolve(name))) {
      // A fresh resolver per run: it caches $ref'd files, and a split spec's parts change too.
      const spectral = new spectralCore.Spectral({ resolver: createHttpAndFileResolver() });
      spectral.setRuleset(this.ruleset);
      const parser = file.endsWith('.json') ? spectralParsers.Json : spectralParsers.Yaml;
      const text = await readParsable(file, { encoding: 'utf8' });
      for (const item of await spectral.run(new spectralCore.Document(text, parser, file))) {
        findings.push({
          tool: 'spectral',
          file: relative(item.source ?? file),
          line: item.range.start.line + 1,
          column: item.range.start.character + 1,
          severity: SPECTRAL_SEVERITY[item.severity] ?? 'error',
          rule: String(item.code),
          message: item.message,
          // Spectral's path is in the document it resolved: a place in `file` only for its own findings.
          ...((item.source ?? file) === file && item.path.length > 0
            ? { pointer: item.path.map((part) => `/${escapePointerPart(String(part))}`).join('') }
            : {}),
        });
      }
    }
    return { findings, ms: performance.now() - started };
  }
}

/** Redocly's lint with the project's redocly.yaml rules (or `recommended`), the config loaded once. */
export class RedoclyLinter {
  private constructor(private readonly config: Config) {}

  /** With the redocly.yaml of the project in `dir` (default the working folder), or `recommended`. */
  static async load(dir = process.cwd()): Promise<RedoclyLinter> {
    const configPath = redoclyConfig(dir);
    // Without a file, Redocly's own defaults: its `recommended` rules.
    return new RedoclyLinter(await loadConfig(configPath ? { configPath } : { configPath: '' }));
  }

  async run(files: string[]): Promise<ToolRun> {
    const started = performance.now();
    const findings: Finding[] = [];
    for (const file of files) {
      for (const problem of await redoclyLint({ ref: path.resolve(file), config: this.config })) {
        const location = problem.location[0];
        const at = location ? getLineColLocation(location) : undefined;
        findings.push({
          tool: 'redocly',
          file: relative(location?.source.absoluteRef ?? file),
          line: at?.start.line ?? 1,
          column: at?.start.col ?? 1,
          severity: (problem.severity === 'warn' ? 'warning' : problem.severity) as Severity,
          rule: problem.ruleId,
          ...(location?.pointer && location.pointer !== '#'
            ? { pointer: location.pointer.replace(/^#/, '') }
            : {}),
          // "Can't resolve $ref" names neither the $ref nor what is wrong with it.
          message: location
            ? explainBundleProblem(
                problem.message,
                location.source.absoluteRef,
                (location.pointer ?? '').replace(/^#/, ''),
              )
            : problem.message,
        });
      }
    }
    return { findings, ms: performance.now() - started };
  }
}

export interface LintResult {
  findings: Finding[];
  errors: number;
  spectralMs: number;
  redoclyMs: number;
}

/** Both linters, loaded once; `lint` may be called on every save. */
export class Linter {
  private constructor(
    private readonly spectral: SpectralLinter,
    private readonly redocly: RedoclyLinter,
  ) {}

  static async load(): Promise<Linter> {
    const [spectral, redocly] = await Promise.all([SpectralLinter.load(), RedoclyLinter.load()]);
    return new Linter(spectral, redocly);
  }

  /** Both linters on the same files; findings sorted by place. */
  async lint(files: string[]): Promise<LintResult> {
    // Both tools report a missing file as two findings at 1:1 and exit 1: say it once, as a usage error.
    const missing = files.filter((file) => !existsSync(file));
    if (missing.length > 0) throw new Error(`no such file: ${missing.join(', ')}`);
    // A tool that gives up on a document (one that does not parse, say) is a finding, not a crash.
    const failed =
      (tool: Finding['tool']) =>
      (error: unknown): ToolRun => ({
        findings: [
          {
            tool,
            file: relative(files[0]),
            line: 1,
            column: 1,
            severity: 'error',
            rule: `${tool}-failed`,
            message: (error as Error).message.split('\n')[0],
          },
        ],
        ms: 0,
        failed: true,
      });
    const [spectral, redocly] = await Promise.all([
      this.spectral.run(files).catch(failed('spectral')),
      this.redocly.run(files).catch(failed('redocly')),
    ]);
    // A file that is not YAML or JSON makes both give up, Spectral with "Error running Nimma" and
    // Redocly at 1:1: say once where it stops parsing, as generation does.
    if (spectral.failed || redocly.failed) {
      const unparsed = await syntaxProblems(files);
      if (unparsed.length > 0) {
        return {
          findings: unparsed,
          errors: unparsed.length,
          spectralMs: spectral.ms,
          redoclyMs: redocly.ms,
        };
      }
    }
    // A rule Spectral runs on a node it reaches twice (an example under a $ref'd schema) reports it
    // twice, word for word: once is enough.
    const seen = new Set<string>();
    const findings = mergeSameFindings(
      sortFindings([...spectral.findings, ...redocly.findings]).filter((finding) => {
        const key = JSON.stringify(finding);
        return !seen.has(key) && seen.add(key);
      }),
    );
    return {
      findings,
      errors: findings.filter((finding) => finding.severity === 'error').length,
      spectralMs: spectral.ms,
      redoclyMs: redocly.ms,
    };
  }
}

/** One finding per file that is not YAML or JSON, where it stops parsing. */
async function syntaxProblems(files: string[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const file of files) {
    const problem = syntaxProblem(file, await readFile(file, 'utf8'));
    if (problem)
      findings.push({
        tool: 'parser',
        file: relative(file),
        line: problem.line,
        column: problem.column,
        severity: 'error',
        rule: 'parser',
        message: problem.reason,
      });
  }
  return findings;
}

/** Spectral with the given ruleset (default: the project's, here the house ruleset in .spectral.yaml), loaded for this run. */
export async function runSpectral(files: string[], ruleset = spectralRuleset()): Promise<ToolRun> {
  return (await SpectralLinter.load(ruleset)).run(files);
}

/** Redocly with the project's redocly.yaml rules, loaded for this run. */
export async function runRedocly(files: string[]): Promise<ToolRun> {
  return (await RedoclyLinter.load()).run(files);
}

/** One-off lint (npm run lint, npm start): loads both linters, lints, done. */
export async function lintSpec(files: string[]): Promise<LintResult> {
  return (await Linter.load()).lint(files);
}

export function formatFinding(finding: Finding): string {
  return `${finding.file}:${finding.line}:${finding.column} ${finding.severity} ${finding.rule}${finding.also ? ` (also ${finding.also})` : ''} ${finding.message}${finding.pointer ? ` (at #${finding.pointer})` : ''}`;
}

export function sortFindings(findings: Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) =>
      a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.rule.localeCompare(b.rule),
  );
}

/**
 * The findings `now` has that `earlier` did not, and how many of `earlier` are gone: by file, tool,
 * rule and message, as a count (an edit above a finding moves its line, not the finding); of a
 * kind found more often now, those at a place it was not found before (its pointer where lint gives
 * one, else its line). Everything, without `earlier`. The dev loop compares each save with the
 * last; `lint` compares with the project's baseline.
 */
export function lintChanges(
  earlier: Finding[] | undefined,
  now: Finding[],
): { shown: Finding[]; fixed: number } {
  if (earlier === undefined) return { shown: now, fixed: 0 };
  const kind = (finding: Finding) =>
    `${finding.file}\u0000${finding.tool}\u0000${finding.rule}\u0000${finding.message}`;
  // By pointer where lint gives one: an edit above a finding moves its line, not its pointer.
  const place = (finding: Finding) =>
    finding.pointer !== undefined
      ? `${finding.file}#${finding.pointer}`
      : `${finding.file}:${finding.line}:${finding.column}`;
  const byKind = (findings: Finding[]) => {
    const groups = new Map<string, Finding[]>();
    for (const finding of findings) {
      const group = groups.get(kind(finding));
      if (group === undefined) groups.set(kind(finding), [finding]);
      else group.push(finding);
    }
    return groups;
  };
  const before = byKind(earlier);
  const after = byKind(now);
  const shown: Finding[] = [];
  let fixed = 0;
  for (const [key, found] of after) {
    const known = before.get(key) ?? [];
    const more = found.length - known.length;
    if (more <= 0) continue;
    const places = new Set(known.map(place));
    const moved = found.filter((finding) => !places.has(place(finding)));
    shown.push(...(moved.length >= more ? moved.slice(0, more) : found.slice(-more)));
  }
  for (const [key, known] of before) fixed += Math.max(0, known.length - (after.get(key)?.length ?? 0));
  // In the order lint gave them.
  const kept = new Set(shown);
  return { shown: now.filter((finding) => kept.has(finding)), fixed };
}

/**
 * The findings a project has accepted, in its folder (`lint --update-baseline` writes it; `init`
 * does, for a spec that already has errors): `lint` prints and fails on the others only, so a
 * spec one does not own (or an old one) can be gated on what a change adds. Reviewable as JSON,
 * one finding per line.
 */
export const BASELINE_FILE = 'lint-baseline.json';

const BASELINE_NOTE =
  'The lint findings this project has accepted: `contract-kit lint` fails only on others. `contract-kit lint --update-baseline` writes this file again (after fixing some, to drop them); `--ignore-baseline` lists them all.';

/** The baseline file's text: every finding on a line of its own, so a change to it reads as a diff. */
export function baselineText(findings: Finding[]): string {
  const lines = findings.map((finding) => `    ${JSON.stringify(finding)}`);
  return `{\n  "note": ${JSON.stringify(BASELINE_NOTE)},\n  "findings": [\n${lines.join(',\n')}\n  ]\n}\n`;
}

/** The project's accepted findings (undefined where it has no baseline); a file that is not one is an Error naming it. */
export async function readBaseline(file = path.resolve(BASELINE_FILE)): Promise<Finding[] | undefined> {
  if (!existsSync(file)) return undefined;
  const name = path.relative(process.cwd(), file) || file;
  const again = '(`contract-kit lint --update-baseline` writes it again)';
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`${name} does not parse: ${(error as Error).message} ${again}`, { cause: error });
  }
  const findings = (value as { findings?: unknown } | null)?.findings;
  if (!Array.isArray(findings)) throw new Error(`${name} has no "findings" list ${again}`);
  findings.forEach((finding: unknown, index) => {
    const entry = finding as Record<string, unknown> | null;
    const missing = ['tool', 'file', 'rule', 'message'].find((key) => typeof entry?.[key] !== 'string');
    if (missing !== undefined)
      throw new Error(`${name}: findings[${index}] has no "${missing}" string ${again}`);
  });
  return findings as Finding[];
}

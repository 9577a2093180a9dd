/**
 * The designer's loop behind `npm run dev`: watch the spec, its $ref'd files and the lint
 * configuration, and on each save regenerate and lint (side by side, with the linters kept
 * loaded), then rebuild the docs and reload the mock (and the service when serving the real
 * generated/). Reports each step's time, findings and errors as file:line:col, the files whose
 * bytes changed, operations the service has no handler for, and outputs left stale (the SDKs).
 * A save that cannot be generated keeps the last good output serving, says why, and is linted.
 */
import { existsSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { findConfig } from '../../generators/config.js';
import {
  configuredDocuments,
  defaultPluginsFor,
  generate,
  generationFailure,
  regenerateCommand,
  type DocumentTarget,
  type StaleOutput,
} from '../../generators/pipeline.js';
import { warningLines } from '../../generators/warning-lines.js';
import { prefixLines } from './cli-args.js';
import { buildDocs } from './docs.js';
import {
  BASELINE_FILE,
  formatFinding,
  Linter,
  lintChanges,
  readBaseline,
  REDOCLY_CONFIG,
  SPECTRAL_RULESET,
  type Finding,
} from './lint.js';
import { startMock, type RunningMock } from './mock.js';
import { startProcess, waitForHttp, type RunningProcess } from './processes.js';

export interface DevOptions {
  spec: string;
  out: string;
  docsFile: string;
  mockPort: number;
  /** Serve (and reload) the reference service on this port; only meaningful for the real generated/. */
  servicePort?: number;
  /** The command that serves it (this repository's, from home.ts), started with PORT. */
  serviceCommand?: string[];
  /**
   * The operation IDs the reference service has handlers for; when given, every cycle names the
   * spec's operations without one (they answer 501).
   */
  implementedOperations?: () => Promise<Set<string>>;
  /** Leave out the docs build and the mock (the benchmark measures save -> feedback alone). */
  feedbackOnly?: boolean;
  /**
   * Lint each save (default). The benchmark of GitHub's spec leaves it out to time the regeneration
   * alone: Spectral takes minutes of CPU on its 13 MB, which would share the machine with it.
   */
  lint?: boolean;
  log: (line: string) => void;
  /** The config file whose edits it names (default: the working folder's). */
  configFile?: string;
}

export interface CycleReport {
  /** Save to regenerated output written, in ms (undefined when the save was broken). */
  regeneratedMs?: number;
  /** Save to lint findings, in ms. */
  lintedMs: number;
  /** Save to both (what the designer waits for). */
  feedbackMs: number;
  /** Files whose bytes changed, relative to the output folder. */
  added: string[];
  changed: string[];
  removed: string[];
  /** Why the save could not be generated: `file:line:col: reason (at #pointer)`. */
  broken?: string;
  findings: Finding[];
  /** Operations without a handler in the reference service. */
  unimplemented: string[];
  /** Output folders not refreshed by the loop that no longer match the spec. */
  stale: StaleOutput[];
}

/** Files whose change means the linters must be loaded again: the project's rulesets. */
const LINT_CONFIG = [SPECTRAL_RULESET, REDOCLY_CONFIG];
/** Where the project keeps its Spectral functions (this repository's house rules: spec/rules/). */
const LINT_FUNCTIONS_DIR = path.resolve('spec', 'rules');

export class DevLoop {
  /** Directory -> its watcher. Directories, not files: editors replace files by renaming. */
  private watchers = new Map<string, FSWatcher>();
  /** The folders of the config and its plugin files (watchReadOnce). */
  private readOnceWatchers: FSWatcher[] = [];
  /** Absolute paths whose change starts a cycle. */
  private watched = new Set<string>();
  private mock?: RunningMock;
  private mockStarted?: boolean;
  private service?: RunningProcess;
  private linter?: Promise<Linter>;
  private timer?: NodeJS.Timeout;
  /** A save was seen and its cycle is not scheduled yet (the burst's timer runs). */
  private burst = false;
  /** When the first save not yet handled happened. */
  private savedAt?: number;
  private lintConfigChanged = false;
  /** What the last lint found: a save shows only what it added (the first shows everything). */
  private lastFindings?: Finding[];
  /** Whether the last cycle's save was broken (the next good one says it recovered). */
  private broken = false;
  /** Whether a cycle of this loop has generated: until then there is no good output to serve. */
  private generated = false;
  /** The last generation's warnings: a save prints the ones it added. */
  private lastWarnings?: string[];
  private readonly changedFiles = new Set<string>();
  private queued = false;
  private listed?: Promise<DocumentTarget[]>;

  /** The config's documents (none without a config file), read once. */
  private documents(): Promise<DocumentTarget[]> {
    this.listed ??= configuredDocuments().catch(() => []);
    return this.listed;
  }
  private stopped = false;
  private running: Promise<void> = Promise.resolve();
  private listeners: Array<(report: CycleReport) => void> = [];

  constructor(private readonly options: DevOptions) {}

  /** Called after every cycle (for tests and the benchmark). */
  onCycle(listener: (report: CycleReport) => void): void {
    this.listeners.push(listener);
  }

  async start(): Promise<void> {
    if (this.options.lint !== false) this.linter = Linter.load();
    await this.watchReadOnce();
    this.savedAt = performance.now();
    this.watchFiles([path.resolve(this.options.spec)]);
    const first = this.cycle(true);
    // A save during the first cycle waits for it, as later saves wait for each other: two
    // generations into one folder at once could leave the older output last.
    this.running = first.catch(() => undefined);
    await first;
  }

  /**
   * Resolves once no save waits and no cycle runs, docs and reloads included (a test that
   * snapshots the output must not race a cycle a slow machine is still finishing).
   */
  async idle(): Promise<void> {
    for (;;) {
      const running = this.running;
      await running;
      if (running === this.running && !this.burst && !this.queued) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    for (const watcher of [...this.watchers.values(), ...this.readOnceWatchers]) watcher.close();
    this.watchers.clear();
    await this.running;
    await Promise.all([this.mock?.stop(), this.service?.stop()]);
  }

  /**
   * The config file and the plugin files it names are read once, when the loop starts (a plugin is a
   * module, and a module is not loaded twice): an edit to one is said, with what to do, rather than
   * silently left out of every later save's output.
   */
  private async watchReadOnce(): Promise<void> {
    const config = this.options.configFile ?? findConfig(process.cwd());
    if (!config) return;
    const plugins = (await this.documents()).flatMap((document) =>
      document.plugins.flatMap((each) => (each.file ? [each.file] : [])),
    );
    const byFolder = new Map<string, Set<string>>();
    for (const file of [config, ...plugins].map((each) => path.resolve(each)))
      byFolder.set(
        path.dirname(file),
        (byFolder.get(path.dirname(file)) ?? new Set()).add(path.basename(file)),
      );
    const said = new Map<string, number>();
    for (const [folder, names] of byFolder) {
      try {
        const watcher = watch(folder, (_event, name) => {
          if (this.stopped || !name || !names.has(String(name))) return;
          const file = path.relative(process.cwd(), path.join(folder, String(name)));
          // An editor's save is a burst of events: one line per burst.
          if (Date.now() - (said.get(file) ?? 0) < 1000) return;
          said.set(file, Date.now());
          this.options.log(
            `dev: ${file} changed; dev reads the config and its plugin files once, when it starts: stop it (Ctrl-C) and start it again to use the change`,
          );
        });
        watcher.on('error', () => watcher.close());
        this.readOnceWatchers.push(watcher);
      } catch {
        /* a folder that cannot be watched: its edits go unsaid, as before */
      }
    }
  }

  /** Watches the folders of these files (and the lint configuration), and no others. */
  private watchFiles(specFiles: string[]): void {
    this.watched = new Set([...specFiles.map((file) => path.resolve(file)), ...LINT_CONFIG]);
    const folders = new Set([...this.watched].map((file) => path.dirname(file)));
    folders.add(LINT_FUNCTIONS_DIR);
    for (const [folder, watcher] of this.watchers) {
      if (!folders.has(folder)) {
        watcher.close();
        this.watchers.delete(folder);
      }
    }
    for (const folder of folders) {
      if (this.watchers.has(folder)) continue;
      try {
        const watcher = watch(folder, (_event, name) =>
          this.changed(folder, name ? String(name) : undefined),
        );
        // A folder that goes away (or cannot be watched) is watched again after the next cycle.
        watcher.on('error', () => {
          watcher.close();
          this.watchers.delete(folder);
        });
        this.watchers.set(folder, watcher);
      } catch {
        /* not there (yet): the next cycle tries again */
      }
    }
  }

  private changed(folder: string, name: string | undefined): void {
    if (this.stopped) return;
    const file = name ? path.join(folder, name) : undefined;
    const lintConfig =
      folder === LINT_FUNCTIONS_DIR
        ? Boolean(name?.endsWith('.js'))
        : file !== undefined && LINT_CONFIG.includes(file);
    if (file && !lintConfig && !this.watched.has(file)) return;
    if (lintConfig) this.lintConfigChanged = true;
    if (file)
      this.changedFiles.add(
        path.resolve(file) === path.resolve(this.options.spec)
          ? this.options.spec
          : path.relative(process.cwd(), file),
      );
    this.savedAt ??= performance.now();
    clearTimeout(this.timer);
    this.burst = true;
    // Editors write in bursts (rename, write, chmod): one cycle per burst.
    this.timer = setTimeout(() => this.schedule(), 30);
  }

  private schedule(): void {
    this.burst = false;
    if (this.queued) return;
    this.queued = true;
    this.running = this.running.then(async () => {
      this.queued = false;
      if (!this.stopped) await this.cycle(false);
    });
  }

  private step(name: string, ms: number, detail = ''): void {
    this.options.log(`${name.padEnd(12)} ${ms.toFixed(0).padStart(6)} ms  ${detail}`.trimEnd());
  }

  private async cycle(first: boolean): Promise<void> {
    const { spec, out, log } = this.options;
    const savedAt = this.savedAt ?? performance.now();
    this.savedAt = undefined;
    // The files saved since the last cycle (a ruleset, a $ref'd file), else the spec.
    const saved = [...this.changedFiles];
    this.changedFiles.clear();
    log(first ? `dev: building from ${spec}` : `dev: ${saved.length ? saved.join(', ') : spec} changed`);
    if (this.lintConfigChanged && this.options.lint !== false) {
      this.lintConfigChanged = false;
      this.linter = Linter.load();
    }

    // Regenerate and lint side by side; lint runs on broken saves too (it says more about them).
    const linting = this.lint(savedAt);
    let report: Omit<CycleReport, 'lintedMs' | 'feedbackMs' | 'findings'>;
    let regenerated: Awaited<ReturnType<typeof generate>> | undefined;
    try {
      // SDKs take seconds of Java: the loop leaves them to `npm run generate` (and keeps them on disk).
      // A listed document runs its config's plugins; another, the default ones.
      const documents = await this.documents();
      const listed = documents.find(
        (document) =>
          path.resolve(document.spec) === path.resolve(spec) &&
          path.resolve(document.out) === path.resolve(out),
      );
      regenerated = await generate({
        spec,
        out,
        command: regenerateCommand(spec, out, documents),
        write: true,
        plugins: (listed?.plugins ?? defaultPluginsFor()).filter((each) => each.plugin.name !== 'sdks'),
        // From what the last cycle made: plugins whose inputs did not change are not run, and the
        // types, the contract and the mock re-render only what changed (docs/architecture.md, "The dev loop").
        incremental: true,
        log: () => {},
      });
      const { added, changed, removed } = regenerated.written!;
      const regeneratedMs = performance.now() - savedAt;
      const summary = [
        added.length && `added ${added.join(', ')}`,
        changed.length && `changed ${changed.join(', ')}`,
        removed.length && `removed ${removed.join(', ')}`,
      ]
        .filter(Boolean)
        .join('; ');
      this.step('regenerate', regeneratedMs, summary || 'no output changed');
      for (const line of savedWarningLines(this.lastWarnings, regenerated.warnings)) log(line);
      this.lastWarnings = regenerated.warnings;
      this.watchFiles(regenerated.sourceFiles);
      report = { regeneratedMs, added, changed, removed, unimplemented: [], stale: regenerated.stale };
    } catch (error) {
      const reason = generationFailure(spec, error);
      this.watchFiles([...this.watched].filter((file) => !LINT_CONFIG.includes(file)));
      report = { added: [], changed: [], removed: [], broken: reason, unimplemented: [], stale: [] };
    }
    const lint = await linting;
    // After lint's lines, so the reason a save broke is the last thing on the screen.
    if (report.broken)
      log(
        prefixLines(
          'dev: ',
          this.generated
            ? `broken save, still serving the last good output: ${report.broken}`
            : `${spec} does not generate yet, so nothing is served; the first save that does starts everything: ${report.broken}`,
        ),
      );
    else if (this.broken) log(`dev: ${spec} generates again`);
    this.broken = report.broken !== undefined;
    if (!this.broken) this.generated = true;
    if (regenerated) {
      for (const output of regenerated.stale) {
        log(
          `stale: ${path.join(out, output.root)} was made from ${output.specDigest.slice(0, 19)}…, not this spec; \`${regenerateCommand(spec, out, await this.documents())}\` refreshes it`,
        );
      }
      if (this.options.implementedOperations) {
        const implemented = await this.options.implementedOperations();
        report.unimplemented = regenerated.ir.operations
          .map((operation) => operation.id)
          .filter((id) => !implemented.has(id));
        for (const id of report.unimplemented)
          log(`${id}: no handler in service/handlers.ts; the service answers 501`);
      }
    }
    this.emit({
      ...report,
      lintedMs: lint.ms,
      feedbackMs: Math.max(lint.ms, report.regeneratedMs ?? 0),
      findings: lint.findings,
    });
    if (!regenerated || this.options.feedbackOnly) return;

    // Docs and reloads run side by side; each reports when done.
    const timed = async (name: string, work: () => Promise<string>) => {
      const started = performance.now();
      let detail: string;
      try {
        detail = await work();
      } catch (error) {
        detail = `failed: ${(error as Error).message.split('\n')[0]}`;
      }
      // Measured once the work is done (an argument list computes its time before an await in it).
      this.step(name, performance.now() - started, detail);
    };
    const touched = [...report.added, ...report.changed];
    // Not running yet (the first cycle, or every cycle since it broke) counts as changed.
    const mockChanged = !this.mock || touched.some((file) => file.startsWith(`mock${path.sep}`));
    const serverChanged =
      !this.service ||
      touched.some((file) => file.startsWith(`server${path.sep}`) || file.startsWith(`openapi${path.sep}`));
    await Promise.all([
      timed('docs', async () =>
        path.relative(process.cwd(), await buildDocs(path.resolve(spec), this.options.docsFile)),
      ),
      mockChanged ? timed('mock', () => this.reloadMock()) : Promise.resolve(),
      serverChanged && this.options.servicePort && this.options.serviceCommand
        ? timed('service', () => this.reloadService())
        : Promise.resolve(),
    ]);
  }

  private async lint(savedAt: number): Promise<{ ms: number; findings: Finding[] }> {
    if (this.options.lint === false) return { ms: 0, findings: [] };
    let linter: Linter;
    try {
      linter = await this.linter!;
    } catch (error) {
      // A broken ruleset must not stop the loop; the next cycle loads it again.
      this.lintConfigChanged = true;
      const ms = performance.now() - savedAt;
      this.step(
        'lint',
        ms,
        `the lint configuration does not load: ${(error as Error).message.split('\n')[0]}`,
      );
      return { ms, findings: [] };
    }
    try {
      const { findings, errors } = await linter.lint([this.options.spec]);
      const ms = performance.now() - savedAt;
      // A save that does not parse has only the parser's finding: shown as it is, and the next
      // save that parses is compared with the last that did (not "98 new" for findings it had).
      const unparsed = findings.length > 0 && findings.every((finding) => finding.tool === 'parser');
      // The first lint is compared with the project's baseline, as `lint` is (a broken one: with nothing).
      const baseline =
        this.lastFindings === undefined ? await readBaseline().catch(() => undefined) : undefined;
      const { shown, fixed } = unparsed
        ? { shown: findings, fixed: 0 }
        : lintChanges(this.lastFindings ?? baseline, findings);
      const change = unparsed
        ? ': the file does not parse'
        : this.lastFindings === undefined
          ? baseline
            ? `: ${shown.length} that ${BASELINE_FILE} does not accept`
            : ''
          : shown.length === 0 && fixed === 0
            ? ', as before'
            : `: ${shown.length} new, ${fixed} fixed`;
      if (!unparsed) this.lastFindings = findings;
      this.step('lint', ms, `${errors} error(s), ${findings.length} finding(s)${change}`);
      for (const finding of shown) this.options.log(`  ${formatFinding(finding)}`);
      return { ms, findings };
    } catch (error) {
      const ms = performance.now() - savedAt;
      this.step('lint', ms, `failed: ${(error as Error).message.split('\n')[0]}`);
      return { ms, findings: [] };
    }
  }

  private async reloadMock(): Promise<string> {
    await this.mock?.stop();
    this.mock = undefined;
    const specFile = path.join(this.options.out, 'mock', 'openapi.json');
    // The mock serves the mock-document plugin's output: a document that leaves the plugin out has none.
    if (!existsSync(specFile))
      return `not served: no ${path.relative(process.cwd(), specFile)}, which the mock-document plugin writes; add it to the document's plugins for a mock (\`contract-kit mock\` makes its own)`;
    const first = this.mockStarted !== true;
    this.mock = await startMock(this.options.mockPort, '127.0.0.1', { specFile });
    this.mockStarted = true;
    return `${this.mock.url} ${first ? 'started' : 'reloaded'}`;
  }

  private async reloadService(): Promise<string> {
    await this.service?.stop();
    this.service = undefined;
    const port = this.options.servicePort!;
    const [command, ...args] = this.options.serviceCommand!;
    this.service = startProcess(command, args, { env: { PORT: String(port), LOG: 'off' } });
    await waitForHttp(`http://127.0.0.1:${port}/v1/health`, this.service);
    return `http://127.0.0.1:${port} reloaded`;
  }

  private emit(report: CycleReport): void {
    for (const listener of this.listeners) listener(report);
  }
}

/** The most warning lines a cycle prints. */
const WARNINGS_SHOWN = 20;

/**
 * What the dev loop prints of a generation's warnings, as `generate` prints them (a warning at many
 * places at its first few): every one the first time, then those a save added and how many it
 * resolved (a plugin's `warn()` shows when its cause appears, not on every save), at most
 * WARNINGS_SHOWN lines.
 */
export function savedWarningLines(last: string[] | undefined, now: string[]): string[] {
  const before = new Set(last ?? []);
  const after = new Set(now);
  const added = warningLines(last === undefined ? now : now.filter((warning) => !before.has(warning)));
  const resolved = [...before].filter((warning) => !after.has(warning)).length;
  return [
    ...added.slice(0, WARNINGS_SHOWN),
    ...(added.length > WARNINGS_SHOWN
      ? [
          `warning: … and ${added.length - WARNINGS_SHOWN} more line(s) (\`generate --all-warnings\` lists every warning)`,
        ]
      : []),
    ...(resolved > 0 ? [`dev: ${resolved} warning(s) resolved`] : []),
  ];
}

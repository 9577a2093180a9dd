/**
 * `npm run check:breaking [-- --base REF] [--spec PATH] [--base-spec PATH] [--fail-on clients|servers|any] [--config FILE]`:
 * compares each document contract-kit.config.ts lists (or the one --spec names) at an explicit
 * base (default: the merge base with origin/main, else main) with the working spec, prints every
 * difference with its rule id, `file:line`, JSON pointer and what it does to an existing client,
 * then the semver bump info.version needs, one verdict per document. Exits with the worst: 1 when
 * a change breaks the parties --fail-on names (default: clients) and info.version was not bumped
 * by major; 2 when it cannot compare (no base, unreadable spec, bad config). A document that did not
 * exist at the base passes (--base-spec names a renamed one's old path).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { FailOn, GateResult, SwitchedOff } from '../generators/breaking/gate.js';
import type { LoadedDocument } from '../generators/core/document.js';
import { parseCliArgs } from './lib/cli-args.js';

const USAGE = `usage: npm run check:breaking [-- --base REF] [--spec PATH] [--base-spec PATH] [--fail-on clients|servers|any] [--config FILE] [--list-rules]
  --base REF: the commit to compare with (default: the merge base with origin/$GITHUB_BASE_REF on a
    pull request, and no other; else with origin/main, main, origin/master or master)
  --spec PATH: the working spec (default: every document contract-kit.config.ts lists, each with its verdict)
  --base-spec PATH: the document's path at the base, when it was renamed since (default: its path now;
    a document that did not exist at the base passes: it has nothing to break)
  --fail-on: whose breakage fails the gate (default clients)
  --config FILE: the gate's rule overrides
  --list-rules: print every rule id with what it means, then exit
exits 1 when a change breaks the parties --fail-on names and info.version has no major bump; 2 when it cannot
compare; with several documents, the worst of theirs`;

const { values } = parseCliArgs(
  'check:breaking',
  USAGE,
  {
    base: { type: 'string' },
    spec: { type: 'string' },
    'base-spec': { type: 'string' },
    'fail-on': { type: 'string', default: 'clients' },
    config: { type: 'string' },
    'list-rules': { type: 'boolean', default: false },
  },
  false,
);

// The arguments first: --help and a bad option answer before the toolkit's modules load (a CPU-second).
const { compareDocuments } = await import('../generators/breaking/compare.js');
const { comparePaging } = await import('../generators/breaking/paging.js');
const { excludeOperations } = await import('../generators/core/exclude.js');
const { findConfig } = await import('../generators/config.js');
const { evaluate, parseConfig } = await import('../generators/breaking/gate.js');
const { lineLocator, sourceLocator } = await import('../generators/breaking/locate.js');
const { allRuleIds, ruleInfo } = await import('../generators/breaking/rules.js');
const { loadDocument, SpecError } = await import('../generators/core/load.js');
const { loadSpecAtCommit, ReleasedSpecError, SpecNotAtCommitError } =
  await import('../generators/breaking/released.js');
const { configuredDocumentsOrExit, listedAs } = await import('./lib/project.js');

class UsageError extends Error {}
const git = (...args: string[]) =>
  execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

if (values['list-rules']) {
  for (const id of allRuleIds()) {
    const info = ruleInfo(id);
    console.log(`${id.padEnd(48)} ${(info.breaks.join('+') || '-').padEnd(20)} ${info.consequence}`);
  }
  process.exit(0);
}

/** The commit compared with, and how it was chosen (the header line names both). */
interface Base {
  commit: string;
  /** `--base v1.4.0`, or `the merge base with origin/main`. */
  chosen: string;
}

const refExists = (ref: string) => {
  try {
    git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
    return true;
  } catch {
    return false;
  }
};

/** The merge base of HEAD and `ref` (which exists); none is an error that says why and what to do. */
function mergeBaseWith(ref: string): Base {
  try {
    return { commit: git('merge-base', 'HEAD', ref), chosen: `the merge base with ${ref}` };
  } catch {
    // Its tip is not the base: it holds main's changes since the branch started, which would read as this branch undoing them.
    const shallow = git('rev-parse', '--is-shallow-repository') === 'true';
    throw new UsageError(
      `${ref} exists, but ${shallow ? 'this clone is shallow, so ' : ''}HEAD and ${ref} share no commit here: there is no merge base to compare with. Fetch the history (git fetch --unshallow origin; on GitHub Actions, actions/checkout with fetch-depth: 0), or pass --base ${ref} to compare with its tip`,
    );
  }
}

/**
 * The explicit base: never HEAD by accident, which would compare the branch with itself. By
 * default the merge base with the pull request's base branch on GitHub Actions (GITHUB_BASE_REF;
 * never another branch in its place, which would judge the pull request against the wrong
 * release), else with origin/main, main, origin/master or master, whichever exists first.
 */
function resolveBase(): Base {
  if (values.base) {
    try {
      return {
        commit: git('rev-parse', '--verify', `${values.base}^{commit}`),
        chosen: `--base ${values.base}`,
      };
    } catch {
      throw new UsageError(`--base ${values.base} is not a commit in this repository`);
    }
  }
  const pullRequestBase = process.env.GITHUB_BASE_REF;
  const candidates = pullRequestBase
    ? [`origin/${pullRequestBase}`, pullRequestBase]
    : ['origin/main', 'main', 'origin/master', 'master'];
  const found = candidates.find(refExists);
  if (found) return mergeBaseWith(found);
  throw new UsageError(
    pullRequestBase
      ? `no base to compare with: GITHUB_BASE_REF names ${pullRequestBase}, the pull request's base branch, but neither ${candidates.join(' nor ')} exists here (fetch it: actions/checkout with fetch-depth: 0 fetches every branch; or pass --base REF)`
      : `no base to compare with: none of ${candidates.join(', ')} exists here (fetch it, or pass --base REF)`,
  );
}

const LINE = '-'.repeat(60);
const changes = (count: number) => `${count} change${count === 1 ? '' : 's'}`;
const verb = (count: number) => (count === 1 ? 'breaks' : 'break');
/** Where a finding is written: `file:line`, and its pointer within that file. */
interface Located {
  at: string;
  pointer: string;
}

function print(result: GateResult, locate: (pointer: string) => Located): void {
  const groups: Array<[string, (finding: GateResult['findings'][number]) => boolean]> = [
    ['UNCLASSIFIED (treated as breaking for clients)', (finding) => finding.rule === 'unclassified'],
    [
      'BREAKING for clients',
      (finding) => finding.rule !== 'unclassified' && finding.breaks.includes('clients'),
    ],
    [
      'Breaking for generated SDK signatures only (wire unchanged)',
      (finding) => !finding.breaks.includes('clients') && finding.breaks.includes('sdks'),
    ],
    [
      'Breaking for servers only (work for the service; clients keep working)',
      (finding) => finding.breaks.length === 1 && finding.breaks[0] === 'servers',
    ],
    ['Compatible', (finding) => !finding.breaks.length && !finding.docsOnly],
    ['Documentation only', (finding) => !finding.breaks.length && finding.docsOnly],
  ];
  for (const [title, belongs] of groups) {
    const members = result.findings.filter(belongs);
    if (!members.length) continue;
    console.log(`\n${title} (${members.length})\n${LINE}`);
    for (const finding of members) {
      const { at, pointer } = locate(finding.pointer);
      console.log(`${finding.rule}  ${at}  #${pointer}`);
      console.log(`    ${finding.where}: ${finding.detail}`);
      if (!finding.docsOnly) console.log(`    ${finding.consequence}`);
    }
  }
  if (result.ignored.length) {
    console.log(`\nSwitched off in the config (${result.ignored.length})\n${LINE}`);
    for (const finding of result.ignored)
      console.log(`${finding.rule}  ${locate(finding.pointer).at}  ${finding.where}: ${finding.detail}`);
  }
}

/** Whether `spec` breaks what --fail-on names since `base`: its verdict lines, and its exit code (0, 1, or 2: cannot compare). */
async function checkDocument(
  spec: string,
  baseSpec: string,
  base: Base,
  off: SwitchedOff[],
  failOn: FailOn,
): Promise<number> {
  try {
    // The working spec first: a path that names nothing now is a mistake, not a new document.
    const after = await loadDocument(spec);
    let before: LoadedDocument;
    try {
      before = await loadSpecAtCommit(base.commit, baseSpec);
    } catch (error) {
      if (!(error instanceof ReleasedSpecError)) throw error;
      if (!(error instanceof SpecNotAtCommitError))
        throw new UsageError(`${error.message}: nothing to compare with`);
      const at = `${base.commit.slice(0, 12)}, ${base.chosen}`;
      if (values['base-spec'])
        throw new UsageError(
          `--base-spec ${baseSpec} does not exist at ${at}: nothing to compare with (give the document's path there)`,
        );
      // A document added since the base has no client to break; a renamed one is compared under its old path.
      console.log(
        `check:breaking: ${spec}: pass: it does not exist at ${at}, so it is new there and has nothing to break (if it was renamed, compare it with its old path: check:breaking --spec ${spec} --base-spec OLD_PATH)`,
      );
      return 0;
    }
    const baseVersion = String(before.document.info?.version ?? '0.0.0');
    const headVersion = String(after.document.info?.version ?? '0.0.0');
    // Paging is compared as the SDKs see it: without what the config leaves out of them (a spec
    // that builds only without it would otherwise never have its paging compared).
    const selectors = excludedFrom(spec);
    const sdkSide = (loaded: LoadedDocument) =>
      selectors.length > 0 ? excludeOperations(loaded, selectors).loaded : loaded;
    const paging = comparePaging(sdkSide(before), sdkSide(after));
    const findings = [...compareDocuments(before.document, after.document), ...paging.findings];
    const result = evaluate(findings, { failOn, off, baseVersion, headVersion });
    // One file: its line index alone (GitHub's 13 MB spec is not walked); a split spec: the file that holds each part.
    const lineOf = after.files.length > 1 ? undefined : lineLocator(readFileSync(spec, 'utf8'));
    const whereIn = lineOf ? undefined : sourceLocator(spec, after.files);
    const locate = (pointer: string): Located => {
      if (lineOf) return { at: `${spec}:${lineOf(pointer)}`, pointer };
      const found = whereIn!(pointer);
      return { at: `${found.file}:${found.line}`, pointer: found.pointer };
    };

    console.log(
      `check:breaking: ${baseSpec} at ${base.commit.slice(0, 12)}, ${base.chosen} (${baseVersion}) → ${baseSpec === spec ? '' : `${spec} in the `}working tree (${headVersion}); failing on changes that break ${failOn}`,
    );
    if (!findings.length) console.log('no changes: the two documents are equal');
    if (paging.unchecked) console.log(`note: ${paging.unchecked}`);
    print(result, locate);
    const count = (party: string) =>
      result.findings.filter((finding) => (finding.breaks as string[]).includes(party)).length;
    console.log(
      `\n${changes(result.findings.length)}: ${count('clients')} break clients, ${count('servers')} break servers, ${count('sdks')} change SDK signatures${result.ignored.length ? `, ${result.ignored.length} switched off` : ''}`,
    );
    const unreadable = result.unreadable.map((version) => JSON.stringify(version)).join(' and ');
    const went =
      result.actual === 'unknown'
        ? `${unreadable} ${result.unreadable.length > 1 ? 'are not versions' : 'is not a version'} like 1.2.0 or v2, so a major bump cannot be seen`
        : result.actual === 'none'
          ? 'no bump'
          : result.actual;
    const bump = (advice: string) => (advice === 'none' ? 'no bump' : `a ${advice} bump`);
    console.log(
      `semver: info.version needs ${bump(result.advice)}; generated SDKs need ${bump(result.sdkAdvice)}; info.version went ${baseVersion} → ${headVersion} (${went})`,
    );
    if (!result.ok) {
      const clientBreaks = result.failing.filter((finding) => finding.breaks.includes('clients'));
      const otherBreaks = result.failing.filter((finding) => !finding.breaks.includes('clients'));
      const othersBroken = [...new Set(otherBreaks.flatMap((finding) => finding.breaks))]
        .map((party) => (party === 'sdks' ? 'generated SDK signatures' : party))
        .join(' or ');
      const broken = [
        ...(clientBreaks.length
          ? [`${changes(clientBreaks.length)} ${verb(clientBreaks.length)} clients`]
          : []),
        ...(otherBreaks.length
          ? [
              `${clientBreaks.length ? otherBreaks.length : changes(otherBreaks.length)} ${verb(otherBreaks.length)} only ${othersBroken}`,
            ]
          : []),
      ].join(', ');
      const asVersion =
        result.actual === 'unknown'
          ? ` (written as a version such as 2.0.0: ${unreadable} cannot be read as one)`
          : '';
      // Only a change that breaks clients is a reason for a major bump; servers and SDK signatures are the maintainers' work.
      console.error(
        clientBreaks.length
          ? `check:breaking: ${spec}: FAIL: ${broken}; bump info.version by major${asVersion} (and ship it as a new major API version), undo them, or switch a rule off in .check-breaking.yaml with a reason`
          : `check:breaking: ${spec}: FAIL: ${broken}, which is no reason for a major bump: undo them, or switch their rule off in .check-breaking.yaml with a reason once you have handled them`,
      );
      return 1;
    }
    console.log(
      result.failing.length
        ? `check:breaking: ${spec}: pass (breaking changes acknowledged by the major bump ${baseVersion} → ${headVersion})`
        : `check:breaking: ${spec}: pass`,
    );
    return 0;
  } catch (error) {
    if (error instanceof SpecError)
      console.error(`check:breaking: ${error.file}#${error.pointer || '/'}: ${error.reason}`);
    else console.error(`check:breaking: ${(error as Error).message}`);
    return 2;
  }
}

// Without --spec every document the config lists: lint and check:generated cover them all, and so must the gate CI runs once.
const listed =
  values.spec === undefined || findConfig(process.cwd())
    ? await configuredDocumentsOrExit('check:breaking')
    : [];
const specs = values.spec === undefined ? listed.map((document) => document.spec) : [values.spec];
/** The operations the config leaves out of a document's SDKs (its `exclude`), for the rule that compares what the SDKs see. */
const excludedFrom = (spec: string) =>
  (listedAs(listed, spec)?.exclude ?? []).map((exclusion) => exclusion.selector);
const failOn = values['fail-on'] as FailOn;
try {
  if (!['clients', 'servers', 'any'].includes(failOn))
    throw new UsageError(`--fail-on must be clients, servers or any (got ${failOn})`);
  const configFile =
    values.config ?? (existsSync('.check-breaking.yaml') ? '.check-breaking.yaml' : undefined);
  const off = configFile ? parseConfig(readFileSync(configFile, 'utf8'), configFile) : [];
  if (values['base-spec'] !== undefined && specs.length > 1)
    throw new UsageError(
      `--base-spec is one document's path at the base: name that document with --spec (the config lists ${specs.join(', ')})`,
    );
  const base = resolveBase();
  const verdicts: number[] = [];
  for (const [index, spec] of specs.entries()) {
    if (index) console.log('');
    verdicts.push(await checkDocument(spec, values['base-spec'] ?? spec, base, off, failOn));
  }
  // The worst verdict: cannot compare (2) over breaking (1) over pass (0).
  process.exitCode = Math.max(...verdicts);
  if (specs.length > 1) {
    const said = ['pass', 'FAIL', 'cannot compare'];
    console.log(
      `\ncheck:breaking: ${specs.map((spec, index) => `${spec} ${said[verdicts[index]]}`).join(', ')}`,
    );
  }
} catch (error) {
  console.error(`check:breaking: ${(error as Error).message}`);
  process.exitCode = 2;
}

/**
 * `npm run lint [-- FILE...]`: Spectral (the project's ruleset; here spectral:oas + OWASP + house
 * rules) and Redocly on the specs (default: every document contract-kit.config.ts lists). Prints `file:line:col severity rule message (at #pointer)`, one line per finding, then a summary
 * (`--format json`: the findings as JSON; on GitHub Actions, an annotation per finding too);
 * exits 1 when either tool reports an error (`--fail-on warning`: a warning too), 2 when it cannot lint.
 * Findings the project's lint-baseline.json lists are accepted: counted, not printed, not failed on.
 */
import { writeFile } from 'node:fs/promises';
import { failCli, parseCliArgs } from './lib/cli-args.js';
import type { Finding, LintResult } from './lib/lint.js';

const USAGE = `usage: npm run lint [-- [--format text|json] [--fail-on error|warning] [--update-baseline | --ignore-baseline] FILE...]
  Spectral (the project's .spectral.yaml, else spectral:oas) and Redocly (its redocly.yaml, else
  recommended) on each OpenAPI document given (default: every document contract-kit.config.ts
  lists); exit 1 on an error finding (--fail-on warning: on a warning too).
  --format json       the findings and counts as JSON on stdout, for a CI step that reads them
  --update-baseline   accept every finding there is now: write them to lint-baseline.json, so that
                      lint prints and fails on new ones only (init writes it for a spec that already
                      has errors); run it again after fixing some, to drop them
  --ignore-baseline   print and count every finding, those lint-baseline.json accepts too
  On GitHub Actions (GITHUB_ACTIONS=true) each finding is also an annotation on its line.`;

const { values, positionals: files } = parseCliArgs('lint', USAGE, {
  format: { type: 'string', default: 'text' },
  'fail-on': { type: 'string', default: 'error' },
  'update-baseline': { type: 'boolean', default: false },
  'ignore-baseline': { type: 'boolean', default: false },
});
if (!['text', 'json'].includes(values.format))
  failCli('lint', `--format takes text or json (got ${values.format})`);
if (!['error', 'warning'].includes(values['fail-on']))
  failCli('lint', `--fail-on takes error or warning (got ${values['fail-on']})`);
if (values['update-baseline'] && values['ignore-baseline'])
  failCli('lint', '--update-baseline and --ignore-baseline: one or the other');
// A baseline written from some of the documents would drop the others' findings.
if (values['update-baseline'] && files.length > 0)
  failCli('lint', '--update-baseline lints every document the config lists: give it no FILE');

// The arguments first: --help and a bad option answer before the toolkit's modules load (a CPU-second).
const { BASELINE_FILE, baselineText, formatFinding, lintChanges, lintSpec, readBaseline } =
  await import('./lib/lint.js');
const { workflowCommand } = await import('../generators/plugins/contract-tests/runtime/report.js');
const { configuredDocumentsOrExit } = await import('./lib/project.js');
// Default: every document the config lists (here the public API's and the dashboard's).
const targets = files.length
  ? files
  : (await configuredDocumentsOrExit('lint')).map((document) => document.spec);

try {
  const baseline = values['ignore-baseline'] || values['update-baseline'] ? undefined : await readBaseline();
  const linted = await lintSpec(targets);
  if (values['update-baseline']) {
    await writeFile(BASELINE_FILE, baselineText(linted.findings));
    console.log(
      `lint: wrote ${BASELINE_FILE}: ${linted.findings.length} finding(s) of ${targets.join(', ')} accepted (${linted.errors} error(s)); lint now prints and fails on others only`,
    );
  } else report(linted, baseline);
} catch (error) {
  console.error(`lint: ${(error as Error).message}`);
  process.exitCode = 2;
}

/** The findings the baseline does not accept, their counts and the exit code. */
function report(linted: LintResult, baseline: Finding[] | undefined): void {
  const { spectralMs, redoclyMs } = linted;
  // With a baseline, only what it does not list; the known ones are counted. Its entries no longer
  // found are said (not failed on: fixing a finding must not break the build), where lint ran on
  // every document (a FILE given leaves the others' entries unmatched).
  const { shown: findings, fixed } = lintChanges(baseline, linted.findings);
  const known = linted.findings.length - findings.length;
  const gone = files.length === 0 ? fixed : 0;
  const errors = findings.filter((finding) => finding.severity === 'error').length;
  const count = (severity: string) => findings.filter((finding) => finding.severity === severity).length;
  const failed = errors > 0 || (values['fail-on'] === 'warning' && count('warning') > 0);
  if (values.format === 'json')
    process.stdout.write(
      `${JSON.stringify(
        {
          files: targets,
          errors,
          warnings: count('warning'),
          failed,
          findings,
          ...(baseline ? { baseline: { file: BASELINE_FILE, known, gone } } : {}),
        },
        null,
        2,
      )}\n`,
    );
  else {
    for (const finding of findings) console.log(formatFinding(finding));
    const accepted = baseline
      ? `; ${known} more that ${BASELINE_FILE} accepts (--ignore-baseline prints them)${gone > 0 ? `; ${gone} of its findings no longer occur (--update-baseline drops them)` : ''}`
      : '';
    console.log(
      `lint: ${errors} error(s), ${count('warning')} warning(s) in ${targets.join(', ')}${accepted} ` +
        `(spectral ${(spectralMs / 1000).toFixed(1)}s, redocly ${(redoclyMs / 1000).toFixed(1)}s)`,
    );
  }
  if (process.env.GITHUB_ACTIONS === 'true')
    for (const finding of findings)
      (values.format === 'json' ? process.stderr : process.stdout).write(
        `${workflowCommand(
          finding.severity === 'error' ? 'error' : finding.severity === 'warning' ? 'warning' : 'notice',
          {
            file: finding.file,
            line: finding.line,
            col: finding.column,
            title: `lint ${finding.tool}: ${finding.rule}${finding.also ? ` (also ${finding.also})` : ''}`,
          },
          `${finding.message}${finding.pointer ? ` (at #${finding.pointer})` : ''}`,
        )}\n`,
      );
  process.exitCode = failed ? 1 : 0;
}

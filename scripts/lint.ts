/**
 * `npm run lint [-- FILE...]`: Spectral (the project's ruleset; here spectral:oas + OWASP + house
 * rules) and Redocly on the specs (default: every document contract-kit.config.ts lists). Prints `file:line:col severity rule message (at #pointer)`, one line per finding, then a summary
 * (`--format json`: the findings as JSON; on GitHub Actions, an annotation per finding too);
 * exits 1 when either tool reports an error (`--fail-on warning`: a warning too), 2 when it cannot lint.
 */
import { failCli, parseCliArgs } from './lib/cli-args.js';

const USAGE = `usage: npm run lint [-- [--format text|json] [--fail-on error|warning] FILE...]
  Spectral (the project's .spectral.yaml, else spectral:oas) and Redocly (its redocly.yaml, else
  recommended) on each OpenAPI document given (default: every document contract-kit.config.ts
  lists); exit 1 on an error finding (--fail-on warning: on a warning too).
  --format json   the findings and counts as JSON on stdout, for a CI step that reads them
  On GitHub Actions (GITHUB_ACTIONS=true) each finding is also an annotation on its line.`;

const { values, positionals: files } = parseCliArgs('lint', USAGE, {
  format: { type: 'string', default: 'text' },
  'fail-on': { type: 'string', default: 'error' },
});
if (!['text', 'json'].includes(values.format))
  failCli('lint', `--format takes text or json (got ${values.format})`);
if (!['error', 'warning'].includes(values['fail-on']))
  failCli('lint', `--fail-on takes error or warning (got ${values['fail-on']})`);

// The arguments first: --help and a bad option answer before the toolkit's modules load (a CPU-second).
const { formatFinding, lintSpec } = await import('./lib/lint.js');
const { workflowCommand } = await import('../generators/plugins/contract-tests/runtime/report.js');
const { configuredDocumentsOrExit } = await import('./lib/project.js');
// Default: every document the config lists (here the public API's and the dashboard's).
const targets = files.length
  ? files
  : (await configuredDocumentsOrExit('lint')).map((document) => document.spec);

try {
  const { findings, errors, spectralMs, redoclyMs } = await lintSpec(targets);
  const count = (severity: string) => findings.filter((finding) => finding.severity === severity).length;
  const failed = errors > 0 || (values['fail-on'] === 'warning' && count('warning') > 0);
  if (values.format === 'json')
    process.stdout.write(
      `${JSON.stringify({ files: targets, errors, warnings: count('warning'), failed, findings }, null, 2)}\n`,
    );
  else {
    for (const finding of findings) console.log(formatFinding(finding));
    console.log(
      `lint: ${errors} error(s), ${count('warning')} warning(s) in ${targets.join(', ')} ` +
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
} catch (error) {
  console.error(`lint: ${(error as Error).message}`);
  process.exitCode = 2;
}

/**
 * `npm run lint [-- FILE...]`: Spectral (the project's ruleset; here spectral:oas + OWASP + house
 * rules) and Redocly on the specs (default: every document contract-kit.config.ts lists). Prints `file:line:col severity rule message (at #pointer)`, one line per finding, then a summary;
 * exits 1 when either tool reports an error.
 */
import { parseCliArgs } from './lib/cli-args.js';

const USAGE = `usage: npm run lint [-- FILE...]
  Spectral (the project's .spectral.yaml, else spectral:oas) and Redocly (its redocly.yaml, else
  recommended) on each OpenAPI document given (default: every document contract-kit.config.ts
  lists); exit 1 on an error finding.`;

const files = parseCliArgs('lint', USAGE, {}).positionals;

// The arguments first: --help and a bad option answer before the toolkit's modules load (a CPU-second).
const { formatFinding, lintSpec } = await import('./lib/lint.js');
const { configuredDocumentsOrExit } = await import('./lib/project.js');
// Default: every document the config lists (here the public API's and the dashboard's).
const targets = files.length
  ? files
  : (await configuredDocumentsOrExit('lint')).map((document) => document.spec);

try {
  const { findings, errors, spectralMs, redoclyMs } = await lintSpec(targets);
  for (const finding of findings) console.log(formatFinding(finding));
  const count = (severity: string) => findings.filter((finding) => finding.severity === severity).length;
  console.log(
    `lint: ${errors} error(s), ${count('warning')} warning(s) in ${targets.join(', ')} ` +
      `(spectral ${(spectralMs / 1000).toFixed(1)}s, redocly ${(redoclyMs / 1000).toFixed(1)}s)`,
  );
  process.exitCode = errors > 0 ? 1 : 0;
} catch (error) {
  console.error(`lint: ${(error as Error).message}`);
  process.exitCode = 2;
}

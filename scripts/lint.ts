/**
 * `npm run lint [-- FILE...]`: Spectral (spectral:oas + OWASP + house rules) and Redocly on the
 * spec. Prints `file:line:col severity rule message`, one line per finding, then a summary;
 * exits 1 when either tool reports an error.
 */
import { formatFinding, runRedocly, runSpectral, sortFindings } from './lib/lint.js';

const files = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const targets = files.length ? files : ['spec/openapi.yaml'];

try {
  const [spectral, redocly] = await Promise.all([runSpectral(targets), runRedocly(targets)]);
  const findings = sortFindings([...spectral.findings, ...redocly.findings]);
  for (const finding of findings) console.log(formatFinding(finding));
  const count = (severity: string) => findings.filter((finding) => finding.severity === severity).length;
  const errors = count('error');
  console.log(
    `lint: ${errors} error(s), ${count('warning')} warning(s) in ${targets.join(', ')} ` +
      `(spectral ${(spectral.ms / 1000).toFixed(1)}s, redocly ${(redocly.ms / 1000).toFixed(1)}s)`,
  );
  process.exitCode = errors > 0 ? 1 : 0;
} catch (error) {
  console.error(`lint: ${(error as Error).message}`);
  process.exitCode = 2;
}

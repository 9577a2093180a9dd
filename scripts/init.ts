/**
 * `contract-kit init [--spec PATH]`: sets the working folder up for the toolkit (scripts/lib/init.ts):
 * the config, a Spectral ruleset, the package scripts, a CI workflow and .gitignore lines, each
 * only where missing; prints what it wrote, what it added to, and what it left alone.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { parseCliArgs } from './lib/cli-args.js';
import { initProject, InitError, STARTER_SPEC } from './lib/init.js';
import { toolkitVersion } from './lib/toolkit.js';

const USAGE = `usage: npx contract-kit init [--spec PATH]
  Sets this folder up for contract-kit: contract-kit.config.ts naming the OpenAPI document, a
  .spectral.yaml, the package scripts (generate, lint, docs, mock, dev, check:*, test:contract),
  a CI workflow (.github/workflows/contract-kit.yml: lint, check:generated, check:breaking,
  test:contract) and .gitignore lines. A spec that already has lint errors gets a
  lint-baseline.json that accepts them, so the workflow fails only on new ones. It never overwrites
  a file or a script: it lists what it left alone, and a second run changes nothing.
  --spec PATH   the OpenAPI document (default: the one OpenAPI 3 document found in this folder,
                three levels deep; none found: a starter one in ${STARTER_SPEC})`;

/**
 * A spec brought in (given or found) that already has lint errors would make the workflow init
 * wrote red from its first run, on findings that are not the change's: the spec of an API one does
 * not own, or an old one. They go into lint-baseline.json, which lint accepts (it fails on new
 * ones), and init says so. A baseline already there is the project's.
 */
async function acceptLintErrors(spec: string): Promise<void> {
  const { BASELINE_FILE, baselineText, lintSpec } = await import('./lib/lint.js');
  if (existsSync(BASELINE_FILE)) return console.log(`init: left alone ${BASELINE_FILE}: exists`);
  let linted: Awaited<ReturnType<typeof lintSpec>>;
  try {
    linted = await lintSpec([spec]);
  } catch (error) {
    return console.log(`init: note: lint did not run on ${spec}: ${(error as Error).message.split('\n')[0]}`);
  }
  if (linted.errors === 0) return;
  await writeFile(BASELINE_FILE, baselineText(linted.findings), { flag: 'wx' });
  console.log(
    `init: wrote ${BASELINE_FILE}: the ${linted.findings.length} finding(s) lint has on ${spec} as it is (${linted.errors} error(s)), accepted, so that lint (and the workflow) fails only on new ones; \`npx contract-kit lint --ignore-baseline\` lists them all`,
  );
}

const { values } = parseCliArgs('init', USAGE, { spec: { type: 'string' } }, false);
try {
  const report = await initProject(process.cwd(), { spec: values.spec, version: toolkitVersion() });
  if (report.spec) {
    const how = {
      given: 'as given',
      found: 'found in this folder',
      written: 'a starter document: replace it with your API',
      'in the config': 'the documents it lists',
    }[report.spec.how];
    console.log(`init: spec: ${report.spec.path} (${how})`);
  }
  for (const file of report.written) console.log(`init: wrote ${file}`);
  for (const { file, what } of report.added) console.log(`init: ${file}: added ${what}`);
  for (const { file, why } of report.kept) console.log(`init: left alone ${file}: ${why}`);
  if (report.spec?.how === 'given' || report.spec?.how === 'found') await acceptLintErrors(report.spec.path);
  for (const note of report.notes) console.log(`init: note: ${note}`);
  if (report.written.length === 0 && report.added.length === 0) console.log('init: nothing to do');
  else
    console.log(
      [
        'init: next (npm install first if contract-kit is not installed here yet):',
        '  npx contract-kit generate        # types, TypeScript and Python SDKs, server stubs, contract suites into generated/',
        '  npx contract-kit lint            # Spectral and Redocly',
        '  npx contract-kit test:contract   # the contract suites against the Prism mock',
      ].join('\n'),
    );
} catch (error) {
  if (!(error instanceof InitError)) throw error;
  console.error(`init: ${error.message}`);
  process.exitCode = 2;
}

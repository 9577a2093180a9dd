/**
 * `contract-kit init [--spec PATH]`: sets the working folder up for the toolkit (scripts/lib/init.ts):
 * the config, a Spectral ruleset, the package scripts, a CI workflow and .gitignore lines, each
 * only where missing; prints what it wrote, what it added to, and what it left alone.
 */
import { parseCliArgs } from './lib/cli-args.js';
import { initProject, InitError, STARTER_SPEC } from './lib/init.js';
import { toolkitVersion } from './lib/toolkit.js';

const USAGE = `usage: npx contract-kit init [--spec PATH]
  Sets this folder up for contract-kit: contract-kit.config.ts naming the OpenAPI document, a
  .spectral.yaml, the package scripts (generate, lint, docs, mock, dev, check:*, test:contract),
  a CI workflow (.github/workflows/contract-kit.yml: lint, check:generated, check:breaking,
  test:contract) and .gitignore lines. It never overwrites a file or a script: it lists what it
  left alone, and a second run changes nothing.
  --spec PATH   the OpenAPI document (default: the one OpenAPI 3 document found in this folder,
                three levels deep; none found: a starter one in ${STARTER_SPEC})`;

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

/**
 * `npm run test:contract:public [-- NAME...]`: the generated contract suites of every public spec
 * in the test corpus (or those named) against Prism mocking that spec. Prints each spec's counts per
 * class, then every finding in one line (suite class first) and the report file that has them in full; exits 1 when any spec has a suite-class finding (a
 * bug of ours) or its suites did not run to the end. Target and mock findings are Prism's, spec
 * findings the spec's: reported, never failing this command.
 */
import path from 'node:path';
import { PUBLIC_SPECS, runAgainstPrism } from './lib/contract-public.js';

const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const specs = wanted.length ? PUBLIC_SPECS.filter((entry) => wanted.includes(entry.slug)) : PUBLIC_SPECS;
if (wanted.length && specs.length !== wanted.length) {
  console.error(
    `unknown spec name(s): ${wanted.filter((name) => !PUBLIC_SPECS.some((entry) => entry.slug === name)).join(', ')}; known: ${PUBLIC_SPECS.map((entry) => entry.slug).join(', ')}`,
  );
  process.exit(2);
}

let broken = 0;
for (const { slug: name, spec } of specs) {
  console.log(`contract:public: ${name} (${spec}) against Prism...`);
  const result = await runAgainstPrism(name, spec);
  if (!result.report) {
    broken += 1;
    console.log(
      `contract:public: ${name}: the suites did not run to the end (exit ${result.run.code}); last output:\n${result.run.output.slice(-3000)}`,
    );
    continue;
  }
  const { counts, findings } = result.report;
  console.log(
    `contract:public: ${name}: ${counts.suite} suite, ${counts.target} target, ${counts.mock} mock, ${counts.spec} spec finding(s) in ${result.seconds} s${result.prismRestarts ? ` (Prism crashed and was restarted ${result.prismRestarts} time(s))` : ''}`,
  );
  // Every finding, one line each, ours (suite) first; the report file has each in full (requests, curl lines).
  for (const findingClass of ['suite', 'spec', 'target', 'mock']) {
    for (const finding of findings.filter((candidate) => candidate.class === findingClass)) {
      if (findingClass === 'suite') broken += 1;
      const where =
        finding.operations.length > 0
          ? ` in ${finding.operations.slice(0, 5).join(', ')}${finding.operations.length > 5 ? ', …' : ''}`
          : '';
      console.log(
        `  [${findingClass}] ${finding.check} ${finding.count}x${where}: ${finding.message.split('\n')[0]}`,
      );
    }
  }
  if (findings.length > 0) console.log(`  in full: ${path.relative(process.cwd(), result.reportFile)}`);
}
console.log(
  `contract:public: ${specs.length} spec(s), ${broken === 0 ? 'no suite-class finding' : `${broken} suite-class finding(s) or unfinished run(s)`}`,
);
process.exitCode = broken === 0 ? 0 : 1;

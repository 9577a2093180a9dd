/**
 * `npm run check:generated`: regenerates into a temporary folder and fails, with a readable
 * diff, when generated/ differs from what the spec produces (a hand edit, or a forgotten
 * `npm run generate`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_SPEC, generate, regenerateCommand } from '../generators/pipeline.js';
import { listFiles } from '../generators/core/files.js';

import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'generated' } } });
const OUT = values.out!;
const fresh = await mkdtemp(path.join(tmpdir(), 'check-generated-'));
try {
  await generate({ spec: DEFAULT_SPEC, out: fresh, command: regenerateCommand(DEFAULT_SPEC, OUT), write: true, log: () => {} });
  const [want, have] = await Promise.all([listFiles(fresh), listFiles(OUT)]);
  const problems: string[] = [];
  for (const file of want.filter((name) => !have.includes(name))) problems.push(`missing: ${OUT}/${file}`);
  for (const file of have.filter((name) => !want.includes(name))) problems.push(`extra:   ${OUT}/${file} (not produced by the spec)`);
  const changed: string[] = [];
  for (const file of want.filter((name) => have.includes(name))) {
    const [a, b] = await Promise.all([readFile(path.join(fresh, file), 'utf8'), readFile(path.join(OUT, file), 'utf8')]);
    if (a !== b) changed.push(file);
  }
  for (const file of changed) {
    // git diff --no-index exits 1 when files differ; its output is the readable part.
    const diff = spawnSync('git', ['diff', '--no-index', '--no-color', '-U2', '--', path.join(fresh, file), path.join(OUT, file)], { encoding: 'utf8' });
    const lines = diff.stdout.split('\n');
    problems.push(`differs: ${OUT}/${file} (- from the spec, + in ${OUT}/)`, ...lines.slice(4, 44), ...(lines.length > 44 ? ['  …'] : []));
  }
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    const count = problems.filter((line) => /^(missing|extra|differs):/.test(line)).length;
    console.error(`check:generated: ${OUT}/ does not match spec/openapi.yaml (${count} file(s)). Run \`npm run generate\` and commit.`);
    process.exitCode = 1;
  } else {
    console.log(`check:generated: ${OUT}/ matches spec/openapi.yaml (${want.length} files)`);
  }
} finally {
  await rm(fresh, { recursive: true, force: true });
}

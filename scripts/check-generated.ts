/**
 * `npm run check:generated [-- --out DIR]`: regenerates every document contract-kit.config.ts
 * lists (with its plugins) into a temporary folder and fails, with a readable diff, when its
 * output folder differs from what the spec produces (a hand edit, or a forgotten `npm run
 * generate`); in this repository it likewise rebuilds the dashboard's UI in memory and compares it
 * with generated/dashboard-ui/ (home.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DocumentTarget } from '../generators/pipeline.js';
import { failOnSpec, parseCliArgs } from './lib/cli-args.js';

const USAGE = `usage: npm run check:generated [-- --out DIR]
  Regenerates every document contract-kit.config.ts lists into a temporary folder and fails, with
  a diff, where its output folder differs (a hand edit, or a forgotten \`npm run generate\`).
  --out DIR   check a copy of the first document's output folder (each output at its place under DIR)`;

const { values } = parseCliArgs('check:generated', USAGE, { out: { type: 'string' } }, false);

// The arguments first: --help and a bad option answer before the toolkit's modules load (a CPU-second).
const { generate, generationFailure, nestedOutputs, regenerateCommand } =
  await import('../generators/pipeline.js');
const { previousGeneration, recordedFiles } = await import('../generators/provenance.js');
const { listFiles, posixPath } = await import('../generators/core/files.js');
const { gitIgnored } = await import('./lib/git-ignored.js');
const { homeSteps } = await import('./lib/home.js');
const { configuredDocumentsOrExit } = await import('./lib/project.js');
const DOCUMENTS = await configuredDocumentsOrExit('check:generated');
const DEFAULT_OUT = DOCUMENTS[0].out;
/** `--out DIR` checks a copy of generated/ (each document's output at the same place under DIR). */
const ROOT_OUT = values.out ?? DEFAULT_OUT;
const home = await homeSteps();

/** Differences between what `spec` generates and what `out` holds, as readable lines. */
async function check(
  spec: string,
  out: string,
  checked: string,
  plugins: DocumentTarget['plugins'],
): Promise<{ problems: string[]; count: number; files: number; notGenerated: number; unstable: string[] }> {
  let notGenerated = 0;
  const fresh = await mkdtemp(path.join(tmpdir(), 'check-generated-'));
  const generateInto = (folder: string) =>
    generate({
      spec,
      out: folder,
      command: regenerateCommand(spec, checked, DOCUMENTS),
      write: true,
      plugins,
      log: () => {},
    });
  try {
    try {
      await generateInto(fresh);
    } catch (error) {
      // Not drift: the check could not run. Exit 2, as for a usage mistake, so CI tells the two apart.
      await rm(fresh, { recursive: true, force: true });
      failOnSpec('check:generated', `${generationFailure(spec, error)} (the check could not generate it)`);
    }
    // Another document's output nested in this one (generated/dashboard/), and what this
    // repository builds beside the documents (generated/dashboard-ui/), are checked on their own.
    const nested = [
      ...nestedOutputs(out, DOCUMENTS),
      ...(home && path.resolve(out) === path.resolve(DEFAULT_OUT) ? home.extraOutputs : []),
    ];
    out = checked;
    const own = (files: string[]) =>
      files.filter((file) => !nested.some((root) => posixPath(file).startsWith(root)));
    const [want, have] = await Promise.all([listFiles(fresh), listFiles(out).then(own)]);
    const problems: string[] = [];
    for (const file of want.filter((name) => !have.includes(name))) problems.push(`missing: ${out}/${file}`);
    // What git ignores cannot be committed, so it cannot drift: a generated package built in place
    // (its dist/, node_modules/), as init's .gitignore lists them.
    const extras = have.filter((name) => !want.includes(name));
    const ignored = gitIgnored(extras.map((file) => path.join(out, file)));
    // What the last generation recorded, generate removes; anything else is not its to remove.
    const recorded = recordedFiles(await previousGeneration(out));
    for (const file of extras.filter((name) => !ignored.has(path.join(out, name)))) {
      const generateRemoves = recorded?.has(posixPath(file)) ?? false;
      if (!generateRemoves) notGenerated += 1;
      problems.push(
        `extra:   ${out}/${file} (${generateRemoves ? 'no longer produced by the spec: generate removes it' : "not produced by the spec, and not generate's to remove: delete it, or have git ignore it"})`,
      );
    }
    const differing: string[] = [];
    for (const file of want.filter((name) => have.includes(name))) {
      const [a, b] = await Promise.all([
        readFile(path.join(fresh, file), 'utf8'),
        readFile(path.join(out, file), 'utf8'),
      ]);
      if (a === b) continue;
      differing.push(file);
      // git diff --no-index exits 1 when files differ; its output is the readable part.
      const diff = spawnSync(
        'git',
        ['diff', '--no-index', '--no-color', '-U2', '--', path.join(fresh, file), path.join(out, file)],
        { encoding: 'utf8' },
      );
      const lines = diff.stdout.split('\n');
      problems.push(
        `differs: ${out}/${file} (- from the spec, + in ${out}/)`,
        ...lines.slice(4, 44),
        ...(lines.length > 44 ? ['  …'] : []),
      );
    }
    return {
      problems,
      count: problems.filter((line) => /^(missing|extra|differs):/.test(line)).length,
      files: want.length,
      notGenerated,
      unstable: differing.length > 0 ? await unstableFiles(fresh, differing, generateInto) : [],
    };
  } finally {
    await rm(fresh, { recursive: true, force: true });
  }
}

/**
 * Of the files that differ, those a second generation of the same spec writes otherwise: a plugin
 * whose output depends on more than the spec and its options (a clock, a random value, a file read
 * at generation time), which no `generate` and commit can settle. Only run when something differs.
 */
async function unstableFiles(
  fresh: string,
  differing: string[],
  generateInto: (folder: string) => Promise<unknown>,
): Promise<string[]> {
  const again = await mkdtemp(path.join(tmpdir(), 'check-generated-again-'));
  try {
    await generateInto(again);
    const unstable: string[] = [];
    for (const file of differing) {
      const [first, second] = await Promise.all([
        readFile(path.join(fresh, file), 'utf8'),
        readFile(path.join(again, file), 'utf8').catch(() => undefined),
      ]);
      if (first !== second) unstable.push(file);
    }
    return unstable;
  } finally {
    await rm(again, { recursive: true, force: true });
  }
}

let failed = false;
for (const { spec, out: listed, plugins } of DOCUMENTS) {
  const out = path.join(ROOT_OUT, path.relative(DEFAULT_OUT, listed));
  const { problems, count, files, notGenerated, unstable } = await check(spec, listed, out, plugins);
  if (unstable.length > 0) {
    console.error(problems.join('\n'));
    console.error(
      `check:generated: ${out}/ can never match ${spec}: two generations of it differ in ${unstable.map((file) => `${out}/${file}`).join(', ')}. The plugin writing ${unstable.length === 1 ? 'it' : 'them'} depends on more than the spec and its options (a clock, a random value, a file read while generating); make its output a function of those, then run \`npm run generate\` and commit.`,
    );
    failed = true;
  } else if (problems.length > 0) {
    console.error(problems.join('\n'));
    console.error(
      `check:generated: ${out}/ does not match ${spec} (${count} file(s)). Run \`npm run generate\`${notGenerated > 0 ? `, delete the ${notGenerated} extra file(s) generate did not make` : ''} and commit.`,
    );
    failed = true;
  } else {
    console.log(`check:generated: ${out}/ matches ${spec} (${files} files)`);
  }
}
if (home) {
  const { problems, ok, fix } = await home.checkGenerated(ROOT_OUT);
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    console.error(fix);
    failed = true;
  } else console.log(ok);
}
process.exitCode = failed ? 1 : 0;

/**
 * `npm run generate [-- --spec PATH --out DIR --released git:REF|FILE]`: load the spec, build the IR once, run every
 * emitter, write the files. Prints one line per step with its time; on a bad document prints one
 * line, `error: file:line:col: what is wrong (at #pointer)`, and exits 1 (never a stack trace).
 */
import path from 'node:path';
import { failCli, parseCliArgs, prefixLines } from '../scripts/lib/cli-args.js';
import { prepareWorkers } from './core/document-worker.js';
import type { LoadedDocument } from './core/document.js';
import type { DocumentTarget } from './pipeline.js';
import { PLACES_SHOWN, warningLines } from './warning-lines.js';

const USAGE = `usage: npm run generate [-- --spec PATH --out DIR [--name NAME]] [--released git:REF|FILE] [--sdks] [--dry-run] [--all-warnings]
  no --spec: every document contract-kit.config.ts lists, with its plugins, into its output folder
  --spec PATH --out DIR: any OpenAPI 3.0/3.1 document (YAML or JSON) into DIR
  --name NAME: what the SDKs are named after (client class, packages, environment variables) instead of info.title or info.x-sdk-name
  --released git:REF|FILE: the last release, for the packages' CHANGELOG.md
  --sdks: also openapi-generator's SDKs (needs Java)
  --dry-run: generate without writing
  --all-warnings: every warning at every place (by default a warning at many places is printed at its first ${PLACES_SHOWN} and counted)`;

// The arguments first: --help and a bad option answer before the generators load (seconds of CPU).
const { values } = parseCliArgs(
  'generate',
  USAGE,
  {
    spec: { type: 'string' },
    out: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    'all-warnings': { type: 'boolean', default: false },
    /** Also run openapi-generator for the languages in generators/plugins/sdks/sdks.json (needs Java). */
    sdks: { type: 'boolean', default: false },
    /** Leave out the SDKs (the default; kept so older scripts still work). */
    'skip-sdks': { type: 'boolean', default: false },
    /** The last released spec (`git:<ref>` or a file): the packages' CHANGELOG.md lists the changes since. */
    released: { type: 'string' },
    /** What the SDKs are named after, instead of the spec's info.title (or info.x-sdk-name). */
    name: { type: 'string' },
  },
  false,
);
if (values.name !== undefined && !values.spec)
  failCli(
    'generate',
    `--name needs --spec: the listed documents are named by their own info.title\n${USAGE}`,
  );

// A spec named on the command line is loaded first. If it does not load (a mistyped path, YAML that
// does not parse, a $ref to nothing), it fails before the generators and their worker load: in a
// quarter of the CPU, and of the wait. So its error comes before any about the output folder or the
// config, which need the generators.
let preloaded: { document: LoadedDocument; ms: number } | undefined;
if (values.spec && values.out) {
  const { loadDocument } = await import('./core/load.js');
  const started = performance.now();
  try {
    preloaded = { document: await loadDocument(values.spec), ms: performance.now() - started };
  } catch (error) {
    console.error(prefixLines('error: ', error instanceof Error ? error.message : String(error)));
    process.exit(1);
  }
}

// The types' worker thread loads openapi-typescript and TypeScript (about a second on a cold
// process) on the other core while this thread loads the rest of the generators: so those are
// imported only after it has started, not before this module runs as static imports would be.
prepareWorkers(0);
const {
  builtInPlugins,
  configuredDocuments,
  defaultPluginsFor,
  generate,
  generationFailure,
  PluginError,
  regenerateCommand,
} = await import('./pipeline.js');
const { ConfigError, findConfig } = await import('./config.js');
const { SpecError } = await import('./core/load.js');
const { homeSteps } = await import('../scripts/lib/home.js');

async function main(): Promise<void> {
  // No --spec: every document the repository lists (spec/openapi.yaml, spec/dashboard.yaml), each
  // at its place under --out (default generated/, so the dashboard's output is generated/dashboard/).
  // A spec given on the command line needs no config (the config only says what a listed one runs).
  const documents = values.spec && !findConfig(process.cwd()) ? [] : await configuredDocuments();
  const listedAs = (spec: string) =>
    documents.find((document) => path.resolve(document.spec) === path.resolve(spec));
  const targets = values.spec
    ? [
        {
          spec: values.spec,
          out: outOfSpec(documents, values.spec, values.out),
          plugins: listedAs(values.spec)?.plugins ?? defaultPluginsFor(),
        },
      ]
    : documents.map((document) => ({
        ...document,
        out: path.join(values.out ?? documents[0].out, path.relative(documents[0].out, document.out)),
      }));
  // openapi-generator's SDKs (opt-in, they need Java) run only when asked for, with the contract
  // document they are made from when the document's list lacks it.
  const sdks = builtInPlugins(['sdks']);
  for (const { spec, out, plugins: listed } of targets) {
    const plugins = [
      ...listed.filter((each) => !(values['skip-sdks'] && each.plugin.name === 'sdks')),
      ...(values.sdks
        ? sdks.filter((each) => !listed.some((other) => other.plugin.name === each.plugin.name))
        : []),
    ];
    if (targets.length > 1) console.log(`${spec} -> ${out}/`);
    try {
      const command = `${regenerateCommand(spec, out, documents)}${values.name !== undefined ? ` --name ${shellWord(values.name)}` : ''}`;
      const result = await generate({
        spec,
        out,
        command,
        sdkName: values.name,
        write: !values['dry-run'],
        plugins,
        released: values.released,
        // The document loaded above, when it is this target's.
        preloaded: spec === values.spec ? preloaded : undefined,
        log: (line) => console.log(line),
      });
      for (const line of warningLines(result.warnings, { all: values['all-warnings'] })) console.warn(line);
    } catch (error) {
      if (error instanceof SpecError || error instanceof PluginError || error instanceof ConfigError)
        throw error;
      throw new Error(generationFailure(spec, error), { cause: error });
    }
  }
  // This repository's own build beside its documents (home.ts): the dashboard's UI, bundled ahead
  // of time (it includes the dashboard client generated just above), so the service needs no
  // bundler. Another folder (the toolkit installed elsewhere) has no such step.
  const home = !values.spec && !values['dry-run'] ? await homeSteps() : undefined;
  if (home) console.log(await home.afterGenerate(values.out ?? documents[0].out));
}

/** A word as a POSIX shell reads it back unchanged (file headers name the command that regenerates them). */
function shellWord(word: string): string {
  return /^[A-Za-z0-9._/-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * Where `--spec` writes: `--out`, or a listed document's own folder. Another document never goes
 * into a listed document's folder (generated/ is spec/openapi.yaml's, which the service imports):
 * the writer would replace that output and remove its files.
 */
function outOfSpec(DOCUMENTS: DocumentTarget[], spec: string, out: string | undefined): string {
  const listed = DOCUMENTS.find((document) => path.resolve(document.spec) === path.resolve(spec));
  if (out === undefined) {
    if (listed) return listed.out;
    return failCli(
      'generate',
      DOCUMENTS.length > 0
        ? `--spec ${spec} needs --out DIR: the default, ${DOCUMENTS[0].out}/, holds ${DOCUMENTS[0].spec}'s output.\n${USAGE}`
        : `--spec ${spec} needs --out DIR (no contract-kit.config.ts here lists it).\n${USAGE}`,
    );
  }
  // Inside a listed output too (generated/types, generated/server): the writer would remove the files it did not make there.
  const inside = (folder: string) => {
    const relative = path.relative(path.resolve(folder), path.resolve(out));
    return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
  };
  const owner = [...DOCUMENTS]
    .sort((a, b) => b.out.length - a.out.length)
    .find((document) => inside(document.out));
  if (owner && !(owner === listed && path.resolve(owner.out) === path.resolve(out)))
    return failCli(
      'generate',
      `${owner.out}/ holds ${owner.spec}'s output; write ${spec} into another folder.`,
    );
  return out;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`error: ${error.message}`);
    process.exit(2);
  }
  // The reader is a spec author: where and what, not our stack.
  console.error(prefixLines('error: ', error instanceof Error ? error.message : String(error)));
  process.exitCode = 1;
});

/**
 * `npm run dev [-- --spec PATH --out DIR]`: the watch loop for API designers. On every save of the
 * spec (or the lint ruleset): regenerate, lint, rebuild the docs, reload the mock (and, in this
 * repository, the reference service). Default: the first document contract-kit.config.ts lists;
 * another listed document with its --spec and --out (here the dashboard's:
 * `npm run dev -- --spec spec/dashboard.yaml --out generated/dashboard`, docs at
 * dist/docs/dashboard/index.html; the service is reloaded only for the first document).
 */
import path from 'node:path';
import { failCli, parseCliArgs } from './lib/cli-args.js';

const USAGE = `usage: npm run dev [-- --spec PATH --out DIR]
  Watches the spec (and the files it $refs, .spectral.yaml, redocly.yaml); on each save regenerates,
  lints, rebuilds the docs and reloads the Prism mock on 127.0.0.1:$MOCK_PORT (default 4010).
  Default: the first document contract-kit.config.ts lists, into its output folder.
  --spec PATH --out DIR   another document (a listed one's own folder, or a folder outside them)`;

const { values } = parseCliArgs('dev', USAGE, { spec: { type: 'string' }, out: { type: 'string' } }, false);

// The arguments first: --help and a bad option answer before the toolkit's modules load (a CPU-second).
const { DevLoop } = await import('./lib/dev-loop.js');
const { docsFileFor } = await import('./lib/docs.js');
const { homeSteps } = await import('./lib/home.js');
const { chosenDocument, configuredDocumentsOrExit } = await import('./lib/project.js');
const { findConfig } = await import('../generators/config.js');
const { stopOnSignal } = await import('./lib/processes.js');
const { spec, listed } = await chosenDocument('dev', values.spec);
const out = values.out ?? listed?.out;
if (out === undefined)
  failCli('dev', `--spec ${spec} needs --out DIR (no contract-kit.config.ts here lists it)`);
const documents = findConfig(process.cwd()) ? await configuredDocumentsOrExit('dev') : [];
const primary = documents[0];
// This repository serves its reference service beside the loop, for its first document only.
const home = await homeSteps();
const serving =
  home &&
  primary &&
  path.resolve(out) === path.resolve(primary.out) &&
  path.resolve(spec) === path.resolve(primary.spec);
// Where `npm run docs` puts a listed document's docs; another spec's under dist/docs/dev/.
const docsFile = docsFileFor(
  out,
  primary?.out,
  documents.some((document) => path.resolve(document.out) === path.resolve(out)),
);
const loop = new DevLoop({
  spec,
  out,
  docsFile,
  mockPort: Number(process.env.MOCK_PORT ?? 4010),
  servicePort: serving ? Number(process.env.PORT ?? 3000) : undefined,
  serviceCommand: serving ? home.serviceCommand : undefined,
  implementedOperations: serving ? () => home.serviceHandlers() : undefined,
  log: (line) => console.log(line),
});
// Ctrl-C, SIGTERM or the end of npm's process stops the loop and the mock it started (one while it
// starts is acted on once it has started).
const signals = stopOnSignal(async () => {
  await loop.stop();
  process.exit(0);
});
await loop.start();
await signals.ready();
console.log(
  `dev: watching ${spec} (and the files it $refs), .spectral.yaml, spec/rules/ and redocly.yaml; docs at ${path.relative(process.cwd(), docsFile)}; Ctrl-C stops`,
);

/**
 * `npm run mock [-- --spec PATH]`: the Prism mock on 127.0.0.1:4010 (MOCK_PORT), until Ctrl-C, of
 * the first document contract-kit.config.ts lists or of any OpenAPI 3.0/3.1 spec: its mock
 * document is made from the spec as it is now (edits included) into a temporary folder, removed on exit.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { failOnSpec, parseCliArgs } from './lib/cli-args.js';
import type { RunningMock } from './lib/mock.js';

const USAGE = `usage: npm run mock [-- --spec PATH]
  Prism on 127.0.0.1:$MOCK_PORT (default 4010), stateless, any or no Authorization accepted,
  serving the spec as it is now.
  --spec PATH   mock this OpenAPI 3.0/3.1 document instead of the first one contract-kit.config.ts lists`;

const { values } = parseCliArgs('mock', USAGE, { spec: { type: 'string' } }, false);

// The arguments first: --help and a bad option answer before the toolkit's modules load (a CPU-second).
const { builtInPlugins, generate } = await import('../generators/pipeline.js');
const { startMock } = await import('./lib/mock.js');
const { exitIfPortsTaken, stopOnSignal } = await import('./lib/processes.js');
const { chosenDocument } = await import('./lib/project.js');
const port = Number(process.env.MOCK_PORT ?? 4010);
await exitIfPortsTaken('mock', '127.0.0.1', [{ port, variable: 'MOCK_PORT' }]);
const { spec } = await chosenDocument('mock', values.spec);
const scratch = await mkdtemp(path.join(os.tmpdir(), 'mock-'));
let mock: RunningMock | undefined; // eslint-disable-line prefer-const -- the stop handler reads it before Prism starts
// Ctrl-C or SIGTERM at any moment stops Prism and removes the scratch folder (one while Prism
// starts is acted on once it has started).
const signals = stopOnSignal(async () => {
  await mock?.stop();
  await rm(scratch, { recursive: true, force: true });
  process.exit(0);
});
try {
  // No release to compare with: the mock needs no CHANGELOG, and no git history (a shallow clone, a tarball).
  await generate({
    spec,
    out: scratch,
    command: `npm run mock -- --spec ${spec}`,
    write: true,
    released: false,
    plugins: builtInPlugins(['mock-document']),
    log: () => {},
  });
} catch (error) {
  await rm(scratch, { recursive: true, force: true });
  failOnSpec('mock', error instanceof Error ? error.message : String(error));
}
if (signals.requested) await signals.ready();
const specFile = path.join(scratch, 'mock', 'openapi.json');
const running = await startMock(port, '127.0.0.1', { specFile }).catch(async (error: unknown) => {
  await rm(scratch, { recursive: true, force: true });
  console.error(`mock: Prism did not start: ${(error as Error).message}`);
  return process.exit(1);
});
mock = running;
await signals.ready();
running.child.on('exit', async (code) => {
  if (signals.requested) return; // our own stop, not Prism failing
  console.error(`mock: Prism exited (${code})\n${running.output()}`);
  await rm(scratch, { recursive: true, force: true });
  process.exit(1);
});
console.log(`mock: ${running.url} (Prism, stateless; any or no Authorization accepted), mocking ${spec}`);
const example = await firstPlainGet(specFile);
if (example) console.log(`try:  curl ${running.url}${example}`);
// Prism answers a request the spec refuses with that spec's own 400 or 422 (its example, or no
// body at all), so the reasons are only in a header a designer would not think to look at.
console.log(`a refused request gets the spec's 400 or 422; why, in its sl-violations header (curl -i)`);

/**
 * The first GET path of the document that takes no path parameter and requires none, to show a
 * request that works as pasted (Trello's first, /batch, requires `urls`: Prism answered 400).
 */
async function firstPlainGet(file: string): Promise<string | undefined> {
  const { deref } = await import('../generators/core/refs.js');
  type Item = { get?: { parameters?: unknown[] }; parameters?: unknown[] };
  const document = JSON.parse(await readFile(file, 'utf8')) as { paths?: Record<string, Item> };
  const requires = (parameters: unknown[] = []) =>
    parameters.some((each) => deref<{ required?: unknown }>(document, each)?.required === true);
  return Object.entries(document.paths ?? {}).find(
    ([route, item]) =>
      item?.get && !route.includes('{') && !requires(item.parameters) && !requires(item.get.parameters),
  )?.[0];
}

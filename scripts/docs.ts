/**
 * `npm run docs [-- --spec PATH [--out FILE]]`: builds a self-contained HTML reference per
 * document: dist/docs/index.html (the public API) and dist/docs/dashboard/index.html (the
 * dashboard's API); with `--spec`, the reference of any OpenAPI document (default
 * dist/docs/<its name>.html).
 */
import path from 'node:path';
import { failCli, parseCliArgs } from './lib/cli-args.js';

const USAGE = `usage: npm run docs [-- --spec PATH [--out FILE]]
  Builds each document contract-kit.config.ts lists: the first into dist/docs/index.html, each
  other into dist/docs/FOLDER/index.html, FOLDER its output folder's path from the first's when
  inside it (generated/admin: dist/docs/admin/), else from here; each page is self-contained (no
  network needed).
  --spec PATH   build the reference of this OpenAPI document instead
  --out FILE    where to write it (default dist/docs/<spec name>.html)`;

const { values } = parseCliArgs('docs', USAGE, { spec: { type: 'string' }, out: { type: 'string' } }, false);
if (values.out && !values.spec) failCli('docs', `--out needs --spec\n${USAGE}`);

// The arguments first: --help and a bad option answer before the toolkit's modules load (a CPU-second).
const { configuredDocumentsOrExit } = await import('./lib/project.js');
const { buildDocs, docsFileFor } = await import('./lib/docs.js');
const builds = values.spec
  ? [
      {
        spec: path.resolve(values.spec),
        file: path.resolve(
          values.out ??
            path.join('dist', 'docs', `${path.basename(values.spec).replace(/\.(ya?ml|json)$/i, '')}.html`),
        ),
      },
    ]
  : await listedDocuments();

/** Every document the config lists, each with its page (see docsFileFor). */
async function listedDocuments(): Promise<Array<{ spec: string; file: string }>> {
  const documents = await configuredDocumentsOrExit('docs');
  return documents.map((document) => ({
    spec: path.resolve(document.spec),
    file: docsFileFor(document.out, documents[0].out, true),
  }));
}

for (const { spec, file } of builds) {
  const started = Date.now();
  try {
    await buildDocs(spec, file);
  } catch (error) {
    console.error(`docs: ${path.relative(process.cwd(), spec)}: ${(error as Error).message.split('\n')[0]}`);
    process.exit(1);
  }
  console.log(
    `docs: ${path.relative(process.cwd(), file)} (${Date.now() - started} ms); open it in a browser, no network needed`,
  );
}

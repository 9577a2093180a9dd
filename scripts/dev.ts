/**
 * `npm run dev [-- --spec PATH --out DIR]`: the watch loop for API designers. On every save of the
 * spec (or the lint ruleset): regenerate, lint, rebuild the docs, reload the mock and the service.
 * For the dashboard's document: `npm run dev -- --spec spec/dashboard.yaml --out generated/dashboard`
 * (docs at dist/docs/dashboard/index.html; the service is reloaded only for the public document).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_OUT, DEFAULT_SPEC } from '../generators/pipeline.js';
import { DevLoop, serviceHandlers } from './lib/dev-loop.js';
import { docsFileFor } from './lib/docs.js';

const { values } = parseArgs({
  options: { spec: { type: 'string', default: DEFAULT_SPEC }, out: { type: 'string', default: DEFAULT_OUT } },
});
const serving = values.out === DEFAULT_OUT && values.spec === DEFAULT_SPEC;
// Where `npm run docs` puts a listed document's docs; another spec's under dist/docs/dev/.
const docsFile = docsFileFor(values.out!);
const loop = new DevLoop({
  spec: values.spec!,
  out: values.out!,
  docsFile,
  mockPort: Number(process.env.MOCK_PORT ?? 4010),
  servicePort: serving ? Number(process.env.PORT ?? 3000) : undefined,
  implementedOperations: serving ? serviceHandlers : undefined,
  log: (line) => console.log(line),
});
await loop.start();
console.log(
  `dev: watching ${values.spec} (and the files it $refs), .spectral.yaml, spec/rules/ and redocly.yaml; docs at ${path.relative(process.cwd(), docsFile)}; Ctrl-C stops`,
);
const stop = async () => {
  await loop.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

/**
 * `npm run docs`: builds a self-contained HTML reference per document: dist/docs/index.html (the
 * public API) and dist/docs/dashboard/index.html (the dashboard's API).
 */
import path from 'node:path';
import { DOCUMENTS } from '../generators/pipeline.js';
import { buildDocs, docsFileFor } from './lib/docs.js';
import { ROOT } from './lib/lint.js';

for (const document of DOCUMENTS) {
  const started = Date.now();
  const file = await buildDocs(path.join(ROOT, document.spec), docsFileFor(document.out));
  console.log(`docs: ${path.relative(process.cwd(), file)} (${Date.now() - started} ms); open it in a browser, no network needed`);
}

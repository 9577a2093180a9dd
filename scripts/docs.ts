/**
 * `npm run docs`: builds a self-contained HTML reference per document: dist/docs/index.html (the
 * public API) and dist/docs/dashboard/index.html (the dashboard's API).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { DEFAULT_OUT, DOCUMENTS } from '../generators/pipeline.js';
import { buildDocs, DOCS_FILE } from './lib/docs.js';
import { ROOT } from './lib/lint.js';

for (const document of DOCUMENTS) {
  const started = Date.now();
  const nested = path.relative(DEFAULT_OUT, document.out);
  const output = path.join(path.dirname(DOCS_FILE), nested, 'index.html');
  const info = (parse(await readFile(path.join(ROOT, document.spec), 'utf8')) as { info?: { title?: string } }).info;
  const file = await buildDocs(path.join(ROOT, document.spec), output, `${info?.title ?? 'API'} reference`);
  console.log(`docs: ${path.relative(process.cwd(), file)} (${Date.now() - started} ms); open it in a browser, no network needed`);
}

/** `npm run docs`: builds dist/docs/index.html, a self-contained HTML reference. */
import path from 'node:path';
import { buildDocs } from './lib/docs.js';

const started = Date.now();
const file = await buildDocs();
console.log(`docs: ${path.relative(process.cwd(), file)} (${Date.now() - started} ms); open it in a browser, no network needed`);

/** The HTML reference: `redocly build-docs` with Redoc inlined, so the page works offline. */
import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { ROOT } from './lint.js';
import { binPath } from './processes.js';

export const DOCS_FILE = path.join(ROOT, 'dist', 'docs', 'index.html');
const TEMPLATE = path.join(ROOT, 'spec', 'docs', 'template.hbs');

export async function buildDocs(spec = path.join(ROOT, 'spec', 'openapi.yaml'), output = DOCS_FILE, title = 'Assessment Service API reference'): Promise<string> {
  // Redoc reads a root `x-webhooks` as OpenAPI 3.0-style webhook definitions and then ignores the
  // 3.1 `webhooks`; ours is the delivery extension (scheme, schedule), so the docs build gets a
  // copy without it, beside the original so relative `$ref`s still resolve.
  const document = parseDocument(await readFile(spec, 'utf8'));
  const input = document.has('x-webhooks') ? path.join(path.dirname(spec), `.${path.basename(spec)}.docs-${process.pid}.yaml`) : spec;
  if (input !== spec) {
    document.delete('x-webhooks');
    await writeFile(input, document.toString());
  }
  try {
    return await new Promise((resolve, reject) => {
      execFile(
        binPath('redocly'),
        ['build-docs', input, '--inlineBundle', '--template', TEMPLATE, '--output', output, '--title', title],
        { cwd: ROOT, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
        (error, _stdout, stderr) => (error ? reject(new Error(`redocly build-docs failed:\n${stderr}`)) : resolve(output)),
      );
    });
  } finally {
    if (input !== spec) await rm(input, { force: true });
  }
}

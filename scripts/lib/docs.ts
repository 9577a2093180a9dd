/** The HTML reference: `redocly build-docs` with Redoc inlined, so the page works offline. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lint.js';
import { binPath } from './processes.js';

export const DOCS_FILE = path.join(ROOT, 'dist', 'docs', 'index.html');
const TEMPLATE = path.join(ROOT, 'spec', 'docs', 'template.hbs');

export function buildDocs(spec = path.join(ROOT, 'spec', 'openapi.yaml'), output = DOCS_FILE): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      binPath('redocly'),
      ['build-docs', spec, '--inlineBundle', '--template', TEMPLATE, '--output', output, '--title', 'Assessment Service API reference'],
      { cwd: ROOT, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
      (error, _stdout, stderr) => (error ? reject(new Error(`redocly build-docs failed:\n${stderr}`)) : resolve(output)),
    );
  });
}

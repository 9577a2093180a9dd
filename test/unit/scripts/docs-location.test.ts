/**
 * Where a document's docs go (scripts/lib/docs.ts `docsFileFor`, used by `npm run docs` and the dev
 * loop): a listed document's beside ours, any other spec's under dist/docs/dev/, never over ours.
 * Starts no process.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsFileFor, DOCS_FILE } from '../../../scripts/lib/docs.js';
import { ROOT } from '../../../scripts/lib/lint.js';

const docs = (...parts: string[]) => path.join(ROOT, 'dist', 'docs', ...parts, 'index.html');

describe('docsFileFor', () => {
  it('puts the documents generated inside generated/ where npm run docs does', () => {
    expect(docsFileFor('generated')).toBe(DOCS_FILE);
    expect(docsFileFor('generated/dashboard')).toBe(docs('dashboard'));
    expect(docsFileFor(path.join(ROOT, 'generated', 'dashboard'))).toBe(docs('dashboard'));
  });

  it("puts another folder's docs under dist/docs/dev/, named after the folder", () => {
    expect(docsFileFor('/tmp/walk/out')).toBe(docs('dev', 'out'));
    expect(docsFileFor('../elsewhere/petstore')).toBe(docs('dev', 'petstore'));
    expect(docsFileFor('generated/../other')).toBe(docs('dev', 'other'));
  });
});

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

  it("puts another listed document's docs by its folder from here, whatever the folder's name", () => {
    // A second document the config lists, outside the first's folder: its own page, not dev/'s.
    expect(docsFileFor('generated-admin', 'generated', true)).toBe(docs('generated-admin'));
    expect(docsFileFor('packages/admin/out', 'generated', true)).toBe(docs('packages', 'admin', 'out'));
    expect(docsFileFor('generated/admin', 'generated', true)).toBe(docs('admin'));
    // Outside this folder too: there is no path from here to name it by.
    expect(docsFileFor('../elsewhere/admin', 'generated', true)).toBe(docs('dev', 'admin'));
  });

  it("puts another folder's docs under dist/docs/dev/, named after the folder", () => {
    expect(docsFileFor('/tmp/walk/out')).toBe(docs('dev', 'out'));
    expect(docsFileFor('../elsewhere/petstore')).toBe(docs('dev', 'petstore'));
    expect(docsFileFor('generated/../other')).toBe(docs('dev', 'other'));
  });
});

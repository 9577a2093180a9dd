/**
 * The house ruleset's overrides for the dashboard's own API (.spectral.yaml `overrides`): they
 * switch off only the rules about the public API's contract with integrators, only for a file
 * named dashboard.yaml, and the write-restriction rule only on the session-less operations.
 */
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { Linter, ROOT, type Finding } from '../../../../scripts/lib/lint.js';

let dir: string;
/** Both linters, loaded once for the file (as `npm run dev` keeps them between saves). */
let linter: Linter;
const lintSpec = (files: string[]) => linter.lint(files);
beforeAll(async () => {
  linter = await Linter.load();
  // Inside the repository: the ruleset's override globs are relative to it (dist/ is ignored by git).
  await mkdir(path.join(ROOT, 'dist'), { recursive: true });
  dir = await mkdtemp(path.join(ROOT, 'dist', 'dashboard-lint-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const rules = (findings: Finding[]) =>
  new Set(findings.filter((finding) => finding.severity === 'error').map((finding) => finding.rule));

describe('dashboard overrides', () => {
  it('spec/dashboard.yaml lints clean', async () => {
    const { errors, findings } = await lintSpec(['spec/dashboard.yaml']);
    expect(findings.filter((finding) => finding.severity === 'error')).toEqual([]);
    expect(errors).toBe(0);
  }, 60_000);

  it('the same document under another name gets the public API rules back', async () => {
    const copy = path.join(dir, 'other-api.yaml');
    await copyFile('spec/dashboard.yaml', copy);
    const broken = rules((await lintSpec([copy])).findings);
    expect(broken).toContain('house-versioned-paths');
    expect(broken).toContain('house-idempotency-key');
    expect(broken).toContain('owasp:api2:2023-write-restricted');
  }, 60_000);

  it('a new session-less write in dashboard.yaml is still refused', async () => {
    const document = parse(await readFile('spec/dashboard.yaml', 'utf8'));
    document.paths['/keys'].post.security = [];
    document.paths['/keys'].post['x-public-reason'] =
      'Testing that the override names operations, not the file.';
    const file = path.join(dir, 'dashboard.yaml');
    await writeFile(file, stringify(document));
    const { findings } = await lintSpec([file]);
    const found = findings.filter((finding) => finding.rule === 'owasp:api2:2023-write-restricted');
    expect(found).toHaveLength(1);
    expect(rules(findings)).not.toContain('house-versioned-paths');
  }, 60_000);
});

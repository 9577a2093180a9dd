/**
 * CHANGELOG.md from the IR's release: the breaking gate's rules between a released document and
 * the current one, breaking changes first with their rule id and consequence, and the advised bumps.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { releaseBetween } from '../../../../generators/changelog/release.js';
import { renderChangelog } from '../../../../generators/changelog/render.js';
import { allRuleIds } from '../../../../generators/breaking/rules.js';
import { buildIr } from '../../../../generators/core/build-ir.js';
import { documentFrom, loadDocument } from '../../../../generators/core/load.js';

const SPEC = 'test/fixtures/specs/widgets-3.0.yaml';

async function current() {
  return buildIr(await loadDocument(SPEC));
}

describe('renderChangelog', () => {
  it('lists each change once with its rule id, breaking ones first, and the bumps the gate advises', async () => {
    const ir = await current();
    // The release had a `detail` on Problem (now gone: breaks clients) and no summary on publishWidget (docs only).
    const released = parse(await readFile(SPEC, 'utf8'));
    released.info.version = '2.0.0';
    released.components.schemas.Problem.properties.detail = { type: 'string' };
    delete released.paths['/widgets/{widget-id}/publish'].post.summary;
    ir.release = releaseBetween('git:0123456789ab', documentFrom('released.yaml', released), ir);
    const text = renderChangelog(ir, 'widget-shop (Python)');
    const lines = text.split('\n');
    expect(lines[0]).toBe('# Changelog: widget-shop (Python)');
    expect(text).toContain('## Since 2.0.0 (git:0123456789ab)');
    expect(text).toContain('went 2.0.0 → 2.1.0');
    expect(text).toMatch(/\*\*major\*\* for the\nAPI's info\.version, \*\*major\*\* for this package/);
    const changes = lines.filter((line) => line.startsWith('- '));
    expect(changes.length).toBe(ir.release.changes.length);
    expect(changes.length).toBeGreaterThanOrEqual(2);
    expect(changes[0]).toMatch(
      /^- \*\*breaking\*\* \(clients[^)]*\) `response-property-removed` .* body\.detail: .+\. Clients /,
    );
    expect(changes.at(-1)).toMatch(/^- docs `[a-z0-9-]+` .*publish/i);
    const ids = new Set(allRuleIds());
    for (const line of changes) expect(ids.has(/`([^`]+)`/.exec(line)![1]), line).toBe(true);
  });

  it('says there are no changes when the release equals the description, and what to do when no release is named', async () => {
    const ir = await current();
    ir.release = releaseBetween(
      'spec/released.yaml',
      documentFrom('spec/released.yaml', structuredClone(ir.document)),
      ir,
    );
    expect(renderChangelog(ir, 'w')).toContain('No changes.');
    expect(renderChangelog(ir, 'w')).toContain('**none** for the');
    delete ir.release;
    const none = renderChangelog(ir, 'w');
    expect(none).toContain('## 2.1.0');
    expect(none).toContain('--released git:<ref>');
    expect(none).not.toMatch(/^- /m);
  });

  it('is the same bytes for the same input', async () => {
    const ir = await current();
    const released = parse(await readFile(SPEC, 'utf8'));
    released.components.schemas.Problem.properties.detail = { type: 'string' };
    ir.release = releaseBetween('r', documentFrom('r', released), ir);
    expect(renderChangelog(ir, 'w')).toBe(renderChangelog(ir, 'w'));
  });
});

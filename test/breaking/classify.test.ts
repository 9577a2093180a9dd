/**
 * check:breaking on a fixture pair for each kind of change: base = a small compliant spec,
 * head = the same with one change, want = how the change is classified.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffIr, verdict, type Impact } from '../../generators/breaking/diff.js';
import { buildIr } from '../../generators/core/build-ir.js';
import { digestOf } from '../../generators/core/load.js';
import { compliantSpec } from '../lint/fixture.js';

const irOf = (document: any) => buildIr({ sourcePath: 'fixture', document, openapiVersion: document.openapi, digest: digestOf(document), files: [] });
const list = (spec: any) => spec.paths['/v1/shop/widgets'].get;
const create = (spec: any) => spec.paths['/v1/shop/widgets'].post;
const widget = (spec: any) => spec.components.schemas.Widget;

const cases: Array<{ kind: string; impact: Impact; change: RegExp; mutate: (spec: any) => void }> = [
  // breaking for clients
  { kind: 'removed operation', impact: 'breaking-client', change: /operation removed/, mutate: (s) => delete s.paths['/v1/shop/widgets'].post },
  { kind: 'removed response field', impact: 'breaking-client', change: /property display_name removed/, mutate: (s) => delete widget(s).properties.display_name },
  { kind: 'new required parameter', impact: 'breaking-client', change: /new required parameter/, mutate: (s) => list(s).parameters.push({ name: 'shop', in: 'query', required: true, schema: { type: 'string' } }) },
  { kind: 'new required body property', impact: 'breaking-client', change: /required property colour added/, mutate: (s) => { widget(s).properties.colour = { type: 'string' }; widget(s).required.push('colour'); } },
  { kind: 'narrowed type', impact: 'breaking-client', change: /type string → integer/, mutate: (s) => (widget(s).properties.display_name = { type: 'integer' }) },
  { kind: 'narrowed enum', impact: 'breaking-client', change: /enum narrowed \(removed blue\)/, mutate: (s) => { s.components.schemas.Widget.properties.finish = { type: 'string', enum: ['red'] }; } },
  { kind: 'changed path', impact: 'breaking-client', change: /path changed: POST \/v1\/shop\/widgets → POST \/v1\/shop\/gadgets/, mutate: (s) => { s.paths['/v1/shop/gadgets'] = { post: create(s) }; delete s.paths['/v1/shop/widgets'].post; } },
  { kind: 'new required scope', impact: 'breaking-client', change: /new required scope shop:admin/, mutate: (s) => (list(s).security = [{ key: ['shop:read', 'shop:admin'] }]) },
  { kind: 'tighter limit', impact: 'breaking-client', change: /maximum 100 → 50/, mutate: (s) => (list(s).parameters[0].schema.maximum = 50) },
  // breaking for servers
  { kind: 'widened request (new optional property)', impact: 'breaking-server', change: /optional property colour added/, mutate: (s) => (widget(s).properties.colour = { type: 'string' }) },
  { kind: 'widened request (looser limit)', impact: 'breaking-server', change: /maximum 100 → 500/, mutate: (s) => (list(s).parameters[0].schema.maximum = 500) },
  { kind: 'new response status', impact: 'breaking-server', change: /new response status/, mutate: (s) => (create(s).responses['409'] = { $ref: '#/components/responses/BadRequest' }) },
  // compatible
  { kind: 'new operation', impact: 'compatible', change: /operation added/, mutate: (s) => (s.paths['/v1/shop/widgets/{id}'] = { get: { operationId: 'getWidget', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok' } } } }) },
  { kind: 'new response field', impact: 'compatible', change: /property colour added/, mutate: (s) => (s.components.schemas.WidgetList.properties.colour = { type: 'string' }) },
];

// The enum case needs the base to have the wider enum.
const baseFor = (kind: string) => {
  const spec = compliantSpec();
  if (kind === 'narrowed enum') spec.components.schemas.Widget.properties.finish = { type: 'string', enum: ['red', 'blue'] };
  return spec;
};

describe('breaking-change classification', () => {
  it.each(cases)('$kind is $impact', ({ kind, impact, change, mutate }) => {
    const base = baseFor(kind);
    const head = structuredClone(base);
    mutate(head);
    const changes = diffIr(irOf(base), irOf(head));
    const match = changes.filter((entry) => change.test(entry.change));
    expect(match, JSON.stringify(changes, null, 1)).not.toHaveLength(0);
    expect(match.map((entry) => entry.impact)).toContain(impact);
  });

  it('reports nothing for an unchanged spec', () => {
    expect(diffIr(irOf(compliantSpec()), irOf(compliantSpec()))).toEqual([]);
  });

  it.each([
    { changes: [{ impact: 'breaking-client' as Impact }], base: '1.4.2', head: '1.5.0', ok: false, required: 'major' },
    { changes: [{ impact: 'breaking-client' as Impact }], base: '1.4.2', head: '2.0.0', ok: true, required: 'major' },
    { changes: [{ impact: 'breaking-server' as Impact }], base: '1.4.2', head: '1.4.2', ok: false, required: 'major' },
    { changes: [{ impact: 'compatible' as Impact }], base: '1.4.2', head: '1.4.2', ok: true, required: 'minor' },
  ])('a $required change from $base to $head passes: $ok', ({ changes, base, head, ok, required }) => {
    const result = verdict(changes.map((entry) => ({ ...entry, where: 'x', change: 'y' })), base, head);
    expect(result.required).toBe(required);
    expect(result.ok).toBe(ok);
  });
});

describe('npm run check:breaking', () => {
  it('exits 1 on a breaking change without a major bump, and 0 once info.version is bumped', async () => {
    const repo = await mkdtemp(path.join(tmpdir(), 'breaking-git-'));
    try {
      const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: repo });
      git('init', '-q', '-b', 'main');
      const spec = compliantSpec();
      await writeFile(path.join(repo, 'openapi.json'), JSON.stringify(spec, null, 2));
      git('add', '.');
      git('commit', '-qm', 'base');
      delete spec.paths['/v1/shop/widgets'].post;
      await writeFile(path.join(repo, 'openapi.json'), JSON.stringify(spec, null, 2));
      const run = () =>
        new Promise<{ code: number; output: string }>((resolve) =>
          execFile(path.resolve('node_modules/.bin/tsx'), [path.resolve('scripts/check-breaking.ts'), '--spec', 'openapi.json'], { cwd: repo }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr })),
        );
      const refused = await run();
      expect(refused.code, refused.output).toBe(1);
      expect(refused.output).toMatch(/BREAKING \(clients\)\s+POST \/v1\/shop\/widgets\s+operation removed/);
      expect(refused.output).toMatch(/client package needs a major bump/);
      spec.info.version = '2.0.0';
      await writeFile(path.join(repo, 'openapi.json'), JSON.stringify(spec, null, 2));
      const accepted = await run();
      expect(accepted.code, accepted.output).toBe(0);
    } finally {
      await rm(repo, { recursive: true, force: true });
    }
  }, 60_000);
});

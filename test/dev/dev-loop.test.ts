/**
 * `npm run dev`, driven as a designer would: edit a copy of the spec, see the output regenerate
 * and the mock serve the change; break the spec, see the last good output keep serving.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevLoop, type CycleReport } from '../../scripts/lib/dev-loop.js';
import { freePort } from '../../scripts/lib/processes.js';

let dir: string;
let loop: DevLoop;
let mockUrl: string;
const lines: string[] = [];
const reports: CycleReport[] = [];

function nextReport(): Promise<CycleReport> {
  const count = reports.length;
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      if (reports.length > count) {
        clearInterval(poll);
        resolve(reports[count]);
      } else if (Date.now() - started > 30_000) {
        clearInterval(poll);
        reject(new Error(`no cycle after the save:\n${lines.join('\n')}`));
      }
    }, 20);
  });
}

/** Waits until the lint/docs/mock steps of the current cycle have reported. */
async function settled(step: string): Promise<void> {
  const count = lines.filter((line) => line.startsWith(step)).length;
  for (let i = 0; i < 300 && lines.filter((line) => line.startsWith(step)).length <= count; i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dev-loop-'));
  await writeFile(path.join(dir, 'openapi.yaml'), await readFile('spec/openapi.yaml', 'utf8'));
  const port = await freePort();
  mockUrl = `http://127.0.0.1:${port}`;
  loop = new DevLoop({ spec: path.join(dir, 'openapi.yaml'), out: path.join(dir, 'out'), docsFile: path.join(dir, 'docs', 'index.html'), mockPort: port, log: (line) => lines.push(line) });
  loop.onCycle((report) => reports.push(report));
  await loop.start();
}, 120_000);
afterAll(async () => {
  await loop?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('npm run dev', () => {
  it('regenerates on a one-line edit, reports what changed, and reloads the mock with it', async () => {
    const spec = path.join(dir, 'openapi.yaml');
    const text = await readFile(spec, 'utf8');
    const mark = '      summary: A subject with a completed assessment\n';
    const at = text.indexOf(mark);
    expect(at).toBeGreaterThan(0);
    const edited = text.slice(0, at) + text.slice(at).replace('cohort: spring_pilot', 'cohort: autumn_pilot');
    const report = nextReport();
    await writeFile(spec, edited);
    const cycle = await report;
    expect(cycle.broken).toBeUndefined();
    expect(cycle.changed).toContain(path.join('mock', 'openapi.json'));
    expect(cycle.changed).toContain(path.join('contract-tests', 'cases.json'));
    expect(lines.some((line) => /^regenerate\s+\d+ ms\s+changed /.test(line))).toBe(true);
    await settled('mock');
    const subject = await (await fetch(`${mockUrl}/v1/nature/subjects/any`)).json();
    expect(subject.metadata).toEqual({ cohort: 'autumn_pilot' });
    expect(lines.some((line) => /^lint\s+\d+ ms\s+0 error\(s\)/.test(line))).toBe(true);
    expect(lines.some((line) => /^docs\s+\d+ ms/.test(line))).toBe(true);
  }, 60_000);

  it('keeps serving the last good output on a broken save, and says why', async () => {
    const spec = path.join(dir, 'openapi.yaml');
    const good = await readFile(path.join(dir, 'out', 'client', 'src', 'models.ts'), 'utf8');
    const report = nextReport();
    await writeFile(spec, 'openapi: 3.1.0\ninfo:\n  title: [broken\n');
    const cycle = await report;
    expect(cycle.broken).toMatch(/openapi\.yaml#\/: YAML does not parse/);
    expect(lines.some((line) => line.includes('broken save, still serving the last good output'))).toBe(true);
    expect(await readFile(path.join(dir, 'out', 'client', 'src', 'models.ts'), 'utf8')).toBe(good);
    const subject = await (await fetch(`${mockUrl}/v1/nature/subjects/any`)).json();
    expect(subject.metadata).toEqual({ cohort: 'autumn_pilot' });
  }, 60_000);
});

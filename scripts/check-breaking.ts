/**
 * `npm run check:breaking [-- --base REF] [--spec PATH]`: compares the spec at a git ref (default:
 * the merge base with main) with the working spec, classifies every change, prints a table and
 * the semver bump the generated client and server need, and exits 1 on breaking changes unless
 * info.version was bumped accordingly.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { diffIr, verdict, type Change } from '../generators/breaking/diff.js';
import { buildIr } from '../generators/core/build-ir.js';
import { loadDocument, SpecError } from '../generators/core/load.js';

const { values } = parseArgs({ options: { base: { type: 'string' }, spec: { type: 'string', default: 'spec/openapi.yaml' } } });
const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

function defaultBase(): string {
  try {
    return git('merge-base', 'HEAD', 'main');
  } catch {
    return 'HEAD';
  }
}

const LABEL: Record<Change['impact'], string> = { 'breaking-client': 'BREAKING (clients)', 'breaking-server': 'BREAKING (servers)', compatible: 'compatible' };

const base = values.base ?? defaultBase();
const spec = values.spec!;
const work = await mkdtemp(path.join(tmpdir(), 'check-breaking-'));
try {
  const top = git('rev-parse', '--show-toplevel');
  const specFromTop = path.relative(top, path.resolve(spec));
  // The spec's whole folder at the base ref, so a spec split across files is compared whole.
  execFileSync('sh', ['-c', `git archive ${JSON.stringify(base)} -- ${JSON.stringify(path.dirname(specFromTop))} | tar -x -C ${JSON.stringify(work)}`], { cwd: top, stdio: ['ignore', 'ignore', 'pipe'] });
  const [before, after] = await Promise.all([loadDocument(path.join(work, specFromTop)), loadDocument(spec)]);
  const [baseIr, headIr] = [buildIr(before), buildIr(after)];
  const changes = diffIr(baseIr, headIr);
  const result = verdict(changes, baseIr.info.version, headIr.info.version);

  console.log(`check:breaking: ${spec} at ${base.slice(0, 12)} (${baseIr.info.version}) → working tree (${headIr.info.version})`);
  if (changes.length === 0) console.log('no changes to operations or schemas');
  else {
    const rows = [['impact', 'where', 'change'], ...changes.map((change) => [LABEL[change.impact], change.where, change.change])];
    const widths = [0, 1].map((column) => Math.max(...rows.map((row) => row[column].length)));
    for (const [index, row] of rows.entries()) {
      console.log(`${row[0].padEnd(widths[0])}  ${row[1].padEnd(widths[1])}  ${row[2]}`);
      if (index === 0) console.log(`${'-'.repeat(widths[0])}  ${'-'.repeat(widths[1])}  ------`);
    }
  }
  console.log(`client package needs a ${result.clientBump} bump; server stubs need a ${result.serverBump} bump; info.version went ${baseIr.info.version} → ${headIr.info.version} (${result.actual})`);
  if (!result.ok) {
    console.error(`check:breaking: breaking changes need info.version bumped by ${result.required} (it was ${result.actual === 'none' ? 'not bumped' : `bumped ${result.actual}`})`);
    process.exitCode = 1;
  }
} catch (error) {
  if (error instanceof SpecError) console.error(`check:breaking: ${error.file}#${error.pointer || '/'}: ${error.reason}`);
  else console.error(`check:breaking: ${(error as Error).message}`);
  process.exitCode = 2;
} finally {
  await rm(work, { recursive: true, force: true });
}

/**
 * The corpus typecheck with the runtime checked once (scripts/lib/corpus/typecheck.ts), on small
 * outputs written here (a runtime folder and code that uses it), with the real tsc: an error is
 * reported for the output it is in, whether in its own code, in a runtime copy that is not the
 * first output's, or in the first output's copy (the one built as declarations); and so with
 * declarations built beforehand, as a sweep builds them once for all its specs. Starts tsc.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withHeader } from '../../../../generators/core/files.js';
import { buildRuntimeDeclarations, typecheckOutputs } from '../../../../scripts/lib/corpus/typecheck.js';

/** A file of an output generated from `spec`, with the header every generated file carries. */
const generated = (spec: string, file: string, content: string) =>
  withHeader(file, content, { source: spec, command: 'npm run generate' });
const RUNTIME = 'export function greet(name: string): string {\n  return `hello ${name}`;\n}\n';

let root: string;
beforeAll(async () => {
  // Inside the repository, as the fixed sample's folder is, so `types: ['node']` finds @types/node.
  await mkdir(path.resolve('.cache'), { recursive: true });
  root = await mkdtemp(path.resolve('.cache', 'shared-runtime-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** An output with the runtime in server/core (its copy's text given), server code using it, and a client. */
async function output(name: string, runtime: string, code: string): Promise<string> {
  const out = path.join(root, name);
  await mkdir(path.join(out, 'server', 'core'), { recursive: true });
  await writeFile(path.join(out, 'server', 'core', 'greet.ts'), generated(name, 'greet.ts', runtime));
  await writeFile(
    path.join(out, 'server', 'index.ts'),
    generated(name, 'index.ts', `import { greet } from './core/greet.js';\n${code}\n`),
  );
  // Every output has a client; the client program needs a file to read.
  await mkdir(path.join(out, 'client', 'src'), { recursive: true });
  await writeFile(
    path.join(out, 'client', 'src', 'index.ts'),
    generated(name, 'index.ts', 'export const client = 1;\n'),
  );
  return out;
}

async function typecheck(outs: string[], declarations?: Parameters<typeof typecheckOutputs>[2]) {
  const result = await typecheckOutputs(path.join(root, 'typecheck'), outs, declarations);
  return { ...result, errors: (out: string) => result.findings(out).map((finding) => finding.detail) };
}

describe('the fixed sample typecheck, the runtime checked once', () => {
  it('reads a copy of the first output’s runtime as its declarations, and reports each output’s errors as its own', async () => {
    const first = await output('first', RUNTIME, 'export const a: string = greet("a");');
    const misuse = await output('misuse', RUNTIME, 'export const b: number = greet("b");');
    const edited = await output(
      'edited',
      `${RUNTIME}export const broken: string = 1;\n`,
      'export const c = greet("c");',
    );
    const { mirrors, declarationsBuilt, errors } = await typecheck([first, misuse, edited]);
    expect(declarationsBuilt).toBe(true);
    // The same copy is read through the declarations; a copy that differs is checked as it is.
    expect(await readdir(path.join(mirrors.get(misuse)!, 'server', 'core'))).toEqual(['greet.d.ts']);
    expect(await readdir(path.join(mirrors.get(edited)!, 'server', 'core'))).toEqual(['greet.ts']);
    expect(errors(first)).toEqual([]);
    expect(errors(misuse)).toEqual(["server/index.ts:5: Type 'string' is not assignable to type 'number'."]);
    expect(errors(edited)).toEqual([
      "server/core/greet.ts:7: Type 'number' is not assignable to type 'string'.",
    ]);
  });

  it('checks every copy as it is when the first output’s runtime does not build, its error reported once', async () => {
    await rm(root, { recursive: true, force: true });
    const first = await output(
      'first',
      `${RUNTIME}export const broken: string = 1;\n`,
      'export const a = greet("a");',
    );
    const second = await output('second', RUNTIME, 'export const b: number = greet("b");');
    const { mirrors, declarationsBuilt, errors } = await typecheck([first, second]);
    expect(declarationsBuilt).toBe(false);
    expect(await readdir(path.join(mirrors.get(second)!, 'server', 'core'))).toEqual(['greet.ts']);
    expect(errors(first)).toEqual([
      "server/core/greet.ts:7: Type 'number' is not assignable to type 'string'.",
    ]);
    expect(errors(second)).toEqual(["server/index.ts:5: Type 'string' is not assignable to type 'number'."]);
  });

  it('reads the runtime through declarations built beforehand (a sweep’s, once for all its specs)', async () => {
    await rm(root, { recursive: true, force: true });
    const reference = await output('reference', RUNTIME, 'export const r = greet("r");');
    const built = await buildRuntimeDeclarations(path.join(root, 'runtime'), reference);
    expect(built.declarations).toBeDefined();
    const spec = await output('spec', RUNTIME, 'export const s: number = greet("s");');
    const { mirrors, errors } = await typecheck([spec], built.declarations);
    expect(await readdir(path.join(mirrors.get(spec)!, 'server', 'core'))).toEqual(['greet.d.ts']);
    expect(errors(spec)).toEqual(["server/index.ts:5: Type 'string' is not assignable to type 'number'."]);
  });
});

/**
 * The corpus's typecheck stage: the outputs compiled as a consumer compiles them, in two programs
 * (the client as a browser package, the stubs, types and contract suites with Node's types), and
 * the runtime every output carries checked once.
 *
 * Each output holds the hand-written runtimes (client/src/core, server/core, contract-tests/core)
 * copied verbatim under a header that names the spec: some 14,000 lines per spec, where a small
 * spec's own code is a few hundred. Checking them again for each spec was most of the stage's cost
 * (the fixed sample's 14 outputs: 33 CPU-s, 15 without; one spec of the sweep: 9.8 CPU-s, 4.1).
 * So one output's copy of each runtime folder is built once as declarations under the consumer's
 * options, which checks it (its errors are that output's), and each output is mirrored for the
 * consumer programs with its runtime folders replaced by those declarations where they are that
 * copy byte for byte after the header; a folder that is not stays as it is and is checked whole.
 * The outputs' own code is checked against the runtime's declared types as it was against its
 * source. When the declarations do not build, every output is checked whole, as before.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GENERATED_MARK, posixPath } from '../../../generators/core/files.js';
import { ROOT } from '../lint.js';
import { binPath } from '../processes.js';
import { fileRole, normalizeMessage, shorten } from './kinds.js';
import type { Finding } from './result.js';
import { outcomeOf, runProcess, type SpecRun, type StageOutcome } from './stages-build.js';

/**
 * The compiler options of a consumer: strict with the two flags stricter teams add
 * (`noUncheckedIndexedAccess`, `exactOptionalPropertyTypes`), NodeNext, and the DOM library without
 * DOM.Iterable (a Node project that also targets browsers). The client is compiled as a browser
 * package would be (no Node types); the stubs, types and contract suites with Node's.
 */
export const CONSUMER = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  lib: ['ES2022', 'DOM'],
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  skipLibCheck: true,
  noEmit: true,
};

/**
 * The two consumer projects over output folders, written into `dir`; returns their tsconfig paths.
 * Several specs' outputs in one program each (the fixed sample) read the type libraries once: the
 * outputs are modules, so they do not see each other.
 */
export async function consumerProjects(dir: string, outs: string[] = [dir]): Promise<string[]> {
  const client = path.join(dir, 'tsconfig.corpus-client.json');
  const node = path.join(dir, 'tsconfig.corpus-node.json');
  const under = (folders: string[]) =>
    outs.flatMap((out) => {
      const relative = posixPath(path.relative(dir, out));
      return folders.map((folder) => `${relative ? `${relative}/` : ''}${folder}/**/*.ts`);
    });
  await writeFile(
    client,
    JSON.stringify({ compilerOptions: { ...CONSUMER, types: [] }, include: under(['client/src']) }),
  );
  await writeFile(
    node,
    JSON.stringify({
      compilerOptions: { ...CONSUMER, types: ['node'] },
      include: under(['server', 'types', 'contract-tests']),
    }),
  );
  return [client, node];
}

const TSC_ERROR = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/;

/**
 * Findings of a `tsc -b` run over consumer projects of one or more output folders: one per error,
 * its kind the code, the file's role and the message without names. Errors in `types/` and the
 * client's `src/schema.ts` are in openapi-typescript's output (upstream). Paths in tsc's output are relative to `root` (where it ran).
 */
export function typecheckFindings(output: string, out: string, names: string[], root = ROOT): Finding[] {
  const findings: Finding[] = [];
  for (const line of output.split('\n')) {
    const match = TSC_ERROR.exec(line.trim());
    if (!match) continue;
    const file = posixPath(path.relative(out, path.resolve(root, match[1])));
    if (file.startsWith('..')) continue;
    // The client bundles openapi-typescript's output, the same text, as its schema.ts.
    const upstream = file.startsWith('types/') || file === 'client/src/schema.ts';
    findings.push({
      origin: upstream ? 'upstream' : 'ours',
      ...(upstream ? { tool: 'openapi-typescript' } : {}),
      kind: `${match[4]} in ${fileRole(file)}: ${normalizeMessage(match[5], names)}`,
      detail: shorten(`${file}:${match[2]}: ${match[5]}`),
      fails: true,
    });
  }
  return findings;
}

/**
 * `typecheck`: one `tsc -b` over the consumer projects of the spec's output, zero errors wanted; the
 * runtime is read through the sweep's declarations when it has them (see above).
 */
export async function typecheckStage(run: SpecRun): Promise<StageOutcome> {
  let output: string;
  let failed: boolean;
  let findings: Finding[];
  if (run.runtimeDeclarations) {
    const root = `${run.out}.typecheck`;
    try {
      const result = await typecheckOutputs(root, [run.out], run.runtimeDeclarations);
      ({ output, failed } = result);
      findings = result.findings(run.out, run.names);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  } else {
    const projects = await consumerProjects(run.out);
    const result = await runProcess(binPath('tsc'), ['-b', ...projects, '--pretty', 'false']);
    output = `${result.stdout}\n${result.stderr}`;
    failed = result.code !== 0;
    findings = typecheckFindings(output, run.out, run.names);
  }
  if (failed && findings.length === 0)
    findings.push({
      origin: 'ours',
      kind: 'typecheck: tsc failed without an error line',
      detail: shorten(output.trim().slice(0, 600) || 'tsc failed'),
      fails: true,
    });
  return outcomeOf(findings, { errors: findings.length });
}

/** The runtime folders of an output, and the types each is compiled with (the client's without Node's). */
const RUNTIME_FOLDERS = [
  { folder: 'client/src/core', types: [] as string[] },
  { folder: 'server/core', types: ['node'] },
  { folder: 'contract-tests/core', types: ['node'] },
];

/** What the consumer programs read of an output (consumerProjects' folders). */
const CONSUMED = ['client/src', 'server', 'types', 'contract-tests'];

/** The runtime's declarations, built (and so checked) from one output's copies. */
export interface RuntimeDeclarations {
  /** The output whose runtime folders they were built from. */
  reference: string;
  /** Each runtime folder of it, and the folder of its declarations. */
  folders: Array<{ folder: string; built: string }>;
}

/** A generated file's text without its header (which names the spec). */
function body(text: string): string {
  return text.startsWith(`// ${GENERATED_MARK}`) ? text.slice(text.indexOf('\n\n') + 2) : text;
}

/** The files under `dir`, relative to it, each with its text without the header. */
async function bodies(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file), body(await readFile(file, 'utf8')));
  }
  return files;
}

/**
 * The reference's runtime files, read once per process: a sweep's worker checks spec after spec
 * against the same declarations. A reference never changes while a process lives: a sweep writes
 * its own before its workers start, and the fixed sample's is in a new folder each run.
 */
const referenceBodies = new Map<string, Promise<Map<string, string>>>();
function runtimeBodies(dir: string): Promise<Map<string, string>> {
  let read = referenceBodies.get(dir);
  if (!read) referenceBodies.set(dir, (read = bodies(dir)));
  return read;
}

function sameFiles(a: Map<string, string>, b: Map<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [file, text] of a) if (b.get(file) !== text) return false;
  return true;
}

/**
 * Builds the declarations of `reference`'s runtime folders under `root` (one `tsc -b`): what it
 * printed, and the declarations when it passed.
 */
export async function buildRuntimeDeclarations(
  root: string,
  reference: string,
): Promise<{ declarations?: RuntimeDeclarations; output: string }> {
  await mkdir(root, { recursive: true });
  const folders: RuntimeDeclarations['folders'] = [];
  const projects: string[] = [];
  for (const { folder, types } of RUNTIME_FOLDERS) {
    const source = path.join(reference, folder);
    if (!existsSync(source)) continue;
    const built = path.join(root, 'runtime-declarations', folder);
    const project = path.join(root, `tsconfig.runtime-${folder.replace(/\//g, '-')}.json`);
    await writeFile(
      project,
      JSON.stringify({
        compilerOptions: {
          ...CONSUMER,
          types,
          noEmit: false,
          declaration: true,
          emitDeclarationOnly: true,
          rootDir: source,
          outDir: built,
          tsBuildInfoFile: `${project}.tsbuildinfo`,
        },
        include: [`${source}/**/*.ts`],
      }),
    );
    projects.push(project);
    folders.push({ folder, built });
  }
  if (projects.length === 0) return { declarations: { reference, folders }, output: '' };
  const result = await runProcess(binPath('tsc'), ['-b', ...projects, '--pretty', 'false']);
  return {
    output: `${result.stdout}\n${result.stderr}`,
    ...(result.code === 0 ? { declarations: { reference, folders } } : {}),
  };
}

/**
 * Each output mirrored under `root/mirrors` for the consumer programs, with the runtime folders that
 * are the reference's copy as its declarations; returns the programs' projects and the mirrors.
 */
async function mirroredProjects(
  root: string,
  outs: string[],
  declarations: RuntimeDeclarations | undefined,
): Promise<{ projects: string[]; mirrors: Map<string, string> }> {
  const mirrorsRoot = path.join(root, 'mirrors');
  const mirrors = new Map(
    outs.map((out, index) => [out, path.join(mirrorsRoot, `${index}-${path.basename(out)}`)]),
  );
  const runtimes = await Promise.all(
    (declarations?.folders ?? []).map(async (runtime) => ({
      ...runtime,
      files: await runtimeBodies(path.join(declarations!.reference, runtime.folder)),
    })),
  );
  await rm(mirrorsRoot, { recursive: true, force: true });
  for (const [out, into] of mirrors) {
    const declared: typeof runtimes = [];
    for (const runtime of runtimes) {
      const copy = path.join(out, runtime.folder);
      if (existsSync(copy) && sameFiles(await bodies(copy), runtime.files)) declared.push(runtime);
    }
    for (const folder of CONSUMED) {
      const from = path.join(out, folder);
      if (!existsSync(from)) continue;
      await cp(from, path.join(into, folder), {
        recursive: true,
        filter: (file) => {
          const relative = posixPath(path.relative(out, file));
          return !declared.some(({ folder }) => relative === folder || relative.startsWith(`${folder}/`));
        },
      });
    }
    for (const runtime of declared)
      await cp(runtime.built, path.join(into, runtime.folder), { recursive: true });
  }
  return { projects: await consumerProjects(mirrorsRoot, [...mirrors.values()]), mirrors };
}

export interface OutputsTypecheck {
  /** What the tsc runs printed. */
  output: string;
  /** Whether a tsc run failed. */
  failed: boolean;
  /** Whether the outputs' runtime was read through declarations (otherwise every output was checked whole). */
  declarationsBuilt: boolean;
  /** Each output's mirror (where the consumer programs name its files). */
  mirrors: Map<string, string>;
  /** The errors in an output's files, each once, as findings (paths relative to the output). */
  findings(out: string, names?: string[]): Finding[];
}

/**
 * `tsc -b` over the consumer programs of `outs` (written under `root`), the runtime they all carry
 * checked once: with `declarations` (built beforehand), read through them; without, built first
 * from the first output's copy.
 */
export async function typecheckOutputs(
  root: string,
  outs: string[],
  declarations?: RuntimeDeclarations,
): Promise<OutputsTypecheck> {
  let built: { declarations?: RuntimeDeclarations; output: string } | undefined = declarations
    ? { declarations, output: '' }
    : undefined;
  if (!built && outs.length > 0) built = await buildRuntimeDeclarations(root, outs[0]);
  const { projects, mirrors } = await mirroredProjects(root, outs, built?.declarations);
  const consumers = await runProcess(binPath('tsc'), ['-b', ...projects, '--pretty', 'false']);
  const output = [built?.output ?? '', consumers.stdout, consumers.stderr].join('\n');
  return {
    output,
    failed: (built !== undefined && !built.declarations) || consumers.code !== 0,
    declarationsBuilt: built?.declarations !== undefined,
    mirrors,
    // An error is its output's whether tsc names the output (the runtime's declarations are built
    // from the first output's copy) or its mirror. A file both programs read (the client, which
    // the contract suites import) is reported by each, and when the declarations did not build the
    // first output's runtime is checked in both places: each error is one finding.
    findings: (out, names = []) => [
      ...new Map(
        [
          ...typecheckFindings(output, out, names),
          ...typecheckFindings(output, mirrors.get(out)!, names),
        ].map((finding) => [JSON.stringify(finding), finding]),
      ).values(),
    ],
  };
}

/**
 * For a sweep's typecheck stage: an output generated from a spec of one operation (every output
 * carries the same runtime) in `root`, its runtime's declarations built once for every spec. None
 * when they did not build: each spec's runtime is then checked with it, as before.
 */
export async function sweepRuntimeDeclarations(root: string): Promise<RuntimeDeclarations | undefined> {
  // From nothing: tsc -b would take a build record left by an earlier sweep for built declarations.
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  const spec = path.join(root, 'openapi.json');
  await writeFile(
    spec,
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Runtime reference', version: '1.0.0' },
      paths: {
        '/things': {
          get: {
            operationId: 'listThings',
            responses: {
              '200': { description: 'OK', content: { 'application/json': { schema: { type: 'string' } } } },
            },
          },
        },
      },
    }),
  );
  const reference = path.join(root, 'reference');
  // Loaded only here: the fixed sample's process, which never sweeps a typecheck, does not need the generators.
  const { generate } = await import('../../../generators/pipeline.js');
  await generate({ spec, out: reference, command: 'npm run check:corpus', write: true, log: () => {} });
  return (await buildRuntimeDeclarations(root, reference)).declarations;
}

/**
 * The runtime every output carries, checked once in a typecheck over many outputs. Each spec's
 * output holds the hand-written runtimes (client/src/core, server/core, contract-tests/core) copied
 * verbatim under a header that names the spec: some 14,000 lines per spec, where a small spec's own
 * code is a few hundred. A consumer program over many outputs therefore spent most of its time
 * checking the same runtime again for each spec (14 fixtures: 33 CPU-s; 15 with this).
 *
 * So the first output's copy of each runtime folder is built once as declarations, under the
 * consumer's options (which checks it, its errors charged to that output), and every output is
 * mirrored for the consumer programs with its runtime folders replaced by those declarations where
 * they are that copy byte for byte after the header; a folder that is not stays as it is and is
 * checked as before. The outputs' own code is checked against the runtime's declared types exactly
 * as it was against its source. When the declarations do not build, every output is mirrored whole.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GENERATED_MARK } from '../../../generators/core/files.js';
import { binPath } from '../processes.js';
import type { Finding } from './result.js';
import { CONSUMER, consumerProjects, runProcess, typecheckFindings } from './stages-build.js';

/** The runtime folders of an output, and the consumer program that reads each (with or without Node's types). */
const RUNTIME_FOLDERS = [
  { folder: 'client/src/core', types: [] as string[] },
  { folder: 'server/core', types: ['node'] },
  { folder: 'contract-tests/core', types: ['node'] },
];

/** What the consumer programs read of an output (consumerProjects' folders). */
const CONSUMED = ['client/src', 'server', 'types', 'contract-tests'];

export interface SharedRuntimeCheck {
  /** The projects that build the runtime's declarations from `reference`'s copies; built first. */
  declarationProjects: string[];
  /** The output whose runtime copies the declarations are built from (their errors are its). */
  reference: string | undefined;
  /** After the declarations built (or failed: `built` false), mirrors the outputs; returns the consumer projects over the mirrors. */
  mirror(built: boolean): Promise<string[]>;
  /** Each output's mirror: the consumer programs name its files there. */
  mirrors: Map<string, string>;
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

function sameFiles(a: Map<string, string>, b: Map<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [file, text] of a) if (b.get(file) !== text) return false;
  return true;
}

/**
 * The plan for checking `outs` in consumer programs written under `root`, with the runtime checked
 * once (see the module's comment). `root` must not hold anything else named `runtime-*` or `mirrors`.
 */
export async function sharedRuntimeCheck(root: string, outs: string[]): Promise<SharedRuntimeCheck> {
  const declarations = path.join(root, 'runtime-declarations');
  const mirrorsRoot = path.join(root, 'mirrors');
  const mirrors = new Map(
    outs.map((out, index) => [out, path.join(mirrorsRoot, `${index}-${path.basename(out)}`)]),
  );
  const reference = outs[0];
  await mkdir(root, { recursive: true });
  const runtimes: Array<{ folder: string; files: Map<string, string>; built: string }> = [];
  const declarationProjects: string[] = [];
  for (const { folder, types } of RUNTIME_FOLDERS) {
    const source = reference && path.join(reference, folder);
    if (!source || !existsSync(source)) continue;
    const built = path.join(declarations, folder);
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
    declarationProjects.push(project);
    runtimes.push({ folder, files: await bodies(source), built });
  }
  const mirror = async (built: boolean): Promise<string[]> => {
    await rm(mirrorsRoot, { recursive: true, force: true });
    for (const [out, into] of mirrors) {
      const declared = new Set<string>();
      if (built)
        for (const runtime of runtimes) {
          const copy = path.join(out, runtime.folder);
          if (existsSync(copy) && sameFiles(await bodies(copy), runtime.files)) declared.add(runtime.folder);
        }
      for (const folder of CONSUMED) {
        const from = path.join(out, folder);
        if (!existsSync(from)) continue;
        await cp(from, path.join(into, folder), {
          recursive: true,
          filter: (file) => {
            const relative = path.relative(out, file).split(path.sep).join('/');
            return ![...declared].some(
              (runtime) => relative === runtime || relative.startsWith(`${runtime}/`),
            );
          },
        });
      }
      for (const runtime of runtimes)
        if (declared.has(runtime.folder)) {
          await mkdir(path.join(into, runtime.folder), { recursive: true });
          await cp(runtime.built, path.join(into, runtime.folder), { recursive: true });
        }
    }
    return consumerProjects(mirrorsRoot, [...mirrors.values()]);
  };
  return { declarationProjects, reference, mirror, mirrors };
}

export interface OutputsTypecheck {
  /** What both tsc runs printed. */
  output: string;
  /** Whether either tsc run failed. */
  failed: boolean;
  /** Whether the runtime's declarations built (otherwise every output was checked whole). */
  declarationsBuilt: boolean;
  /** Each output's mirror (where the consumer programs name its files). */
  mirrors: Map<string, string>;
  /** The errors in an output's files, each once, as findings (paths relative to the output). */
  findings(out: string): Finding[];
}

/**
 * `tsc -b` over the consumer programs of `outs` (written under `root`), the runtime they all carry
 * checked once: the runtime's declarations first, then the programs over the mirrors.
 */
export async function typecheckOutputs(root: string, outs: string[]): Promise<OutputsTypecheck> {
  const check = await sharedRuntimeCheck(root, outs);
  const declarations = await runProcess(binPath('tsc'), [
    '-b',
    ...check.declarationProjects,
    '--pretty',
    'false',
  ]);
  const consumers = await runProcess(binPath('tsc'), [
    '-b',
    ...(await check.mirror(declarations.code === 0)),
    '--pretty',
    'false',
  ]);
  const output = [declarations.stdout, declarations.stderr, consumers.stdout, consumers.stderr].join('\n');
  return {
    output,
    failed: declarations.code !== 0 || consumers.code !== 0,
    declarationsBuilt: declarations.code === 0,
    mirrors: check.mirrors,
    // An error is its output's whether tsc names the output (the runtime's declarations are built
    // from the first output's copy) or its mirror. A file both programs read (the client, which
    // the contract suites import) is reported by each, and when the declarations did not build the
    // first output's runtime is checked in both places: each error is one finding.
    findings: (out) => [
      ...new Map(
        [
          ...typecheckFindings(output, out, []),
          ...typecheckFindings(output, check.mirrors.get(out)!, []),
        ].map((finding) => [JSON.stringify(finding), finding]),
      ).values(),
    ],
  };
}

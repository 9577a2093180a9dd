/**
 * The hooks package and the MCP server package typecheck under `strict` for our spec and every
 * public spec of the test corpus (GitHub's 1,2xx operations among them), each importing the client
 * package by name as its consumers do. One `tsc -b` over every project, side by side.
 * Starts: the generator (in process), tsc.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInPlugins, generate } from '../../../../../generators/pipeline.js';
import { PUBLIC_SPECS } from '../../../../../scripts/lib/public-specs.js';

const SPECS = [{ slug: 'assessment-service', spec: 'spec/openapi.yaml' }, ...PUBLIC_SPECS];
const PACKAGES = ['tanstack-query', 'mcp'];
const TSC = path.resolve('node_modules/.bin/tsc');

let workDir: string;
let output = '';
const generated = new Map<string, { projects: string[] } | Error>();
beforeAll(async () => {
  await mkdir(path.resolve('.cache'), { recursive: true });
  workDir = await mkdtemp(path.resolve('.cache', 'query-mcp-public-'));
  const projects: string[] = [];
  for (const { slug, spec } of SPECS) {
    const out = path.join(workDir, slug);
    try {
      await generate({
        spec,
        out,
        command: 'test',
        write: true,
        plugins: builtInPlugins(PACKAGES),
        released: false,
        log: () => {},
      });
      const client = JSON.parse(await readFile(path.join(out, 'client', 'package.json'), 'utf8')).name;
      for (const name of PACKAGES) {
        const config = path.join(out, `tsconfig.${name}.json`);
        await writeFile(
          config,
          JSON.stringify({
            extends: `./${name}/tsconfig.json`,
            compilerOptions: { noEmit: true, rootDir: '.', paths: { [client]: ['./client/src/index.ts'] } },
            include: [`./${name}/src`],
          }),
        );
        projects.push(config);
      }
      generated.set(slug, { projects: projects.slice(-PACKAGES.length) });
    } catch (error) {
      generated.set(slug, error as Error);
    }
  }
  output = await new Promise<string>((resolve) =>
    execFile(
      TSC,
      ['-b', ...projects, '--pretty', 'false', '--verbose'],
      { maxBuffer: 256 * 1024 * 1024 },
      (_error, stdout, stderr) => resolve(`${stdout}${stderr}`),
    ),
  );
}, 1_800_000);
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe.each(SPECS)('$slug', ({ slug }) => {
  it('generates both packages and they typecheck under strict with zero errors', () => {
    const result = generated.get(slug)!;
    if (result instanceof Error) throw result;
    // tsc -b says which projects it built: each of this spec's, not skipped.
    for (const project of result.projects) expect(output).toContain(`Building project '${project}'`);
    const mine = output
      .split('\n')
      .filter((line) => line.includes('error TS') && line.includes(`${path.basename(workDir)}/${slug}/`));
    expect(mine).toEqual([]);
    // Errors of no folder (a project that did not load) count for every spec.
    expect(
      output.split('\n').filter((line) => line.includes('error TS') && !line.includes('query-mcp-public-')),
    ).toEqual([]);
  });
});

/**
 * File names that differ only in letter case (issue 43): two resources such as `notificationplugins`
 * and `notificationplugIns` are two names in TypeScript and Python, but one file on a
 * case-insensitive file system and under TypeScript's forceConsistentCasingInFileNames (TS1149).
 * Every emitter names its files through a scope that folds case, so the second gets a suffix,
 * in spec order. In memory, every plugin but openapi-generator's SDKs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../../../generators/core/files.js';
import { generate } from '../../../../generators/pipeline.js';
import { fileNameScope } from '../../../../generators/sdk-shape/index.js';

let files: GeneratedFile[];

beforeAll(async () => {
  ({ files } = await generate({
    spec: 'test/fixtures/kinds/case-names-3.1.yaml',
    out: '(memory)',
    command: 'test',
    write: false,
    skip: ['sdks'],
    include: ['tanstack-query', 'mcp', 'msw', 'zod', 'mock-data'],
    log: () => {},
  }));
}, 30_000);

describe('file names that differ only in letter case', () => {
  it('a file-name scope gives the second spelling a suffix and keeps the first as it is', () => {
    const scope = fileNameScope(['index']);
    expect(['plugins', 'plugIns', 'PLUGINS', 'Index', 'other'].map((name) => scope.claim(name))).toEqual([
      'plugins',
      'plugIns2',
      'PLUGINS3',
      'Index2',
      'other',
    ]);
  });

  it('no two generated files have paths that differ only in case', () => {
    const byFolded = new Map<string, string[]>();
    for (const { path } of files)
      byFolded.set(path.toLowerCase(), [...(byFolded.get(path.toLowerCase()) ?? []), path]);
    expect([...byFolded.values()].filter((paths) => paths.length > 1)).toEqual([]);
  });

  it('the client imports each resource from its own file, the first in spec order keeping its name', () => {
    const paths = files.map(({ path }) => path);
    expect(paths).toContain('client/src/resources/notificationplugins.ts');
    expect(paths).toContain('client/src/resources/notificationplugIns2.ts');
    const client = files.find(({ path }) => path === 'client/src/client.ts')!.content;
    expect(client).toContain("'./resources/notificationplugins.js'");
    expect(client).toContain("'./resources/notificationplugIns2.js'");
  });
});

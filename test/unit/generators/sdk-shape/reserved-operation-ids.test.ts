/**
 * Operation ids that are reserved words (`delete`, `new`, `import`, `default`, `class`): every
 * generated TypeScript file must still parse. TypeScript's own parser is the judge (its syntactic
 * diagnostics; `export const delete` is TS1389 there). In memory, every plugin but
 * openapi-generator's SDKs; fixture kinds/reserved-operation-ids-3.0.yaml.
 */
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../../../generators/core/files.js';
import { generate } from '../../../../generators/pipeline.js';

let files: GeneratedFile[];

beforeAll(async () => {
  ({ files } = await generate({
    spec: 'test/fixtures/kinds/reserved-operation-ids-3.0.yaml',
    out: '(memory)',
    command: 'test',
    write: false,
    skip: ['sdks'],
    include: ['tanstack-query', 'mcp', 'msw', 'zod', 'mock-data'],
    log: () => {},
  }));
}, 30_000);

/** The syntax errors TypeScript's parser reports in one file, as `path: TSnnnn message`. */
function syntaxErrors(file: GeneratedFile): string[] {
  const { diagnostics = [] } = ts.transpileModule(file.content, {
    fileName: file.path,
    reportDiagnostics: true,
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      jsx: ts.JsxEmit.Preserve,
    },
  });
  return diagnostics.map(
    (diagnostic) =>
      `${file.path}: TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`,
  );
}

describe('operation ids that are reserved words', () => {
  it('every generated TypeScript file parses', () => {
    const typescript = files.filter(({ path }) => /\.(m|c)?tsx?$/.test(path));
    expect(typescript.length).toBeGreaterThan(20);
    expect(typescript.flatMap(syntaxErrors)).toEqual([]);
  });

  it("the client's descriptors escape a reserved word and stay unique beside an id already spelled so", () => {
    const operations = files.find(({ path }) => path === 'client/src/operations.ts')!.content;
    const declared = [...operations.matchAll(/^export const (\w+)\b/gm)].map((match) => match[1]);
    expect(declared).toHaveLength(9);
    expect(new Set(declared).size).toBe(9);
    expect(declared).toEqual(expect.arrayContaining(['delete_', 'new_', 'import_', 'default_', 'class_']));
    // The client's methods keep the spec's names: a method may be called `delete`.
    const resource = files.find(({ path }) => path === 'client/src/resources/things.ts')!.content;
    expect(resource).toMatch(/^\s+delete\(/m);
  });
});

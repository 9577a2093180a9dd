/** A ruleset that does not load, or a spec that is not there, says why (a temporary folder; the linters' loaders, no process). */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatFinding, Linter, mergeSameFindings, SpectralLinter } from '../../../scripts/lib/lint.js';

describe('a Spectral ruleset that does not load', () => {
  it('names the file and the reasons Spectral gives, where its error said nothing', async () => {
    // Spectral throws an AggregateError with an empty message: `lint` printed "lint: " and exited 2.
    const dir = await mkdtemp(path.join(tmpdir(), 'ruleset-'));
    try {
      const ruleset = path.join(dir, '.spectral.yaml');
      await writeFile(
        ruleset,
        'extends: ["spectral:oas"]\nrules:\n  my-rule:\n    given: "$.info"\n    then: { field: title, function: casingg }\n',
      );
      const error = await SpectralLinter.load(ruleset).then(
        () => undefined,
        (caught: unknown) => caught as Error,
      );
      expect(error?.message).toMatch(/\.spectral\.yaml: .*Function is not defined/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('lint on a file that does not exist', () => {
  it('says so once, where both tools reported two findings at 1:1', async () => {
    const linter = await Linter.load();
    await expect(linter.lint(['no-such-spec.yaml'])).rejects.toThrow('no such file: no-such-spec.yaml');
  });
});

describe('lint on a file that is not YAML or JSON', () => {
  it('says once where it stops parsing, where Spectral said "Error running Nimma" and Redocly 1:1', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'unparsed-'));
    try {
      const yaml = path.join(dir, 'openapi.yaml');
      await writeFile(
        yaml,
        'openapi: 3.1.0\ninfo:\n  title: x\n  version: "1"\npaths:\n  /a:\n    get: {\n      responses: 200\n',
      );
      const json = path.join(dir, 'openapi.json');
      await writeFile(json, '{"openapi": "3.1.0",\n "info": {"title": "x" "version": "1"}}\n');
      const linter = await Linter.load();
      const [fromYaml, fromJson] = [await linter.lint([yaml]), await linter.lint([json])];
      expect(fromYaml.findings.map(({ line, column, rule }) => ({ line, column, rule }))).toEqual([
        { line: 9, column: 1, rule: 'parser' },
      ]);
      expect(fromYaml.findings[0]!.message).toMatch(/^YAML does not parse: /);
      expect(fromYaml.errors).toBe(1);
      expect(fromJson.findings.map(({ line, column, rule }) => ({ line, column, rule }))).toEqual([
        { line: 2, column: 24, rule: 'parser' },
      ]);
      expect(fromJson.findings[0]!.message).toMatch(/^JSON does not parse: /);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('lint on a spec whose $ref names a file that does not parse', () => {
  it('says at the $ref that the file does not parse and where, not that the $ref does not exist', async () => {
    const spec = 'test/fixtures/bad/unparsable-ref.yaml';
    const { findings } = await (await Linter.load()).lint([spec]);
    const atRef = findings.filter(
      (finding) => finding.file === spec && finding.rule === 'no-unresolved-refs',
    );
    expect(atRef.map((finding) => finding.message)).toEqual([
      "'./unparsable-ref-schemas.yaml#/Thing' cannot be resolved: test/fixtures/bad/unparsable-ref-schemas.yaml:5:5: YAML does not parse: Flow map in block collection must be sufficiently indented and end with a }",
    ]);
    expect(
      findings.some((finding) => finding.file.endsWith('unparsable-ref-schemas.yaml') && finding.line === 5),
    ).toBe(true);
  });
});

describe('one problem both linters find', () => {
  it("is one finding under Spectral's rule naming Redocly's, with the clearer message", async () => {
    const spec = 'test/fixtures/bad/dangling-ref.yaml';
    const { findings } = await (await Linter.load()).lint([spec]);
    const atRef = findings.filter((finding) => finding.line === 11);
    expect(atRef.map(({ rule, also, severity, message }) => ({ rule, also, severity, message }))).toEqual([
      {
        rule: 'invalid-ref',
        also: 'redocly no-unresolved-refs',
        severity: 'error',
        message: "'./missing.yaml#/Thing' does not exist",
      },
    ]);
    expect(formatFinding(atRef[0]!)).toMatch(
      / error invalid-ref \(also redocly no-unresolved-refs\) '\.\/missing/,
    );
    // A document-level finding (servers) and a missing field (operationId) are merged too.
    expect(findings.filter((finding) => /servers/.test(finding.rule)).map((finding) => finding.also)).toEqual(
      ['redocly no-empty-servers'],
    );
    expect(findings.filter((finding) => finding.rule === 'operation-operationId')).toHaveLength(1);
  });

  it('matches by place, not line alone: a one-line JSON file has every finding on line 1', () => {
    const finding = (
      tool: 'spectral' | 'redocly',
      rule: string,
      pointer: string,
      severity: 'error' | 'warning',
    ) => ({
      tool,
      file: 'api.json',
      line: 1,
      column: 1,
      severity,
      rule,
      message: `${tool} ${pointer}`,
      pointer,
    });
    const merged = mergeSameFindings([
      finding('redocly', 'no-enum-type-mismatch', '/components/schemas/a/enum/0', 'error'),
      finding('redocly', 'no-enum-type-mismatch', '/components/schemas/b/enum/0', 'error'),
      finding('spectral', 'typed-enum', '/components/schemas/b/enum/0', 'warning'),
      finding('spectral', 'typed-enum', '/components/schemas/c/enum/0', 'warning'),
    ]);
    expect(merged.map(({ tool, pointer, severity, also }) => ({ tool, pointer, severity, also }))).toEqual([
      { tool: 'redocly', pointer: '/components/schemas/a/enum/0', severity: 'error', also: undefined },
      {
        tool: 'spectral',
        pointer: '/components/schemas/b/enum/0',
        severity: 'error',
        also: 'redocly no-enum-type-mismatch',
      },
      { tool: 'spectral', pointer: '/components/schemas/c/enum/0', severity: 'warning', also: undefined },
    ]);
  });
});

describe('lint on a one-line JSON document', () => {
  it('gives each finding its JSON pointer, since every line number is 1', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'one-line-'));
    try {
      const spec = path.join(dir, 'openapi.json');
      await writeFile(
        spec,
        JSON.stringify({
          openapi: '3.1.0',
          info: { title: 'x', version: '1' },
          paths: { '/v1/a': { get: { responses: { '200': { description: 'ok' } } } } },
        }),
      );
      const { findings } = await (await Linter.load()).lint([spec]);
      const summary = findings.find((finding) => finding.rule === 'operation-summary');
      expect(summary).toMatchObject({ line: 1, pointer: '/paths/~1v1~1a/get/summary' });
      expect(formatFinding(summary!)).toMatch(/ \(at #\/paths\/~1v1~1a\/get\/summary\)$/);
      expect(findings.find((finding) => finding.rule === 'operation-tags')).toMatchObject({
        tool: 'spectral',
        pointer: '/paths/~1v1~1a/get',
      });
      // Redocly's findings carry theirs too.
      expect(
        findings.filter((finding) => finding.tool === 'redocly' && finding.pointer).length,
      ).toBeGreaterThan(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

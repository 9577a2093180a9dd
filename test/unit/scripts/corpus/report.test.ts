/**
 * The corpus report: findings become kinds that are the same across specs (so 40 specs with one
 * bug are one line), tsc's output becomes findings with the file's role, and the table counts a
 * spec refused for a defect of its own apart from a failure of ours.
 */
import { describe, expect, it } from 'vitest';
import { causeOf, fileRole, normalizeMessage } from '../../../../scripts/lib/corpus/kinds.js';
import { groupByKind, stageLine, stageTable } from '../../../../scripts/lib/corpus/report.js';
import type { SpecResult, StageResult } from '../../../../scripts/lib/corpus/result.js';
import { typecheckFindings } from '../../../../scripts/lib/corpus/typecheck.js';
import { roundtripKind } from '../../../../scripts/lib/corpus/stages-run.js';

describe('kinds', () => {
  it.each([
    {
      given: "Property 'values' does not exist on type 'Headers'.",
      want: 'Property ‹…› does not exist on type ‹…›.',
    },
    {
      given: 'PUT /v1/{name}: 405 without an Allow header (the spec declares GET, PATCH)',
      want: '‹method› ‹path›: 405 without an Allow header (the spec declares GET, PATCH)',
    },
    {
      given: 'unknown enum value for $.xgafv: accounts.get: refused with 422 after 12 tries',
      want: 'unknown enum value for ‹field›: ‹name›: refused with 422 after ‹n› tries',
    },
    { given: 'no schema at #/components/schemas/Pet', want: 'no schema at #‹pointer›' },
  ])('normalizes "$given"', ({ given, want }) => {
    expect(normalizeMessage(given, ['accounts.get'])).toBe(want);
  });

  it('keeps the cause after the operation or path, without the particulars in parentheses', () => {
    expect(causeOf('PUT ‹path›: 405 without an Allow header (the spec declares GET)')).toBe(
      '405 without an Allow header',
    );
    expect(causeOf('missing property: ‹name›: refused with 422, but none documented (documented: 200)')).toBe(
      'refused with 422, but none documented',
    );
    expect(causeOf('no operation in it')).toBe('no operation in it');
  });

  it('names a runtime file by its path and a per-spec file by its folder', () => {
    expect(fileRole('contract-tests/core/cleanup.ts')).toBe('contract-tests/core/cleanup.ts');
    expect(fileRole('client/src/resources/pets.ts')).toBe('client/src/resources/*.ts');
    expect(fileRole('server/handlers.ts')).toBe('server/handlers.ts');
  });

  it.each([
    {
      given: 'server decoded header.X-Api-Version: sent "2", got undefined',
      want: 'roundtrip python: server decoded header: missing',
    },
    {
      given: '[1] server decoded query.tags[0]: sent "a", got "b"',
      want: 'roundtrip python: server decoded query: a different value',
    },
    {
      given: 'client returned items[2].name: sent "x", got undefined',
      want: 'roundtrip python: client returned less than answered',
    },
    {
      given: "client: TypeError: Cannot read properties of undefined (reading 'pets'); server: x",
      want: 'roundtrip python: client threw TypeError: Cannot read properties of undefined (reading ‹…›)',
    },
  ])('a round-trip problem "$given" is the kind "$want"', ({ given, want }) => {
    expect(roundtripKind('python', given, [])).toBe(want);
  });
});

describe('typecheck findings', () => {
  it("reads tsc's error lines of one output folder, openapi-typescript's types (and the client's copy) as upstream", () => {
    const out = '/repo/.cache/corpus/work/a';
    const output = [
      ".cache/corpus/work/a/contract-tests/core/cleanup.ts(56,56): error TS2339: Property 'values' does not exist on type 'Headers'.",
      ".cache/corpus/work/a/types/openapi.ts(3,1): error TS1005: ';' expected.",
      // The client's copy of openapi-typescript's output (sirikit's duplicated discriminator `class`).
      ".cache/corpus/work/a/client/src/schema.ts(228,13): error TS2300: Duplicate identifier 'class'.",
      ".cache/corpus/work/b/client/src/index.ts(1,1): error TS1005: ';' expected.",
      'some other line',
    ].join('\n');
    const findings = typecheckFindings(output, out, [], '/repo');
    expect(findings.map((finding) => [finding.origin, finding.kind])).toEqual([
      ['ours', 'TS2339 in contract-tests/core/cleanup.ts: Property ‹…› does not exist on type ‹…›.'],
      ['upstream', 'TS1005 in types/openapi.ts: ‹…› expected.'],
      ['upstream', 'TS2300 in client/src/schema.ts: Duplicate identifier ‹…›.'],
    ]);
    expect(findings[0].detail).toBe(
      "contract-tests/core/cleanup.ts:56: Property 'values' does not exist on type 'Headers'.",
    );
  });
});

const stage = (partial: Partial<StageResult> & Pick<StageResult, 'stage' | 'status'>): StageResult => ({
  ms: 1000,
  findings: [],
  ...partial,
});

describe('the summary', () => {
  const typecheckBug = {
    origin: 'ours' as const,
    kind: 'TS2339 in contract-tests/core/cleanup.ts: Property ‹…› does not exist on type ‹…›.',
    detail: 'cleanup.ts:56',
    fails: true,
  };
  const specs: SpecResult[] = [
    {
      spec: 'api/a.json',
      ms: 2000,
      stages: [
        stage({ stage: 'generate', status: 'pass' }),
        stage({ stage: 'typecheck', status: 'fail', findings: [typecheckBug] }),
      ],
    },
    {
      spec: 'api/b.json',
      ms: 2000,
      stages: [
        stage({ stage: 'generate', status: 'pass' }),
        stage({ stage: 'typecheck', status: 'fail', findings: [{ ...typecheckBug, detail: 'other' }] }),
      ],
    },
    {
      spec: 'api/c.json',
      ms: 1000,
      stages: [
        stage({
          stage: 'generate',
          status: 'refused',
          findings: [
            {
              origin: 'spec',
              kind: 'generate: ‹…› does not exist',
              detail: 'x',
              pointer: '/paths/~1a',
              fails: false,
            },
          ],
        }),
        stage({ stage: 'typecheck', status: 'skipped', ms: 0, reason: 'generate did not pass' }),
      ],
    },
  ];

  it('groups one kind across specs, the most widespread first, with examples', () => {
    const groups = groupByKind(specs);
    expect(groups.map((group) => [group.origin, group.stage, group.specs.length])).toEqual([
      ['ours', 'typecheck', 2],
      ['spec', 'generate', 1],
    ]);
    expect(groups[0].examples.map((example) => example.spec)).toEqual(['api/a.json', 'api/b.json']);
    expect(groups[1].examples[0].pointer).toBe('/paths/~1a');
  });

  it('counts a refusal for a spec defect apart, and leaves skipped stages out of the rate', () => {
    const table = stageTable(specs, ['generate', 'typecheck']);
    expect(table).toContain('| generate | 3 | 2 | 0 | 1 | 0 | 0 | 100.0 % |');
    expect(table).toContain('| typecheck | 2 | 0 | 2 | 0 | 0 | 1 | 0.0 % |');
  });

  it('prints one line per spec and stage with its first failing kind', () => {
    expect(stageLine('api/a.json', specs[0].stages[1], '[1/3]')).toBe(
      `[1/3]  api/a.json  typecheck  ✗  1.0 s  ${typecheckBug.kind}`,
    );
  });
});

/**
 * Each house rule, and each stock rule the house ruleset switches off, on a small spec that
 * breaks it and one that keeps it (house-rule-cases.ts). All fixtures are linted in one real Spectral
 * run per ruleset.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runSpectral, type Finding } from '../../../../scripts/lib/lint.js';
import { compliantSpec, withPublicPing } from './fixture.js';
import {
  exemptCases,
  exemptEveryOperation,
  falsePositives,
  houseCases,
  switchedOff,
} from './house-rule-cases.js';

let workDir: string;
let house: Finding[];
let stock: Finding[];
const fileOf = (kind: string, index: number) => path.join(workDir, `${kind}-${index}.json`);

beforeAll(async () => {
  // Inside the repo, so that the stock ruleset can extend the installed OWASP package.
  await mkdir(path.join(ROOT, '.cache'), { recursive: true });
  workDir = await mkdtemp(path.join(ROOT, '.cache', 'house-rules-'));
  const write = (file: string, spec: unknown) => writeFile(file, JSON.stringify(spec, null, 2));
  await write(fileOf('compliant', 0), compliantSpec());
  await write(fileOf('compliant-public', 0), withPublicPing(compliantSpec()));
  await Promise.all(
    houseCases.map(({ mutate }, index) => {
      const spec = compliantSpec();
      mutate(spec);
      return write(fileOf('house', index), spec);
    }),
  );
  await Promise.all(
    falsePositives.map(({ mutate }, index) => {
      const spec = compliantSpec();
      mutate(spec);
      return write(fileOf('fine', index), spec);
    }),
  );
  await Promise.all(
    exemptCases.flatMap(({ mutate, rule }, index) => {
      const [exempt, emptyReason] = [compliantSpec(), compliantSpec()];
      mutate(exempt);
      exemptEveryOperation(exempt, rule);
      mutate(emptyReason);
      exemptEveryOperation(emptyReason, rule, ' ');
      return [write(fileOf('exempt', index), exempt), write(fileOf('exempt-empty', index), emptyReason)];
    }),
  );
  await Promise.all(
    switchedOff.map(({ mutate }, index) => {
      const spec = compliantSpec();
      mutate(spec);
      return write(fileOf('off', index), spec);
    }),
  );
  const stockRuleset = path.join(workDir, 'stock.spectral.yaml');
  await writeFile(stockRuleset, "extends:\n  - spectral:oas\n  - '@stoplight/spectral-owasp-ruleset'\n");
  const files = [
    fileOf('compliant', 0),
    fileOf('compliant-public', 0),
    ...houseCases.map((_, i) => fileOf('house', i)),
    ...falsePositives.map((_, i) => fileOf('fine', i)),
    ...exemptCases.flatMap((_, i) => [fileOf('exempt', i), fileOf('exempt-empty', i)]),
    ...switchedOff.map((_, i) => fileOf('off', i)),
  ];
  [house, stock] = await Promise.all([
    runSpectral(files).then((run) => run.findings),
    runSpectral(
      switchedOff.map((_, i) => fileOf('off', i)),
      stockRuleset,
    ).then((run) => run.findings),
  ]);
}, 300_000);

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const rulesIn = (findings: Finding[], file: string) =>
  findings.filter((finding) => path.resolve(finding.file) === file).map((finding) => finding.rule);

describe('house ruleset', () => {
  it('reports nothing from any house rule on a spec that keeps every convention', () => {
    const houseRules = [
      ...rulesIn(house, fileOf('compliant', 0)),
      ...rulesIn(house, fileOf('compliant-public', 0)),
    ].filter((rule) => rule.startsWith('house-'));
    expect(houseRules).toEqual([]);
  });

  it.each(houseCases.map((testCase, index) => ({ ...testCase, index })))(
    '$rule reports $given',
    ({ rule, index }) => {
      expect(rulesIn(house, fileOf('house', index))).toContain(rule);
    },
  );

  it.each(falsePositives.map((testCase, index) => ({ ...testCase, index })))(
    '$rule stays silent on $given',
    ({ rule, index }) => {
      expect(rulesIn(house, fileOf('fine', index))).not.toContain(rule);
      expect(rulesIn(house, fileOf('fine', index)).filter((found) => found.startsWith('house-'))).toEqual([]);
    },
  );

  it.each(exemptCases.map((testCase, index) => ({ ...testCase, index })))(
    '$rule honours x-lint-exempt with a reason ($given), and not without one',
    ({ rule, index }) => {
      expect(rulesIn(house, fileOf('exempt', index))).not.toContain(rule);
      expect(rulesIn(house, fileOf('exempt-empty', index))).toContain(rule);
    },
  );

  it('reports findings as file:line:col with the house rule message', () => {
    const finding = house.find((item) => item.rule === 'house-idempotency-key')!;
    expect(finding.line).toBeGreaterThan(1);
    expect(finding.column).toBeGreaterThan(0);
    expect(finding.severity).toBe('error');
  });
});

describe('stock rules switched off by the house ruleset', () => {
  it.each(switchedOff.map((testCase, index) => ({ ...testCase, index })))(
    '$rule fires on $given under the stock rulesets but not under ours',
    ({ rule, index, replacedBy }) => {
      expect(rulesIn(stock, fileOf('off', index))).toContain(rule);
      const ours = rulesIn(house, fileOf('off', index));
      expect(ours).not.toContain(rule);
      if (replacedBy) expect(ours).not.toContain(replacedBy);
    },
  );
});

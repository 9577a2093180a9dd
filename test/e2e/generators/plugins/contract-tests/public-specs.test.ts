/**
 * The generated suites of public specs against Prism mocking each (as a new user tries them): they
 * run to the end, report no suite-class finding (a bug of ours), and class what they find as the
 * evidence says: Train Travel's schema examples that are not UUIDs are the spec's to fix, Petstore's
 * operations that document no success response are the spec's, and Prism's 405 without an Allow
 * header is the mock's. `npm run test:contract:public` runs every spec of the corpus, GitHub's too.
 */
import { describe, expect, it } from 'vitest';
import { PUBLIC_SPECS, runAgainstPrism, type PublicRun } from '../../../../../scripts/lib/contract-public.js';

const spec = (name: string) => PUBLIC_SPECS.find((entry) => entry.slug === name)!.spec;
const suiteFindings = (result: PublicRun) =>
  (result.report?.findings ?? [])
    .filter((finding) => finding.class === 'suite')
    .map((finding) => `${finding.check} ${finding.operations.join(', ')}: ${finding.message.split('\n')[0]}`);

describe('the generated suites against Prism, on public specs', () => {
  it('Train Travel: no suite finding; its invalid UUID examples are spec findings with their line; Prism’s 405 without Allow is a mock finding', async () => {
    const result = await runAgainstPrism('train-travel', spec('train-travel'));
    expect(result.report, result.run.output.slice(-3000)).toBeDefined();
    expect(suiteFindings(result)).toEqual([]);
    const findings = result.report!.findings;
    expect(findings).toContainEqual(
      expect.objectContaining({
        class: 'spec',
        check: 'example_validity',
        pointer: '#/components/schemas/Booking/properties/id/examples/0',
        file: spec('train-travel'),
        line: 737,
        fails: false,
        message: expect.stringMatching(/must match format "uuid"/),
      }),
    );
    expect(findings).toContainEqual(
      expect.objectContaining({
        class: 'mock',
        check: 'unsupported_method',
        message: expect.stringMatching(/405 without an Allow header/),
        fails: false,
      }),
    );
    // Spec and mock findings do not fail a run: only target and suite ones do, and there are none.
    expect(findings.filter((finding) => finding.fails)).toEqual([]);
    expect(result.run.code, result.run.output.slice(-3000)).toBe(0);
  }, 300_000);

  it('Train Travel with CONTRACT_STRICT_SPEC=true: the same spec findings now fail the run', async () => {
    const result = await runAgainstPrism(
      'train-travel',
      spec('train-travel'),
      { CONTRACT_STRICT_SPEC: 'true' },
      { testNamePattern: 'every example in the spec' },
    );
    expect(result.run.code).not.toBe(0);
    expect(result.report!.strictSpec).toBe(true);
    expect(
      result.report!.findings.filter((finding) => finding.class === 'spec').every((finding) => finding.fails),
    ).toBe(true);
    expect(result.run.output).toMatch(
      /\[spec\] example at schema Booking\/properties\/id: \/ must match format "uuid" \(#\/components\/schemas\/Booking\/properties\/id\/examples\/0\)/,
    );
  }, 300_000);

  it('Petstore 3.1: no suite finding; operations documenting no success are spec findings, once per operation', async () => {
    const result = await runAgainstPrism('petstore-3.1', spec('petstore-3.1'));
    expect(suiteFindings(result)).toEqual([]);
    const noSuccess = result.report!.findings.filter(
      (finding) => finding.class === 'spec' && /documents no success response/.test(finding.message),
    );
    expect(
      noSuccess
        .map((finding) => finding.operations)
        .flat()
        .sort(),
    ).toEqual([
      'addPet',
      'deleteOrder',
      'deletePet',
      'deleteUser',
      'updatePet',
      'updatePetWithForm',
      'updateUser',
    ]);
    // Many checks of one operation hit the same gap: one finding each, counted.
    expect(noSuccess.find((finding) => finding.operations[0] === 'updateUser')!.count).toBeGreaterThan(3);
  }, 300_000);

  it.each(['scalar-galaxy', 'circular-schemas', 'webhooks-only'])(
    '%s: runs to the end with no suite finding',
    async (name) => {
      const result = await runAgainstPrism(name, spec(name));
      expect(result.report, result.run.output.slice(-3000)).toBeDefined();
      expect(suiteFindings(result)).toEqual([]);
    },
    300_000,
  );
});

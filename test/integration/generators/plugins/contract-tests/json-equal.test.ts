/**
 * The contract suites' validator compares JSON values by their content (issue 43: patientview's
 * suites stopped with "a.valueOf is not a function": Ajv's fast-deep-equal calls an own `valueOf`
 * key as a method, and the suites' validator had no jsonEqual, which only the stubs installed). The
 * generated suites' own copy is loaded in a process of its own, with nothing else installing it.
 * Starts `node --import tsx` once per case.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/** What a fresh Ajv of a process that loaded `module` (or nothing) says of two equal objects with an own valueOf. */
async function uniqueItemsAfter(module?: string): Promise<string> {
  const script = [
    ...(module ? [`await import(${JSON.stringify(path.resolve(module))});`] : []),
    "const { Ajv2020 } = await import('ajv/dist/2020.js');",
    'const unique = new Ajv2020().compile({ type: "array", uniqueItems: true });',
    'try { console.log(String(unique([{ valueOf: 1 }, { valueOf: 1 }]))); } catch (error) { console.log(`threw: ${error.message}`); }',
  ].join('\n');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: process.cwd() },
  );
  return stdout.trim();
}

describe("the contract suites' validator and an own valueOf key", () => {
  it('throws in an Ajv nothing installed JSON equality in (what the suites hit)', async () => {
    expect(await uniqueItemsAfter()).toMatch(/^threw: .*valueOf is not a function/);
  });

  it('compares by content once the generated suites’ validator is loaded', async () => {
    expect(await uniqueItemsAfter('generated/contract-tests/core/validator.ts')).toBe('false');
  });
});

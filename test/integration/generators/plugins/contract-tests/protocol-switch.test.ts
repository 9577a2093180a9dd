/**
 * An operation that only switches protocols (101, a WebSocket) is out of reach of checks over HTTP
 * (issue 43: osisoft's stream channels). Its checks are skipped and listed with that reason, and
 * the rest of the spec is checked as usual. Before, each of its requests hung on Prism's 101 until
 * the connection closed, and became a mock finding ("no answer"). Generates the suites of fixture
 * kinds/protocol-switch-3.0.yaml, starts Prism on it and runs them (vitest).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generate } from '../../../../../generators/pipeline.js';
import { runAgainstPrism } from '../../../../../scripts/lib/contract-public.js';

const SPEC = 'test/fixtures/kinds/protocol-switch-3.0.yaml';
let out: string | undefined;
afterAll(async () => {
  if (out) await rm(out, { recursive: true, force: true });
});

describe('an operation whose only answer is 101 Switching Protocols', () => {
  it('has every check skipped with the reason, and the other operations checked', async () => {
    await mkdir(path.resolve('.cache'), { recursive: true });
    // Inside the repository, so the generated suites resolve their dependencies.
    out = await mkdtemp(path.resolve('.cache', 'protocol-switch-'));
    await generate({
      spec: SPEC,
      out,
      command: 'test/integration/generators/plugins/contract-tests/protocol-switch.test.ts',
      write: true,
      skip: ['sdks', 'python'],
      released: false,
      log: () => {},
    });
    const result = await runAgainstPrism('protocol-switch', SPEC, { CONTRACT_RUNS: '2' }, { generated: out });
    expect(result.report, result.run.output.slice(-3000)).toBeDefined();
    const report = result.report!;
    expect(
      report.findings.filter((finding) =>
        finding.operations.some((operation) => /^open(Shared)?Channel$/.test(operation)),
      ),
    ).toEqual([]);
    // Prism's own faults elsewhere (405 without Allow) are the mock's; none is the suites'.
    expect(report.findings.filter((finding) => finding.class === 'suite')).toEqual([]);
    // Every check of the channel is listed as not applicable, with why. (Hostile input, the
    // bad-input suite's, is refused before any switch, so those checks stay; Prism is no target for them.)
    const skipped = result.run.output
      .split('\n')
      .filter((line) => /api\.contract\.test\.ts > open(Shared)?Channel: GET /.test(line));
    expect(skipped.length).toBeGreaterThanOrEqual(4);
    expect(skipped.some((line) => line.includes('openSharedChannel'))).toBe(true);
    for (const line of skipped)
      expect(line).toContain('[not applicable: its only documented success is informational (101)');
    // The other operation's checks ran and passed.
    expect(result.run.output).toMatch(
      /✓ .*getStream: GET \/streams\/\{id\} > a request from the examples gets a documented success/,
    );
    expect(result.run.code, result.run.output.slice(-3000)).toBe(0);
  }, 180_000);
});

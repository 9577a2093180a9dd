/**
 * An independent oracle for every answer (issue 12): the whole contract suite runs against the
 * reference service through Prism's validating proxy (`prism proxy spec/openapi.yaml <service>`),
 * which checks each upstream response against the spec, and Prism must report no response-side
 * violation. A run of the retrieveSubject checks against a service that breaks a subject's schema
 * shows the proxy would say so (the whole suite there would only repeat the same violation, at the
 * cost of another full run). The bad-input stage is off here: Prism cannot forward malformed HTTP
 * (it crashes on control characters in its own violations header), and that stage is its own oracle.
 */
import { describe, expect, it } from 'vitest';
import { runContractSuite, startServiceTarget } from '../../../../../scripts/lib/contract.js';
import { binPath, freePort, startProcess, waitForHttp } from '../../../../../scripts/lib/processes.js';

/** Prism's response-side violations, each prefixed with the request it answered (method and path), so a failure names it. */
function responseViolationsOf(lines: string[]): string[] {
  let request = '';
  const violations: string[] = [];
  for (const line of lines) {
    const received = /\[HTTP SERVER\] (\w+ \S+) .*Request received/.exec(line);
    if (received) request = received[1];
    else if (/Violation: response/.test(line))
      violations.push(`${request}: ${line.slice(line.indexOf('Violation'))}`);
  }
  return violations;
}

/**
 * Runs the contract suite (its `files`, the checks matching `only`, when given) through a Prism
 * validating proxy in front of a service; returns Prism's violation lines. Stops both.
 */
async function throughProxy(
  serverScript?: string,
  extraEnv: Record<string, string> = {},
  suite: { files?: string[]; only?: string } = {},
) {
  const service = await startServiceTarget(serverScript, extraEnv);
  const port = await freePort();
  const proxy = startProcess(binPath('prism'), [
    'proxy',
    'spec/openapi.yaml',
    service.env.CONTRACT_BASE_URL,
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
  ]);
  try {
    await waitForHttp(`http://127.0.0.1:${port}/v1/health`, proxy);
    const run = await runContractSuite(
      {
        ...service.env,
        CONTRACT_TARGET_NAME: 'reference service via Prism proxy',
        CONTRACT_BASE_URL: `http://127.0.0.1:${port}`,
        CONTRACT_BAD_INPUT: 'false',
      },
      { files: suite.files, ...(suite.only ? { testNamePattern: suite.only } : {}) },
    );

    const lines = proxy
      .output()
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n');
    return {
      run,
      responseViolations: responseViolationsOf(lines),
      requestViolations: lines.filter((line) => /Violation: request/.test(line)).length,
      crashes: lines.filter((line) => /^\w*Error\b|Request terminated with error/.test(line.trim())),
    };
  } finally {
    await proxy.stop();
    await service.server.stop();
  }
}

// The two runs are independent (a service and a proxy each, on free ports): they run at the same time.
describe.concurrent('Prism validating proxy over the whole contract suite', () => {
  it('reports no response-side violation for the reference service, and the suite passes through it', async () => {
    const result = await throughProxy();
    expect(result.responseViolations).toEqual([]);
    expect(result.crashes).toEqual([]);
    expect(result.run.code, result.run.output.slice(-3000)).toBe(0);
    expect(result.run.output).toMatch(/Tests\s+\d+ passed/);
    expect(result.requestViolations).toBeGreaterThan(0); // the suite's invalid requests did pass through the validator
  }, 240_000);

  it('reports the violations of a service whose responses break the schema', async () => {
    const result = await throughProxy(
      'test/support/sabotaged-server.ts',
      { SABOTAGE: 'wrong-type' },
      { files: ['api.contract'], only: 'retrieveSubject' },
    );
    // The suite did reach the service through the proxy: its checks ran, and saw the bug too.
    expect(result.run.output).toMatch(/retrieveSubject 200: \/livemode must be boolean/);
    expect(result.responseViolations).toContainEqual(
      expect.stringMatching(/^\w+ \S+: Violation: response\.body\.livemode .*must be boolean/),
    );
  }, 240_000);
});

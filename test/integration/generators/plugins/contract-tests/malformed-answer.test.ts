/**
 * A target that answers with an HTTP message Node's parser refuses is running, and what it answers
 * is its finding (issue 43: Prism mocking rapidapi's ecowetter writes the spec's declared
 * `Transfer-Encoding: chunked` beside its own Content-Length; the suites' preflight took the
 * HPE_UNEXPECTED_CONTENT_LENGTH for an unreachable target and stopped the run, a finding of ours).
 * A port where no HTTP server answers (another protocol's greeting) is still a configuration
 * error. Starts Prism on fixture kinds/framing-headers-3.0.yaml, and a TCP server on loopback.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cases } from '../../../../../generators/plugins/contract-tests/runtime/cases.js';
import { ProblemsError } from '../../../../../generators/plugins/contract-tests/runtime/findings.js';
import { positiveRequest, send } from '../../../../../generators/plugins/contract-tests/runtime/harness.js';
import { preflight } from '../../../../../generators/plugins/contract-tests/runtime/preflight.js';
import type { Target } from '../../../../../generators/plugins/contract-tests/runtime/target.js';
import { startMock, type RunningMock } from '../../../../../scripts/lib/mock.js';
import { contractCasesOf } from '../../../../support/contract-cases.js';

const SPEC = 'test/fixtures/kinds/framing-headers-3.0.yaml';

let mock: RunningMock;
let cases: Cases;
let target: Target;

beforeAll(async () => {
  mock = await startMock(0, '127.0.0.1', { specFile: SPEC });
  cases = await contractCasesOf(SPEC);
  target = {
    name: 'Prism',
    baseUrl: mock.url,
    keys: [],
    stateful: false,
    semantic: false,
    mock: true,
    validates: true,
  };
});
afterAll(async () => {
  await mock?.stop();
});

describe('an answer with both Content-Length and Transfer-Encoding (Prism copying declared framing headers)', () => {
  it("passes the suites' preflight: the target answered", async () => {
    await expect(preflight(target, cases, {})).resolves.toBeUndefined();
  });

  it("is the mock's finding, naming the parser's code", async () => {
    const operation = cases.operations.find((candidate) => candidate.id === 'getHistory')!;
    const error = await send(target, await positiveRequest(target, cases, operation)).catch(
      (caught) => caught,
    );
    expect(error).toBeInstanceOf(ProblemsError);
    expect((error as ProblemsError).problems).toMatchObject([
      {
        class: 'mock',
        check: 'not_a_server_error',
        message: expect.stringContaining('HPE_UNEXPECTED_CONTENT_LENGTH'),
      },
    ]);
  });
});

describe('a port where something other than HTTP answers (an SSH greeting)', () => {
  it("stops the suites' preflight as a configuration error, not a finding against the target", async () => {
    const server = createServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      await expect(preflight({ ...target, baseUrl: `http://127.0.0.1:${port}` }, cases, {})).rejects.toThrow(
        /cannot reach CONTRACT_BASE_URL http:\/\/127\.0\.0\.1:\d+: HPE_/,
      );
    } finally {
      server.close();
    }
  });
});

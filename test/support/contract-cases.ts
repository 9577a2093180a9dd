/**
 * A spec's contract-suite cases (contract-tests/cases.json), generated into memory: no process, no
 * folder, so the unit tier can use it. `released: false`, because reading our spec's release runs git.
 */
import { generate } from '../../generators/pipeline.js';
import type { Cases } from '../../generators/plugins/contract-tests/runtime/cases.js';
import type { Target } from '../../generators/plugins/contract-tests/runtime/target.js';
import { PacedTransport } from '../../generators/plugins/contract-tests/runtime/transport.js';

export async function contractCasesOf(spec: string): Promise<Cases> {
  const { files } = await generate({
    spec,
    out: '(memory)',
    command: 'test',
    write: false,
    skip: ['sdks'],
    released: false,
    log: () => {},
  });
  const file = files.find((entry) => entry.path === 'contract-tests/cases.json');
  if (!file) throw new Error(`no contract-tests/cases.json generated for ${spec}`);
  return JSON.parse(file.content) as Cases;
}

/**
 * A stateless mock target answered in process by `fetch` (through the suites' paced transport, as
 * a real run sends): no socket, so unit tests can drive the checks. `validates` says whether the
 * target is taken to validate requests (a mock that refuses invalid input).
 */
export function inProcessTarget(
  cases: Cases,
  fetch: (url: string | URL | Request, init?: RequestInit) => Promise<Response>,
  options: { name?: string; validates?: boolean } = {},
): Target {
  return {
    name: 'in-process',
    baseUrl: `http://${options.name ?? 'in-process'}.invalid`,
    keys: [],
    stateful: false,
    semantic: false,
    mock: true,
    validates: options.validates ?? true,
    transport: new PacedTransport(cases.rateLimitHeaders, { fetch }),
  };
}

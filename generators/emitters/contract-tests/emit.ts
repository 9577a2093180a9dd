/**
 * Contract tests (`contract-tests/`): vitest suites generated from the spec that check any
 * target (the mock, the reference service, a deployed sandbox) and the generated client against
 * the spec. `cases.json` holds what was derived; the suite file names every check; the checks
 * themselves are the hand-written runtime copied into `contract-tests/core/`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimeFiles, type GeneratedFile } from '../../core/files.js';
import type { Ir } from '../../core/ir.js';
import { stringLiteral } from '../../core/naming.js';
import { sharedSchema } from '../../core/schema-dialect.js';
import { planClient } from '../client/plan.js';
import { emitBadInput } from './bad-input.js';
import { exampleCases, operationCase } from './derive.js';

const RUNTIME_FILES = runtimeFiles(path.join(path.dirname(fileURLToPath(import.meta.url)), 'runtime'), 'contract-tests/core/');

/** Example: `listSubjects: (client, path, params) => client.nature.subjects.list(...path, params),` */
function clientCallsFile(ir: Ir): string {
  const plan = planClient(ir);
  const lines = plan.operations.map((entry) => {
    const chain = ['client', ...entry.operation.resource.map((segment) => segment), entry.operation.methodName].join('.');
    const args = [...entry.pathArgs.map((_arg, index) => `path[${index}]`), ...(entry.paramsType ? ['params'] : [])].join(', ');
    return `  ${stringLiteral(entry.operation.id)}: (client, path, params) => (client as ${ir.conventions.clientName}).${chain.replace(/^client\./, '')}(${args}),`;
  });
  return [
    `import { ${ir.conventions.clientName} } from '../client/src/index.js';`,
    "import type { ClientCall } from './core/checks.js';",
    "import type { Target } from './core/harness.js';",
    '',
    '/** The generated client, pointed at the target (no retries: a contract check must see the first answer). */',
    `export const createClient = (target: Target) => new ${ir.conventions.clientName}({ apiKey: target.apiKey ?? 'contract-test-key', baseURL: target.baseUrl, maxRetries: 0 });`,
    '',
    '/** Each operation, called through the generated client. */',
    'export const CLIENT_CALLS: Record<string, ClientCall> = {',
    // Params come from cases.json, which was derived from the same spec as the method's type.
    ...lines.map((line) => line.replace('(client, path, params) =>', '(client, path, params: any) =>')),
    '};',
    '',
  ].join('\n');
}

function suiteFile(ir: Ir, cases: ReturnType<typeof operationCase>[]): string {
  const q = stringLiteral;
  const out: string[] = [
    "import { readFileSync } from 'node:fs';",
    "import { afterAll, describe, it } from 'vitest';",
    "import type { Cases } from './core/cases.js';",
    "import { ContractChecks } from './core/checks.js';",
    "import { targetFromEnv } from './core/harness.js';",
    "import { CLIENT_CALLS, createClient } from './client-calls.js';",
    '',
    "const cases = JSON.parse(readFileSync(new URL('./cases.json', import.meta.url), 'utf8')) as Cases;",
    'const checks = new ContractChecks(cases, targetFromEnv(), { create: createClient, calls: CLIENT_CALLS });',
    'const notApplicable: string[] = [];',
    '/** A check that does not apply to this target is skipped under its own name and listed at the end. */',
    'const check = (name: string, reason: string | undefined, run: () => Promise<void> | void) => {',
    '  if (reason) notApplicable.push(`${name}: not applicable (${reason})`);',
    '  it.skipIf(Boolean(reason))(reason ? `${name} [not applicable: ${reason}]` : name, run);',
    '};',
    "afterAll(() => { if (notApplicable.length) console.log(`Not applicable on ${checks.target.name}:\\n  ${notApplicable.join('\\n  ')}`); });",
    '',
    `describe(${q(`${ir.info.title} ${ir.info.version}: examples`)}, () => {`,
    "  check('every example in the spec validates against its schema', undefined, () => checks.examples());",
    ...(ir.conventions.specDigestHeader ? ["  check('the target was built from the spec these suites came from (spec digest)', undefined, () => checks.specDigest());"] : []),
    '});',
    '',
  ];
  for (const operation of cases) {
    const id = q(operation.id);
    out.push(`describe(${q(`${operation.id}: ${operation.method.toUpperCase()} ${operation.path}`)}, () => {`);
    out.push(`  const operation = checks.operation(${id});`);
    out.push(`  check('a request from the examples gets a documented success, a conforming body and the required headers', undefined, () => checks.positive(${id}));`);
    operation.negative.forEach((negative, index) => {
      out.push(`  check(${q(`invalid: ${negative.name} gets a documented 4xx in the error format`)}, ${negative.semantic ? "checks.notApplicable('semantic')" : 'undefined'}, () => checks.negative(${id}, ${index}));`);
    });
    if (operation.pathParams.length && operation.responses['404']) out.push(`  check('an ID that was never issued gets 404', checks.notApplicable('stateful'), () => checks.unknownId(${id}));`);
    if (!operation.isPublic) {
      out.push(`  check('no key gets 401', checks.notApplicable('auth'), () => checks.noKey(${id}));`);
      if (operation.scopes.length) out.push(`  check(${q(`a key without ${operation.scopes.join(', ')} gets 403`)}, checks.notApplicable('auth') ?? checks.notApplicable('scoped-keys', operation), () => checks.insufficientScope(${id}));`);
      out.push(`  check('a revoked key gets 401', checks.notApplicable('revoked-key'), () => checks.revokedKey(${id}));`);
    }
    if (operation.pagination) out.push(`  check('pages do not overlap, walk back to the same items, and end with null cursors', checks.notApplicable('stateful'), () => checks.paging(${id}));`);
    if (operation.idempotencyHeader) out.push(`  check(${q(`a replay with the same ${operation.idempotencyHeader} returns the same resource`)}, checks.notApplicable('stateful'), () => checks.idempotency(${id}));`);
    out.push(`  check('the generated client calls it and gets a conforming result', undefined, () => checks.client(${id}));`);
    out.push('  void operation;');
    out.push('});', '');
  }
  return out.join('\n');
}

export function emitContractTests(ir: Ir): GeneratedFile[] {
  const cases = ir.operations.map((operation) => operationCase(ir, operation));
  const data = { specDigest: ir.digest, ...(ir.conventions.specDigestHeader ? { specDigestHeader: ir.conventions.specDigestHeader } : {}), sharedSchema: sharedSchema(ir), operations: cases, examples: exampleCases(ir) };
  const config = [
    "import { defineConfig } from 'vitest/config';",
    '',
    '/** Run with a target in the environment: `npm run test:contract`, or CONTRACT_BASE_URL=... vitest run --config <this file>. */',
    'export default defineConfig({',
    '  test: { include: [new URL(\'./*.contract.test.ts\', import.meta.url).pathname], testTimeout: 60_000, pool: \'forks\' },',
    '});',
    '',
  ].join('\n');
  return [
    ...RUNTIME_FILES,
    { path: 'contract-tests/cases.json', content: `${JSON.stringify(data, null, 2)}\n` },
    { path: 'contract-tests/client-calls.ts', content: clientCallsFile(ir) },
    { path: 'contract-tests/api.contract.test.ts', content: suiteFile(ir, cases) },
    { path: 'contract-tests/vitest.config.ts', content: config },
    ...emitBadInput(ir),
  ];
}

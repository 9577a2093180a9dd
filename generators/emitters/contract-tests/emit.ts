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
import { emitEvents } from './events.js';
import { resourceCases, stateMachineCases } from './sequences.js';

const RUNTIME_FILES = runtimeFiles(path.join(path.dirname(fileURLToPath(import.meta.url)), 'runtime'), 'contract-tests/core/');

/** Example: `listSubjects: (client, path, params) => client.nature.subjects.list(...path, params),` */
function clientCallsFile(ir: Ir): string {
  const plan = planClient(ir);
  const lines = plan.operations.map((entry) => {
    const chain = ['client', ...entry.shape.resource, entry.methodName].join('.');
    const args = [...entry.pathArgs.map((_arg, index) => `path[${index}]`), ...(entry.paramsType ? ['params'] : [])].join(', ');
    return `  ${stringLiteral(entry.operation.id)}: (client, path, params) => (client as ${plan.clientName}).${chain.replace(/^client\./, '')}(${args}),`;
  });
  return [
    `import { ${plan.clientName} } from '../client/src/index.js';`,
    "import type { ClientCall } from './core/checks.js';",
    "import type { Target } from './core/harness.js';",
    '',
    '/** The generated client, pointed at the target through the suite\'s paced fetch (no retries of its own: a contract check must see the answer). */',
    `export const createClient = (target: Target) => new ${plan.clientName}({ apiKey: target.apiKey ?? 'contract-test-key', baseURL: target.baseUrl, maxRetries: 0, ...(target.transport ? { fetch: target.transport.fetch } : {}) });`,
    '',
    '/** Each operation, called through the generated client. */',
    'export const CLIENT_CALLS: Record<string, ClientCall> = {',
    // Params come from cases.json, which was derived from the same spec as the method's type.
    ...lines.map((line) => line.replace('(client, path, params) =>', '(client, path, params: any) =>')),
    '};',
    '',
  ].join('\n');
}

type Cases = ReturnType<typeof operationCase>[];
type Quote = (text: string) => string;

/**
 * The checks of one operation, one stage per kind; each returns the suite lines it adds inside
 * the operation's describe. A new stage is a function here (or in its own file) and one entry
 * in OPERATION_STAGES.
 */
type OperationStage = (operation: Cases[number], q: Quote) => string[];

const examplesStage: OperationStage = (operation, q) => [`  check('a request from the examples gets a documented success, a conforming body and the required headers', undefined, () => checks.positive(${q(operation.id)}));`];

const schemaNegativesStage: OperationStage = (operation, q) =>
  operation.negative.map((negative, index) => `  check(${q(`invalid: ${negative.name} gets a documented 4xx in the error format`)}, ${negative.semantic ? "checks.notApplicable('semantic')" : 'undefined'}, () => checks.negative(${q(operation.id)}, ${index}));`);

const propertyStage: OperationStage = (operation, q) =>
  operation.generation.body !== undefined || operation.generation.query.length > 0
    ? [`  check(${q(`generated: CONTRACT_RUNS valid requests from the schemas get a documented answer${operation.method === 'get' ? '' : ' and come back as sent'}`)}, undefined, () => checks.property(${q(operation.id)}));`]
    : [];

const unknownIdStage: OperationStage = (operation, q) => (operation.pathParams.length && operation.responses['404'] ? [`  check('an ID that was never issued gets 404', checks.notApplicable('stateful'), () => checks.unknownId(${q(operation.id)}));`] : []);

const authStage: OperationStage = (operation, q) => {
  if (operation.isPublic) return [];
  const id = q(operation.id);
  return [
    `  check('no key gets 401', checks.notApplicable('auth'), () => checks.noKey(${id}));`,
    ...(operation.scopes.length ? [`  check(${q(`a key without ${operation.scopes.join(', ')} gets 403`)}, checks.notApplicable('auth') ?? checks.notApplicable('scoped-keys', checks.operation(${id})), () => checks.insufficientScope(${id}));`] : []),
    `  check('a revoked key gets 401', checks.notApplicable('revoked-key'), () => checks.revokedKey(${id}));`,
  ];
};

const pagingStage: OperationStage = (operation, q) =>
  operation.pagination ? [`  check('paging is complete: every page forward holds exactly the items of one maximal page, no duplicates or gaps, and walks back to them', checks.notApplicable('stateful'), () => checks.paging(${q(operation.id)}));`] : [];

const idempotencyStage: OperationStage = (operation, q) =>
  operation.idempotencyHeader ? [`  check(${q(`a replay with the same ${operation.idempotencyHeader} returns the same resource`)}, checks.notApplicable('stateful'), () => checks.idempotency(${q(operation.id)}));`] : [];

const clientStage: OperationStage = (operation, q) => [`  check('the generated client calls it and gets a conforming result', undefined, () => checks.client(${q(operation.id)}));`];

const OPERATION_STAGES: OperationStage[] = [
  examplesStage,
  schemaNegativesStage,
  propertyStage,
  unknownIdStage,
  authStage,
  pagingStage,
  idempotencyStage,
  clientStage,
];

function suiteFile(ir: Ir, cases: Cases, sequences: { resources: ReturnType<typeof resourceCases>; stateMachines: ReturnType<typeof stateMachineCases> }): string {
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
    '// What the run created is deleted even when checks failed.',
    'afterAll(async () => {',
    "  if (notApplicable.length) console.log(`Not applicable on ${checks.target.name}:\\n  ${notApplicable.join('\\n  ')}`);",
    '  console.log(await checks.cleanup());',
    '}, 600_000);',
    '',
    `describe(${q(`${ir.info.title} ${ir.info.version}: examples`)}, () => {`,
    "  check('every example in the spec validates against its schema', undefined, () => checks.examples());",
    ...(ir.conventions.specDigestHeader ? ["  check('the target was built from the spec these suites came from (spec digest)', undefined, () => checks.specDigest());"] : []),
    '});',
    '',
  ];
  for (const operation of cases) {
    out.push(`describe(${q(`${operation.id}: ${operation.method.toUpperCase()} ${operation.path}`)}, () => {`);
    for (const stage of OPERATION_STAGES) out.push(...stage(operation, q));
    out.push('});', '');
  }
  if (sequences.resources.length || sequences.stateMachines.length) {
    out.push(`describe(${q('stateful sequences (from links)')}, () => {`);
    for (const resource of sequences.resources) {
      const steps = ['create', resource.read && 'read', resource.list && 'find in list', resource.update && 'update, read again', resource.delete && 'delete, read -> 404, gone from the list'].filter(Boolean).join(', ');
      out.push(`  check(${q(`${resource.create}: ${steps} (${resource.source === 'links' ? 'links' : 'inferred links'})`)}, checks.notApplicable('stateful'), () => checks.lifecycle(${q(resource.create)}));`);
    }
    for (const machine of sequences.stateMachines) {
      out.push(`  check(${q(`${machine.schema}.${machine.property}: ${machine.transitions.map((transition) => `${transition.from} -> ${transition.to} by ${transition.operationId}`).join('; ')}; nothing leaves ${machine.final.join(', ')}`)}, checks.notApplicable('stateful'), () => checks.stateMachine(${q(machine.schema)}));`);
    }
    out.push('});', '');
  }
  return out.join('\n');
}

/** Checks the configuration once, before any suite: one clear message instead of a wall of red. */
const GLOBAL_SETUP = [
  "import { readFileSync } from 'node:fs';",
  "import type { Cases } from './core/cases.js';",
  "import { targetFromEnv } from './core/harness.js';",
  "import { ConfigurationError, preflight } from './core/preflight.js';",
  '',
  'export default async function setup(): Promise<void> {',
  "  const cases = JSON.parse(readFileSync(new URL('./cases.json', import.meta.url), 'utf8')) as Cases;",
  '  try {',
  '    await preflight(targetFromEnv(), cases);',
  '  } catch (error) {',
  '    if (!(error instanceof ConfigurationError)) throw error;',
  '    // One message and no stack: nothing ran, and the message says what to fix.',
  '    console.error(`\\ncontract configuration: ${error.message}\\n`);',
  '    process.exit(2);',
  '  }',
  '}',
  '',
].join('\n');

export function emitContractTests(ir: Ir): GeneratedFile[] {
  const cases = ir.operations.map((operation) => operationCase(ir, operation));
  const sequences = { resources: resourceCases(ir), stateMachines: stateMachineCases(ir) };
  const { limitHeader, remainingHeader, retryAfterHeader } = ir.conventions.rateLimit;
  const data = {
    specDigest: ir.digest,
    ...(ir.conventions.specDigestHeader ? { specDigestHeader: ir.conventions.specDigestHeader } : {}),
    sharedSchema: sharedSchema(ir),
    operations: cases,
    examples: exampleCases(ir),
    ...sequences,
    keyPrefixes: ir.conventions.keyPrefixes.map(({ prefix, environment }) => ({ prefix, environment })),
    rateLimitHeaders: { ...(limitHeader ? { limit: limitHeader } : {}), ...(remainingHeader ? { remaining: remainingHeader } : {}), ...(retryAfterHeader ? { retryAfter: retryAfterHeader } : {}) },
  };
  const config = [
    "import { defineConfig } from 'vitest/config';",
    '',
    '/** Run with a target in the environment: `npm run test:contract`, or CONTRACT_BASE_URL=... vitest run --config <this file>. */',
    'export default defineConfig({',
    '  test: { include: [new URL(\'./*.contract.test.ts\', import.meta.url).pathname], globalSetup: [new URL(\'./global-setup.ts\', import.meta.url).pathname], testTimeout: 600_000, hookTimeout: 600_000, pool: \'forks\' },',
    '});',
    '',
  ].join('\n');
  return [
    ...RUNTIME_FILES,
    { path: 'contract-tests/cases.json', content: `${JSON.stringify(data, null, 2)}\n` },
    { path: 'contract-tests/client-calls.ts', content: clientCallsFile(ir) },
    { path: 'contract-tests/api.contract.test.ts', content: suiteFile(ir, cases, sequences) },
    { path: 'contract-tests/global-setup.ts', content: GLOBAL_SETUP },
    { path: 'contract-tests/vitest.config.ts', content: config },
    ...emitBadInput(ir),
    ...emitEvents(ir),
  ];
}

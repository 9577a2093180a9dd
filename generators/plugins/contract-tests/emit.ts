/**
 * Contract tests (`contract-tests/`): vitest suites generated from the spec that check any
 * target (the mock, the reference service, a deployed sandbox) and the generated client against
 * the spec. `cases.json` holds what was derived; the suite file names every check; the checks
 * themselves are the hand-written runtime copied into `contract-tests/core/`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jsonFile, runtimeFiles, type GeneratedFile } from '../../core/files.js';
import { portableFiles, withPortableImports } from '../../core/portable.js';
import type { Ir } from '../../core/ir.js';
import { stringLiteral } from '../../core/naming.js';
import { contractSharedSchema } from './schemas.js';
import type { ClientPlan } from '../client/index.js';
import { emitBadInput } from './bad-input.js';
import { operationCase } from './derive.js';
import { emitEvents } from './events.js';
import { specLines } from './locations.js';
import { requiredHeaders } from './runtime/http-checks.js';
import type { ParameterCase } from './runtime/cases.js';
import { resourceCases, stateMachineCases } from './sequences.js';
import { exampleCases, parameterCases, pathCases } from './spec-facts.js';

/** The runtime, its imports of the value generator (and JSON equality) pointed at the copies under `core/schema/`. */
const RUNTIME_FILES = [
  ...runtimeFiles(
    path.join(path.dirname(fileURLToPath(import.meta.url)), 'runtime'),
    'contract-tests/core/',
  ).map((file) => ({ ...file, content: withPortableImports(file.content) })),
  ...portableFiles('contract-tests/core/schema/'),
];

/**
 * Example: `retrieveSubject: (client, path, params, body) => client.nature.subjects.retrieve(path['subject_id'])`:
 * path parameter values by name (typed: an object parameter is an object), query and header values
 * in `params`.
 * The body goes the way the client takes it: merged into the params (`fields`, which refuses a body
 * that is not an object), or as `params.body` when a body property would collide with a parameter
 * (the client plan's body mode).
 */
function clientCallsFile(plan: ClientPlan, propertyPath: (resource: string[]) => string[]): string {
  // By the client's property names (its exports): a top-level resource `request` is `requestResource` there.
  const lines = plan.operations.map((entry) => {
    const chain = ['client', ...propertyPath(entry.shape.resource), entry.methodName].join('.');
    // The body goes as the default request media type takes it (the client plan's BodyVariant mode).
    const bodyMode = entry.bodies[0]?.mode ?? 'none';
    const params =
      bodyMode === 'merged'
        ? 'fields(params, body)'
        : bodyMode === 'property'
          ? '{ ...params, ...(body === undefined ? {} : { body }) }'
          : 'params';
    // An operation with servers of its own would go to them: the suite checks its target, so the call says so.
    const ownServer =
      entry.shape.baseUrl !== undefined ? [`{ baseURL: (client as ${plan.clientName}).baseURL }`] : [];
    const args = [
      ...entry.pathArgs.map((arg) => `path[${stringLiteral(arg.param)}] as never`),
      ...(entry.paramsType ? [params] : []),
      ...ownServer,
    ].join(', ');
    // Typed in place: an entry named `constructor` or `toString` takes its contextual type from
    // Object's member of that name, not from the record's ClientCall (TS7006 under strict).
    return `  ${stringLiteral(entry.operation.id)}: (client: unknown, path: Record<string, unknown>, params: any, body: unknown) => (client as ${plan.clientName}).${chain.replace(/^client\./, '')}(${args}),`;
  });
  return [
    `import { ${plan.clientName} } from '../client/src/index.js';`,
    plan.operations.some((entry) => entry.bodies[0]?.mode === 'merged')
      ? "import { fields, type ClientCall } from './core/client-check.js';"
      : "import type { ClientCall } from './core/client-check.js';",
    "import type { Target } from './core/target.js';",
    '',
    "/** The generated client, pointed at the target through the suite's paced fetch (no retries of its own: a contract check must see the answer). */",
    `export const createClient = (target: Target) => new ${plan.clientName}({ apiKey: target.apiKey ?? 'contract-test-key', baseURL: target.baseUrl, maxRetries: 0, ...(target.transport ? { fetch: target.transport.fetch } : {}) });`,
    '',
    '/** Each operation, called through the generated client (params: query and header values; body: the request body). */',
    'export const CLIENT_CALLS: Record<string, ClientCall> = {',
    // Params come from cases.json, which was derived from the same spec as the method's type.
    ...lines,
    '};',
    '',
  ].join('\n');
}

type Cases = ReturnType<typeof operationCase>[];
type Quote = (text: string) => string;
type Resources = ReturnType<typeof resourceCases>;

/**
 * The checks of one operation, one stage per kind; each returns the suite lines it adds inside
 * the operation's describe. A new stage is a function here (or in its own file) and one entry
 * in OPERATION_STAGES. `check(name, operationId, reasonNotApplicable, run)` runs one check in its
 * own findings scope (runtime/findings.ts).
 */
type OperationStage = (operation: Cases[number], q: Quote, resources: Resources) => string[];

const unbuildable = (operation: Cases[number], q: Quote) =>
  operation.bodyUnsupported ? q(operation.bodyUnsupported) : 'undefined';

/** Why a check that needs the target to refuse input cannot run: the body cannot be built, or the target refuses nothing. */
const unbuildableOrUnrefused = (operation: Cases[number], q: Quote) =>
  operation.bodyUnsupported ? q(operation.bodyUnsupported) : "checks.notApplicable('validation')";

const examplesStage: OperationStage = (operation, q) => [
  `  check('a request from the examples gets a documented success, a conforming body and the required headers', ${q(operation.id)}, ${unbuildable(operation, q)}, () => checks.positive(${q(operation.id)}));`,
];

const schemaNegativesStage: OperationStage = (operation, q) =>
  operation.negative.map(
    (negative, index) =>
      `  check(${q(`invalid: ${negative.name} gets a documented 4xx in the error format`)}, ${q(operation.id)}, ${negative.semantic ? "checks.notApplicable('semantic')" : "checks.notApplicable('validation')"}, () => checks.negative(${q(operation.id)}, ${index}));`,
  );

const propertyStage: OperationStage = (operation, q) =>
  operation.generation.body !== undefined || operation.generation.query.length > 0
    ? [
        `  check(${q(`generated: CONTRACT_RUNS valid requests from the schemas get a documented answer${operation.method === 'get' ? '' : ' and come back as sent'}`)}, ${q(operation.id)}, ${unbuildable(operation, q)}, () => checks.property(${q(operation.id)}));`,
      ]
    : [];

const coverageStage: OperationStage = (operation, q) =>
  operation.generation.body !== undefined || operation.parameters.some((param) => param.in !== 'cookie')
    ? [
        `  check('coverage: every enum value, boundary (min, max, min-1, max+1) and optional part, one change at a time, gets the answer its validity calls for', ${q(operation.id)}, ${unbuildable(operation, q)}, () => checks.coverage(${q(operation.id)}));`,
      ]
    : [];

const missingHeaderStage: OperationStage = (operation, q) =>
  requiredHeaders(operation).length
    ? [
        `  check(${q(
          `without the required header ${requiredHeaders(operation)
            .map((param: ParameterCase) => param.name)
            .join(', ')} it gets a documented 4xx`,
        )}, ${q(operation.id)}, ${unbuildableOrUnrefused(operation, q)}, () => checks.missingHeaders(${q(operation.id)}));`,
      ]
    : [];

const unknownIdStage: OperationStage = (operation, q) =>
  operation.pathParams.length && operation.responses['404']
    ? [
        `  check('an ID that was never issued gets 404', ${q(operation.id)}, checks.notApplicable('stateful'), () => checks.unknownId(${q(operation.id)}));`,
      ]
    : [];

const authStage: OperationStage = (operation, q) => {
  if (operation.isPublic) return [];
  const id = q(operation.id);
  return [
    `  check('credentials: no key, a malformed key, an unknown well-formed key (and a revoked key, when given) each get 401', ${id}, checks.notApplicable('auth', checks.operation(${id})), () => checks.credentials(${id}));`,
    ...(operation.scopes.length
      ? [
          `  check(${q(`a key without ${operation.scopes.join(', ')} gets 403`)}, ${id}, checks.notApplicable('auth', checks.operation(${id})) ?? checks.notApplicable('scoped-keys', checks.operation(${id})), () => checks.insufficientScope(${id}));`,
        ]
      : []),
  ];
};

const pagingStage: OperationStage = (operation, q) =>
  operation.pagination
    ? [
        `  check('paging is complete: every page forward holds exactly the items of one maximal page, no duplicates or gaps, and walks back to them', ${q(operation.id)}, checks.notApplicable('stateful'), () => checks.paging(${q(operation.id)}));`,
      ]
    : [];

const idempotencyStage: OperationStage = (operation, q, resources) => [
  ...(operation.idempotencyHeader
    ? [
        `  check(${q(`a replay with the same ${operation.idempotencyHeader} returns the same resource`)}, ${q(operation.id)}, checks.notApplicable('stateful'), () => checks.idempotency(${q(operation.id)}));`,
      ]
    : []),
  ...(operation.idempotencyHeader && resources.some((resource) => resource.create === operation.id)
    ? [
        `  check(${q(`5 parallel requests with one ${operation.idempotencyHeader} create one object`)}, ${q(operation.id)}, checks.notApplicable('stateful'), () => checks.concurrency(${q(operation.id)}));`,
      ]
    : []),
];

const clientStage: OperationStage = (operation, q) => [
  `  check('the generated client calls it and gets a conforming result', ${q(operation.id)}, ${unbuildable(operation, q)}, () => checks.client(${q(operation.id)}));`,
];

const OPERATION_STAGES: OperationStage[] = [
  examplesStage,
  schemaNegativesStage,
  propertyStage,
  coverageStage,
  missingHeaderStage,
  unknownIdStage,
  authStage,
  pagingStage,
  idempotencyStage,
  clientStage,
];

const PROBED_METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function suiteFile(
  ir: Ir,
  cases: Cases,
  sequences: { resources: Resources; stateMachines: ReturnType<typeof stateMachineCases> },
  paths: ReturnType<typeof pathCases>,
): string {
  const q = stringLiteral;
  const out: string[] = [
    "import { readFileSync } from 'node:fs';",
    "import { afterAll, describe, it } from 'vitest';",
    "import type { Cases } from './core/cases.js';",
    "import { ContractChecks } from './core/checks.js';",
    "import { runCheck } from './core/findings.js';",
    "import { targetFromEnv } from './core/target.js';",
    "import { CLIENT_CALLS, createClient } from './client-calls.js';",
    '',
    "const cases = JSON.parse(readFileSync(new URL('./cases.json', import.meta.url), 'utf8')) as Cases;",
    'const checks = new ContractChecks(cases, targetFromEnv(), { create: createClient, calls: CLIENT_CALLS });',
    '/** Reason -> the checks it left: listed at the end, each reason once. */',
    'const notApplicable = new Map<string, string[]>();',
    'const leave = (name: string, reason: string) => notApplicable.set(reason, [...(notApplicable.get(reason) ?? []), name]);',
    '/** Each check name once, with how many operations it was left on: Trello listed one name 300 times. */',
    'const counted = (names: string[]) => [...names.reduce((counts, name) => counts.set(name, (counts.get(name) ?? 0) + 1), new Map<string, number>())].map(([name, count]) => (count > 1 ? `${name} (${count} operations)` : name));',
    '/**',
    ' * A check that does not apply to this target is skipped under its own name and listed at the end; one that runs records its findings.',
    ' * A write to a record the run did not make is skipped when the target is asked (core/records.ts).',
    ' */',
    'const check = (name: string, operation: string | undefined, given: string | undefined, run: () => Promise<void> | void) => {',
    '  const reason = (operation !== undefined ? checks.unreachable(operation) : undefined) ?? given;',
    '  if (reason) leave(name, reason);',
    '  it.skipIf(Boolean(reason))(reason ? `${name} [not applicable: ${reason}]` : name, async (context) => {',
    '    const notOurs = operation !== undefined ? await checks.recordNotOurs(operation) : undefined;',
    '    if (notOurs) {',
    '      leave(name, `${operation}: ${notOurs}`);',
    '      context.skip(notOurs);',
    '    }',
    '    await runCheck(name, operation, run);',
    '  });',
    '};',
    '// What the run created is deleted even when checks failed.',
    'afterAll(async () => {',
    "  if (notApplicable.size) console.log(`Not applicable on ${checks.target.name}:\\n${[...notApplicable].map(([reason, names]) => `  ${reason}:\\n    ${counted(names).join('\\n    ')}`).join('\\n')}`);",
    '  console.log(await checks.cleanup());',
    '}, 600_000);',
    '',
    `describe(${q(`${ir.info.title} ${ir.info.version}: examples`)}, () => {`,
    "  check('every example in the spec validates against its schema', undefined, undefined, () => checks.examples());",
    ...(ir.conventions.specDigestHeader
      ? [
          "  check('the target was built from the spec these suites came from (spec digest)', undefined, undefined, () => checks.specDigest());",
        ]
      : []),
    '});',
    '',
  ];
  for (const operation of cases) {
    out.push(
      `describe(${q(`${operation.id}: ${operation.method.toUpperCase()} ${operation.path}`)}, () => {`,
    );
    for (const stage of OPERATION_STAGES) out.push(...stage(operation, q, sequences.resources));
    out.push('});', '');
  }
  if (paths.length) {
    out.push(`describe(${q('HTTP methods per path')}, () => {`);
    for (const path of paths) {
      const undeclared = PROBED_METHODS.filter((method) => !path.methods.includes(method));
      const first = q(path.operationId);
      if (undeclared.length)
        out.push(
          `  check(${q(`${path.path}: ${undeclared.map((method) => method.toUpperCase()).join(', ')} get 405 with Allow: ${path.methods.map((method) => method.toUpperCase()).join(', ')}`)}, ${first}, ${unbuildableOrUnrefused(
            cases.find((operation) => operation.id === path.operationId)!,
            q,
          )}, () => checks.unsupportedMethods(${q(path.path)}));`,
        );
      if (!path.methods.includes('options'))
        out.push(
          `  check(${q(`${path.path}: OPTIONS answers Allow: ${path.methods.map((method) => method.toUpperCase()).join(', ')}`)}, ${first}, ${unbuildableOrUnrefused(
            cases.find((operation) => operation.id === path.operationId)!,
            q,
          )}, () => checks.options(${q(path.path)}));`,
        );
    }
    out.push('});', '');
  }
  if (sequences.resources.length || sequences.stateMachines.length) {
    out.push(`describe(${q('stateful sequences (from links)')}, () => {`);
    for (const resource of sequences.resources) {
      const create = cases.find((operation) => operation.id === resource.create)!;
      const steps = [
        'create',
        resource.read && 'read',
        resource.list && 'find in list',
        resource.update && 'update, read again',
        resource.delete && 'delete, read -> 404, gone from the list',
      ]
        .filter(Boolean)
        .join(', ');
      const id = q(resource.create);
      out.push(
        `  check(${q(`${resource.create}: ${steps} (${resource.source === 'links' ? 'links' : 'inferred links'})`)}, ${id}, checks.notApplicable('stateful'), () => checks.lifecycle(${id}));`,
      );
      if (resource.read || resource.update || resource.delete)
        out.push(
          `  check(${q(`${resource.create}: with another account's key, every operation on what it made answers 404 and changes nothing, its lists leave it out, and what that account makes is as invisible`)}, ${id}, checks.notApplicable('other-account'), () => checks.crossTenant(${id}));`,
        );
      if (resource.delete)
        out.push(
          `  check(${q(`${resource.create}: after ${resource.delete.operationId}, every operation on the object and its sub-resources answers 404 (a second delete too) and its children are gone`)}, ${id}, checks.notApplicable('stateful'), () => checks.afterDelete(${id}));`,
        );
      const isolatable = create.pathParams.some((param) => param.producer) || Boolean(create.tag);
      if (
        resource.list &&
        isolatable &&
        (create.negative.some((negative) => negative.in === 'body') || !create.isPublic)
      ) {
        out.push(
          `  check(${q(`${resource.create}: refused creates leave nothing in ${resource.list.operationId}`)}, ${id}, checks.notApplicable('stateful'), () => checks.leakage(${id}));`,
        );
      }
    }
    for (const machine of sequences.stateMachines) {
      out.push(
        `  check(${q(`${machine.schema}.${machine.property}: ${machine.transitions.map((transition) => `${transition.from} -> ${transition.to} by ${transition.operationId}`).join('; ')}; nothing leaves ${machine.final.join(', ')}`)}, ${q(machine.create)}, checks.notApplicable('stateful'), () => checks.stateMachine(${q(machine.schema)}));`,
      );
    }
    out.push('});', '');
  }
  return out.join('\n');
}

/** Checks the configuration once, before any suite, and reports the findings of every suite at the end. */
const GLOBAL_SETUP = [
  "import { readFileSync } from 'node:fs';",
  "import type { Cases } from './core/cases.js';",
  "import { contractGlobalSetup } from './core/global.js';",
  '',
  'export default async function setup(): Promise<() => void> {',
  "  return contractGlobalSetup(JSON.parse(readFileSync(new URL('./cases.json', import.meta.url), 'utf8')) as Cases);",
  '}',
  '',
].join('\n');

/** In each suite's process, before its checks: the MSW handlers answer in-process when CONTRACT_MSW names them. */
const SETUP = [
  "import { afterAll, beforeAll } from 'vitest';",
  "import { interceptWithMsw } from './core/msw-target.js';",
  '',
  'let stop: (() => void) | undefined;',
  'beforeAll(async () => {',
  '  stop = await interceptWithMsw();',
  '});',
  'afterAll(() => stop?.());',
  '',
].join('\n');

/** `client`: the client plugin's plan, whose calls the suites make (client-calls.ts). */
export function emitContractTests(
  ir: Ir,
  client: ClientPlan,
  propertyPath: (resource: string[]) => string[],
): GeneratedFile[] {
  const parameters = new Map(ir.operations.map((operation) => [operation, parameterCases(ir, operation)]));
  const cases = ir.operations.map((operation) => operationCase(ir, operation, parameters.get(operation)!));
  const sequences = { resources: resourceCases(ir), stateMachines: stateMachineCases(ir) };
  const paths = pathCases(ir);
  const shared = contractSharedSchema(ir);
  const examples = exampleCases(ir, shared);
  const { limitHeader, remainingHeader, retryAfterHeader } = ir.conventions.rateLimit;
  // The lines of every pointer a finding can name: operations, their parameters, bodies, responses, examples, paths.
  const pointers = new Set<string>(['/security', '/components/securitySchemes']);
  for (const operation of cases) {
    pointers
      .add(operation.pointer)
      .add(`${operation.pointer}/responses`)
      .add(`${operation.pointer}/security`);
    for (const param of operation.parameters) pointers.add(param.pointer);
    if (operation.bodyPointer) pointers.add(operation.bodyPointer);
    for (const response of Object.values(operation.responses)) pointers.add(response.pointer);
  }
  for (const example of examples) pointers.add(example.pointer);
  for (const path of paths) pointers.add(path.pointer);
  const data = {
    specDigest: ir.digest,
    ...(ir.conventions.specDigestHeader ? { specDigestHeader: ir.conventions.specDigestHeader } : {}),
    sharedSchema: shared,
    operations: cases,
    examples,
    ...sequences,
    keyPrefixes: ir.conventions.keyPrefixes.map(({ prefix, environment }) => ({ prefix, environment })),
    ...(ir.conventions.keyPattern ? { keyPattern: ir.conventions.keyPattern } : {}),
    rateLimitHeaders: {
      ...(limitHeader ? { limit: limitHeader } : {}),
      ...(remainingHeader ? { remaining: remainingHeader } : {}),
      ...(retryAfterHeader ? { retryAfter: retryAfterHeader } : {}),
    },
    paths,
    locations: { file: ir.source, lines: specLines(ir.source, pointers) },
  };
  const config = [
    "import { fileURLToPath } from 'node:url';",
    "import { defineConfig } from 'vitest/config';",
    '',
    '/** Run with a target in the environment: `npm run test:contract`, or CONTRACT_BASE_URL=... (or CONTRACT_MSW=<handlers module>) vitest run --config <this file>. */',
    "// Paths, not URLs' pathnames: a folder with a space in its name is `%20` in a pathname, and vitest would find no test.",
    'const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));',
    'export default defineConfig({',
    "  test: { include: [here('./*.contract.test.ts')], globalSetup: [here('./global-setup.ts')], setupFiles: [here('./setup.ts')], testTimeout: 600_000, hookTimeout: 600_000, pool: 'forks' },",
    '});',
    '',
  ].join('\n');
  return [
    ...RUNTIME_FILES,
    jsonFile('contract-tests/cases.json', data),
    { path: 'contract-tests/client-calls.ts', content: clientCallsFile(client, propertyPath) },
    { path: 'contract-tests/api.contract.test.ts', content: suiteFile(ir, cases, sequences, paths) },
    { path: 'contract-tests/global-setup.ts', content: GLOBAL_SETUP },
    { path: 'contract-tests/setup.ts', content: SETUP },
    { path: 'contract-tests/vitest.config.ts', content: config },
    ...emitBadInput(ir),
    ...emitEvents(ir),
  ];
}

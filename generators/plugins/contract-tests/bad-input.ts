/**
 * The contract tests' bad-input stage (`contract-tests/bad-input.*`): per operation, what the
 * runtime needs to build hostile requests (a reachable path, the declared parameters, a valid
 * body, the documented responses) and a suite naming every hostile request. The requests
 * themselves are derived by `runtime/bad-input.ts`, so the suite and the runtime agree by
 * construction.
 */
import { jsonFile, type GeneratedFile } from '../../core/files.js';
import type { Ir, IrOperation } from '../../core/ir.js';
import { isJsonMediaType } from '../../core/media-types.js';
import { stringLiteral } from '../../core/naming.js';
import { matchedParameter } from '../../core/ir-parameters.js';
import { contractSchema, contractSharedSchema } from './schemas.js';
import { requestValue, writtenRecords } from './derive.js';
import { operationPointer } from './spec-facts.js';
import { badRequests, type BadInputCases, type BadInputOperation } from './runtime/bad-input.js';

/** A valid value for a schema; undefined for a boolean schema (the caller has its own). */
function sampleOf(ir: Ir, schema: unknown): unknown {
  return schema && typeof schema === 'object' ? requestValue(ir, schema) : undefined;
}

/**
 * The header or query pair a template routes on (`#X-Amz-Target=A.B`, `?mode=fast`), which every
 * hostile request carries to reach its operation; for a template that asks only for a parameter
 * to be present (`#x-amz-sso_bearer_token`), a value of that parameter (the body's media type for
 * Content-Type).
 */
function matchOf(ir: Ir, operation: IrOperation): Pick<BadInputOperation, 'matchHeader' | 'matchQuery'> {
  const match = operation.template.match;
  if (!match) return {};
  const key = match.in === 'header' ? 'matchHeader' : 'matchQuery';
  if (match.value !== undefined) return { [key]: [match.name, match.value] };
  const param = matchedParameter(operation.parameters, match);
  const value = param
    ? (param.example ?? sampleOf(ir, param.schema))
    : match.name.toLowerCase() === 'content-type'
      ? operation.body?.contentType
      : undefined;
  return { [key]: [match.name, String(value ?? 'x')] };
}

function badInputOperation(ir: Ir, operation: IrOperation): BadInputOperation {
  const responses: BadInputOperation['responses'] = {};
  for (const response of operation.responses) {
    responses[response.status] = {
      ...(response.isJson && response.schema !== undefined
        ? { schema: contractSchema(response.schema, ir) }
        : {}),
      requiredHeaders: response.headers.filter((header) => header.required).map((header) => header.name),
    };
  }
  const body = operation.body;
  // The hostile requests are about their input, not negotiation: ask for what the operation answers.
  const answers = operation.responses
    .filter((response) => /^2/.test(response.status))
    .flatMap((response) => response.declaredMediaTypes);
  const accept =
    answers.length > 0 && !answers.some((type) => isJsonMediaType(type))
      ? `${[...new Set(answers)].join(', ')}, application/json;q=0.9`
      : undefined;
  const pathValues = Object.fromEntries(
    operation.parameters.path.map((param) => [
      param.name,
      String(param.example ?? sampleOf(ir, param.schema) ?? 'x'),
    ]),
  );
  const records = writtenRecords(ir, operation, pathValues);
  return {
    id: operation.id,
    pointer: operationPointer(operation),
    method: operation.method,
    path: operation.path.replace(/[?#].*$/s, '') || '/',
    pathValues,
    ...(records.length ? { records } : {}),
    queryParams: operation.parameters.query.map((param) => param.name),
    headerParams: operation.parameters.header.map((param) => param.name),
    ...(body
      ? {
          body: { contentType: body.contentType, value: body.examples[0] ?? sampleOf(ir, body.schema) ?? {} },
        }
      : {}),
    ...(accept ? { accept } : {}),
    ...matchOf(ir, operation),
    responses,
  };
}

function suiteFile(operations: BadInputOperation[]): string {
  const q = stringLiteral;
  const out = [
    "import { readFileSync } from 'node:fs';",
    "import { afterAll, describe, it } from 'vitest';",
    "import { BadInputChecks, type BadInputCases } from './core/bad-input.js';",
    "import { runCheck } from './core/findings.js';",
    "import { targetFromEnv } from './core/target.js';",
    '',
    "const checks = new BadInputChecks(JSON.parse(readFileSync(new URL('./bad-input.json', import.meta.url), 'utf8')) as BadInputCases);",
    'const target = targetFromEnv();',
    'const baseUrl = target.baseUrl;',
    'const apiKey = process.env.CONTRACT_API_KEY || undefined;',
    "// A stateless mock (Prism) answers bad input in its own format, not the spec's: the stage is for implementations.",
    '// The MSW handlers answer in-process, where malformed HTTP never arrives (it is sent on a socket).',
    '// CONTRACT_BAD_INPUT=false turns it off where a proxy in front cannot forward malformed HTTP.',
    "const reason = target.msw ? 'the target is the MSW handlers, in-process: malformed HTTP never reaches them' : !target.stateful ? 'the target is a stateless mock' : process.env.CONTRACT_BAD_INPUT === 'false' ? 'turned off (CONTRACT_BAD_INPUT=false)' : undefined;",
    '// A write to a record the examples name is sent only where it cannot be one the run did not make (core/records.ts).',
    'const notSent = new Map<string, string>();',
    'const check = (name: string, id: string, index: number) =>',
    '  it.skipIf(Boolean(reason))(reason ? `${name} [not applicable: ${reason}]` : name, async (context) => {',
    '    const notOurs = await checks.recordNotOurs(target, apiKey, id);',
    '    if (notOurs) {',
    '      notSent.set(id, notOurs);',
    '      context.skip(notOurs);',
    '    }',
    '    await runCheck(name, id, () => checks.check(baseUrl, apiKey, id, index));',
    '  });',
    'afterAll(() => {',
    "  if (notSent.size) console.log(`Bad input not sent to ${target.name}:\\n  ${[...notSent].map(([id, why]) => `${id}: ${why}`).join('\\n  ')}`);",
    '});',
    '',
  ];
  for (const operation of operations) {
    out.push(
      `describe(${q(`bad input: ${operation.id}: ${operation.method.toUpperCase()} ${operation.path}`)}, () => {`,
    );
    badRequests(operation).forEach((request, index) =>
      out.push(
        `  check(${q(`${request.name}: an answer inside the contract`)}, ${q(operation.id)}, ${index});`,
      ),
    );
    out.push('});', '');
  }
  return out.join('\n');
}

export function emitBadInput(ir: Ir): GeneratedFile[] {
  const operations = ir.operations.map((operation) => badInputOperation(ir, operation));
  // No operation, no stage: vitest refuses a file without tests (a spec of webhooks only).
  if (operations.length === 0) return [];
  const cases: BadInputCases = {
    sharedSchema: contractSharedSchema(ir) as BadInputCases['sharedSchema'],
    operations,
  };
  return [
    jsonFile('contract-tests/bad-input.json', cases),
    { path: 'contract-tests/bad-input.contract.test.ts', content: suiteFile(operations) },
  ];
}

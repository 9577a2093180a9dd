/**
 * What comes back must be what was sent: round trips (each property of a body the response schema
 * also names comes back as sent, dates compared as instants) and stale reads (a later read that
 * differs from an earlier answer about the same resource).
 */
import { writeOnlyProperties } from './arbitraries.js';
import type { Cases, OperationCase } from './cases.js';
import { curlLine } from './curl.js';
import { against, type Problem } from './findings.js';
import { valueAtPointer } from './links.js';
import type { RequestSpec } from './request.js';
import type { SuiteContext } from './suite-context.js';

type Json = Record<string, unknown>;

const isDateTime = (value: unknown) =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) &&
  !Number.isNaN(Date.parse(value));

/** Where `got` differs from what was `sent` ("" when it contains it): arrays by inclusion, objects by their sent keys. */
export function echoDifference(sent: unknown, got: unknown, at = ''): string | undefined {
  if (sent === got) return undefined;
  if (isDateTime(sent) && isDateTime(got) && Date.parse(sent as string) === Date.parse(got as string))
    return undefined;
  if (Array.isArray(sent)) {
    if (!Array.isArray(got)) return `${at || '/'}: sent an array, got ${JSON.stringify(got)}`;
    for (const [index, item] of sent.entries())
      if (!got.some((candidate) => echoDifference(item, candidate) === undefined))
        return `${at}/${index}: sent ${JSON.stringify(item)}, not among ${JSON.stringify(got).slice(0, 300)}`;
    return undefined;
  }
  if (sent && typeof sent === 'object') {
    if (!got || typeof got !== 'object' || Array.isArray(got))
      return `${at || '/'}: sent ${JSON.stringify(sent).slice(0, 200)}, got ${JSON.stringify(got)}`;
    for (const [key, value] of Object.entries(sent)) {
      const difference = echoDifference(value, (got as Json)[key], `${at}/${key}`);
      if (difference) return difference;
    }
    return undefined;
  }
  return `${at || '/'}: sent ${JSON.stringify(sent)}, got ${JSON.stringify(got)}`;
}

/** Properties of the response schema of an operation's success (top level, allOf merged). */
function responseProperties(context: SuiteContext, operation: OperationCase): Set<string> | undefined {
  const success = Object.keys(operation.responses).find((status) => status.startsWith('2'));
  const schema = success ? operation.responses[success]!.schema : undefined;
  if (!schema) return undefined;
  const names = new Set<string>();
  const visit = (node: unknown, depth: number): void => {
    if (!node || typeof node !== 'object' || depth > 8) return;
    const value = node as Json;
    if (typeof value.$ref === 'string') visit(resolveRef(context.cases, value.$ref), depth + 1);
    for (const name of Object.keys((value.properties as Json | undefined) ?? {})) names.add(name);
    for (const part of [...((value.allOf as unknown[]) ?? [])]) visit(part, depth + 1);
  };
  visit(schema, 0);
  return names.size ? names : undefined;
}

function resolveRef(cases: Cases, ref: string): unknown {
  const [, path = ''] = ref.split('#');
  return valueAtPointer(cases.sharedSchema, path);
}

/**
 * Round trip: every property of the body sent that the response schema also names comes back as
 * sent. One problem per property that did not, naming the operation and the property.
 */
export function roundTripProblems(
  context: SuiteContext,
  label: string,
  sentBody: unknown,
  operationAnswering: OperationCase,
  got: unknown,
  sentBy: OperationCase,
  request?: RequestSpec,
): Problem[] {
  if (!sentBody || typeof sentBody !== 'object' || Array.isArray(sentBody)) return [];
  const shared = responseProperties(context, operationAnswering);
  // writeOnly properties (a password, a card number) are sent and rightly never answered.
  const writeOnly = sentBy.generation.body
    ? writeOnlyProperties(context.cases.sharedSchema, sentBy.generation.body)
    : new Set<string>();
  const problems: Problem[] = [];
  for (const [name, value] of Object.entries(sentBody as Json)) {
    if ((shared && !shared.has(name)) || writeOnly.has(name)) continue;
    const difference = echoDifference(value, (got as Json | undefined)?.[name], `/${name}`);
    if (difference) {
      problems.push(
        against(
          context.target,
          'round_trip',
          `${label}: property ${name} did not come back as sent: ${difference}`,
          {
            operation: operationAnswering.id,
            pointer: operationAnswering.pointer,
            fix: `What ${sentBy.id} stores must come back as sent: ${name} is lost or changed.`,
            key: `${context.target.mock ? 'mock' : 'target'}|round_trip|${label}|${name}`,
            ...(request ? { curl: curlLine(context.target, request) } : {}),
          },
        ),
      );
    }
  }
  return problems;
}

/** Properties on which a later read differs from an earlier answer about the same resource. */
export function staleProblems(
  context: SuiteContext,
  operation: OperationCase,
  label: string,
  before: unknown,
  after: unknown,
): Problem[] {
  if (!before || typeof before !== 'object' || !after || typeof after !== 'object') return [];
  return Object.keys(before as Json)
    .filter(
      (name) =>
        name in (after as Json) &&
        JSON.stringify((before as Json)[name]) !== JSON.stringify((after as Json)[name]),
    )
    .map((name) =>
      against(
        context.target,
        'stale_read',
        `${label}: property ${name} reads back as ${JSON.stringify((after as Json)[name]).slice(0, 200)}, but was ${JSON.stringify((before as Json)[name]).slice(0, 200)}`,
        {
          operation: operation.id,
          pointer: operation.pointer,
          fix: `${operation.id} must read back what the last write answered (no stale reads).`,
          key: `${context.target.mock ? 'mock' : 'target'}|stale_read|${label}|${name}`,
        },
      ),
    );
}

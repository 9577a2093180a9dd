/**
 * Following a resource's links (OpenAPI `links`, in cases.json per resource): runtime expressions
 * (`$response.body#/id`, `$request.path.x`) read from what was sent and answered, the request a
 * link leads to, and an item looked for in the list a link names.
 */
import type { Cases, LinkCase, ResourceCase } from './cases.js';
import { ProblemsError } from './findings.js';
import { walk } from './harness.js';
import { acceptOf, pathParamValue, type RequestSpec } from './request.js';
import { fillPath } from './serialize.js';
import type { SuiteContext } from './suite-context.js';

type Json = Record<string, unknown>;

/** Where a link's parameter values come from. */
export interface LinkSource {
  requestPath: Record<string, string>;
  requestQuery?: Record<string, unknown> | undefined;
  responseBody: unknown;
}

/** The value a JSON pointer (`/a/b`, percent- and ~-escaped) leads to inside `value`. */
export function valueAtPointer(value: unknown, path: string): unknown {
  return path
    .split('/')
    .slice(1)
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Json)[key] : undefined),
      value,
    );
}

/** A runtime expression (`$response.body#/id`, `$request.path.x`, `$request.query.x`) or a constant. */
export function evaluateExpression(expression: string, source: LinkSource): unknown {
  if (expression.startsWith('$response.body'))
    return valueAtPointer(source.responseBody, expression.slice('$response.body'.length).replace(/^#/, ''));
  if (expression.startsWith('$request.path.'))
    return source.requestPath[expression.slice('$request.path.'.length)];
  if (expression.startsWith('$request.query.'))
    return source.requestQuery?.[expression.slice('$request.query.'.length)];
  return expression;
}

/** The request a link leads to: its operation's path filled from the link's parameters. */
export function linkedRequest(
  context: SuiteContext,
  link: LinkCase,
  source: LinkSource,
  body?: unknown,
): RequestSpec {
  const operation = context.operation(link.operationId);
  const values: Record<string, unknown> = {};
  for (const [, name = ''] of operation.path.matchAll(/\{([^}]+)\}/g)) {
    const value =
      Object.hasOwn(link.parameters, name) && link.parameters[name] !== undefined
        ? evaluateExpression(link.parameters[name], source)
        : source.requestPath[name];
    if (value === undefined || value === null) {
      throw new ProblemsError([
        {
          class: 'spec',
          check: 'links',
          message: `link to ${operation.id}: no value for path parameter ${name} (${link.parameters[name] ?? 'not in the link'})`,
          operation: operation.id,
          pointer: operation.pointer,
          fix: `Give the link to ${operation.id} a value for ${name} (a runtime expression such as $response.body#/id).`,
          key: `spec|link|${operation.id}|${name}`,
        },
      ]);
    }
    values[name] = pathParamValue(operation, name, String(value));
  }
  const query = { ...operation.query };
  for (const param of Object.keys(link.parameters))
    if (!operation.path.includes(`{${param}}`))
      query[param] = evaluateExpression(link.parameters[param]!, source);
  return {
    method: operation.method,
    path: fillPath(operation.path, operation.parameters ?? [], values),
    query,
    headers: operation.headers,
    params: operation.parameters,
    auth: operation.auth,
    ...(acceptOf(operation) ? { accept: acceptOf(operation) } : {}),
    ...(body !== undefined
      ? { body, contentType: operation.bodyContentType }
      : operation.body !== undefined && operation.method !== 'get' && operation.method !== 'delete'
        ? { body: operation.body, contentType: operation.bodyContentType }
        : {}),
  };
}

/** Looks for an item by ID in a list, from its first page (the largest allowed) until found or the list ends. */
export async function findInList(
  context: SuiteContext,
  link: LinkCase,
  source: LinkSource,
  id: unknown,
  key?: string | null,
): Promise<Json | undefined> {
  const list = context.operation(link.operationId);
  const paging = list.pagination!;
  const itemsOf = (page: Record<string, unknown>) =>
    Array.isArray(page[paging.dataField]) ? (page[paging.dataField] as Json[]) : [];
  const pages = await walk(
    context.target,
    list,
    { ...linkedRequest(context, link, source), ...(key !== undefined ? { key } : {}) },
    'forward',
    {
      limit: paging.limit?.maximum,
      enough: (sofar) => itemsOf(sofar.at(-1)!).some((item) => item.id === id),
    },
  );
  return pages.flatMap(itemsOf).find((item) => item.id === id);
}

export function resourceOf(cases: Cases, createId: string): ResourceCase {
  const resource = cases.resources.find((candidate) => candidate.create === createId);
  if (!resource) throw new Error(`no resource is created by ${createId}`);
  return resource;
}

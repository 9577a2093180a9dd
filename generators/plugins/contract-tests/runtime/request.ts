/**
 * A check's request in wire terms (the path already filled, query values in their parameters'
 * styles, where the key goes) and the answer it got. Sending is harness.ts's; reproducing it as a
 * curl line is curl.ts's.
 */
import type { AuthCase, OperationCase, ParameterCase } from './cases.js';
import { queryString } from './serialize.js';
import type { Target } from './target.js';

export interface Sent {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export interface RequestSpec {
  method: string;
  /** The path, parameters already in it and encoded in their styles. */
  path: string;
  /** Query parameter values, serialised in the styles of `params`. */
  query?: Record<string, unknown> | undefined;
  headers?: Record<string, string> | undefined;
  cookies?: Record<string, unknown> | undefined;
  body?: unknown | undefined;
  contentType?: string | undefined;
  /** undefined: the target's key; null: no credentials; a string: that key. */
  key?: string | null | undefined;
  /** The operation's parameters (their styles) and where its credentials go. */
  params?: ParameterCase[] | undefined;
  auth?: AuthCase | undefined;
  /** The Accept header: the media types the operation answers with (JSON when unset). */
  accept?: string | undefined;
  /** The path parameters' values, typed (what `path` was filled with), for the generated client. */
  pathValues?: Record<string, unknown> | undefined;
}

/** An Accept header for an operation: JSON where it answers JSON, else its success media types (errors may still come as JSON). */
export function acceptOf(operation: OperationCase): string | undefined {
  const success = Object.entries(operation.responses)
    .filter(([status]) => /^2/.test(status))
    .flatMap(([, response]) => response.mediaTypes ?? []);
  if (success.length === 0 || success.some((type) => /json/i.test(type))) return undefined;
  return [...new Set(success), 'application/json;q=0.5', '*/*;q=0.1'].join(', ');
}

/** Where a key goes for an operation's security scheme (bearer when the spec says nothing else). */
export function placeKey(
  auth: AuthCase | undefined,
  key: string,
  into: { headers: Record<string, string>; query: Record<string, unknown>; cookies: Record<string, unknown> },
): void {
  switch (auth?.kind) {
    case 'basic':
      into.headers.authorization = `Basic ${Buffer.from(key.includes(':') ? key : `${key}:`).toString('base64')}`;
      return;
    case 'header':
      into.headers[auth.name!.toLowerCase()] = key;
      return;
    case 'query':
      into.query[auth.name!] = key;
      return;
    case 'cookie':
      into.cookies[auth.name!] = key;
      return;
    default:
      into.headers.authorization = `Bearer ${key}`;
  }
}

/** The URL a request goes to (path and query string in the parameters' styles). */
export function urlOf(
  target: Target,
  request: RequestSpec,
  query: Record<string, unknown> = request.query ?? {},
): URL {
  const search = queryString(request.params ?? [], query);
  return new URL(
    `${target.baseUrl}${request.path}${search ? `${request.path.includes('?') ? '&' : '?'}${search}` : ''}`,
  );
}

/**
 * A path parameter's value as its schema types it: cases.json keeps examples as strings, and an
 * array or object in the label or matrix style must go out as one.
 */
export function pathParamValue(operation: OperationCase, name: string, value: string): unknown {
  const param = operation.parameters?.find((candidate) => candidate.in === 'path' && candidate.name === name);
  const type = (param?.schema as { type?: unknown } | undefined)?.type;
  if ((type === 'array' || type === 'object') && /^[[{]/.test(value)) {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}

/** The path parameters of a concrete path, read against its template. */
export function pathParamsOf(template: string, path: string): Record<string, string> {
  const names = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  const pattern = new RegExp(
    `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '([^/]+?)')}$`,
  );
  const match = pattern.exec(path);
  return match
    ? Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]))
    : {};
}

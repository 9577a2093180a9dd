/**
 * One call's request, built from its operation's spec: the URL (the path and query in the
 * parameters' styles, the operation's own server, a query key), the headers (the credential where
 * the operation's security puts it, the spec digest, header and cookie parameters, one idempotency
 * key per call, the caller's overrides) and the body (the media type asked for, extra fields);
 * and a next page's URL, kept on the origin of the page that named it.
 */
import { base64Text } from './base64.js';
import { chooseBody, encodeBody, type BodySpec, type EncodedBody } from './body.js';
import { ClientError } from './errors.js';
import { newIdempotencyKey } from './idempotency-key.js';
import { isBrowserLike } from './keys.js';
import type { OperationSpec } from './operation.js';
import type { ClientConfig, RequestOptions } from './options.js';
import {
  buildPath,
  cookiePairs,
  encodeQueryText,
  headerText,
  ownValue,
  primitiveText,
  queryString,
} from './serialize.js';

/** What building a request needs of the client (read at each call: `csrfToken` may change). */
export interface RequestContext {
  apiKey: string | undefined;
  baseURL: string;
  csrfToken: string | undefined;
  defaultHeaders: Record<string, string>;
  config: ClientConfig;
}

export function buildUrl(
  client: RequestContext,
  operation: OperationSpec,
  pathArgs: unknown[],
  params: Record<string, unknown>,
  extraQuery?: Record<string, unknown>,
  baseURL?: string,
  queryKey = true,
): string {
  const path = buildPath(operation.path, operation.params, pathArgs);
  let search = [queryString(operation.params, params), extraQueryString(extraQuery)]
    .filter(Boolean)
    .join('&');
  if (operation.match?.in === 'query')
    search = `${encodeQueryText(operation.match.name)}=${encodeQueryText(operation.match.value)}${search ? `&${search}` : ''}`;
  const auth = operation.auth;
  if (queryKey && auth?.kind === 'query' && client.apiKey)
    search = `${search ? `${search}&` : ''}${encodeQueryText(auth.name)}=${encodeQueryText(client.apiKey)}`;
  // The call's own base URL, else the operation's own server, else the client's.
  const base =
    baseURL !== undefined
      ? baseURL.replace(/\/+$/, '')
      : operation.baseURL !== undefined
        ? resolveServer(operation.baseURL, client.baseURL)
        : client.baseURL;
  return `${base}${path}${search ? `?${search}` : ''}`;
}

export function buildHeaders(
  client: RequestContext,
  operation: OperationSpec,
  params: Record<string, unknown>,
  options: RequestOptions,
  accept: string,
): Record<string, string> {
  const headers: Record<string, string> = {
    accept,
    'user-agent': client.config.userAgent,
    ...lowerCaseKeys(client.defaultHeaders),
  };
  const cookies: string[] = [];
  const auth = operation.auth;
  if (client.apiKey && auth?.kind === 'bearer') headers.authorization = `Bearer ${client.apiKey}`;
  if (client.apiKey && auth?.kind === 'basic') headers.authorization = `Basic ${base64Text(client.apiKey)}`;
  if (client.apiKey && auth?.kind === 'header') headers[auth.name.toLowerCase()] = client.apiKey;
  if (auth?.kind === 'cookie') {
    // Browsers refuse a script-set Cookie header and send the session cookie themselves.
    if (client.apiKey) cookies.push(`${auth.name}=${client.apiKey}`);
    if (auth.csrfHeader && client.csrfToken) headers[auth.csrfHeader.toLowerCase()] = client.csrfToken;
  }
  if (client.config.specDigest)
    headers[client.config.specDigest.header.toLowerCase()] = client.config.specDigest.value;
  if (operation.match?.in === 'header') headers[operation.match.name.toLowerCase()] = operation.match.value;
  for (const spec of operation.params) {
    if (spec.in === 'header') {
      const name = spec.name.toLowerCase();
      const text = headerText(spec, ownValue(params, spec.name));
      if (text !== undefined) headers[name] = text;
      // Not over the client's own default headers, which fetch would not replace either.
      else if (spec.whenAbsent !== undefined && !Object.hasOwn(headers, name))
        headers[name] = spec.whenAbsent;
    } else if (spec.in === 'cookie') cookies.push(...cookiePairs(spec, ownValue(params, spec.name)));
  }
  // One key per logical call: created before the first attempt, reused by every retry.
  if (operation.idempotencyHeader)
    headers[operation.idempotencyHeader.toLowerCase()] = options.idempotencyKey ?? newIdempotencyKey();
  // A key nobody would send must not look like protection against a duplicate.
  else if (options.idempotencyKey !== undefined)
    throw new ClientError(
      `${operation.method.toUpperCase()} ${operation.path} takes no idempotency key: the API declares no idempotency header for it.`,
    );
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === null) delete headers[name.toLowerCase()];
    else headers[name.toLowerCase()] = value;
  }
  if (cookies.length > 0) {
    // The operation's cookie parameters join any Cookie the caller set; a browser sends its own cookies and would drop this header.
    if (isBrowserLike() && !client.config.auth.cookieSession)
      throw new ClientError(
        'Cookie parameters cannot be sent from a browser: the browser sends its own cookies.',
      );
    if (!isBrowserLike())
      headers.cookie = [...cookies, ...(headers.cookie ? [headers.cookie] : [])].join('; ');
  }
  return headers;
}

/** A body sent where the operation declares none (the caller's extra fields): JSON. */
const UNDECLARED_JSON: BodySpec = { mediaType: 'application/json', kind: 'json', mode: 'merged' };

/** The encoded body a call sends, and its Content-Type; undefined when it sends none. */
export async function buildBody(
  operation: OperationSpec,
  params: Record<string, unknown>,
  extra?: Record<string, unknown>,
): Promise<EncodedBody | undefined> {
  const payload = bodyPayload(operation, params, extra);
  return payload && encodeBody(payload.spec, payload.value);
}

/** The body a call sends, before encoding: its media type's spec and the value (with extra fields merged in). */
export function bodyPayload(
  operation: OperationSpec,
  params: Record<string, unknown>,
  extra?: Record<string, unknown>,
): { spec: BodySpec; value: unknown } | undefined {
  if (extra && ['GET', 'HEAD'].includes(operation.method.toUpperCase()))
    throw new ClientError(
      `A ${operation.method.toUpperCase()} request has no body: pass extra fields as \`query\`.`,
    );
  if (!operation.bodies || operation.bodies.length === 0)
    return extra ? { spec: UNDECLARED_JSON, value: extra } : undefined;
  const spec = chooseBody(
    operation.bodies,
    operation.mediaTypeKey ? ownValue(params, operation.mediaTypeKey) : undefined,
  )!;
  let value: unknown;
  if (spec.mode === 'property') value = params.body;
  else {
    const taken = new Set<string>([
      ...operation.params.filter((param) => param.in !== 'path').map((param) => param.name),
      ...(operation.mediaTypeKey ? [operation.mediaTypeKey] : []),
    ]);
    const rest = Object.fromEntries(Object.entries(params).filter(([key]) => !taken.has(key)));
    // An empty required body is still a body: the server must see `{}`, not nothing.
    value = Object.keys(rest).length > 0 || operation.bodyRequired ? rest : undefined;
  }
  if (extra) {
    const fields = value ?? {};
    if (
      !['json', 'form', 'multipart'].includes(spec.kind) ||
      typeof fields !== 'object' ||
      fields === null ||
      Array.isArray(fields)
    )
      throw new ClientError(`Extra body fields need an object body; this call sends ${spec.mediaType}.`);
    value = { ...(fields as Record<string, unknown>), ...extra };
  }
  return value === undefined ? undefined : { spec, value };
}

/**
 * A next page's URL, resolved against the page that named it. It is sent with this client's
 * credentials, so it must stay on that page's origin.
 */
export function nextPageUrl(link: string, from: string): string {
  const next = new URL(link, from);
  if (next.origin !== new URL(from).origin)
    throw new ClientError(
      `The next page's URL is on ${next.origin}, not ${new URL(from).origin}: not sent with this client's credentials.`,
    );
  next.hash = '';
  return next.href;
}

/** A next page's URL as sent: with the query key added when the URL leaves it out. */
export function withQueryKey(apiKey: string | undefined, operation: OperationSpec, url: string): string {
  const auth = operation.auth;
  if (auth?.kind !== 'query' || !apiKey) return url;
  const { search, searchParams } = new URL(url);
  if (searchParams.has(auth.name)) return url;
  return `${url}${search ? '&' : '?'}${encodeQueryText(auth.name)}=${encodeQueryText(apiKey)}`;
}

/** An operation's own server URL: absolute as it is, relative (`/v3`) resolved against the client's base URL as RFC 3986 says. */
function resolveServer(server: string, clientBaseURL: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(server)) return server;
  try {
    // The base URL is an API root, read as a folder (`uploads` under `…/v1` is `…/v1/uploads`), as the IR resolves it.
    return new URL(server, clientBaseURL.endsWith('/') ? clientBaseURL : `${clientBaseURL}/`).href.replace(
      /\/+$/,
      '',
    );
  } catch {
    return server; // a client base URL that is itself relative: the server's path as written
  }
}

/** Per-call extra query parameters: arrays repeat the name, objects are JSON text. */
function extraQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  return Object.entries(query)
    .flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value])
        .filter((item) => item !== undefined && item !== null)
        .map(
          (item) =>
            `${encodeQueryText(name)}=${encodeQueryText(typeof item === 'object' && !(item instanceof Date) ? JSON.stringify(item) : primitiveText(item))}`,
        ),
    )
    .join('&');
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

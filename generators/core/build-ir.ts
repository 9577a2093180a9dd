/**
 * Builds the IR from a loaded (bundled) document: operations with parameters grouped by
 * location (ir-parameters.ts), bodies and responses per media type (ir-media.ts), security and
 * scopes, and the conventions our API adds (list paging: ir-pagination.ts, error schema,
 * rate-limit headers, idempotency, retry policy). It describes the API and names nothing: the SDK
 * shape (generators/sdk-shape/) names things. What it cannot represent faithfully (a style the
 * OpenAPI table does not define, multipart/mixed) stops generation with file, pointer and what;
 * lesser gaps become `unknown` plus a warning, never a crash.
 */
import { SpecError } from './load.js';
import type { LoadedDocument, OpenApiDocument } from './document.js';
import { camelCase } from './naming.js';
import { deref, escapePointerPart, schemaRefName, schemasElsewhere } from './refs.js';
import { placeSchemas } from './ir-places.js';
import { unreadablePatterns } from './schema-patterns.js';
import { collectBody, collectResponses } from './ir-media.js';
import {
  collectParameters,
  dropUnneededMatches,
  locateTemplateMatch,
  parsePathTemplate,
  templateTail,
  refuseAdjacentParameters,
  refuseIdenticalTemplates,
  refuseUnsendableKeys,
  leaveOutKeyParameters,
} from './ir-parameters.js';
import { collectServers, operationServers } from './ir-servers.js';
import { collectPagination } from './ir-pagination.js';
import { listedWebhooks, mixedWebhookSettings, type ListedWebhooks } from './webhook-items.js';
import { SchemaModel } from './schema-model.js';
import {
  HTTP_METHODS,
  type HttpMethod,
  type Ir,
  type IrConventions,
  type IrOperation,
  type IrSecurity,
  type IrSecurityScheme,
  type IrServer,
  type IrWarning,
  type IrEmittedAfter,
  type IrWebhookEvent,
  type IrWebhooks,
  type JsonSchema,
  type RetryPolicy,
} from './ir.js';

/**
 * Constructs the generators cannot represent faithfully, every one found (not only the first):
 * its message is one `file:line:col: what (at #pointer)` line per construct.
 */
export class UnsupportedSpecError extends SpecError {
  constructor(readonly problems: SpecError[]) {
    super(problems[0].file, problems[0].pointer, problems[0].reason, {
      line: problems[0].line,
      column: problems[0].column,
    });
    // One line per construct; each command puts its own prefix before every line (prefixLines).
    this.message = problems.map((problem) => problem.message).join('\n');
    this.name = 'UnsupportedSpecError';
  }
}

/** The policy official clients follow when a spec states none. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 3,
  initialDelayMs: 500,
  maxDelayMs: 8000,
  backoffMultiplier: 2,
  jitter: 'full',
  respectRetryAfter: true,
  retryOnConnectionError: true,
  retryableStatuses: [408, 429, 500, 502, 503, 504],
};

const IDEMPOTENCY_HEADER = /^idempotency-key$/i;

// The document is untyped JSON until normalised here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** `sdkName`: the name the SDKs are named after, over the spec's own (`npm run generate -- --name`). */
export function buildIr(loaded: LoadedDocument, overrides: { sdkName?: string } = {}): Ir {
  const document = loaded.document;
  const warnings: IrWarning[] = [];
  const warn = (pointer: string, message: string) => warnings.push({ pointer, message });
  const problems: Array<{ pointer: string; message: string }> = [];
  const unsupported = (pointer: string, message: string) =>
    problems.push({ pointer, message: `not supported: ${message}` });
  const invalid = (pointer: string, message: string) => problems.push({ pointer, message });
  const info = document.info ?? {};
  const sdkName = overrides.sdkName ?? info['x-sdk-name'];
  // Its first letter or digit must be a letter: it starts the environment variables (`3SCALE_API_KEY` cannot be exported).
  if (sdkName !== undefined && (typeof sdkName !== 'string' || !/^[^A-Za-z0-9]*[A-Za-z]/.test(sdkName))) {
    invalid(
      overrides.sdkName === undefined ? '/info/x-sdk-name' : '',
      "the SDKs' name (x-sdk-name, --name) must be a string that starts with a letter",
    );
  }

  const servers = collectServers(document.servers, '/servers', invalid);
  const operations = collectOperations(document, servers, warn, unsupported, invalid);
  for (const name of mixedWebhookSettings(document))
    invalid(
      `/x-webhooks/${escapePointerPart(name)}`,
      'root x-webhooks holds webhooks (path items, as OpenAPI 3.0 lists them) beside other values such as signing settings; list the webhooks alone there, or under `webhooks` (OpenAPI 3.1) with the settings in x-webhooks',
    );
  for (const found of unreadablePatterns(document))
    invalid(
      found.pointer,
      `the pattern ${JSON.stringify(found.pattern.length > 200 ? `${found.pattern.slice(0, 200)}…` : found.pattern)} is not an ECMA-262 regular expression, the dialect of OpenAPI's schemas (JavaScript: ${found.reason}); write it in that dialect`,
    );
  if (problems.length > 0)
    throw new UnsupportedSpecError(
      problems.map((problem) => new SpecError(loaded.sourcePath, problem.pointer, problem.message)),
    );
  const conventions = buildConventions(document, operations);
  const listed = listedWebhooks(document);
  const webhooks = buildWebhooks(document, listed, warn);
  const operationIds = new Set(operations.map((operation) => operation.id));
  // Events come from the listed webhooks: none without them.
  if (webhooks && listed)
    for (const event of webhooks.events)
      event.emittedAfter = emittedAfter(document, listed, event.name, operationIds, warn);

  const model = new SchemaModel(document, loaded.openapiVersion);
  placeSchemas(model, document, operations);
  return {
    source: loaded.sourcePath,
    get digest() {
      return loaded.digest; // computed when first read
    },
    openapiVersion: loaded.openapiVersion,
    info: {
      title: String(info.title ?? 'API'),
      version: String(info.version ?? '0.0.0'),
      description: info.description,
      ...(sdkName !== undefined ? { sdkName } : {}),
    },
    servers,
    operations,
    schemas: Object.entries<Json>(document.components?.schemas ?? {}).map(([name, schema]) => ({
      name,
      schema: asSchema(schema),
    })),
    schemasElsewhere: schemasElsewhere(document).map(({ pointer, schema }) => ({
      pointer,
      schema: asSchema(schema),
    })),
    securitySchemes: buildSecuritySchemes(document),
    conventions,
    ...(webhooks ? { webhooks } : {}),
    warnings,
    excluded: loaded.excluded ?? [],
    document,
    model,
  };
}

/** Standard Webhooks, the scheme assumed when a spec lists webhooks without saying how they are signed. */
const STANDARD_WEBHOOKS = {
  headers: { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' },
  secretPrefix: 'whsec_',
  toleranceSeconds: 300,
};

function buildWebhooks(
  document: Json,
  listed: ListedWebhooks | undefined,
  warn: (pointer: string, message: string) => void,
): IrWebhooks | undefined {
  // Signing settings, unless root x-webhooks is where the webhooks themselves are listed.
  const declared = listed?.pointer === '/x-webhooks' ? undefined : document['x-webhooks'];
  const events: IrWebhookEvent[] = [];
  for (const [name, rawItem] of Object.entries<Json>(listed?.items ?? {})) {
    const post = deref(document, rawItem)?.post;
    const media = post && deref(document, post.requestBody)?.content;
    const json = media && Object.entries<Json>(media).find(([type]) => /json/i.test(type));
    if (!json) {
      warn(
        `${listed!.pointer}/${escapePointerPart(name)}`,
        'webhook has no POST with a JSON body; left out of the webhook helpers',
      );
      continue;
    }
    events.push({
      name,
      operationId: post.operationId,
      summary: post.summary,
      schema: asSchema(json[1]?.schema),
      emittedAfter: [],
    });
  }
  if (!declared && events.length === 0) return undefined;
  if (
    declared &&
    declared.signature_scheme !== undefined &&
    declared.signature_scheme !== 'standard-webhooks'
  ) {
    warn(
      '/x-webhooks/signature_scheme',
      `unknown signature scheme ${JSON.stringify(declared.signature_scheme)}; assuming standard-webhooks`,
    );
  }
  const headers = declared?.headers ?? {};
  return {
    scheme: 'standard-webhooks',
    headers: {
      id: typeof headers.id === 'string' ? headers.id : STANDARD_WEBHOOKS.headers.id,
      timestamp:
        typeof headers.timestamp === 'string' ? headers.timestamp : STANDARD_WEBHOOKS.headers.timestamp,
      signature:
        typeof headers.signature === 'string' ? headers.signature : STANDARD_WEBHOOKS.headers.signature,
    },
    secretPrefix:
      typeof declared?.secret_prefix === 'string' ? declared.secret_prefix : STANDARD_WEBHOOKS.secretPrefix,
    toleranceSeconds: numberOr(declared?.tolerance_seconds, STANDARD_WEBHOOKS.toleranceSeconds),
    events,
    delivery: {
      timeoutSeconds: typeof declared?.timeout_seconds === 'number' ? declared.timeout_seconds : null,
      maxPayloadBytes: typeof declared?.max_payload_bytes === 'number' ? declared.max_payload_bytes : null,
      retryScheduleSeconds: Array.isArray(declared?.retry_schedule_seconds)
        ? declared.retry_schedule_seconds.filter(
            (delay: unknown): delay is number => typeof delay === 'number' && delay >= 0,
          )
        : [],
    },
  };
}

/**
 * A webhook's `x-emitted-after` (which calls cause it). An entry naming no operation, or with a
 * malformed `when`/`payload`, is left out with a warning (the linter reports it as an error).
 */
function emittedAfter(
  document: Json,
  listed: ListedWebhooks,
  name: string,
  operationIds: Set<string>,
  warn: (pointer: string, message: string) => void,
): IrEmittedAfter[] {
  const post = deref(document, listed.items[name])?.post;
  const declared = post?.['x-emitted-after'];
  if (declared === undefined) return [];
  const pointer = `${listed.pointer}/${escapePointerPart(name)}/post/x-emitted-after`;
  if (!Array.isArray(declared)) {
    warn(pointer, 'x-emitted-after is not a list; ignored');
    return [];
  }
  const isMap = (value: unknown): value is Record<string, unknown> =>
    Boolean(value) && typeof value === 'object' && !Array.isArray(value);
  const entries: IrEmittedAfter[] = [];
  declared.forEach((entry: Json, index: number) => {
    if (!isMap(entry) || typeof entry.operationId !== 'string' || !operationIds.has(entry.operationId)) {
      warn(
        `${pointer}/${index}`,
        `names no operation of this spec (${JSON.stringify(isMap(entry) ? entry.operationId : entry)}); left out`,
      );
      return;
    }
    if (
      (entry.when !== undefined && !isMap(entry.when)) ||
      (entry.payload !== undefined && !isMap(entry.payload))
    ) {
      warn(`${pointer}/${index}`, 'when and payload must be objects; left out');
      return;
    }
    entries.push({
      operationId: entry.operationId,
      when: { ...(entry.when ?? {}) },
      payload: { ...(entry.payload ?? {}) },
    });
  });
  return entries;
}

function asSchema(value: unknown): JsonSchema {
  return value && typeof value === 'object'
    ? (value as Record<string, unknown>)
    : typeof value === 'boolean'
      ? value
      : true;
}

function collectOperations(
  document: OpenApiDocument,
  rootServers: IrServer[],
  warn: (pointer: string, message: string) => void,
  unsupported: (pointer: string, message: string) => void,
  invalid: (pointer: string, message: string) => void,
): IrOperation[] {
  const operations: IrOperation[] = [];
  for (const [path, rawItem] of Object.entries<Json>(document.paths ?? {})) {
    const pathPointer = `/paths/${escapePointerPart(path)}`;
    const { query, fragment } = templateTail(path);
    if (/\{[^}]*\}/.test(fragment)) {
      // mastercard's `/send/#env/v1/partners/{partnerId}/…`: a parameter no request can carry.
      invalid(
        pathPointer,
        `the path template puts ${fragment.match(/\{[^}]*\}/)![0]} after "#", in the fragment, which never reaches a server: no request can carry it (write a literal "#" as %23)`,
      );
      continue;
    }
    const queried = /\{([^}]*)\}/.exec(query);
    if (queried) {
      // weatherbit's `/alerts?lat={lat}&lon={lon}` (lat and lon declared in the path): the SDKs
      // filled the template and the stubs, routing `/alerts`, found no path parameters. OpenAPI's
      // paths hold no query; the parameters go `in: query`.
      invalid(
        pathPointer,
        `the path template puts ${queried[0]} in its query (after "?"), where no path parameter can be: declare ${queried[1]} \`in: query\` and leave "${query}" out of the path`,
      );
      continue;
    }
    if (/[?#]/.test(path))
      warn(
        pathPointer,
        `path "${path}" carries a query or fragment, which routers do not match and a fragment never reaches a server; server stubs route it as "${path.replace(/[?#].*$/s, '') || '/'}" and match its first name=value as a query parameter ("?") or request header ("#", AWS's X-Amz-Target convention)`,
      );
    const pathItem = deref(document, rawItem);
    if (!pathItem || typeof pathItem !== 'object') {
      warn(pathPointer, 'path item could not be resolved; skipped');
      continue;
    }
    // A path item that is a local $ref declares its servers where it points.
    const itemPointer =
      typeof rawItem?.$ref === 'string' && rawItem.$ref.startsWith('#/')
        ? rawItem.$ref.slice(1)
        : pathPointer;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!operation || typeof operation !== 'object') continue;
      const pointer = `${pathPointer}/${method}`;
      // The Fetch standard forbids TRACE, so the TypeScript client (and every browser) cannot send it.
      if (method === 'trace')
        unsupported(
          pointer,
          'TRACE operations: the TypeScript client sends requests with fetch, which forbids the TRACE method',
        );
      const { grouped: parameters, ordered: allParameters } = collectParameters(
        document,
        pathItem.parameters,
        operation.parameters,
        pointer,
        warn,
        unsupported,
        invalid,
      );
      const responses = collectResponses(document, operation.responses, pointer, warn, unsupported);
      // The success the SDKs return: the first 2xx (or 2XX) that has a body when any has one
      // (climate.com documents a download as 204, then 206 with the bytes), else the first 2xx.
      const successes = responses.filter((response) => /^2(\d\d|XX)$/.test(response.status));
      const successStatus = (
        successes.find((response) => response.content.length > 0) ??
        successes.find((response) => response.status !== '2XX') ??
        successes[0]
      )?.status;
      const idFromSpec =
        typeof operation.operationId === 'string' && operation.operationId.trim()
          ? operation.operationId.trim()
          : undefined;
      const irOperation: IrOperation = {
        id: idFromSpec ?? derivedOperationId(method, path),
        idIsDerived: !idFromSpec,
        method,
        path,
        template: locateTemplateMatch(parsePathTemplate(path), parameters),
        tags: Array.isArray(operation.tags) ? operation.tags.map(String) : [],
        summary: operation.summary,
        description: operation.description,
        deprecated: operation.deprecated === true,
        parameters,
        allParameters,
        body: collectBody(document, operation.requestBody, pointer, method, warn, unsupported, invalid),
        responses,
        successStatus,
        security: collectSecurity(document, operation, pointer),
        idempotencyHeader: parameters.header.find((param) => IDEMPOTENCY_HEADER.test(param.name))?.name,
        servers: operationServers(
          operation,
          pathItem,
          `${itemPointer}/${method}`,
          itemPointer,
          rootServers,
          invalid,
        ),
      };
      irOperation.pagination = collectPagination(
        document,
        irOperation,
        operation,
        `${itemPointer}/${method}`,
        invalid,
      );
      operations.push(irOperation);
    }
  }
  uniqueDerivedIds(operations);
  refuseIdenticalTemplates(
    operations,
    (path, method) => `/paths/${escapePointerPart(path)}/${method}`,
    invalid,
  );
  refuseAdjacentParameters(operations, (path) => `/paths/${escapePointerPart(path)}`, invalid);
  refuseUnsendableKeys(document, operations, invalid);
  leaveOutKeyParameters(document, operations, warn);
  return dropUnneededMatches(operations);
}

/**
 * Derived ids made unique: two paths may derive one id (daniweb's `GET /users` and `GET /users/~`,
 * whose `~` no identifier keeps), or a derived id may be another operation's own. The spec's ids
 * stay, and so does the first operation to derive each id; a later one gets the first number no
 * operation's id takes (`getUsers2`, or `getUsers3` where `/users2` derives `getUsers2`), so adding
 * an operation renames only operations that derive its id. Ids are compared without regard to case.
 */
function uniqueDerivedIds(operations: IrOperation[]): void {
  const taken = new Set<string>();
  const claimed = new Set<IrOperation>();
  for (const operation of operations) if (!operation.idIsDerived) taken.add(operation.id.toLowerCase());
  for (const operation of operations) {
    if (!operation.idIsDerived || taken.has(operation.id.toLowerCase())) continue;
    taken.add(operation.id.toLowerCase());
    claimed.add(operation);
  }
  for (const operation of operations) {
    if (!operation.idIsDerived || claimed.has(operation)) continue;
    let count = 2;
    while (taken.has(`${operation.id}${count}`.toLowerCase())) count += 1;
    operation.id = `${operation.id}${count}`;
    taken.add(operation.id.toLowerCase());
  }
}

/** "get /v1/nature/subjects/{subject_id}" -> "getV1NatureSubjectsBySubjectId". */
export function derivedOperationId(method: HttpMethod, path: string): string {
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith('{') ? `By ${segment.replace(/[{}]/g, '')}` : segment));
  return camelCase(`${method} ${parts.join(' ')}`);
}

function collectSecurity(document: OpenApiDocument, operation: Json, operationPointer: string): IrSecurity {
  const own = Array.isArray(operation.security);
  const requirements: Json[] = own
    ? operation.security
    : Array.isArray(document.security)
      ? document.security
      : [];
  const alternatives = requirements.map((requirement) =>
    Object.entries<Json>(requirement ?? {}).map(([scheme, scopes]) => ({
      scheme,
      scopes: Array.isArray(scopes) ? scopes.map(String) : [],
    })),
  );
  const isPublic = alternatives.length === 0 || alternatives.some((alternative) => alternative.length === 0);
  const scopes = [...new Set(alternatives.flat().flatMap((requirement) => requirement.scopes))].sort();
  const keyTypes = Array.isArray(operation['x-key-types']) ? operation['x-key-types'].map(String) : undefined;
  const pointer = own
    ? `${operationPointer}/security`
    : Array.isArray(document.security)
      ? '/security'
      : undefined;
  return { isPublic, alternatives, scopes, keyTypes, ...(pointer ? { pointer } : {}) };
}

function buildSecuritySchemes(document: OpenApiDocument): IrSecurityScheme[] {
  return Object.entries<Json>(document.components?.securitySchemes ?? {}).map(([name, raw]) => {
    const scheme = deref(document, raw) ?? {};
    const oauthScopes = Object.values<Json>(scheme.flows ?? {}).flatMap((flow) =>
      Object.entries<Json>(flow?.scopes ?? {}).map(([scope, description]) => ({
        name: scope,
        description: String(description),
        mintable: true,
      })),
    );
    const extensionScopes = Object.entries<Json>(scheme['x-scopes'] ?? {}).map(([scope, value]) => ({
      name: scope,
      description: typeof value === 'string' ? value : value?.description,
      mintable: value?.mintable !== false,
    }));
    return {
      name,
      type: String(scheme.type ?? 'unknown'),
      scheme: scheme.scheme ? String(scheme.scheme).toLowerCase() : undefined,
      in: scheme.in,
      parameterName: scheme.name,
      scopes: [...oauthScopes, ...extensionScopes],
    };
  });
}

function buildConventions(document: OpenApiDocument, operations: IrOperation[]): IrConventions {
  const rawPolicy = document['x-retry-policy'];
  const retryPolicy: RetryPolicy = rawPolicy
    ? {
        maxRetries: numberOr(rawPolicy.max_retries, DEFAULT_RETRY_POLICY.maxRetries),
        initialDelayMs: numberOr(rawPolicy.initial_delay_ms, DEFAULT_RETRY_POLICY.initialDelayMs),
        maxDelayMs: numberOr(rawPolicy.max_delay_ms, DEFAULT_RETRY_POLICY.maxDelayMs),
        backoffMultiplier: numberOr(rawPolicy.backoff_multiplier, DEFAULT_RETRY_POLICY.backoffMultiplier),
        jitter: ['none', 'full', 'equal'].includes(rawPolicy.jitter)
          ? rawPolicy.jitter
          : DEFAULT_RETRY_POLICY.jitter,
        respectRetryAfter: rawPolicy.respect_retry_after !== false,
        retryOnConnectionError: rawPolicy.retry_on_connection_error !== false,
        retryableStatuses: Array.isArray(rawPolicy.retryable_statuses)
          ? rawPolicy.retryable_statuses.map(Number).filter(Number.isInteger)
          : DEFAULT_RETRY_POLICY.retryableStatuses,
      }
    : DEFAULT_RETRY_POLICY;

  const headerNames = new Set(
    operations.flatMap((operation) =>
      operation.responses.flatMap((response) => response.headers.map((header) => header.name)),
    ),
  );
  const findHeader = (pattern: RegExp) => [...headerNames].find((name) => pattern.test(name));

  const errorRefs = new Set(
    operations.flatMap((operation) =>
      operation.responses
        .filter((response) => /^[45]/.test(response.status) && response.isJson)
        .map((response) => schemaRefName(response.schema) ?? '(inline)'),
    ),
  );
  const errorSchema = errorRefs.size === 1 && !errorRefs.has('(inline)') ? [...errorRefs][0] : undefined;

  const rateLimits = document['x-rate-limits'];
  const keyPrefixes = Object.values<Json>(document.components?.securitySchemes ?? {}).flatMap((raw) =>
    Object.entries<Json>(deref(document, raw)?.['x-key-format']?.prefixes ?? {}).map(([prefix, value]) => ({
      prefix,
      environment: String(value?.environment ?? ''),
      type: String(value?.type ?? ''),
    })),
  );
  const keyPattern = Object.values<Json>(document.components?.securitySchemes ?? {})
    .map((raw) => deref(document, raw)?.['x-key-format']?.pattern)
    .find((pattern) => typeof pattern === 'string');
  return {
    retryPolicy,
    retryPolicyFromSpec: Boolean(rawPolicy),
    rateLimit: {
      limitHeader: findHeader(/^x-ratelimit-limit$/i) ?? findHeader(/^ratelimit-limit$/i),
      remainingHeader: findHeader(/^x-ratelimit-remaining$/i) ?? findHeader(/^ratelimit-remaining$/i),
      retryAfterHeader: findHeader(/^retry-after$/i),
      tiers: Array.isArray(rateLimits?.tiers)
        ? rateLimits.tiers.map((tier: Json) => ({
            tier: Number(tier.tier),
            plan: String(tier.plan),
            perKey: Number(tier.per_key),
            perAccount: Number(tier.per_account),
          }))
        : [],
      headersDescribe: rateLimits?.headers_describe,
    },
    errorSchema,
    requestIdHeader: findHeader(/^x-request-id$/i),
    specDigestHeader:
      typeof document['x-spec-digest-header'] === 'string' ? document['x-spec-digest-header'] : undefined,
    keyPrefixes,
    keyPattern,
  };
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

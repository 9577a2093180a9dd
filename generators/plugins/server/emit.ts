/**
 * Fastify route stubs (`server/`): a route table with each operation's JSON Schemas and
 * security, a typed `Handlers` map keyed by operationId (Fastify's Body/Querystring/Params/
 * Headers/Reply generics, from openapi-typescript's types), and the hand-written plugin runtime
 * copied into `server/core/`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { StructureKind, type StatementStructures } from 'ts-morph';
import { jsonFile, runtimeFiles, type GeneratedFile } from '../../core/files.js';
import { besideRuntime, withPortableImports } from '../../core/portable.js';
import type { Ir, IrOperation, IrPathTemplate, JsonSchema } from '../../core/ir.js';
import { parsePathTemplate } from '../../core/ir-parameters.js';
import { pascalCase, propertyKey } from '../../core/naming.js';
import { sharedSchema, sharedSchemaFor, sideSchema, standaloneSchema } from '../../core/schema-dialect.js';
import { printingProject, dataModule, printStructure } from '../../core/ts-project.js';
import { errorTemplates } from './error-templates.js';
import { routeInterface } from './handler-types.js';
import { serverReadme } from './readme.js';
import { shadowedRouteAliases, type RouteAlias } from './shadowed-routes.js';
import { fixedStringsFirst, textChoices } from './text-choices.js';
import { wireBodies, wireParams, wireResponses } from './wire-spec.js';
import { sentAsJson } from '../../sdk-shape/index.js';

// The runtime and, beside it, the parameter decoder it shares with the MSW handlers and the JSON
// equality it shares with the contract suites (generators/core/).
const RUNTIME_FILES = [
  ...runtimeFiles(path.join(path.dirname(fileURLToPath(import.meta.url)), 'runtime'), 'server/core/').map(
    (file) => ({ ...file, content: withPortableImports(file.content, './') }),
  ),
  ...besideRuntime('server/core/', ['param-decoding.ts', 'json-equal.ts', 'schema-keywords.ts']),
];

const fastifyParamName = (name: string) => name.replace(/[^A-Za-z0-9_]/g, '_');

/**
 * The Fastify URL of an OpenAPI path template. A query or fragment in the template (AWS's
 * `/#X-Amz-Target=...`) is dropped: requests cannot carry a fragment, and the router matches
 * paths only (build-ir warns). A literal colon is `::` to Fastify; a parameter followed by text
 * in its segment (Google's `{name}:cancel`) needs a lazy pattern, or every such route collides.
 * Example: "/v1/{name}:cancel" -> "/v1/:name(^[\s\S]+?)::cancel"; "/w/{a}:{b}" -> "/w/:a(^[\s\S]+?):::b(^[\s\S]+?)".
 */
export function fastifyUrl(template: string | IrPathTemplate): string {
  const { parts } = typeof template === 'string' ? parsePathTemplate(template) : template;
  let paramInSegment = false;
  return parts
    .map((part, index) => {
      if ('literal' in part) {
        if (part.literal.includes('/')) paramInSegment = false;
        return part.literal.replace(/:/g, '::');
      }
      const next = parts[index + 1];
      // `[\s\S]`, not `.`: the router matches the decoded path, where a value may hold a line
      // break. The segment's later parameters too: the router's own pattern for them is `.*?`
      // (obs' `{architecture_name}:{worker_id}` with a CR in the worker's id found no route).
      const glued = (next && 'literal' in next && !next.literal.startsWith('/')) || paramInSegment;
      paramInSegment = true;
      return `:${fastifyParamName(part.param)}${glued ? '(^[\\s\\S]+?)' : ''}`;
    })
    .join('');
}

/**
 * What a template's query or fragment asks of a request, as the first `name=value` pair: a query
 * parameter after "?", a request header after "#" (AWS's JSON protocols put `X-Amz-Target` there).
 * Example: "/#X-Amz-Target=Things.PutThing" -> { in: 'header', name: 'X-Amz-Target', value: 'Things.PutThing' }.
 */
export function templateMatch(template: string): IrPathTemplate['match'] {
  return parsePathTemplate(template).match;
}

function schemaFor(ir: Ir, schema: JsonSchema): JsonSchema {
  return standaloneSchema(schema, ir);
}

/**
 * A parameter's schema for validation: parameters arrive as text and are coerced, so a oneOf whose
 * alternatives both accept that text (an integer and a string, a string and an array of strings)
 * would refuse every value; it is validated as anyOf. Text never reads as null, so a `{type: null}`
 * alternative (a nullable `$ref`) is left out: JSON Schema 2020-12 has Ajv evaluate every anyOf
 * alternative, and that one coerced the `0`, `false` or empty text an earlier one had accepted to null.
 */
function parameterSchema(node: unknown, text: boolean): unknown {
  if (Array.isArray(node)) return node.map((each) => parameterSchema(each, text));
  if (!node || typeof node !== 'object') return node;
  // An enum without a type and without strings (`enum: [true, false, 0, 1]`) is coerced from text
  // only once typed, by the types of its values (with a string among them, text would not be coerced).
  const values = (node as { enum?: unknown }).enum;
  const typed =
    text && Array.isArray(values) && !('type' in node) && !values.some((value) => typeof value === 'string')
      ? { ...node, type: enumTypes(values) }
      : node;
  return Object.fromEntries(
    Object.entries(typed).map(([key, value]) => {
      if ((key === 'oneOf' || key === 'anyOf') && Array.isArray(value)) {
        const options = text ? value.filter((option) => !isNullOnly(option)) : value;
        // Fixed strings first, where they coerce nothing (text-choices.ts).
        const ordered = text ? fixedStringsFirst(options) : options;
        return ['anyOf', parameterSchema(ordered.length > 0 ? ordered : value, text)];
      }
      return [key, parameterSchema(value, text)];
    }),
  );
}

/** The JSON types of enum values, in the order Ajv should try to coerce text to them. */
function enumTypes(values: unknown[]): string[] {
  const of = (value: unknown): string =>
    value === null
      ? 'null'
      : Number.isInteger(value)
        ? 'integer'
        : typeof value === 'number'
          ? 'number'
          : typeof value;
  const found = new Set(values.map(of));
  if (found.has('integer') && found.has('number')) found.delete('integer');
  return ['boolean', 'integer', 'number', 'string', 'null', 'object'].filter((type) => found.has(type));
}

const isNullOnly = (schema: unknown) =>
  !!schema &&
  typeof schema === 'object' &&
  Object.keys(schema).length === 1 &&
  (schema as { type?: unknown }).type === 'null';

/**
 * A parameter's schema with its default beside it when the default is written behind a `$ref`
 * (graphhopper's `vehicle: {$ref: VehicleProfileId}`, whose default is `car`): Ajv applies a default
 * only where it sits in the property's own schema, so an absent parameter reached the handler
 * without the default its schema gives. The SDKs and the round trip read it through the `$ref` too.
 */
function withDefault(ir: Ir, declared: JsonSchema, schema: unknown): unknown {
  const target = ir.model.deref<{ default?: unknown }>(declared);
  return target &&
    typeof target === 'object' &&
    'default' in target &&
    schema &&
    typeof schema === 'object' &&
    !('default' in schema)
    ? { ...schema, default: target.default }
    : schema;
}

/**
 * A parameter with `content` in Fastify's schema of its part: its default alone, for Ajv to fill in.
 * It arrives as JSON (null included), not as text: the wire hook decodes it and validates it against
 * its own schema with the strict validator (`WireParam.schema`), as a JSON body. The coercing one
 * Fastify validates parameters with reads every branch of a union and coerces in place (superset's
 * `q`: a number beside a string in `anyOf` reached the handler as text, `true` as "1"). As in a JSON
 * body, no default is filled in inside its value, and a `oneOf` is read as written.
 */
function jsonParamSlot(ir: Ir, declared: JsonSchema): object {
  const target = ir.model.deref<{ default?: unknown }>(declared);
  return target && typeof target === 'object' && 'default' in target ? { default: target.default } : {};
}

function objectSchema(
  ir: Ir,
  params: Array<{ name: string; required: boolean; schema: JsonSchema; contentType?: string }>,
  lowercase = false,
): object | undefined {
  if (params.length === 0) return undefined;
  const key = (name: string) => (lowercase ? name.toLowerCase() : name);
  const required = params.filter((param) => param.required).map((param) => key(param.name));
  return {
    type: 'object',
    properties: Object.fromEntries(
      params.map((param) => [
        key(param.name),
        sentAsJson(param)
          ? jsonParamSlot(ir, param.schema)
          : withDefault(ir, param.schema, parameterSchema(schemaFor(ir, param.schema), !param.contentType)),
      ]),
    ),
    ...(required.length ? { required } : {}),
  };
}

/** One route table entry: everything the plugin needs at run time. */
/** The shared schema as requests and as responses read it, when readOnly/writeOnly make them differ. */
interface Sides {
  request?: { $id: string };
  response?: { $id: string };
}

/**
 * The status the operation documents for a request it refuses as invalid, where that is not 400:
 * 422 when it documents 422 and none of 400, 4XX and default (FastAPI's convention, formapi's).
 * Any other operation is refused with 400, documented or not (the spec's gap then).
 */
function refusalStatus(operation: IrOperation): number | undefined {
  const documented = new Set(operation.responses.map((response) => response.status.toUpperCase()));
  return documented.has('422') && !['400', '4XX', 'DEFAULT'].some((status) => documented.has(status))
    ? 422
    : undefined;
}

function routeSpec(
  ir: Ir,
  operation: IrOperation,
  sides: Sides,
  errorResponses: Record<string, number> | undefined,
  aliases: RouteAlias[] | undefined,
): Record<string, unknown> {
  const { parameters } = operation;
  const response: Record<string, object> = {};
  for (const result of operation.responses) {
    if (!result.isJson || result.schema === undefined) continue;
    const status = /^\d+$/.test(result.status)
      ? result.status
      : result.status === 'default'
        ? 'default'
        : result.status.toLowerCase();
    const json = result.content.filter((media) => media.kind === 'json');
    // Several JSON media types on one status (application/json, application/sarif+json): Fastify picks the schema by the reply's Content-Type.
    response[status] =
      json.length > 1
        ? {
            content: Object.fromEntries(
              json.map((media) => [
                media.mediaType,
                { schema: sideSchema(media.schema, ir, sides.response) },
              ]),
            ),
          }
        : (sideSchema(result.schema, ir, sides.response) as object);
  }
  const schema: Record<string, unknown> = {
    params: objectSchema(ir, parameters.path),
    querystring: objectSchema(ir, parameters.query),
    headers: objectSchema(ir, parameters.header, true),
    body: operation.body?.isJson ? sideSchema(operation.body.schema, ir, sides.request) : undefined,
    response: Object.keys(response).length ? response : undefined,
    cookies: objectSchema(ir, parameters.cookie),
  };
  const bodies = wireBodies(ir, operation, sides.request);
  const responseMedia = wireResponses(ir, operation);
  const paramNames = Object.fromEntries(
    parameters.path
      .filter((param) => fastifyParamName(param.name) !== param.name)
      .map((param) => [fastifyParamName(param.name), param.name]),
  );
  const all = [...parameters.query, ...parameters.header, ...parameters.path];
  return {
    operationId: operation.id,
    method: operation.method.toUpperCase(),
    path: operation.path,
    url: fastifyUrl(operation.template),
    ...(aliases ? { aliases } : {}),
    ...(operation.template.match ? { match: operation.template.match } : {}),
    paramNames,
    security: {
      isPublic: operation.security.isPublic,
      scopes: operation.security.scopes,
      ...(operation.security.keyTypes ? { keyTypes: operation.security.keyTypes } : {}),
    },
    ...(operation.successStatus && /^\d+$/.test(operation.successStatus)
      ? { successStatus: Number(operation.successStatus) }
      : {}),
    ...(operation.body ? { bodyContentType: operation.body.contentType } : {}),
    ...(operation.body && !operation.body.required ? { bodyOptional: true } : {}),
    ...(operation.idempotencyHeader ? { idempotencyHeader: operation.idempotencyHeader } : {}),
    ...(refusalStatus(operation) ? { refusalStatus: refusalStatus(operation) } : {}),
    // x-error-code belongs to the parameter's own rule: the exclusivity when it has one (below),
    // else its bounds. A type or pattern failure is always invalid_request.
    errorCodes: Object.fromEntries(
      all
        .filter((param) => param.errorCode && !param.exclusiveWith?.length)
        .map((param) => [param.name, param.errorCode!]),
    ),
    exclusive: all.flatMap((param) =>
      (param.exclusiveWith ?? []).map((other) => ({
        params: [param.name, other],
        code: param.errorCode ?? 'invalid_request',
      })),
    ),
    schema: Object.fromEntries(Object.entries(schema).filter(([, value]) => value !== undefined)),
    ...wireParams(ir, operation, sides.request),
    ...(bodies ? { bodies } : {}),
    ...(responseMedia ? { responseMedia } : {}),
    ...(errorResponses ? { errorResponses } : {}),
  };
}

/** What a service implementing the spec must know beyond routes, stated once, from the spec. */
function factsFile(ir: Ir): string {
  const c = ir.conventions;
  const scopes = ir.securitySchemes.flatMap((scheme) =>
    scheme.scopes.map((scope) => ({ name: scope.name, mintable: scope.mintable })),
  );
  const facts: Array<[string, string, unknown]> = [
    ['SPEC_DIGEST', 'Digest of the spec these stubs were generated from.', ir.digest],
    ['SPEC_VERSION', 'info.version of that spec.', ir.info.version],
    [
      'SPEC_DIGEST_HEADER',
      'Header that carries spec digests between clients and services (x-spec-digest-header).',
      c.specDigestHeader ?? null,
    ],
    [
      'RATE_LIMIT_TIERS',
      'Requests per minute per key and per account, by tier (x-rate-limits).',
      c.rateLimit.tiers,
    ],
    [
      'RATE_LIMIT_HEADERS',
      'Response headers that carry rate-limit state.',
      {
        limit: c.rateLimit.limitHeader ?? null,
        remaining: c.rateLimit.remainingHeader ?? null,
        retryAfter: c.rateLimit.retryAfterHeader ?? null,
      },
    ],
    ['REQUEST_ID_HEADER', 'Response header that carries the request ID.', c.requestIdHeader ?? null],
    ['KEY_PATTERN', 'Pattern every API key matches (x-key-format).', c.keyPattern ?? null],
    ['KEY_PREFIXES', 'Key prefixes: environment and type (x-key-format).', c.keyPrefixes],
    ['SCOPES', 'Declared scopes, and whether keys can carry them today.', scopes],
    [
      'WEBHOOKS',
      'Webhook signing and delivery (x-webhooks), and the event types (webhooks); null when the spec has none.',
      ir.webhooks
        ? {
            headers: ir.webhooks.headers,
            secretPrefix: ir.webhooks.secretPrefix,
            toleranceSeconds: ir.webhooks.toleranceSeconds,
            ...ir.webhooks.delivery,
            eventTypes: ir.webhooks.events.map((event) => event.name),
          }
        : null,
    ],
  ];
  return dataModule(
    [],
    facts.map(([name, doc, value]) => ({ name, doc, value })),
  );
}

/** The type imports handlers.ts needs for files and streams, when the spec has them. */
function mediaImports(ir: Ir): StatementStructures[] {
  const kinds = new Set(
    ir.operations.flatMap((operation) =>
      [
        ...(operation.body?.content ?? []),
        ...operation.responses.flatMap((response) => response.content),
      ].map((media) => media.kind),
    ),
  );
  const multipartFiles = ir.operations.some((operation) =>
    operation.body?.content.some((media) =>
      media.parts?.some((part) => part.shape === 'file' || part.shape === 'files'),
    ),
  );
  const imports: StatementStructures[] = [];
  if (kinds.has('binary') || kinds.has('event-stream') || kinds.has('ndjson'))
    imports.push({
      kind: StructureKind.ImportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: 'node:stream',
      namedImports: ['Readable'],
    });
  if (multipartFiles)
    imports.push({
      kind: StructureKind.ImportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: './core/bodies.js',
      namedImports: ['UploadedBody'],
    });
  if (
    kinds.has('multipart') &&
    ir.operations.some((operation) =>
      operation.responses.some((response) => response.content.some((media) => media.kind === 'multipart')),
    )
  )
    imports.push({
      kind: StructureKind.ImportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: './core/multipart-answers.js',
      namedImports: ['MultipartAnswer'],
    });
  if (kinds.has('event-stream'))
    imports.push({
      kind: StructureKind.ImportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: './core/replies.js',
      namedImports: ['SseEvent'],
    });
  return imports;
}

export function emitServer(ir: Ir, warn: (message: string, pointer?: string) => void): GeneratedFile[] {
  const project = printingProject();
  const taken = new Set<string>(['Handlers', 'LowercaseKeys', 'RouteHandler']);
  const routeNames = new Map<IrOperation, string>();
  for (const operation of ir.operations) {
    let name = `${pascalCase(operation.id)}Route`;
    for (let suffix = 2; taken.has(name); suffix += 1) name = `${pascalCase(operation.id)}Route${suffix}`;
    taken.add(name);
    routeNames.set(operation, name);
  }

  // The route table is data (megabytes for large specs): a JSON file, loaded at startup, keeps
  // diffs readable and spares the TypeScript checker a giant literal.
  // The shared schemas serve the coercing validator too, through the $refs of parameters and
  // fields: their choices are ordered for text (text-choices.ts). JSON bodies, validated without
  // coercion, accept the same values in any order of alternatives.
  const sides: Sides = {
    request: textChoices(sharedSchemaFor(ir, 'request')) as Sides['request'],
    response: textChoices(sharedSchemaFor(ir, 'response')) as Sides['response'],
  };
  const shared = textChoices(sharedSchema(ir)) as ReturnType<typeof sharedSchema>;
  const variants = [sides.request, sides.response].filter((variant) => variant !== undefined);
  const errors = errorTemplates(ir, sides, [shared, ...variants], warn);
  const aliases = shadowedRouteAliases(
    ir,
    new Map(ir.operations.map((operation) => [operation, fastifyUrl(operation.template)])),
    fastifyParamName,
  );
  const routesJson = jsonFile('server/routes.json', {
    sharedSchema: shared,
    ...(variants.length ? { sharedSchemaVariants: variants } : {}),
    errorTemplates: errors.table,
    routes: ir.operations.map((operation) =>
      routeSpec(ir, operation, sides, errors.byOperation.get(operation), aliases.get(operation)),
    ),
  });
  const routesFile = [
    "import { readFileSync } from 'node:fs';",
    "import type { ErrorTemplateTable } from './core/error-bodies.js';",
    "import type { RouteSpec } from './core/route-spec.js';",
    '',
    "const table = JSON.parse(readFileSync(new URL('./routes.json', import.meta.url), 'utf8')) as {",
    '  sharedSchema: { $id: string; components: { schemas: Record<string, unknown> } };',
    '  sharedSchemaVariants?: Array<{ $id: string; components: { schemas: Record<string, unknown> } }>;',
    '  errorTemplates: ErrorTemplateTable;',
    '  routes: RouteSpec[];',
    '};',
    '',
    "/** The spec's component schemas (JSON Schema 2020-12), which route schemas refer to. */",
    'export const SHARED_SCHEMA = table.sharedSchema;',
    '',
    '/** The shared schema as requests (required readOnly properties not required) and responses (likewise writeOnly) read it, when the spec has such properties. */',
    'export const SHARED_SCHEMA_VARIANTS = table.sharedSchemaVariants ?? [];',
    '',
    "/** The spec's documented error schemas as bodies with slots for an error's details (core/error-bodies.ts). */",
    'export const ERROR_TEMPLATES = table.errorTemplates;',
    '',
    '/** Every operation, in spec order. */',
    'export const ROUTES = table.routes;',
    '',
  ].join('\n');

  const handlerType = (operation: IrOperation) => `RouteHandler<${routeNames.get(operation)}>`;
  const typesStatements: StatementStructures[] = [
    {
      kind: StructureKind.ImportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: 'fastify',
      namedImports: [
        'RawReplyDefaultExpression',
        'RawRequestDefaultExpression',
        'RawServerDefault',
        'RouteGenericInterface',
        'RouteHandlerMethod',
      ],
    },
    {
      kind: StructureKind.ImportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: '../types/openapi.js',
      namedImports: ['paths'],
    },
    ...mediaImports(ir),
    {
      kind: StructureKind.TypeAlias,
      name: 'LowercaseKeys',
      typeParameters: ['T'],
      docs: ['Fastify hands handlers header names in lower case.'],
      type: '{ [K in keyof T as Lowercase<K & string>]: T[K] }',
    },
    {
      kind: StructureKind.TypeAlias,
      name: 'RouteHandler',
      isExported: true,
      typeParameters: [{ name: 'Route', constraint: 'RouteGenericInterface' }],
      docs: ['A handler for one route: its request and reply are typed from the spec.'],
      type: 'RouteHandlerMethod<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, Route>',
    },
    ...ir.operations.map((operation) => routeInterface(operation, routeNames.get(operation)!)),
    {
      kind: StructureKind.Interface,
      name: 'Handlers',
      isExported: true,
      docs: ['One handler per operation, keyed by operationId.'],
      properties: ir.operations.map((operation) => ({
        name: propertyKey(operation.id),
        type: handlerType(operation),
        docs: [`\`${operation.method.toUpperCase()} ${operation.path}\``],
      })),
    },
  ];
  const typesFile = printStructure(project, 'handlers.ts', { statements: typesStatements });

  const index = [
    "import type { FastifyInstance } from 'fastify';",
    "import { registerRoutes, type RoutesOptions } from './core/plugin.js';",
    "import type { Handlers } from './handlers.js';",
    "import { ERROR_TEMPLATES, ROUTES, SHARED_SCHEMA, SHARED_SCHEMA_VARIANTS } from './routes.js';",
    '',
    "export { boundedError, echo } from './core/errors.js';",
    "export { rawErrorAnswer, serverOptions, type ErrorDetails, type RoutesOptions, type UnroutedAnswer } from './core/plugin.js';",
    "export { DEFAULT_LIMITS, type BodyLimits, type UploadedBody, type UploadedFile } from './core/bodies.js';",
    "export { sseFrame, type SseEvent, type StreamOptions } from './core/replies.js';",
    "export type { MultipartAnswer } from './core/multipart-answers.js';",
    "export type { RouteSpec, RouteSecurity } from './core/route-spec.js';",
    "export * from './handlers.js';",
    "export { ERROR_TEMPLATES, ROUTES, SHARED_SCHEMA, SHARED_SCHEMA_VARIANTS } from './routes.js';",
    "export * from './facts.js';",
    '',
    '/** Operations that have no handler in `handlers` (they answer 501). */',
    'export function unimplementedOperations(handlers: Partial<Handlers>): string[] {',
    '  return ROUTES.map((route) => route.operationId).filter((id) => !(id in handlers));',
    '}',
    '',
    '/**',
    ' * The Fastify plugin: registers every operation on the instance it is given (not encapsulated,',
    ' * so its error handler and schemas apply to the whole app).',
    ' */',
    'export async function routesPlugin(app: FastifyInstance, options: RoutesOptions<Handlers>): Promise<void> {',
    '  app.addSchema(SHARED_SCHEMA);',
    '  for (const variant of SHARED_SCHEMA_VARIANTS) app.addSchema(variant);',
    '  await registerRoutes(app, ROUTES, SHARED_SCHEMA, options, SHARED_SCHEMA_VARIANTS, ERROR_TEMPLATES);',
    '}',
    "Object.assign(routesPlugin, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: 'openapi-routes' });",
    '',
  ].join('\n');

  return [
    ...RUNTIME_FILES,
    { path: 'server/facts.ts', content: factsFile(ir) },
    routesJson,
    { path: 'server/routes.ts', content: routesFile },
    { path: 'server/handlers.ts', content: typesFile },
    { path: 'server/index.ts', content: index },
    serverReadme(ir),
  ];
}

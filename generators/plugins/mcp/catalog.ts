/**
 * The catalog the MCP server is generated with: per operation its tool name, description, hints
 * from the HTTP method, input schema and how its arguments become a call of the generated client
 * (from the client's plan: its resource chain, method, path arguments, params and bodies).
 */
import type { HttpMethod, Ir, IrMedia, IrOperation, IrParameter, JsonSchema } from '../../core/ir.js';
import { NameScope } from '../../sdk-shape/index.js';
import type { ClientExports } from '../client/index.js';
import { FILE_INPUT, InputSchemas } from './input-schema.js';
import type { Catalog, CatalogOperation, ResultKind, ToolHints } from './runtime/catalog.js';

type OperationPlan = ClientExports['plan']['operations'][number];
type JsonObject = Record<string, unknown>;

/** Longest tool name MCP clients take (some refuse more than 64 characters). */
const MAX_NAME = 64;
/** Longest description kept: a tool list is read by a model whose context it fills. */
const MAX_DESCRIPTION = 1200;

/** MCP's hints from the HTTP method (RFC 9110 §9.2: safe and idempotent methods). */
export function methodHints(method: HttpMethod): ToolHints {
  const safe = method === 'get' || method === 'head' || method === 'options' || method === 'trace';
  return {
    readOnlyHint: safe,
    // POST adds; PUT, PATCH and DELETE change or remove what is there.
    destructiveHint: !safe && method !== 'post',
    idempotentHint: safe || method === 'put' || method === 'delete',
    openWorldHint: true,
  };
}

/** A tool name: the operationId in the characters every MCP client takes, unique, at most 64 long. */
function toolName(id: string, names: NameScope): string {
  const base = id.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'operation';
  const cut = base.length > MAX_NAME - 4 ? base.slice(0, MAX_NAME - 4).replace(/[_-]+$/, '') : base;
  return names.claim(cut);
}

function describe(operation: IrOperation): string {
  const summary = operation.summary?.trim();
  let text = [summary, operation.description?.trim() !== summary ? operation.description?.trim() : undefined]
    .filter(Boolean)
    .join('\n\n');
  if (text.length > MAX_DESCRIPTION) text = `${text.slice(0, MAX_DESCRIPTION - 1).trimEnd()}…`;
  return [
    text,
    `\`${operation.method.toUpperCase()} ${operation.path}\`${operation.deprecated ? ' (deprecated)' : ''}`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

const RESULT_KINDS: Record<IrMedia['kind'], ResultKind> = {
  json: 'json',
  text: 'text',
  form: 'text',
  binary: 'binary',
  multipart: 'binary',
  'event-stream': 'events',
  ndjson: 'records',
};

export function buildCatalog(ir: Ir, client: ClientExports, server: Catalog['server']): Catalog {
  const schemas = new InputSchemas(ir);
  const names = new NameScope(['list_operations', 'describe_operation', 'call_operation']);
  const operations = client.plan.operations.map((plan) =>
    catalogOperation(ir, plan, schemas, toolName(plan.operation.id, names), client.propertyPath),
  );
  const defs = Object.fromEntries(
    [...schemas.defs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  ) as Catalog['defs'];
  return { server, operations, defs };
}

function catalogOperation(
  ir: Ir,
  plan: OperationPlan,
  schemas: InputSchemas,
  name: string,
  propertyPath: ClientExports['propertyPath'],
): CatalogOperation {
  const { operation } = plan;
  const used = new Set<string>();
  const input: { properties: Record<string, JsonObject>; required: string[] } = {
    properties: {},
    required: [],
  };
  const files: CatalogOperation['call']['files'] = [];
  let open = false;
  const add = (key: string, schema: JsonObject, required: boolean) => {
    input.properties[key] = schema;
    if (required && !input.required.includes(key)) input.required.push(key);
  };
  const parameterSchema = (param: IrParameter): JsonObject => ({
    ...(schemas.convert(param.schema, used) as JsonObject),
    ...(param.description ? { description: param.description } : {}),
    ...(param.deprecated ? { deprecated: true } : {}),
  });
  // The params object's keys, as the client takes them: query, header and cookie parameters, then the body.
  const parameters = [
    ...operation.parameters.query,
    ...operation.parameters.header.filter((param) => plan.headerParams.includes(param.name)),
    ...operation.parameters.cookie,
  ];
  for (const param of parameters) add(param.name, parameterSchema(param), param.required);
  if (plan.mediaTypeKey)
    add(
      plan.mediaTypeKey,
      {
        type: 'string',
        enum: plan.bodies.map((body) => body.media.mediaType),
        description: `The request body's media type (default ${plan.bodies[0].media.mediaType}).`,
      },
      false,
    );
  const single = plan.bodies.length === 1;
  const bodyProperty: JsonObject[] = [];
  for (const [index, variant] of plan.bodies.entries()) {
    const required = single && Boolean(operation.body?.required);
    const { media } = variant;
    if (variant.mode === 'property') {
      if (media.kind === 'binary') {
        bodyProperty.push(FILE_INPUT as JsonObject);
        if (!files.some((file) => file.at.join('/') === 'body')) files.push({ at: ['body'] });
      } else if (media.parts) {
        bodyProperty.push(partsSchema(media, schemas, used, ['body'], files));
      } else if (media.kind !== 'json') {
        // XML, CSV and other text: the client sends the text as given.
        bodyProperty.push({ type: 'string', description: `The body, as ${media.mediaType} text.` });
      } else bodyProperty.push(schemas.convert(media.schema, used) as JsonObject);
      if (
        index === plan.bodies.length - 1 ||
        plan.bodies.slice(index + 1).every((each) => each.mode !== 'property')
      )
        add('body', bodyProperty.length === 1 ? bodyProperty[0] : { anyOf: bodyProperty }, required);
      continue;
    }
    if (media.parts) {
      const parts = partsSchema(media, schemas, used, [], files);
      for (const [key, schema] of Object.entries(parts.properties as Record<string, JsonObject>))
        if (!(key in input.properties))
          add(key, schema, required && ((parts.required as string[]) ?? []).includes(key));
      continue;
    }
    const body = ir.model.flatten(media.schema);
    const converted = schemas.convert(
      { ...body, allOf: undefined, $ref: undefined } as JsonSchema,
      used,
    ) as JsonObject;
    for (const [key, schema] of Object.entries((converted.properties as Record<string, JsonObject>) ?? {}))
      if (!(key in input.properties))
        add(key, schema, required && ((converted.required as string[]) ?? []).includes(key));
    if (body.additionalProperties !== false && body.additionalProperties !== undefined) open = true;
  }
  // Path parameters by their names, unless a params key has the name: then with `_path` after it.
  const taken = new NameScope(
    Object.keys(input.properties),
    (base, attempt) => `${base}_path${attempt > 1 ? attempt : ''}`,
  );
  const pathArguments = plan.pathArgs.map((arg) => {
    const key = taken.claim(arg.param);
    const param = operation.parameters.path.find((each) => each.name === arg.param);
    input.properties = { [key]: param ? parameterSchema(param) : { type: 'string' }, ...input.properties };
    input.required.unshift(key);
    return key;
  });
  const acceptArgument =
    plan.responses.length > 1 && !plan.itemType
      ? new NameScope(Object.keys(input.properties)).claim('accept')
      : undefined;
  if (acceptArgument)
    add(
      acceptArgument,
      {
        type: 'string',
        enum: plan.responses.map((response) => response.media.mediaType),
        description: `The response's media type (default ${plan.responses[0].media.mediaType}).`,
      },
      false,
    );
  const pagination = operation.pagination;
  return {
    name,
    operationId: operation.id,
    title: operation.summary?.trim().split('\n')[0] ?? operation.id,
    description: describe(operation),
    method: operation.method,
    path: operation.path,
    resource: plan.shape.resource.join('.'),
    tags: operation.tags,
    hints: methodHints(operation.method),
    input: {
      type: 'object',
      properties: input.properties,
      ...(input.required.length > 0 ? { required: input.required } : {}),
      ...(open ? {} : { additionalProperties: false }),
    },
    defs: schemas.closure(used),
    call: {
      resource: propertyPath(plan.shape.resource),
      method: plan.methodName,
      pathArguments,
      params: plan.paramsType !== undefined,
      files,
      ...(acceptArgument ? { acceptArgument } : {}),
    },
    results: plan.responses.map((response) => ({
      mediaType: response.media.mediaType,
      kind: RESULT_KINDS[response.media.kind],
    })),
    ...(pagination
      ? {
          paging:
            pagination.style === 'cursor'
              ? {
                  style: 'cursor' as const,
                  forwardArgument: pagination.forwardParam,
                  ...(pagination.backwardParam ? { backwardArgument: pagination.backwardParam } : {}),
                }
              : { style: pagination.style },
        }
      : {}),
  };
}

/** A multipart or form body's parts as an object schema; file parts take FILE_INPUT and are recorded in `files`. */
function partsSchema(
  media: IrMedia,
  schemas: InputSchemas,
  used: Set<string>,
  at: string[],
  files: CatalogOperation['call']['files'],
): JsonObject {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const part of media.parts ?? []) {
    if (part.shape === 'file') {
      properties[part.name] = FILE_INPUT;
      files.push({ at: [...at, part.name] });
    } else if (part.shape === 'files') {
      properties[part.name] = { type: 'array', items: FILE_INPUT };
      files.push({ at: [...at, part.name], many: true });
    } else properties[part.name] = schemas.convert(part.schema, used);
    if (part.required) required.push(part.name);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

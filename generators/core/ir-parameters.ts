/**
 * Parameters and path templates for the IR: each parameter with its OAS 3.1 §4.8.12.4
 * serialisation (style, explode, allowReserved, allowEmptyValue, `content`) and the shape of its
 * value; path templates taken apart into literal text and parameters, so a parameter may share a
 * segment with text (`/user{ext}`, `/files/{name}.{ext}`). A combination the table does not
 * define is refused (see `unsupported`), never sent some other way.
 */
import type { OpenApiDocument } from './document.js';
import type {
  IrExample,
  IrParameter,
  IrPathTemplate,
  JsonSchema,
  ParameterLocation,
  ParameterStyle,
  PathPart,
} from './ir.js';
import { essence, isJsonMediaType, mediaKind } from './media-types.js';
import { deref, escapePointerPart, locate } from './refs.js';
import { valueShape } from './value-shape.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { ecmaPattern } from './ecma-pattern.js';

// The document is untyped JSON until normalised here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export type Report = (pointer: string, message: string) => void;

const LOCATIONS: ParameterLocation[] = ['path', 'query', 'header', 'cookie'];

/** Styles each location defines, the first its default (OAS 3.1 §4.8.12.4, "Style Values"). */
export const STYLES: Record<ParameterLocation, ParameterStyle[]> = {
  path: ['simple', 'label', 'matrix'],
  query: ['form', 'spaceDelimited', 'pipeDelimited', 'deepObject'],
  header: ['simple'],
  cookie: ['form'],
};

/**
 * Header parameters the OpenAPI 3.x Parameter Object says SHALL be ignored ("If in is "header" and
 * the name field is "Accept", "Content-Type" or "Authorization""): the request and response media
 * types and the security schemes describe them. HTTP header names are case-insensitive.
 */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

/**
 * Headers of the message's framing and connection (RFC 9110 §6.4, §7.2, §7.6.1), which the HTTP
 * layer writes from the body and the connection: fetch refuses them from a caller, and a value that
 * does not match the body (a `Content-Length` parameter drawn as any integer) corrupts the exchange.
 */
const HTTP_LAYER_HEADERS = new Set([
  'content-length',
  'transfer-encoding',
  'host',
  'connection',
  'keep-alive',
  'te',
  'trailer',
  'upgrade',
]);

/** The examples a parameter or media type gives: `example`, else each of `examples` that has a value, with pointers from `at`. */
export function examplesOf(holder: Json, document: OpenApiDocument, at: string): IrExample[] {
  if (!holder || typeof holder !== 'object') return [];
  if ('example' in holder) return [{ value: holder.example, pointer: `${at}/example` }];
  const named = holder.examples && typeof holder.examples === 'object' ? holder.examples : {};
  return Object.entries<Json>(named).flatMap(([name, raw]) => {
    const { node, pointer } = locate(document, raw, `${at}/examples/${escapePointerPart(name)}`);
    return node && typeof node === 'object' && 'value' in node
      ? [{ name, value: node.value, pointer: `${pointer}/value` }]
      : [];
  });
}

function exampleOf(holder: Json, document: OpenApiDocument): unknown[] {
  return examplesOf(holder, document, '').map((example) => example.value);
}

function asSchema(value: unknown): JsonSchema {
  return value && typeof value === 'object'
    ? (value as Record<string, unknown>)
    : typeof value === 'boolean'
      ? value
      : true;
}

/**
 * Path-level parameters, overridden by operation-level ones of the same name and location:
 * grouped by location, and all in document order (an override at the overridden one's place).
 */
export function collectParameters(
  document: OpenApiDocument,
  pathLevel: Json,
  operationLevel: Json,
  pointer: string,
  warn: Report,
  unsupported: Report,
  invalid: Report,
): { grouped: Record<ParameterLocation, IrParameter[]>; ordered: IrParameter[] } {
  const byKey = new Map<string, IrParameter>();
  const add = (list: Json, where: string) => {
    (Array.isArray(list) ? list : []).forEach((raw: Json, index: number) => {
      const paramPointer = `${where}/parameters/${index}`;
      const { node: param, pointer: at } = locate(document, raw, paramPointer);
      if (!param || typeof param.name !== 'string' || !LOCATIONS.includes(param.in)) {
        warn(paramPointer, 'parameter could not be resolved or has no name/location; skipped');
        return;
      }
      if (param.in === 'header' && IGNORED_HEADERS.has(param.name.toLowerCase())) {
        warn(
          paramPointer,
          `header parameter "${param.name}" is ignored, as OpenAPI 3.x requires: ${param.name.toLowerCase() === 'authorization' ? 'security schemes' : 'the media types of the body and responses'} say what it carries`,
        );
        return;
      }
      if (param.in === 'header' && HTTP_LAYER_HEADERS.has(param.name.toLowerCase())) {
        warn(
          paramPointer,
          `header parameter "${param.name}" is ignored: the HTTP layer sets it from the message (a value given by the caller would break the framing)`,
        );
        return;
      }
      if ((param.in === 'header' || param.in === 'cookie') && !HTTP_TOKEN.test(param.name)) {
        invalid(
          `${at}/name`,
          `${param.in} name "${param.name}" is not an HTTP token (RFC 9110: letters, digits and !#$%&'*+-.^_\`|~), so no client can send it`,
        );
        return;
      }
      const wrongDefault = defaultProblem(deref(document, param.schema));
      if (wrongDefault) invalid(`${at}/schema/default`, `the default of "${param.name}" ${wrongDefault}`);
      const built = buildParameter(document, param, paramPointer, at, warn, unsupported);
      if (built) byKey.set(`${param.in}:${param.name}`, built);
    });
  };
  add(pathLevel, pointer.replace(/\/[a-z]+$/, ''));
  add(operationLevel, pointer); // operation-level parameters override path-level ones
  const grouped: Record<ParameterLocation, IrParameter[]> = { path: [], query: [], header: [], cookie: [] };
  for (const param of byKey.values()) grouped[param.in].push(param);
  return { grouped, ordered: [...byKey.values()] };
}

/** A header or cookie name as RFC 9110 allows it (a `token`). */
const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Why a parameter schema's `default` is not a value of its own schema (the wrong JSON type, or
 * not among its `enum`), or undefined. A server applies the default to every request that leaves
 * the parameter out, so one its schema refuses breaks each of them (ritekit's boolean `"1"`).
 */
function defaultProblem(schema: Json): string | undefined {
  if (!schema || typeof schema !== 'object' || !('default' in schema)) return undefined;
  const value = schema.default;
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const fits = (type: string) =>
    type === 'integer'
      ? Number.isInteger(value)
      : type === 'number'
        ? typeof value === 'number'
        : type === 'array'
          ? Array.isArray(value)
          : type === 'object'
            ? value !== null && typeof value === 'object' && !Array.isArray(value)
            : type === 'null'
              ? value === null
              : typeof value === type;
  if (types.length > 0 && !types.some(fits))
    return `is ${JSON.stringify(value)}, which is not of its schema's type (${types.join(', ')})`;
  if (Array.isArray(schema.enum) && !schema.enum.some((member: unknown) => member === value))
    if (value === null || typeof value !== 'object')
      return `is ${JSON.stringify(value)}, which is not one of its schema's enum values`;
  if (typeof value === 'string' && typeof schema.format === 'string' && !stringFits(schema.format, value))
    return `is ${JSON.stringify(value)}, which is not of its schema's format (${schema.format})`;
  if (typeof value === 'string' && typeof schema.pattern === 'string' && !matches(schema.pattern, value))
    return `is ${JSON.stringify(value)}, which does not match its schema's pattern (${schema.pattern})`;
  return undefined;
}

/**
 * Whether a string matches a pattern as the stubs' validator reads it (ECMA-262 with the `u` flag,
 * after `ecmaPattern`'s translation): pressassociation's `pattern: date-time` (a format meant) beside
 * a default timestamp refused every request that left the parameter out. A pattern that does not
 * compile is judged elsewhere.
 */
function matches(pattern: string, value: string): boolean {
  try {
    return new RegExp(ecmaPattern(pattern), 'u').test(value);
  } catch {
    return true;
  }
}

/**
 * Whether a string meets a format as the stubs' validator checks it (ajv-formats' full mode, the
 * one `createAjv` adds): optimade's `default: ""` with `format: email` refused every request that
 * left the parameter out. A format ajv-formats does not check for strings passes.
 */
function stringFits(format: string, value: string): boolean {
  const check: unknown = (fullFormats as Record<string, unknown>)[format];
  if (check instanceof RegExp) return check.test(value);
  if (typeof check === 'function') return Boolean((check as (text: string) => unknown)(value));
  if (check && typeof check === 'object' && !('type' in check) && 'validate' in check)
    return Boolean((check as { validate: (text: string) => unknown }).validate(value));
  return true;
}

/** `pointer`: where the operation lists it (for messages); `at`: where the Parameter Object is written. */
function buildParameter(
  document: OpenApiDocument,
  param: Json,
  pointer: string,
  at: string,
  warn: Report,
  unsupported: Report,
): IrParameter | undefined {
  const location = param.in as ParameterLocation;
  let schema: JsonSchema | undefined = param.schema;
  let contentType: string | undefined;
  let declaredContent: Json;
  if (schema === undefined && param.content && typeof param.content === 'object') {
    const types = Object.keys(param.content);
    if (types.length !== 1) {
      unsupported(
        `${pointer}/content`,
        `parameter "${param.name}" has ${types.length} media types in content; OpenAPI allows exactly one`,
      );
      return undefined;
    }
    contentType = types[0];
    declaredContent = param.content[contentType];
    schema = declaredContent?.schema ?? true;
    // `*/*` lets the client choose: a scalar goes as its text, anything else as JSON.
    if (essence(contentType) === '*/*')
      contentType = valueShape(document, schema) === 'primitive' ? 'text/plain' : 'application/json';
    const kind = mediaKind(contentType);
    if (!isJsonMediaType(contentType) && kind !== 'text') {
      unsupported(
        `${pointer}/content`,
        `parameter "${param.name}" is serialised as ${contentType}; only JSON and text parameter content is supported`,
      );
      return undefined;
    }
  }
  if (schema === undefined) {
    warn(pointer, `parameter "${param.name}" has no schema; typed as unknown`);
    schema = true;
  }
  const style: ParameterStyle = param.style ?? STYLES[location][0];
  if (!STYLES[location].includes(style)) {
    unsupported(
      `${pointer}/style`,
      `style "${String(style)}" is not defined for ${location} parameters (OpenAPI allows ${STYLES[location].join(', ')})`,
    );
    return undefined;
  }
  const explode = typeof param.explode === 'boolean' ? param.explode : style === 'form';
  // JSON text is one value whatever the schema: the style applies to that text.
  const shape = contentType ? 'primitive' : valueShape(document, schema);
  if (style === 'deepObject' && (!deepObjectSpells(shape) || !explode)) {
    unsupported(
      pointer,
      `parameter "${param.name}": deepObject is defined for values other than files, with explode: true only`,
    );
    return undefined;
  }
  return {
    name: param.name,
    in: location,
    required: location === 'path' ? true : param.required === true,
    schema: asSchema(schema),
    style,
    explode,
    allowReserved: location === 'query' && param.allowReserved === true,
    allowEmptyValue: location === 'query' && param.allowEmptyValue === true,
    ...(contentType ? { contentType: essence(contentType) } : {}),
    shape,
    pointer: at,
    description: param.description,
    deprecated: param.deprecated === true,
    example:
      exampleOf(param, document)[0] ??
      (declaredContent ? exampleOf(declaredContent, document)[0] : undefined),
    declaredExamples: examplesOf(param, document, at),
    errorCode: typeof param['x-error-code'] === 'string' ? param['x-error-code'] : undefined,
    exclusiveWith: Array.isArray(param['x-mutually-exclusive-with'])
      ? param['x-mutually-exclusive-with'].map(String)
      : undefined,
  };
}

/**
 * Whether deepObject can spell the schema's values. OAS defines it for objects; beyond that (see
 * spec/DECISIONS.md) members nest in brackets at any depth, arrays indexed (`name[0][id]=a`, what
 * qs and Stripe read), and a scalar goes as name=v (Stripe's `created`: a range object or a
 * timestamp; its `subscription_cancel_at`, a timestamp or ""). Only a file has no spelling.
 */
function deepObjectSpells(shape: string): boolean {
  return shape !== 'file';
}

/**
 * A path template taken apart. Example: "/files/{name}.{ext}" -> parts
 * [{literal: "/files/"}, {param: "name"}, {literal: "."}, {param: "ext"}]; "/#X-Amz-Target=A.B" ->
 * path "/", match {in: "header", name: "X-Amz-Target", value: "A.B"}.
 */
/** What a path template writes after its path: its query (from "?") and its fragment (from "#"), each '' when absent. */
export function templateTail(template: string): { query: string; fragment: string } {
  const hash = template.indexOf('#');
  const beforeFragment = hash < 0 ? template : template.slice(0, hash);
  const question = beforeFragment.indexOf('?');
  return {
    query: question < 0 ? '' : beforeFragment.slice(question),
    fragment: hash < 0 ? '' : template.slice(hash),
  };
}

export function parsePathTemplate(template: string): IrPathTemplate {
  const path = template.replace(/[?#].*$/s, '') || '/';
  const parts: PathPart[] = [];
  for (const found of path.matchAll(/\{([^}]+)\}|([^{]+)/g))
    parts.push(found[1] !== undefined ? { param: found[1] } : { literal: found[2] });
  const params = parts.flatMap((part) => ('param' in part ? [part.param] : []));
  const match = templateMatch(template);
  return { path, parts, params, ...(match ? { match } : {}) };
}

/** The parameter a template's match names, where the operation declares it (header names in any case). */
export function matchedParameter<P extends { name: string }>(
  parameters: { query: P[]; header: P[] },
  match: { in: 'query' | 'header'; name: string },
): P | undefined {
  return parameters[match.in].find((param) =>
    match.in === 'header' ? param.name.toLowerCase() === match.name.toLowerCase() : param.name === match.name,
  );
}

/**
 * A fragment that names a parameter asks for it where the operation declares it: AWS writes its
 * required query and header parameters alike, with or without a value
 * (`/federation/credentials#role_name&account_id&x-amz-sso_bearer_token`,
 * `/channels/{channelArn}#scope=app-instance-user-membership&x-amz-chime-bearer`). A name without a
 * value that is no parameter is an anchor (ReadMe's `/cookies#formExploded` beside `/cookies`): a
 * header of that name, empty, picks the operation, as before; one the HTTP layer writes
 * (`#Content-Type`) is only asked to be present.
 */
export function locateTemplateMatch(
  template: IrPathTemplate,
  parameters: { query: Array<{ name: string }>; header: Array<{ name: string }> },
): IrPathTemplate {
  const { match } = template;
  if (!match || match.in !== 'header') return template;
  const named = match.name.toLowerCase();
  if (matchedParameter(parameters, match)) return template;
  if (matchedParameter(parameters, { ...match, in: 'query' }))
    return { ...template, match: { ...match, in: 'query' } };
  if (match.value !== undefined || IGNORED_HEADERS.has(named) || HTTP_LAYER_HEADERS.has(named))
    return template;
  return { ...template, match: { ...match, value: '' } };
}

/**
 * A match without a value on a method and path no other operation takes picks nothing: the
 * operation is the only one a request there can be for, and a request without the parameter is
 * refused by its validation (400, naming it), not by routing (404). Such matches are dropped.
 */
export function dropUnneededMatches<T extends { method: string; template: IrPathTemplate }>(
  operations: T[],
): T[] {
  const routes = new Map<string, number>();
  const routeOf = (operation: T) => `${operation.method} ${operation.template.path}`;
  for (const operation of operations)
    routes.set(routeOf(operation), (routes.get(routeOf(operation)) ?? 0) + 1);
  return operations.map((operation) => {
    const { match, ...template } = operation.template;
    return match && match.value === undefined && routes.get(routeOf(operation)) === 1
      ? { ...operation, template }
      : operation;
  });
}

/** The first `name=value` of a template's query ("?") or fragment ("#"). */
function templateMatch(template: string): IrPathTemplate['match'] {
  const found = /([?#])([^&#]*)/.exec(template);
  if (!found || !found[2]) return undefined;
  const [name, value] = found[2].split('=');
  return {
    in: found[1] === '?' ? 'query' : 'header',
    name: decodeURIComponent(name),
    ...(value !== undefined ? { value: decodeURIComponent(value) } : {}),
  };
}

/**
 * Two operations of one method on path templates that differ only in their parameters' names
 * (`/es/{pageName}.json` and `/es/{stateName}.json`): OAS calls such templates identical and
 * invalid, and no server can tell which one a request is for. Each pair is a spec defect at the
 * second operation, naming the first.
 */
export function refuseIdenticalTemplates(
  operations: Array<{ method: string; path: string; template: IrPathTemplate }>,
  pointerOf: (path: string, method: string) => string,
  invalid: (pointer: string, message: string) => void,
): void {
  const seen = new Map<string, string>();
  for (const operation of operations) {
    const { template } = operation;
    const shape = template.parts.map((part) => ('param' in part ? '{}' : part.literal)).join('');
    const match = template.match
      ? `${template.match.in}:${template.match.name}${template.match.value === undefined ? ' present' : `=${template.match.value}`}`
      : '';
    const key = `${operation.method} ${shape} ${match}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, operation.path);
    else
      invalid(
        pointerOf(operation.path, operation.method),
        `${operation.method.toUpperCase()} "${operation.path}" and "${first}" differ only in their parameters' names: OpenAPI calls such templates identical and invalid, and a server cannot tell which operation a request is for; leave one out with the config's \`exclude\``,
      );
  }
}

/**
 * A path template with two parameters side by side (NASA's `/api/projects/{id}{.format}`): nothing
 * in the path says where the first ends, so no server can read either back (`123json` is id 1 and
 * `23json` as well as id 123 and `json`). Refused once per path, at its Path Item.
 */
export function refuseAdjacentParameters(
  operations: Array<{ path: string; template: IrPathTemplate }>,
  pointerOf: (path: string) => string,
  invalid: (pointer: string, message: string) => void,
): void {
  const refused = new Set<string>();
  for (const { path, template } of operations) {
    if (refused.has(path)) continue;
    const at = template.parts.findIndex(
      (part, index) => 'param' in part && index > 0 && 'param' in template.parts[index - 1],
    );
    if (at === -1) continue;
    refused.add(path);
    const [first, second] = [template.parts[at - 1], template.parts[at]] as Array<{ param: string }>;
    invalid(
      pointerOf(path),
      `the path template "${path}" puts "{${first.param}}" and "{${second.param}}" side by side: nothing in a request's path says where one ends, so a server cannot read them back; put a literal between them`,
    );
  }
}

/**
 * An apiKey scheme the operations use whose header or cookie name is not an HTTP token
 * (rapidapi's "ADVICEment API Key"): no client can send it, so it is the spec's defect.
 */
export function refuseUnsendableKeys(
  document: OpenApiDocument,
  operations: Array<{ security: { alternatives: Array<Array<{ scheme: string }>> } }>,
  invalid: (pointer: string, message: string) => void,
): void {
  const used = new Set(
    operations.flatMap((op) => op.security.alternatives.flat().map((each) => each.scheme)),
  );
  for (const name of used) {
    const scheme = deref(document, document.components?.securitySchemes?.[name]);
    if (scheme?.type !== 'apiKey' || (scheme.in !== 'header' && scheme.in !== 'cookie')) continue;
    if (typeof scheme.name === 'string' && !HTTP_TOKEN.test(scheme.name))
      invalid(
        `/components/securitySchemes/${escapePointerPart(name)}/name`,
        `the ${scheme.in} name "${scheme.name}" of the apiKey scheme ${name} is not an HTTP token (RFC 9110), so no client can send it`,
      );
  }
}

/**
 * A parameter an apiKey scheme of its operation already describes (the same name in the same place:
 * spinbot's query `key`, declared as a parameter and as the scheme) is the key itself, described
 * twice: the SDKs send the key where its scheme says, so they would send it twice, and a server
 * refuses a name given twice. It is left out, with a warning naming its pointer, as the headers
 * OpenAPI says to ignore are (Authorization among them).
 */
/** Where a parameter goes, as an apiKey scheme names its key: `query key`, `header x-token` (header names in any case). */
export function keyPlace(where: unknown, name: unknown): string {
  return `${String(where)} ${where === 'header' ? String(name).toLowerCase() : String(name)}`;
}

/** The keys of the apiKey schemes among `schemes` (names of the document's security schemes): each place, with its scheme's name. */
export function apiKeyPlaces(document: OpenApiDocument, schemes: string[]): Map<string, string> {
  const places = new Map<string, string>();
  for (const name of schemes) {
    const scheme = deref(document, document.components?.securitySchemes?.[name]);
    if (scheme?.type === 'apiKey' && typeof scheme.in === 'string' && typeof scheme.name === 'string')
      places.set(keyPlace(scheme.in, scheme.name), name);
  }
  return places;
}

export function leaveOutKeyParameters(
  document: OpenApiDocument,
  operations: Array<{
    parameters: Record<ParameterLocation, IrParameter[]>;
    allParameters: IrParameter[];
    security: { alternatives: Array<Array<{ scheme: string }>> };
  }>,
  warn: (pointer: string, message: string) => void,
): void {
  for (const operation of operations) {
    const schemes = apiKeyPlaces(
      document,
      operation.security.alternatives.flat().map(({ scheme }) => scheme),
    );
    if (schemes.size === 0) continue;
    const isKey = (parameter: IrParameter) => schemes.has(keyPlace(parameter.in, parameter.name));
    for (const parameter of operation.allParameters.filter(isKey))
      warn(
        parameter.pointer,
        `${parameter.in} parameter "${parameter.name}" is left out: it is the key of the apiKey scheme ${schemes.get(keyPlace(parameter.in, parameter.name))}, which the SDKs send there themselves (declared twice, it would go twice)`,
      );
    operation.allParameters = operation.allParameters.filter((parameter) => !isKey(parameter));
    for (const location of Object.keys(operation.parameters) as ParameterLocation[])
      operation.parameters[location] = operation.parameters[location].filter(
        (parameter) => !isKey(parameter),
      );
  }
}

/**
 * Query names two of an operation's parameters both put on the wire: a form-style exploded object
 * sends each property under its own name (`?MetricName=…`), so a property and a parameter of the
 * same name (AWS's query protocol: monitoring's `MetricName` beside `SingleMetricAnomalyDetector`),
 * or two such objects with a property in common, arrive as one name given twice; two such objects
 * that declare no property take any name alike. No server can tell whose value is whose: the
 * spec's ambiguity. Each shared name with the parameters that send it.
 */
export function sharedQueryNames(
  parameters: IrParameter[],
  model: { flatten(schema: JsonSchema): JsonSchema },
): Array<{ name: string; parameters: string[] }> {
  const senders = new Map<string, string[]>();
  const add = (name: string, parameter: string) =>
    senders.set(name, [...(senders.get(name) ?? []), parameter]);
  // Exploded objects that declare no property (maps): each takes any name, so two take the same ones
  // (HubSpot events' `objectProperty.{propname}` beside `property.{propname}`).
  const maps: string[] = [];
  for (const parameter of parameters) {
    if (parameter.in !== 'query') continue;
    const flat =
      parameter.shape === 'object' &&
      parameter.style === 'form' &&
      parameter.explode &&
      !parameter.contentType
        ? model.flatten(parameter.schema)
        : undefined;
    if (flat && typeof flat === 'object' && flat.properties && typeof flat.properties === 'object')
      for (const property of Object.keys(flat.properties)) add(property, parameter.name);
    else add(parameter.name, parameter.name);
    const declares =
      flat && typeof flat === 'object' && flat.properties && Object.keys(flat.properties).length > 0;
    if (flat && typeof flat === 'object' && !declares && flat.additionalProperties !== false)
      maps.push(parameter.name);
  }
  return [
    ...[...senders]
      .filter(([, names]) => names.length > 1)
      .map(([name, names]) => ({ name, parameters: names })),
    ...(maps.length > 1 ? [{ name: 'any name (each takes every name)', parameters: maps }] : []),
  ];
}

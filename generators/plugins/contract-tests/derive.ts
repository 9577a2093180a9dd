/**
 * Deriving contract cases from the IR: a valid request per operation (examples first, else a
 * sample from the schema), the operations that produce each path ID, and invalid requests
 * derived from the schemas (missing required property, wrong type, pattern, range, enum,
 * unknown field, query bounds, forbidden combinations).
 */
import { ecmaPattern } from '../../core/ecma-pattern.js';
import type { Ir, IrCursorPagination, IrOperation, JsonSchema } from '../../core/ir.js';
import { schemaRefName } from '../../core/refs.js';
import { contractSchema } from './schemas.js';
import type {
  GenerationCase,
  NegativeCase,
  OperationCase,
  ParameterCase,
  ProducerRef,
} from './runtime/cases.js';
import type { WrittenRecord } from './runtime/records.js';
import { authCase, bodyFacts, operationPointer, responseMediaTypes } from './spec-facts.js';
import { oncePer } from '../../core/once-per.js';
import { drawValue } from '../../core/values/draw.js';

// Schemas are untyped JSON here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const flatten = (ir: Ir, raw: unknown): Json => ir.model.flatten(raw);

/**
 * A valid request value of a schema: the value generator's minimal one (the spec's examples first),
 * without the readOnly properties a request never carries. `nonEmpty` for a required parameter:
 * an empty array or object is not sent at all.
 */
export function requestValue(ir: Ir, schema: unknown, nonEmpty = false): unknown {
  return drawValue(ir.model.node(schema), { mode: 'minimal', side: 'request', nonEmpty });
}

function firstExample(examples: unknown[]): { value: unknown } | undefined {
  return examples.length ? { value: examples[0] } : undefined;
}

function wrongTypeValue(schema: Json): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  return type === 'string'
    ? 12345
    : type === 'object'
      ? 'not an object'
      : type === 'array'
        ? 'not an array'
        : 'not a number';
}

/** Invalid variants of a body, each breaking one rule of its schema. */
function bodyNegatives(ir: Ir, raw: unknown, given: Json, prefix = '', depth = 0): NegativeCase[] {
  const schema = flatten(ir, raw);
  if (!given || typeof given !== 'object' || Array.isArray(given) || depth > 1) return [];
  // readOnly properties are the server's to set: a request neither needs nor sends them.
  const readOnly = (name: string) => flatten(ir, schema.properties?.[name] ?? {}).readOnly === true;
  const example: Json = Object.fromEntries(Object.entries(given).filter(([name]) => !readOnly(name)));
  const cases: NegativeCase[] = [];
  const at = (name: string) => `${prefix}${name}`;
  const set = (path: string[], value: unknown, remove = false): unknown => {
    const copy = structuredClone(example);
    let node = copy;
    for (const key of path.slice(0, -1)) node = node[key];
    if (remove) delete node[path.at(-1)!];
    else node[path.at(-1)!] = value;
    return copy;
  };
  for (const name of (schema.required ?? []).filter(
    (required: string) => required in example && !readOnly(required),
  )) {
    cases.push({
      name: `missing required property ${at(name)}`,
      in: 'body',
      body: set([name], undefined, true),
    });
  }
  if (schema.additionalProperties === false)
    cases.push({
      name: `unknown property ${at('unexpected_field')}`,
      in: 'body',
      body: set(['unexpected_field'], 'x'),
    });
  let wrongTypeDone = false;
  for (const [name, rawProperty] of Object.entries<Json>(schema.properties ?? {})) {
    if (!(name in example) || readOnly(name)) continue;
    const property = flatten(ir, rawProperty);
    const type = Array.isArray(property.type)
      ? property.type.filter((entry: string) => entry !== 'null')[0]
      : property.type;
    if (!wrongTypeDone && type && !Array.isArray(property.type)) {
      cases.push({
        name: `wrong type for ${at(name)}`,
        in: 'body',
        body: set([name], wrongTypeValue(property)),
      });
      wrongTypeDone = true;
    }
    const breaking = typeof property.pattern === 'string' ? stringBreaking(property.pattern) : undefined;
    if (breaking !== undefined)
      cases.push({
        name: `${at(name)} not matching its pattern`,
        in: 'body',
        body: set([name], breaking),
      });
    if (Array.isArray(property.enum))
      cases.push({
        name: `unknown enum value for ${at(name)}`,
        in: 'body',
        body: set([name], '__not_in_enum__'),
      });
    const { above, below } = outOfBounds(property);
    if (above !== undefined)
      cases.push({ name: `${at(name)} above its maximum`, in: 'body', body: set([name], above) });
    if (below !== undefined)
      cases.push({ name: `${at(name)} below its minimum`, in: 'body', body: set([name], below) });
    if (type === 'object' && example[name] && typeof example[name] === 'object') {
      for (const inner of bodyNegatives(ir, rawProperty, example[name], `${at(name)}.`, depth + 1))
        cases.push({ ...inner, body: set([name], inner.body) });
    }
  }
  return cases;
}

/**
 * The nearest values a schema's bounds refuse, of its type: past `maximum` and `minimum`, at an
 * exclusive bound (2020-12's numbers; a 3.0 boolean one is converted so), the nearest integer
 * beyond for an integer (a `maximum: 2.5` is tested with 3, not with 3.5, which its type refuses).
 */
function outOfBounds(schema: Json): { above?: number; below?: number } {
  const types = [schema.type].flat();
  const integer = types.includes('integer') && !types.includes('number');
  const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
  const above = [
    finite(schema.maximum) ? past(integer ? Math.floor(schema.maximum) : schema.maximum, 1) : undefined,
    finite(schema.exclusiveMaximum)
      ? integer
        ? Math.ceil(schema.exclusiveMaximum)
        : schema.exclusiveMaximum
      : undefined,
  ].filter((value) => value !== undefined);
  const below = [
    finite(schema.minimum) ? past(integer ? Math.ceil(schema.minimum) : schema.minimum, -1) : undefined,
    finite(schema.exclusiveMinimum)
      ? integer
        ? Math.floor(schema.exclusiveMinimum)
        : schema.exclusiveMinimum
      : undefined,
  ].filter((value) => value !== undefined);
  return {
    above: above.length > 0 ? Math.min(...above) : undefined,
    below: below.length > 0 ? Math.max(...below) : undefined,
  };
}

/**
 * A number past a bound: by one, or, where adding one is lost to rounding (jirafe's maximum 2^53),
 * by the nearest step a double holds; undefined past the largest finite number (JSON has no more).
 */
function past(bound: number, direction: 1 | -1): number | undefined {
  if (!Number.isFinite(bound)) return undefined;
  let step = 1;
  while (bound + direction * step === bound) step *= 2;
  const value = bound + direction * step;
  return Number.isFinite(value) ? value : undefined;
}

/** Strings tried, in order, for one that a pattern refuses. */
const PATTERN_BREAKERS = ['!! not matching !!', '', ' ', '\u0000', 'x'.repeat(300), '0', 'a'];

/**
 * A string the pattern does not match, or undefined when it matches all of them (`.*`, `^[\s\S]*$`):
 * then no value breaks it, and the check does not apply (issue 43: applicationcostprofiler).
 */
function stringBreaking(pattern: string): string | undefined {
  let regex: RegExp;
  try {
    regex = new RegExp(ecmaPattern(pattern), 'u');
  } catch {
    return PATTERN_BREAKERS[0]; // unreadable here: the checker says so when it compiles the schema
  }
  return PATTERN_BREAKERS.find((candidate) => !regex.test(candidate));
}

function queryNegatives(ir: Ir, operation: IrOperation): NegativeCase[] {
  const cases: NegativeCase[] = [];
  for (const param of operation.parameters.query) {
    const schema = flatten(ir, param.schema);
    const { above, below } = outOfBounds(schema);
    if (below !== undefined)
      cases.push({
        name: `${param.name} ${below} (below ${schema.minimum ?? `${schema.exclusiveMinimum}, exclusive`})`,
        in: 'query',
        query: { [param.name]: below },
      });
    if (above !== undefined)
      cases.push({
        name: `${param.name} ${above} (above ${schema.maximum ?? `${schema.exclusiveMaximum}, exclusive`})`,
        in: 'query',
        query: { [param.name]: above },
      });
    if (Array.isArray(schema.enum))
      cases.push({
        name: `unknown enum value for ${param.name}`,
        in: 'query',
        query: { [param.name]: '__not_in_enum__' },
      });
    for (const other of param.exclusiveWith ?? []) {
      const partner = operation.parameters.query.find((candidate) => candidate.name === other);
      cases.push({
        name: `${param.name} together with ${other}`,
        in: 'query',
        semantic: true,
        query: { [param.name]: param.example ?? 'x', [other]: partner?.example ?? 'x' },
      });
    }
  }
  return cases;
}

function successSchemaRef(operation: IrOperation | undefined): string | undefined {
  const success = operation?.responses.find((response) => response.status === operation.successStatus);
  return success ? schemaRefName(success.schema) : undefined;
}

/** Per IR, what producerOf looks up for every path parameter: made once, not a scan of every operation each time. */
interface ProducerIndex {
  /** The first GET of each path. */
  getByPath: Map<string, IrOperation>;
  /** The POSTs by the component schema their success returns, in the IR's order. */
  postsBySuccessRef: Map<string, IrOperation[]>;
}

const producerIndex = oncePer((ir: Ir): ProducerIndex => {
  const index: ProducerIndex = { getByPath: new Map(), postsBySuccessRef: new Map() };
  for (const candidate of ir.operations) {
    if (candidate.method === 'get' && !index.getByPath.has(candidate.path))
      index.getByPath.set(candidate.path, candidate);
    const ref = candidate.method === 'post' ? successSchemaRef(candidate) : undefined;
    if (ref === undefined) continue;
    const posts = index.postsBySuccessRef.get(ref);
    if (posts) posts.push(candidate);
    else index.postsBySuccessRef.set(ref, [candidate]);
  }
  return index;
});

/** The operation that creates what a path parameter identifies: a POST returning the same schema as the GET of that resource. */
function producerOf(ir: Ir, operation: IrOperation, param: string): ProducerRef | undefined {
  const resourcePath = operation.path.slice(0, operation.path.indexOf(`{${param}}`) + param.length + 2);
  const index = producerIndex(ir);
  const ref = successSchemaRef(
    index.getByPath.get(resourcePath) ?? (operation.path === resourcePath ? operation : undefined),
  );
  if (!ref) return undefined;
  const producer = index.postsBySuccessRef
    .get(ref)
    ?.find((candidate) => candidate !== operation && !candidate.path.includes(`{${param}}`));
  if (!producer) return undefined;
  const fields =
    flatten(ir, producer.responses.find((response) => response.status === producer.successStatus)?.schema)
      .properties ?? {};
  return 'id' in fields ? { operationId: producer.id, field: 'id' } : undefined;
}

const READS = new Set(['get', 'head', 'options', 'trace']);

/**
 * The records a write operation names by its path values, outermost first: each path parameter
 * that identifies one (a scalar without `enum` or `const`; not a boolean), the parameters of its
 * path up to and including it, and the GET of that path filled with `values` when the spec has
 * one. The suites ask it before they send the operation to a target that keeps data, so that a
 * value taken from the spec's examples never writes to a record the run did not make
 * (runtime/records.ts).
 */
export function writtenRecords(
  ir: Ir,
  operation: IrOperation,
  values: Record<string, string>,
): WrittenRecord[] {
  if (READS.has(operation.method)) return [];
  const records: WrittenRecord[] = [];
  const path = operation.path.replace(/[?#].*$/s, '');
  for (const param of operation.parameters.path) {
    const end = path.indexOf(`{${param.name}}`);
    if (end < 0) continue;
    const schema = flatten(ir, param.schema) ?? {};
    const types = [schema.type].flat().filter(Boolean);
    const scalar =
      types.length === 0 || types.every((type: string) => ['string', 'integer', 'number'].includes(type));
    if (!scalar || schema.enum !== undefined || schema.const !== undefined) continue;
    const recordPath = path.slice(0, end + param.name.length + 2);
    const within = [...recordPath.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
    const get = producerIndex(ir).getByPath.get(recordPath);
    records.push({
      param: param.name,
      within,
      ...(get
        ? {
            probe: {
              operation: get.id,
              path: recordPath.replace(/\{([^}]+)\}/g, (_, name: string) =>
                encodeURIComponent(values[name] ?? ''),
              ),
            },
          }
        : {}),
    });
  }
  return records.sort((a, b) => a.within.length - b.within.length);
}

/**
 * What the property-based stage may generate: the JSON body, and the query parameters except
 * opaque paging cursors (a made-up cursor is rightly refused) and the partner of a mutually
 * exclusive pair; object-valued query parameters only when required (their serialisation varies).
 */
function generationCase(ir: Ir, operation: IrOperation): GenerationCase {
  const cursor = cursorPaging(operation);
  const opaque = new Set([cursor?.forwardParam, cursor?.backwardParam]);
  const query = operation.parameters.query
    .filter(
      (param) =>
        param.required ||
        (!opaque.has(param.name) &&
          !param.exclusiveWith?.length &&
          flatten(ir, param.schema).type !== 'object'),
    )
    .map((param) => ({
      name: param.name,
      required: param.required,
      schema: contractSchema(param.schema, ir),
    }));
  return { ...(operation.body?.isJson ? { body: contractSchema(operation.body.schema, ir) } : {}), query };
}

/** Map-like body properties the suite can tag what it creates with (`{contract_run: ...}`). */
const TAG_FIELDS = ['metadata', 'labels', 'tags'];

function tagOf(ir: Ir, operation: IrOperation): OperationCase['tag'] {
  if (!operation.body?.isJson || operation.method !== 'post') return undefined;
  const properties = flatten(ir, operation.body.schema).properties ?? {};
  const field = TAG_FIELDS.find((name) => {
    const field = properties[name] ? flatten(ir, properties[name]) : undefined;
    const values =
      field?.additionalProperties === undefined || field.additionalProperties === true
        ? {}
        : flatten(ir, field.additionalProperties);
    return (
      field?.type === 'object' &&
      !field.properties &&
      field.additionalProperties !== false &&
      (values.type === undefined || values.type === 'string')
    );
  });
  if (!field) return undefined;
  const maxProperties = flatten(ir, properties[field]).maxProperties;
  return { field, ...(typeof maxProperties === 'number' ? { maxProperties } : {}) };
}

/**
 * Why no check over HTTP can reach an operation: its only documented successes are informational
 * (1xx), such as 101 Switching Protocols, after which the connection speaks another protocol (a
 * WebSocket). fetch refuses such an answer, and a mock that sends one leaves each request hanging
 * until the connection closes (osisoft's channels: 12 s a request).
 */
function unreachableOverHttp(operation: IrOperation): string | undefined {
  const statuses = operation.responses.map((response) => response.status);
  const switches = statuses.filter((status) => /^1(?:\d\d|XX)$/i.test(status));
  if (switches.length === 0 || statuses.some((status) => /^[23]|^default$/i.test(status))) return undefined;
  return `its only documented success is informational (${switches.join(', ')}): a switch to another protocol, such as a WebSocket, which checks over HTTP cannot follow`;
}

export function operationCase(ir: Ir, operation: IrOperation, parameters: ParameterCase[]): OperationCase {
  const body = operation.body;
  const facts = bodyFacts(ir, operation);
  const drawnBody = body
    ? (firstExample(body.examples)?.value ??
      (body.isJson || facts.raw !== undefined
        ? requestValue(ir, body.isJson ? body.schema : facts.raw)
        : 'body'))
    : undefined;
  // A bytes body drawn as a value that is not a string: the case holds the text the raw request
  // sends (its JSON), so that the generated client is handed the same body. That text is checked
  // against no schema: an object schema cannot judge it.
  const sentAsText = facts.bytes === true && drawnBody !== undefined && typeof drawnBody !== 'string';
  const bodyValue = sentAsText ? JSON.stringify(drawnBody) : drawnBody;
  // A required array parameter needs an item, and an object one a member: empty, they are not sent at all.
  const valueOf = (param: { example?: unknown; schema: JsonSchema }) =>
    param.example !== undefined ? param.example : requestValue(ir, param.schema, true);
  const media = responseMediaTypes(operation);
  const unreachable = unreachableOverHttp(operation);
  const responses = Object.fromEntries(
    operation.responses.map((response) => [
      response.status,
      {
        ...(response.isJson && response.schema !== undefined
          ? { schema: contractSchema(response.schema, ir) }
          : {}),
        requiredHeaders: response.headers.filter((header) => header.required).map((header) => header.name),
        ...(response.headers.some((header) => typeof header.schema === 'object')
          ? {
              headerSchemas: Object.fromEntries(
                response.headers
                  .filter((header) => typeof header.schema === 'object')
                  .map((header) => [header.name, contractSchema(header.schema, ir)]),
              ),
            }
          : {}),
        mediaTypes: media[response.status]?.mediaTypes ?? [],
        pointer:
          media[response.status]?.pointer ?? `${operationPointer(operation)}/responses/${response.status}`,
      },
    ]),
  );
  const auth = operation.security.isPublic ? undefined : authCase(ir, operation);
  const tag = tagOf(ir, operation);
  const pathParams = operation.parameters.path.map((param) => {
    const value = valueOf(param);
    const producer = producerOf(ir, operation, param.name);
    return {
      name: param.name,
      example: typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value),
      ...(producer ? { producer } : {}),
    };
  });
  const records = writtenRecords(
    ir,
    operation,
    Object.fromEntries(pathParams.map((param) => [param.name, param.example])),
  );
  return {
    id: operation.id,
    method: operation.method,
    path: operation.path,
    pointer: operationPointer(operation),
    isPublic: operation.security.isPublic,
    ...(operation.successStatus ? { successStatus: operation.successStatus } : {}),
    scopes: operation.security.scopes,
    ...(operation.security.keyTypes ? { keyTypes: operation.security.keyTypes } : {}),
    // Objects and arrays (label, matrix, simple styles) are kept as JSON and serialised in their style when sent.
    pathParams,
    ...(records.length ? { records } : {}),
    query: Object.fromEntries(
      operation.parameters.query
        .filter((param) => param.required)
        .map((param) => [param.name, valueOf(param)]),
    ),
    headers: {
      ...Object.fromEntries(
        operation.parameters.header
          .filter((param) => param.required && param.name !== operation.idempotencyHeader)
          .map((param) => [param.name, String(valueOf(param))]),
      ),
      // What the path's fragment asks of a request (AWS's `/#X-Amz-Target=…`) goes as the header it names.
      ...(operation.template.match?.in === 'header' && operation.template.match.value !== undefined
        ? { [operation.template.match.name]: operation.template.match.value }
        : {}),
    },
    parameters,
    ...(auth ? { auth } : {}),
    ...(bodyValue !== undefined
      ? { body: bodyValue, bodyContentType: body!.contentType, bodyRequired: body!.required }
      : {}),
    ...(facts.schema && !sentAsText ? { bodySchema: facts.schema } : {}),
    ...(facts.pointer ? { bodyPointer: facts.pointer } : {}),
    ...(facts.unsupported ? { bodyUnsupported: facts.unsupported } : {}),
    ...(unreachable ? { unreachable } : {}),
    responses,
    // No cap: every derived invalid request is sent (a fixed cap hid operations' later rules).
    negative: [
      ...(body?.isJson ? bodyNegatives(ir, body.schema, bodyValue) : []),
      ...queryNegatives(ir, operation),
    ],
    ...(cursorPaging(operation) ? { pagination: withoutStyle(cursorPaging(operation)!) } : {}),
    ...(operation.idempotencyHeader ? { idempotencyHeader: operation.idempotencyHeader } : {}),
    generation: generationCase(ir, operation),
    ...(tag ? { tag } : {}),
  };
}

/**
 * The paging the suites check: our cursor envelope (every page forward and back, against one
 * maximal page). Lists that page otherwise are checked as plain operations.
 */
export function cursorPaging(operation: IrOperation): IrCursorPagination | undefined {
  return operation.pagination?.style === 'cursor' ? operation.pagination : undefined;
}

function withoutStyle({ style: _style, ...rest }: IrCursorPagination): Omit<IrCursorPagination, 'style'> {
  return rest;
}

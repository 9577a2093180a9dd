/**
 * What the contract suites need beside what the operations are, read from the IR: where each
 * operation, parameter, response and example is (JSON pointers, for findings), how parameters go
 * on the wire (style, explode), every media type a response declares, the schema of a non-JSON
 * request body, and where credentials go.
 */
import type { Ir, IrExample, IrOperation, JsonSchema } from '../../core/ir.js';
import { escapePointerPart, pointerToPath } from '../../core/refs.js';
import { decodingParam } from '../../sdk-shape/index.js';
import { contractSchema } from './schemas.js';
import type { AuthCase, ExampleCase, ParameterCase, PathCase } from './runtime/cases.js';

// Schemas are untyped JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export const pathPointer = (path: string) => `/paths/${escapePointerPart(path)}`;
export const operationPointer = (operation: { path: string; method: string }) =>
  `${pathPointer(operation.path)}/${operation.method}`;

/** Every parameter of an operation (operation-level over path-level, in document order), as it goes on the wire. */
export function parameterCases(ir: Ir, operation: IrOperation): ParameterCase[] {
  return operation.allParameters.map((param) => ({
    name: param.name,
    in: param.in,
    required: param.required,
    schema: contractSchema(param.schema, ir),
    style: param.style,
    explode: param.explode,
    ...(param.allowReserved ? { allowReserved: true } : {}),
    ...(param.allowEmptyValue ? { allowEmptyValue: true } : {}),
    ...(decodingParam(ir, param).jsonItems ? { jsonItems: true as const } : {}),
    pointer: param.pointer,
  }));
}

/** The media types a response declares (in document order), by status. */
export function responseMediaTypes(
  operation: IrOperation,
): Record<string, { mediaTypes: string[]; pointer: string }> {
  return Object.fromEntries(
    operation.responses.map((response) => [
      response.status,
      { mediaTypes: response.declaredMediaTypes, pointer: response.pointer },
    ]),
  );
}

const isJson = (type: string) => /^application\/([\w.-]+\+)?json\b/i.test(type) || /\+json\b/i.test(type);
/** Media types whose bodies the suite can build from a schema. */
const BUILDABLE =
  /^(application\/([\w.-]+\+)?json|application\/x-www-form-urlencoded|multipart\/form-data|application\/octet-stream|text\/plain)\b/i;

/** The request body: its media type (the one the IR picked), schema, pointer; or why the suite cannot build one. */
export function bodyFacts(
  ir: Ir,
  operation: IrOperation,
): { schema?: object; raw?: JsonSchema; pointer?: string; unsupported?: string; bytes?: true } {
  const media = operation.body?.content[0];
  if (!operation.body || !media) return {};
  // A binary or text body is bytes whatever its schema says (Google writes an object under
  // application/octet-stream): the generated client takes bytes or text for it, never a value.
  const bytes = media.kind === 'binary' || media.kind === 'text';
  const unsupported = BUILDABLE.test(media.mediaType)
    ? undefined
    : `the suite cannot build a ${media.mediaType} body`;
  // A media type that gives no schema has `true` in the IR: the suite then has none to check against.
  return {
    ...(media.schema !== true ? { schema: contractSchema(media.schema, ir), raw: media.schema } : {}),
    pointer: media.pointer,
    ...(unsupported ? { unsupported } : {}),
    ...(bytes ? { bytes: true as const } : {}),
  };
}

/** Where credentials go for an operation: the first scheme of its first alternative that names one. */
export function authCase(ir: Ir, operation: IrOperation): AuthCase | undefined {
  const first = operation.security.alternatives.find((alternative) => alternative.length > 0)?.[0];
  if (!first) return undefined;
  const scheme = ir.securitySchemes.find((candidate) => candidate.name === first.scheme);
  const pointer = operation.security.pointer ?? '/security';
  if (!scheme) return { scheme: first.scheme, kind: 'bearer', pointer };
  if (scheme.type === 'apiKey' && (scheme.in === 'header' || scheme.in === 'query' || scheme.in === 'cookie'))
    return { scheme: scheme.name, kind: scheme.in, name: scheme.parameterName ?? 'api_key', pointer };
  if (scheme.type === 'http' && scheme.scheme === 'basic')
    return { scheme: scheme.name, kind: 'basic', pointer };
  return { scheme: scheme.name, kind: 'bearer', pointer };
}

/**
 * Every path with the methods the spec declares on it, but a path where the config left an
 * operation out (`exclude`), or one of the same template: there the API answers methods this
 * description does not list, so they are neither sent as unsupported nor expected in Allow.
 */
export function pathCases(ir: Ir): PathCase[] {
  // A path as the server routes it: without a query or fragment some specs write into their keys.
  const routed = (path: string) => path.replace(/[?#].*$/s, '') || '/';
  const shape = (path: string) => path.replace(/\{[^}]*\}/g, '{}');
  const incomplete = new Set(ir.excluded.map((operation) => shape(routed(operation.path))));
  const byPath = new Map<string, PathCase>();
  for (const operation of ir.operations) {
    const path = routed(operation.path);
    if (incomplete.has(shape(path))) continue;
    const entry = byPath.get(path) ?? {
      path,
      pointer: pathPointer(operation.path),
      methods: [],
      operationId: operation.id,
    };
    if (!entry.methods.includes(operation.method)) entry.methods.push(operation.method);
    byPath.set(path, entry);
  }
  return [...byPath.values()];
}

/** Every example the spec gives for request bodies, responses and parameters, with its pointer and the schema it must satisfy. */
export function exampleCases(ir: Ir, shared: { $id: string }): ExampleCase[] {
  const cases: ExampleCase[] = [];
  const collect = (
    examples: IrExample[],
    schema: JsonSchema,
    base: Omit<ExampleCase, 'pointer' | 'schema' | 'value' | 'where'>,
    where: string,
  ) => {
    // Most media types and parameters hold no example: their schema is not converted for nothing.
    if (examples.length === 0) return;
    const standalone = contractSchema(schema, ir);
    for (const example of examples)
      cases.push({
        ...base,
        where: example.name !== undefined && examples.length > 1 ? `${where} (${example.name})` : where,
        pointer: example.pointer,
        schema: standalone,
        value: example.value,
      });
  };
  for (const operation of ir.operations) {
    const body = operation.body?.isJson ? operation.body.content[0] : undefined;
    if (body)
      collect(
        body.declaredExamples,
        body.schema,
        { operation: operation.id, part: 'request' },
        `${operation.id} request body`,
      );
    for (const response of operation.responses) {
      const media = response.isJson ? response.content[0] : undefined;
      if (!media) continue;
      collect(
        media.declaredExamples,
        media.schema,
        { operation: operation.id, status: response.status, part: 'response' },
        `${operation.id} ${response.status} response`,
      );
    }
    for (const param of operation.allParameters)
      collect(
        param.declaredExamples,
        param.schema,
        { operation: operation.id, parameter: param.name, part: 'parameter' },
        `${operation.id} parameter ${param.name}`,
      );
  }
  cases.push(...schemaExamples(ir, shared));
  // One example shared by many operations ($ref to components/examples) is one case.
  const seen = new Set<string>();
  return cases.filter((example) => {
    const key = `${example.pointer}|${JSON.stringify(example.schema)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Keywords whose values are schemas (or lists or maps of them), followed to find examples inside schemas. */
const SUBSCHEMA = [
  'items',
  'additionalProperties',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'unevaluatedProperties',
  'unevaluatedItems',
];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];

/**
 * The examples written inside component schemas (`example`, `examples`), at any depth: mocks build
 * answers from them, so one that breaks its own schema is the spec's to fix. Each is checked
 * against its schema node by a $ref into the shared schema (no copy of the schema).
 */
function schemaExamples(ir: Ir, shared: { $id: string }): ExampleCase[] {
  const out: ExampleCase[] = [];
  const visit = (node: Json, pointer: string, depth: number) => {
    if (
      !node ||
      typeof node !== 'object' ||
      Array.isArray(node) ||
      depth > 24 ||
      typeof node.$ref === 'string'
    )
      return;
    if (!('example' in node) && !Array.isArray(node.examples) && depth > 0 && !hasExamples(node)) return;
    // The node in the shared (2020-12) schema, by reference; where converting an OpenAPI 3.0 schema moved it (nullable), a copy.
    const inShared =
      pointerToPath(`#${pointer}`).reduce<Json>((current, key) => current?.[key], shared) !== undefined;
    const schema = inShared ? { $ref: `${shared.$id}#${pointer}` } : contractSchema(node, ir);
    const where = `schema ${pointer.replace(/^\/components\/schemas\//, '')}`;
    if ('example' in node)
      out.push({ where, pointer: `${pointer}/example`, schema, value: node.example, part: 'schema' });
    if (Array.isArray(node.examples))
      node.examples.forEach((value: unknown, index: number) =>
        out.push({
          where: node.examples.length > 1 ? `${where} #${index + 1}` : where,
          pointer: `${pointer}/examples/${index}`,
          schema,
          value,
          part: 'schema',
        }),
      );
    for (const key of SUBSCHEMA)
      if (node[key] && typeof node[key] === 'object') visit(node[key], `${pointer}/${key}`, depth + 1);
    for (const key of SUBSCHEMA_LISTS)
      if (Array.isArray(node[key]))
        node[key].forEach((child: Json, index: number) =>
          visit(child, `${pointer}/${key}/${index}`, depth + 1),
        );
    for (const key of SUBSCHEMA_MAPS)
      if (node[key] && typeof node[key] === 'object')
        for (const [name, child] of Object.entries<Json>(node[key]))
          visit(child, `${pointer}/${key}/${escapePointerPart(name)}`, depth + 1);
  };
  for (const { name, schema } of ir.schemas)
    visit(schema, `/components/schemas/${escapePointerPart(name)}`, 0);
  return out;
}

/** Whether a schema holds an example anywhere inside (so walking it can find one). */
function hasExamples(node: unknown): boolean {
  return JSON.stringify(node).includes('"example');
}

/** Whether a media type is JSON (application/json, anything +json). */
export const isJsonMediaType = isJson;

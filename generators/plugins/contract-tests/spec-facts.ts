/**
 * What the contract suites need from the document that the IR does not carry (yet): where each
 * operation, parameter, response and example is (JSON pointers, for findings), how parameters go
 * on the wire (style, explode), every media type a response declares, the schema of a non-JSON
 * request body, and where credentials go. Read from the bundled document the IR keeps; the IR
 * remains the source of what the operations are.
 */
import type { Ir, IrOperation, JsonSchema } from '../../core/ir.js';
import { deref, escapePointerPart, pointerToPath } from '../../core/refs.js';
import { contractSchema } from './schemas.js';
import type { AuthCase, ExampleCase, ParameterCase, PathCase } from './runtime/cases.js';

// The document is untyped JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export const pathPointer = (path: string) => `/paths/${escapePointerPart(path)}`;
export const operationPointer = (operation: { path: string; method: string }) =>
  `${pathPointer(operation.path)}/${operation.method}`;

/** Follows a $ref chain from `pointer`, returning the node and the pointer where it really is. */
function located(document: Json, value: unknown, pointer: string): { node: Json; pointer: string } {
  let node = value as Json;
  let at = pointer;
  for (
    let hops = 0;
    hops < 32 &&
    node &&
    typeof node === 'object' &&
    typeof node.$ref === 'string' &&
    node.$ref.startsWith('#/');
    hops += 1
  ) {
    at = node.$ref.slice(1);
    node = pointerToPath(node.$ref).reduce<Json>((current, key) => current?.[key], document);
  }
  return { node, pointer: at };
}

const DEFAULT_STYLE: Record<string, string> = {
  path: 'simple',
  query: 'form',
  header: 'simple',
  cookie: 'form',
};

/** Every parameter of an operation (operation-level over path-level), as it goes on the wire. */
export function parameterCases(ir: Ir, operation: IrOperation): ParameterCase[] {
  const document = ir.document;
  const item = deref(document, document.paths?.[operation.path]) ?? {};
  const byKey = new Map<string, ParameterCase>();
  const add = (list: unknown, where: string) => {
    (Array.isArray(list) ? list : []).forEach((raw, index) => {
      const { node: param, pointer } = located(document, raw, `${where}/parameters/${index}`);
      if (
        !param ||
        typeof param.name !== 'string' ||
        !['path', 'query', 'header', 'cookie'].includes(param.in)
      )
        return;
      const style = typeof param.style === 'string' ? param.style : DEFAULT_STYLE[param.in];
      const schema =
        param.schema ?? (param.content ? Object.values<Json>(param.content)[0]?.schema : undefined) ?? true;
      byKey.set(`${param.in}:${param.name}`, {
        name: param.name,
        in: param.in,
        required: param.in === 'path' ? true : param.required === true,
        schema: contractSchema(schema, ir),
        style,
        explode: typeof param.explode === 'boolean' ? param.explode : style === 'form',
        ...(param.allowReserved === true ? { allowReserved: true } : {}),
        ...(param.allowEmptyValue === true ? { allowEmptyValue: true } : {}),
        pointer,
      });
    });
  };
  add(item.parameters, pathPointer(operation.path));
  add(item[operation.method]?.parameters, operationPointer(operation));
  return [...byKey.values()];
}

/** The media types a response declares, by status. */
export function responseMediaTypes(
  ir: Ir,
  operation: IrOperation,
): Record<string, { mediaTypes: string[]; pointer: string }> {
  const responses =
    deref(ir.document, ir.document.paths?.[operation.path])?.[operation.method]?.responses ?? {};
  return Object.fromEntries(
    Object.entries<Json>(responses).map(([status, raw]) => {
      const { node, pointer } = located(
        ir.document,
        raw,
        `${operationPointer(operation)}/responses/${escapePointerPart(status)}`,
      );
      return [status, { mediaTypes: Object.keys(node?.content ?? {}), pointer }];
    }),
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
): { schema?: object; raw?: unknown; pointer?: string; unsupported?: string } {
  if (!operation.body) return {};
  const raw = deref(ir.document, ir.document.paths?.[operation.path])?.[operation.method]?.requestBody;
  const { node, pointer } = located(ir.document, raw, `${operationPointer(operation)}/requestBody`);
  const media = node?.content?.[operation.body.contentType] ?? {};
  const mediaPointer = `${pointer}/content/${escapePointerPart(operation.body.contentType)}`;
  const unsupported = BUILDABLE.test(operation.body.contentType)
    ? undefined
    : `the suite cannot build a ${operation.body.contentType} body`;
  return {
    ...(media.schema !== undefined ? { schema: contractSchema(media.schema, ir), raw: media.schema } : {}),
    pointer: mediaPointer,
    ...(unsupported ? { unsupported } : {}),
  };
}

/** Where credentials go for an operation: the first scheme of its first alternative that names one. */
export function authCase(ir: Ir, operation: IrOperation): AuthCase | undefined {
  const first = operation.security.alternatives.find((alternative) => alternative.length > 0)?.[0];
  if (!first) return undefined;
  const scheme = ir.securitySchemes.find((candidate) => candidate.name === first.scheme);
  const ownSecurity = Array.isArray(
    deref(ir.document, ir.document.paths?.[operation.path])?.[operation.method]?.security,
  );
  const pointer = ownSecurity ? `${operationPointer(operation)}/security` : '/security';
  if (!scheme) return { scheme: first.scheme, kind: 'bearer', pointer };
  if (scheme.type === 'apiKey' && (scheme.in === 'header' || scheme.in === 'query' || scheme.in === 'cookie'))
    return { scheme: scheme.name, kind: scheme.in, name: scheme.parameterName ?? 'api_key', pointer };
  if (scheme.type === 'http' && scheme.scheme === 'basic')
    return { scheme: scheme.name, kind: 'basic', pointer };
  return { scheme: scheme.name, kind: 'bearer', pointer };
}

/** Every path with the methods the spec declares on it. */
export function pathCases(ir: Ir): PathCase[] {
  const byPath = new Map<string, PathCase>();
  for (const operation of ir.operations) {
    const path = operation.path.replace(/[?#].*$/s, '') || '/';
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
export function exampleCases(
  ir: Ir,
  parameters: Map<IrOperation, ParameterCase[]>,
  shared: { $id: string },
): ExampleCase[] {
  const document = ir.document;
  const cases: ExampleCase[] = [];
  const collect = (
    holder: Json,
    at: string,
    schema: unknown,
    base: Omit<ExampleCase, 'pointer' | 'schema' | 'value' | 'where'>,
    where: string,
  ) => {
    if (!holder || typeof holder !== 'object' || schema === undefined) return;
    // Most media types and parameters hold no example: their schema is not converted for nothing.
    if (!('example' in holder) && !holder.examples) return;
    const standalone = contractSchema(schema as JsonSchema, ir);
    if ('example' in holder)
      cases.push({ ...base, where, pointer: `${at}/example`, schema: standalone, value: holder.example });
    else {
      const named = Object.entries<Json>(holder.examples ?? {});
      for (const [name, raw] of named) {
        const { node, pointer } = located(document, raw, `${at}/examples/${escapePointerPart(name)}`);
        if (node && typeof node === 'object' && 'value' in node)
          cases.push({
            ...base,
            where: named.length > 1 ? `${where} (${name})` : where,
            pointer: `${pointer}/value`,
            schema: standalone,
            value: node.value,
          });
      }
    }
  };
  for (const operation of ir.operations) {
    const raw = deref(document, document.paths?.[operation.path])?.[operation.method] ?? {};
    if (operation.body?.isJson) {
      const { node, pointer } = located(
        document,
        raw.requestBody,
        `${operationPointer(operation)}/requestBody`,
      );
      const media = node?.content?.[operation.body.contentType];
      collect(
        media,
        `${pointer}/content/${escapePointerPart(operation.body.contentType)}`,
        media?.schema ?? true,
        { operation: operation.id, part: 'request' },
        `${operation.id} request body`,
      );
    }
    for (const response of operation.responses) {
      if (!response.isJson || !response.contentType) continue;
      const { node, pointer } = located(
        document,
        raw.responses?.[response.status],
        `${operationPointer(operation)}/responses/${escapePointerPart(response.status)}`,
      );
      const media = node?.content?.[response.contentType];
      collect(
        media,
        `${pointer}/content/${escapePointerPart(response.contentType)}`,
        media?.schema ?? true,
        { operation: operation.id, status: response.status, part: 'response' },
        `${operation.id} ${response.status} response`,
      );
    }
    for (const param of parameters.get(operation) ?? []) {
      const node = pointerToPath(`#${param.pointer}`).reduce<Json>(
        (current, key) => current?.[key],
        document,
      );
      collect(
        node,
        param.pointer,
        node?.schema ?? true,
        { operation: operation.id, parameter: param.name, part: 'parameter' },
        `${operation.id} parameter ${param.name}`,
      );
    }
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
  for (const [name, schema] of Object.entries<Json>(ir.document.components?.schemas ?? {}))
    visit(schema, `/components/schemas/${escapePointerPart(name)}`, 0);
  return out;
}

/** Whether a schema holds an example anywhere inside (so walking it can find one). */
function hasExamples(node: unknown): boolean {
  return JSON.stringify(node).includes('"example');
}

/** Whether a media type is JSON (application/json, anything +json). */
export const isJsonMediaType = isJson;

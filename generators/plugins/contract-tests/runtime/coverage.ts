/**
 * Deterministic coverage, beside the random stage: from the operation's valid request, one change
 * at a time, every enum value; every boundary (min and max accepted, min-1 and max+1 refused) of
 * string lengths, array sizes, map sizes and numbers; each optional body property and parameter
 * present and absent; wrong types and unknown properties; and the invalid neighbours of query,
 * header and path parameters. Each variant is checked against its schema before it is sent, so a
 * variant is sent only with the polarity it was made for: a valid one must get a documented answer
 * other than a refusal of its input, an invalid one a documented 4xx (sent only to a target that
 * refuses input: the MSW handlers are held to the valid ones).
 */
import { merge } from './arbitraries.js';
import type { OperationCase } from './cases.js';
import { type Problem } from './findings.js';
import { send } from './harness.js';
import type { RequestSpec } from './request.js';
import { asRead } from './serialize.js';
import type { SuiteContext } from './suite-context.js';

// Schemas and bodies are untyped JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

interface Variant {
  name: string;
  valid: boolean;
  where: 'body' | 'query' | 'header' | 'path';
  /** For parameters: which one; for the body: the property path. */
  target: string | string[];
  /** The new value; `undefined` removes it. */
  value: unknown;
}

/** More draws of a unique array for the distinct items its sizes need. */
const UNIQUE_ITEM_DRAWS = 8;
/** Body nesting followed (recursive schemas end here). */
const MAX_DEPTH = 3;
const ABSENT = Symbol('absent');

/**
 * Adds to `have` the values of more draws it does not hold yet (by `identity`), until it holds
 * `count` or the schema's `budget` of UNIQUE_ITEM_DRAWS draws is spent: the distinct items of a
 * unique array, the names a `propertyNames` schema takes.
 */
function drawDistinct<T>(
  have: T[],
  count: number,
  budget: { draws: number },
  identity: (value: T) => string,
  draw: () => T[],
): void {
  const seen = new Set(have.map(identity));
  while (have.length < count && budget.draws < UNIQUE_ITEM_DRAWS) {
    budget.draws += 1;
    for (const value of draw()) {
      const id = identity(value);
      if (seen.has(id)) continue;
      seen.add(id);
      have.push(value);
    }
  }
}

/** A size variant pushed to `out` when `make` can build a value of that size. */
function sizedBy(out: Array<[string, unknown, boolean]>, make: (count: number) => unknown) {
  return (what: string, count: number, valid: boolean) => {
    const value = make(count);
    if (value) out.push([what, value, valid]);
  };
}

const typeOf = (schema: Json): string | undefined => {
  const type = Array.isArray(schema?.type)
    ? schema.type.find((entry: string) => entry !== 'null')
    : schema?.type;
  return (
    type ??
    (schema?.properties || schema?.additionalProperties !== undefined
      ? 'object'
      : schema?.items
        ? 'array'
        : schema?.minLength !== undefined || schema?.maxLength !== undefined || schema?.pattern
          ? 'string'
          : undefined)
  );
};

/** A string of `length` code points, from an existing value when there is one (so patterns more often still hold). */
function stringOf(length: number, like?: unknown): string {
  const seed = typeof like === 'string' && like.length ? [...like] : ['a'];
  return Array.from({ length }, (_, index) => seed[index % seed.length]).join('');
}

/** Values around a schema's bounds: [name, value, valid] (valid as far as that bound goes; Ajv decides in the end). */
export function boundaryValues(
  schema: Json,
  current: unknown,
  sample: () => unknown,
): Array<[string, unknown, boolean]> {
  const out: Array<[string, unknown, boolean]> = [];
  const type = typeOf(schema);
  if (Array.isArray(schema.enum)) {
    for (const value of schema.enum) out.push([`enum value ${JSON.stringify(value)}`, value, true]);
    if (schema.enum.every((value: unknown) => typeof value === 'string'))
      out.push(['a value not in the enum', '__not_in_enum__', false]);
  }
  if (type === 'boolean') out.push(['true', true, true], ['false', false, true]);
  if (type === 'string' && !Array.isArray(schema.enum)) {
    if (typeof schema.minLength === 'number') {
      out.push([`length ${schema.minLength} (minLength)`, stringOf(schema.minLength, current), true]);
      if (schema.minLength > 0)
        out.push([
          `length ${schema.minLength - 1} (minLength - 1)`,
          stringOf(schema.minLength - 1, current),
          false,
        ]);
    }
    if (typeof schema.maxLength === 'number' && schema.maxLength <= 100_000) {
      out.push(
        [`length ${schema.maxLength} (maxLength)`, stringOf(schema.maxLength, current), true],
        [`length ${schema.maxLength + 1} (maxLength + 1)`, stringOf(schema.maxLength + 1, current), false],
      );
    }
  }
  if (type === 'string' && typeof schema.pattern === 'string')
    out.push(['a value not matching its pattern', '!! not matching !!', false]);
  if (type === 'integer' || type === 'number') {
    const step = typeof schema.multipleOf === 'number' ? schema.multipleOf : type === 'integer' ? 1 : 1;
    if (typeof schema.minimum === 'number')
      out.push(
        [`${schema.minimum} (minimum)`, schema.minimum, true],
        [`${schema.minimum - step} (minimum - ${step})`, schema.minimum - step, false],
      );
    if (typeof schema.maximum === 'number')
      out.push(
        [`${schema.maximum} (maximum)`, schema.maximum, true],
        [`${schema.maximum + step} (maximum + ${step})`, schema.maximum + step, false],
      );
    if (typeof schema.exclusiveMinimum === 'number')
      out.push(
        [`${schema.exclusiveMinimum} (exclusiveMinimum)`, schema.exclusiveMinimum, false],
        [
          `${schema.exclusiveMinimum + step} (exclusiveMinimum + ${step})`,
          schema.exclusiveMinimum + step,
          true,
        ],
      );
    if (typeof schema.exclusiveMaximum === 'number')
      out.push(
        [`${schema.exclusiveMaximum} (exclusiveMaximum)`, schema.exclusiveMaximum, false],
        [
          `${schema.exclusiveMaximum - step} (exclusiveMaximum - ${step})`,
          schema.exclusiveMaximum - step,
          true,
        ],
      );
  }
  if (type === 'array') {
    // The items of an array already valid, the current one or else one drawn once (`sample` draws
    // the whole array, never an item): its items first, then copies of its first. Distinct items
    // a unique array needs come from a few more draws; where too few come, Ajv drops the size.
    let fill: unknown[] | undefined;
    const budget = { draws: 0 };
    const validItems = (count: number) => {
      const nonEmpty = (array: unknown) => (Array.isArray(array) && array.length > 0 ? array : undefined);
      fill ??= [...(nonEmpty(current) ?? nonEmpty(sample()) ?? [])];
      if (schema.uniqueItems !== true || fill.length === 0 || fill.length >= count) return fill;
      drawDistinct(
        fill,
        count,
        budget,
        (item) => JSON.stringify(item),
        () => {
          const drawn = sample();
          return Array.isArray(drawn) ? drawn : [];
        },
      );
      return fill;
    };
    const items = (count: number): unknown[] | undefined => {
      if (count === 0) return [];
      const from = validItems(count);
      if (from.length === 0) return undefined;
      return Array.from({ length: count }, (_, index) => structuredClone(from[index] ?? from[0]));
    };
    const sized = sizedBy(out, items);
    if (typeof schema.minItems === 'number') {
      sized(`${schema.minItems} items (minItems)`, schema.minItems, true);
      if (schema.minItems > 0)
        sized(`${schema.minItems - 1} items (minItems - 1)`, schema.minItems - 1, false);
    }
    if (typeof schema.maxItems === 'number' && schema.maxItems <= 10_000) {
      sized(`${schema.maxItems} items (maxItems)`, schema.maxItems, true);
      sized(`${schema.maxItems + 1} items (maxItems + 1)`, schema.maxItems + 1, false);
    }
  }
  if (type === 'object' && !schema.properties && schema.additionalProperties !== false) {
    // The entries of a map already valid, the current one or else one drawn once (a sample is a
    // whole map: AWS DynamoDB's BatchGetRequestMap, up to 200 KB a draw, and one per entry, 201 for
    // maxProperties 100, took minutes): its keys first, then more, each with its first value.
    let known: { keys: string[]; value: unknown } | undefined;
    const budget = { draws: 0 };
    const validEntries = (count: number) => {
      const nonEmpty = (map: unknown): Json =>
        map && typeof map === 'object' && !Array.isArray(map) && Object.keys(map).length > 0
          ? map
          : undefined;
      if (!known) {
        const map = nonEmpty(current) ?? nonEmpty(sample());
        const keys = map ? Object.keys(map) : [];
        known = { keys, value: map ? map[keys[0]!] : 'v' };
      }
      // Names a `propertyNames` schema takes come from a few more draws, as a unique array's items.
      if (schema.propertyNames === undefined) return known;
      drawDistinct(
        known.keys,
        count,
        budget,
        (key) => key,
        () => Object.keys(nonEmpty(sample()) ?? {}),
      );
      return known;
    };
    const entries = (count: number): Record<string, unknown> | undefined => {
      if (count === 0) return {};
      const { keys, value } = validEntries(count);
      const names = new Set(keys.slice(0, count));
      // Made-up names would break a `propertyNames` schema: then the size is not made.
      if (names.size < count && schema.propertyNames !== undefined) return undefined;
      for (let index = 0; names.size < count; index += 1) names.add(`k${index}`);
      return Object.fromEntries([...names].map((name) => [name, structuredClone(value)]));
    };
    const sized = sizedBy(out, entries);
    if (typeof schema.maxProperties === 'number' && schema.maxProperties <= 10_000) {
      sized(`${schema.maxProperties} entries (maxProperties)`, schema.maxProperties, true);
      sized(`${schema.maxProperties + 1} entries (maxProperties + 1)`, schema.maxProperties + 1, false);
    }
    if (typeof schema.minProperties === 'number' && schema.minProperties > 0)
      sized(`${schema.minProperties - 1} entries (minProperties - 1)`, schema.minProperties - 1, false);
  }
  if (type && !Array.isArray(schema.type))
    out.push([
      `a wrong type (${type === 'string' ? 'a number' : 'a string'})`,
      type === 'string' ? 12345 : 'not-a-' + type,
      false,
    ]);
  return out.filter(([, value]) => JSON.stringify(value) !== JSON.stringify(current) || value === undefined);
}

/** A subschema of the shared schema made standalone: its local refs point into the shared schema by its $id. */
function rebased(root: { $id: string }, schema: Json): Json {
  if (Array.isArray(schema)) return schema.map((item) => rebased(root, item));
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#')
        ? `${root.$id}${value}`
        : rebased(root, value),
    ]),
  );
}

function set(value: Json, path: string[], next: unknown): Json {
  const copy = structuredClone(value);
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  if (next === ABSENT) delete node[path.at(-1)!];
  else node[path.at(-1)!] = next;
  return copy;
}

/** Variants of a JSON body, one property changed each. */
function bodyVariants(
  context: SuiteContext,
  schema: Json,
  value: Json,
  path: string[] = [],
  depth = 0,
): Variant[] {
  const root = context.cases.sharedSchema;
  const node = merge(root, schema);
  if (
    !node ||
    typeof node !== 'object' ||
    !value ||
    typeof value !== 'object' ||
    Array.isArray(value) ||
    depth > MAX_DEPTH
  )
    return [];
  const out: Variant[] = [];
  const at = (name: string) => [...path, name];
  const label = (name: string) => at(name).join('.');
  const required: string[] = Array.isArray(node.required) ? node.required : [];
  for (const [name, raw] of Object.entries<Json>(node.properties ?? {})) {
    const property = merge(root, raw);
    if (!property || typeof property !== 'object' || property.readOnly === true) continue;
    const current = Object.hasOwn(value, name) ? value[name] : undefined;
    const sample = () => context.validValue(rebased(root, raw));
    if (current === undefined) {
      if (!required.includes(name))
        out.push({
          name: `body ${label(name)} present`,
          valid: true,
          where: 'body',
          target: at(name),
          value: sample(),
        });
      continue;
    }
    if (!required.includes(name))
      out.push({
        name: `body ${label(name)} absent`,
        valid: true,
        where: 'body',
        target: at(name),
        value: ABSENT,
      });
    for (const [what, next, valid] of boundaryValues(property, current, sample))
      out.push({ name: `body ${label(name)}: ${what}`, valid, where: 'body', target: at(name), value: next });
    if (typeOf(property) === 'object') out.push(...bodyVariants(context, raw, current, at(name), depth + 1));
  }
  if (node.additionalProperties === false)
    out.push({
      name: `body ${[...path, 'unexpected_field'].join('.')}: a property the schema does not allow`,
      valid: false,
      where: 'body',
      target: [...path, 'unexpected_field'],
      value: 'x',
    });
  return out;
}

/**
 * Whether a parameter's type shows on the wire: text is read as a number or a boolean, so a word
 * where one is due is a wrong type; a string, an array or an object reads any text somehow.
 */
const wireTyped = (schema: Json) => ['integer', 'number', 'boolean'].includes(typeOf(schema) ?? '');

/** Variants of the query, header and path parameters. */
function parameterVariants(context: SuiteContext, operation: OperationCase, request: RequestSpec): Variant[] {
  const out: Variant[] = [];
  const generated = new Set(operation.generation.query.map((param) => param.name));
  const credentials = operation.auth?.kind === 'header' ? operation.auth.name?.toLowerCase() : undefined;
  for (const param of operation.parameters ?? []) {
    if (
      param.in === 'cookie' ||
      (param.in === 'header' &&
        (param.name.toLowerCase() === 'authorization' ||
          param.name.toLowerCase() === credentials ||
          param.name === operation.idempotencyHeader))
    )
      continue;
    const where = param.in as Variant['where'];
    const schema = merge(context.cases.sharedSchema, param.schema);
    if (!schema || typeof schema !== 'object') continue;
    const current =
      where === 'query'
        ? ownOf(request.query, param.name)
        : where === 'header'
          ? ownOf(request.headers, param.name)
          : undefined;
    const sample = () => context.validValue(param.schema);
    if (where === 'path') {
      for (const [what, next, valid] of boundaryValues(schema, undefined, sample)) {
        if (what.startsWith('a wrong type') && !wireTyped(schema)) continue;
        // An empty segment is not a value the wire carries: proxies and URL normalisers collapse `//`,
        // so the target would answer another route (Prism's proxy turns it into a 405 elsewhere).
        if (next === '') continue;
        if (!valid || Array.isArray(schema.enum))
          out.push({ name: `path ${param.name}: ${what}`, valid, where, target: param.name, value: next });
      }
      continue;
    }
    if (current === undefined) {
      // Only what the random stage may also send: no made-up cursors, no exclusive partners.
      if (where === 'header' || generated.has(param.name))
        out.push({
          name: `${where} ${param.name} present`,
          valid: true,
          where,
          target: param.name,
          value: sample(),
        });
    } else if (!param.required)
      out.push({
        name: `${where} ${param.name} absent`,
        valid: true,
        where,
        target: param.name,
        value: ABSENT,
      });
    else
      out.push({
        name: `${where} ${param.name} missing (required)`,
        valid: false,
        where,
        target: param.name,
        value: ABSENT,
      });
    if (where === 'query' && !generated.has(param.name) && !param.required) continue;
    const itemsSchema =
      typeOf(schema) === 'array' && schema.items
        ? merge(context.cases.sharedSchema, schema.items)
        : undefined;
    if (itemsSchema && Array.isArray(itemsSchema.enum))
      for (const value of itemsSchema.enum)
        out.push({
          name: `${where} ${param.name}: enum value ${JSON.stringify(value)}`,
          valid: true,
          where,
          target: param.name,
          value: [value],
        });
    if (
      itemsSchema &&
      Array.isArray(itemsSchema.enum) &&
      itemsSchema.enum.every((value: unknown) => typeof value === 'string')
    )
      out.push({
        name: `${where} ${param.name}: an item not in the enum`,
        valid: false,
        where,
        target: param.name,
        value: ['__not_in_enum__'],
      });
    for (const [what, next, valid] of boundaryValues(schema, current, sample)) {
      if (what.startsWith('a wrong type') && !wireTyped(schema)) continue;
      out.push({ name: `${where} ${param.name}: ${what}`, valid, where, target: param.name, value: next });
    }
  }
  return out;
}

function apply(operation: OperationCase, request: RequestSpec, variant: Variant): RequestSpec {
  if (variant.where === 'body')
    return { ...request, body: set(request.body, variant.target as string[], variant.value) };
  const name = variant.target as string;
  if (variant.where === 'query') {
    const query = { ...(request.query ?? {}) };
    if (variant.value === ABSENT) delete query[name];
    else query[name] = variant.value;
    return { ...request, query };
  }
  if (variant.where === 'header') {
    const headers = { ...(request.headers ?? {}) };
    if (variant.value === ABSENT) delete headers[name];
    else headers[name] = typeof variant.value === 'string' ? variant.value : JSON.stringify(variant.value);
    return { ...request, headers };
  }
  // Path: the parameter's segment replaced, the rest as made.
  const segments = request.path.split('/');
  const index = operation.path.split('/').indexOf(`{${name}}`);
  if (index >= 0)
    segments[index] = encodeURIComponent(
      typeof variant.value === 'string' ? variant.value : JSON.stringify(variant.value),
    );
  return { ...request, path: segments.join('/') };
}

/** Whether the variant has the polarity it was made for (Ajv decides). */
function polarityHolds(
  context: SuiteContext,
  operation: OperationCase,
  request: RequestSpec,
  variant: Variant,
): boolean {
  if (variant.where === 'body')
    return (
      (context.validator.violations(operation.bodySchema, request.body, 'request').length === 0) ===
      variant.valid
    );
  const param = operation.parameters?.find(
    (candidate) => candidate.in === variant.where && candidate.name === variant.target,
  );
  if (!param) return false;
  if (variant.value === ABSENT) return !param.required === variant.valid;
  // Headers carry visible ASCII only; a value fetch cannot send is no variant at all.
  if (
    variant.where === 'header' &&
    !/^[\t\x20-\x7e]*$/.test(
      typeof variant.value === 'string' ? variant.value : JSON.stringify(variant.value),
    )
  )
    return false;
  const shape = merge(context.cases.sharedSchema, param.schema);
  const items = shape?.items ? merge(context.cases.sharedSchema, shape.items) : undefined;
  const read = asRead({ ...param, schema: shape }, variant.value, items);
  if (read === undefined) return !param.required === variant.valid;
  return (context.validator.violations(param.schema, read, 'request').length === 0) === variant.valid;
}

/** The request with another's path (its fresh IDs), everything else as it was. */
const withPathOf = (request: RequestSpec, other: RequestSpec): RequestSpec => ({
  ...request,
  path: other.path,
  ...(other.pathValues ? { pathValues: other.pathValues } : {}),
});

export async function coverage(context: SuiteContext, operation: OperationCase): Promise<Problem[]> {
  const base = await context.request(operation);
  const variants = [
    ...(operation.bodySchema && operation.bodyContentType && /json/i.test(operation.bodyContentType)
      ? bodyVariants(context, operation.bodySchema, base.body)
      : []),
    ...parameterVariants(context, operation, base),
  ];
  const problems: Problem[] = [];
  const idsWereMade = context.target.stateful && operation.pathParams.some((param) => param.producer);
  let first = true;
  for (const variant of variants) {
    // A target that refuses no input (the MSW handlers) is held to the valid variants only.
    if (!variant.valid && !context.target.validates) continue;
    if (!polarityHolds(context, operation, apply(operation, base, variant), variant)) continue;
    // A GET reuses its path IDs; anything that changes state gets fresh ones (a completed object refuses a second completion).
    // Only the path is taken from the fresh request: the variant was made from the base's body, query
    // and headers, and a stand-in for an invalid example is drawn anew on each request.
    const fresh =
      first || operation.method === 'get' ? base : withPathOf(base, await context.request(operation));
    first = false;
    const request = apply(operation, fresh, variant);
    const sent = await send(context.target, request);
    problems.push(
      ...context.problems(
        operation,
        sent,
        variant.valid
          ? { kind: 'success', lenient: true, idsWereMade }
          : { kind: 'refusal', ...(variant.where === 'path' ? { also: [404] } : {}) },
        variant.valid ? 'positive_data_acceptance' : 'negative_data_rejection',
        request,
        `coverage: ${variant.name}`,
      ),
    );
  }
  return problems;
}

/** What `values` holds under `name` itself (a parameter `constructor` left out is not Object's). */
function ownOf(values: Record<string, unknown> | undefined, name: string): unknown {
  return values && Object.hasOwn(values, name) ? values[name] : undefined;
}

/**
 * Numbers in text (parameters, form fields) written in decimal. Ajv coerces text to a number as
 * JavaScript does, so `0x10`, ` 10`, `0b11` and `Infinity` would pass as numbers: a coercing Ajv
 * (validation.ts) first checks, wherever the schema would coerce text to a number, that it is
 * written as JSON writes numbers (leading zeros allowed).
 */
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { isNullBranch } from './text-unions.js';
import { followRefs, pointerPart } from './refs.js';

/** A number as parameters write it: decimal digits, an optional minus, fraction and exponent (JSON's grammar, leading zeros allowed). */
const DECIMAL_NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** The first number written other than in decimal inside a value (`at`: its path), if any. */
export type DecimalCheck = (value: unknown, at: string[]) => ErrorObject | undefined;

type SchemaObject = Record<string, unknown>;

/**
 * The check a schema's numbers need, wherever Ajv would coerce text to one: the schema itself, its
 * properties, `additionalProperties` (deepObject maps), array items (nested too), `allOf` members,
 * and `anyOf`/`oneOf` whose branches all take numbers (or null) and no text. Undefined when the
 * schema takes no number Ajv would coerce.
 */
export function decimalCheck(
  ajv: Ajv2020,
  raw: unknown,
  from: string | undefined,
  depth: number,
): DecimalCheck | undefined {
  const { schema, document } = followRefs(raw, sharedDocuments(ajv), from) as {
    schema: SchemaObject | undefined;
    document: string | undefined;
  };
  if (!schema || typeof schema !== 'object' || depth > 8) return undefined;
  const type = numberType(sharedDocuments(ajv), schema, document, depth);
  if (type)
    return (value, at) =>
      typeof value === 'string' &&
      value !== '' &&
      !(DECIMAL_NUMBER.test(value) && Number.isFinite(Number(value)))
        ? notDecimal(at, type)
        : undefined;
  const checks: DecimalCheck[] = [];
  const items = schema.items === undefined ? undefined : decimalCheck(ajv, schema.items, document, depth + 1);
  if (items)
    checks.push((value, at) =>
      Array.isArray(value) ? firstOf(value, (each, index) => items(each, [...at, String(index)])) : undefined,
    );
  const properties =
    schema.properties && typeof schema.properties === 'object' ? (schema.properties as SchemaObject) : {};
  for (const [name, property] of Object.entries(properties)) {
    const check = decimalCheck(ajv, property, document, depth + 1);
    if (check)
      checks.push((value, at) =>
        isRecord(value) && Object.hasOwn(value, name) ? check(value[name], [...at, name]) : undefined,
      );
  }
  const rest =
    schema.additionalProperties && typeof schema.additionalProperties === 'object'
      ? decimalCheck(ajv, schema.additionalProperties, document, depth + 1)
      : undefined;
  if (rest)
    checks.push((value, at) =>
      isRecord(value)
        ? firstOf(
            Object.keys(value).filter((key) => !Object.hasOwn(properties, key)),
            (key) => rest(value[key], [...at, key]),
          )
        : undefined,
    );
  for (const member of Array.isArray(schema.allOf) ? schema.allOf : []) {
    const check = decimalCheck(ajv, member, document, depth + 1);
    if (check) checks.push(check);
  }
  if (checks.length === 0) return undefined;
  return (value, at) => firstOf(checks, (check) => check(value, at));
}

/**
 * 'integer' or 'number' when a schema takes numbers and no text: by its `type` (one that also takes
 * strings or booleans is Ajv's to decide), or `anyOf`/`oneOf` branches that all take numbers or
 * null, or an `allOf` member that does while none takes text.
 */
function numberType(
  documentOf: (id: string) => unknown,
  schema: SchemaObject,
  document: string | undefined,
  depth: number,
): 'integer' | 'number' | undefined {
  if (depth > 8) return undefined;
  const follow = (node: unknown) =>
    followRefs(node, documentOf, document) as {
      schema: SchemaObject | undefined;
      document: string | undefined;
    };
  const types = schema.type === undefined ? [] : [schema.type].flat();
  if (types.includes('string') || types.includes('boolean')) return undefined;
  if (types.includes('integer') || types.includes('number'))
    return types.includes('number') ? 'number' : 'integer';
  if (types.length > 0) return undefined;
  const branches = (
    Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : []
  ).map(follow);
  if (branches.length > 0 && branches.every((branch) => branch.schema && typeof branch.schema === 'object')) {
    const found = branches.map((branch) =>
      isNullBranch(branch.schema)
        ? 'null'
        : numberType(documentOf, branch.schema!, branch.document, depth + 1),
    );
    if (found.every((each) => each !== undefined) && found.some((each) => each !== 'null'))
      return found.includes('number') ? 'number' : 'integer';
    return undefined;
  }
  const members = (Array.isArray(schema.allOf) ? schema.allOf : []).map(follow);
  const memberTypes = members.map(({ schema: member }) =>
    member && typeof member === 'object' ? [member.type].flat() : [],
  );
  if (memberTypes.some((each) => each.includes('string') || each.includes('boolean'))) return undefined;
  return members
    .map((member) =>
      member.schema && typeof member.schema === 'object'
        ? numberType(documentOf, member.schema, member.document, depth + 1)
        : undefined,
    )
    .find((each) => each !== undefined);
}

/**
 * Whether a schema (behind its refs; `document`: the shared document it sits in) takes numbers and
 * no text, where Ajv would coerce text to a number.
 */
export function takesNumbersOnly(
  node: unknown,
  documentOf: (id: string) => unknown,
  document: string | undefined,
): boolean {
  const followed = followRefs(node, documentOf, document) as {
    schema: SchemaObject | undefined;
    document: string | undefined;
  };
  return (
    followed.schema !== undefined &&
    typeof followed.schema === 'object' &&
    numberType(documentOf, followed.schema, followed.document, 0) !== undefined
  );
}

/** The shared documents an Ajv holds, as added (read, not compiled: GitHub's holds thousands of schemas). */
function sharedDocuments(ajv: Ajv2020): (id: string) => unknown {
  return (id) => ajv.schemas[id]?.schema;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function firstOf<T, R>(
  values: readonly T[],
  find: (value: T, index: number) => R | undefined,
): R | undefined {
  for (const [index, value] of values.entries()) {
    const found = find(value, index);
    if (found !== undefined) return found;
  }
  return undefined;
}

function notDecimal(at: string[], type: 'integer' | 'number'): ErrorObject {
  return {
    instancePath: at.map((key) => `/${pointerPart(key)}`).join(''),
    schemaPath: '#',
    keyword: 'type',
    params: { type },
    message: `must be ${type === 'integer' ? 'an integer' : 'a number'} written in decimal`,
  };
}

export function decimalNumbersFirst(
  validate: ValidateFunction,
  check: DecimalCheck | undefined,
): ValidateFunction {
  if (!check) return validate;
  const checked = ((data: unknown) => {
    const failure = check(data, []);
    checked.errors = failure ? [failure] : null;
    if (failure) return false;
    const valid = validate(data);
    checked.errors = validate.errors ?? null;
    return valid;
  }) as ValidateFunction;
  return checked;
}

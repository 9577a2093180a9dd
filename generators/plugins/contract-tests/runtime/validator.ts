/**
 * Validates bodies and parameters with a JSON Schema 2020-12 validator against the spec's schemas;
 * each violation names its JSON pointer. A schema Ajv cannot compile is told apart: the spec's
 * fault (not JSON Schema, a pattern JavaScript cannot read) or ours.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
// Installs JSON equality in Ajv before any schema here compiles (an own `valueOf` key in a value
// broke Ajv's own comparison), and re-exports it.
export { jsonEqual } from '../../../core/json-equal.js';
import { merged } from '../../../core/schema-merge.js';
import { nodeFromSchema, type SchemaRoot } from '../../../core/values/from-schema.js';
import { hiddenOn } from '../../../core/values/sides.js';
import type { Cases } from './cases.js';

const addFormats = ((formatsModule as unknown as { default?: typeof formatsModule }).default ??
  formatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

/** A schema that cannot be compiled: the spec's fault when it is not valid JSON Schema or has a pattern JavaScript cannot read. */
export class SchemaError extends Error {
  override name = 'SchemaError';
  constructor(
    message: string,
    readonly bySpec: boolean,
  ) {
    super(message);
  }
}

/** Every `pattern` in a schema and the shared schemas it refers to. */
function patternsOf(node: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 64 || !node || typeof node !== 'object') return out;
  if (Array.isArray(node)) node.forEach((item) => patternsOf(item, out, depth + 1));
  else
    for (const [key, value] of Object.entries(node)) {
      if (key === 'pattern' && typeof value === 'string') out.push(value);
      else if (key === 'patternProperties' && value && typeof value === 'object')
        out.push(...Object.keys(value));
      else patternsOf(value, out, depth + 1);
    }
  return out;
}

/** Validates bodies against the spec's schemas; errors name the JSON pointer of each violation. */
export class SpecValidator {
  private readonly ajv: Ajv2020;
  private readonly compiled = new WeakMap<object, ValidateFunction>();
  private readonly shared: object;

  constructor(cases: Cases) {
    // ownProperties: an answer without `toString` has none (not Object's method).
    this.ajv = new Ajv2020({ strict: false, allErrors: true, verbose: true, ownProperties: true });
    addFormats(this.ajv);
    this.ajv.addKeyword({ keyword: 'example' });
    this.ajv.addKeyword({ keyword: 'discriminator' });
    this.shared = cases.sharedSchema;
    this.ajv.addSchema(cases.sharedSchema);
  }

  private compile(schema: object): ValidateFunction {
    const found = this.compiled.get(schema);
    if (found) return found;
    let validate: ValidateFunction;
    try {
      validate = this.ajv.compile(schema);
    } catch (error) {
      const unreadable = [...patternsOf(schema), ...patternsOf(this.shared)].filter((pattern) => {
        try {
          new RegExp(pattern, 'u');
          return false;
        } catch {
          return true;
        }
      });
      if (unreadable.length)
        throw new SchemaError(
          `pattern ${JSON.stringify(unreadable[0])} is not an ECMA-262 regular expression (JSON Schema's dialect)`,
          true,
        );
      if (!this.ajv.validateSchema(schema))
        throw new SchemaError(
          `the schema is not valid JSON Schema: ${this.ajv.errorsText(this.ajv.errors)}`,
          true,
        );
      throw new SchemaError(`Ajv cannot compile the schema: ${(error as Error).message}`, false);
    }
    this.compiled.set(schema, validate);
    return validate;
  }

  /** Whether the value fails only because a oneOf matched more than one of its members (see onlyOvermatched). */
  overmatchesOneOf(schema: object | boolean | undefined, value: unknown): boolean {
    if (schema === undefined || typeof schema === 'boolean') return false;
    const validate = this.compile(schema);
    return !validate(value) && onlyOvermatched(validate.errors ?? []);
  }

  /**
   * Violations as "<pointer> <message>", empty when the value conforms. A missing required property
   * that side of the message does not carry is no violation (missingOffSide): readOnly in a request,
   * writeOnly in a response. A boolean schema (`true` for "anything") needs no compiling.
   */
  violations(
    schema: object | boolean | undefined,
    value: unknown,
    direction: 'request' | 'response' = 'response',
  ): string[] {
    if (schema === undefined || schema === true) return [];
    if (schema === false) return ['/ no value is allowed (schema false)'];
    const validate = this.compile(schema);
    if (validate(value)) return [];
    const errors = (validate.errors ?? []).filter(
      (error) => !missingOffSide(this.ajv, this.shared as SchemaRoot, schema, error, direction),
    );
    // Each branch of an anyOf/oneOf reports its own errors; without them the summary error stands alone
    // (unless a oneOf failed because more than one branch matched: that is a violation of its own).
    const summaryOnly = (error: ErrorObject) =>
      error.keyword === 'anyOf' ||
      error.keyword === 'if' ||
      (error.keyword === 'oneOf' &&
        !Array.isArray((error.params as { passingSchemas?: unknown }).passingSchemas));
    if (direction === 'request' && errors.every(summaryOnly)) return [];
    return errors.map(
      (error: ErrorObject) =>
        `${error.instancePath || '/'} ${error.message ?? 'is invalid'}${error.params && 'allowedValues' in error.params ? ` (${(error.params.allowedValues as unknown[]).join(', ')})` : ''}`,
    );
  }
}

/** A oneOf that failed because more than one of its members matched (Ajv names them in `passingSchemas`). */
const overmatched = (error: ErrorObject) =>
  error.keyword === 'oneOf' && Array.isArray((error.params as { passingSchemas?: unknown }).passingSchemas);

/**
 * Whether a value fails only because a oneOf matched more than one member: every error is such a
 * oneOf's, or one of its failing members' own. The value is valid for the members it matched; the
 * oneOf's members are not exclusive.
 */
export function onlyOvermatched(errors: ErrorObject[]): boolean {
  const oneOfs = errors.filter(overmatched);
  return (
    oneOfs.length > 0 &&
    errors.every(
      (error) =>
        overmatched(error) ||
        oneOfs.some(
          (oneOf) =>
            error.schemaPath.startsWith(`${oneOf.schemaPath}/`) &&
            error.instancePath.startsWith(oneOf.instancePath),
        ),
    )
  );
}

/**
 * Whether a validation error is a required property that this side of a message does not carry
 * (OpenAPI 3.x): a readOnly one in a request (the server sets it), a writeOnly one in a response
 * (gsmtasks' `token`, a required writeOnly property of an object answered as `{}`).
 */
export function missingOffSide(
  ajv: Ajv2020,
  root: SchemaRoot,
  schema: object,
  error: ErrorObject,
  side: 'request' | 'response',
): boolean {
  if (error.keyword !== 'required') return false;
  const property = String(error.params.missingProperty);
  return (
    markedIn(ajv, error.parentSchema, property, side === 'request' ? 'readOnly' : 'writeOnly') ||
    hiddenAt(root, schema, error.instancePath, property, side)
  );
}

/**
 * Whether a property a value lacks is kept off that side, read from the schema model at the
 * value's place (allOf members merged, refs followed, `readOnly` beside a `$ref` kept): a required
 * property that another allOf member marks, which the error's own schema cannot see.
 */
function hiddenAt(
  root: SchemaRoot,
  schema: object,
  instancePath: string,
  property: string,
  side: 'request' | 'response',
): boolean {
  let node = merged(nodeFromSchema(root, schema));
  for (const part of instancePath.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node.kind === 'object') {
      const found = node.properties.find((each) => each.name === key);
      if (!found) return false;
      node = merged(found.node);
    } else if (node.kind === 'array') node = merged(node.prefixItems[Number(key)] ?? node.items);
    else return false;
  }
  const found = node.kind === 'object' ? node.properties.find((each) => each.name === property) : undefined;
  return found !== undefined && hiddenOn(side, found.node);
}

/** Whether `property` of an object schema (or its $ref) is marked readOnly (or writeOnly). */
function markedIn(ajv: Ajv2020, schema: unknown, property: string, mark: 'readOnly' | 'writeOnly'): boolean {
  let node = schema as Record<string, unknown> | undefined;
  for (let hops = 0; hops < 8 && node && typeof node.$ref === 'string'; hops += 1)
    node = ajv.getSchema(node.$ref)?.schema as Record<string, unknown> | undefined;
  let target = (node?.properties as Record<string, Record<string, unknown>> | undefined)?.[property];
  for (let hops = 0; hops < 8 && target && typeof target.$ref === 'string'; hops += 1)
    target = ajv.getSchema(target.$ref as string)?.schema as Record<string, unknown> | undefined;
  return target?.[mark] === true;
}

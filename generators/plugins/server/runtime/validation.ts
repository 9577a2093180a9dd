/**
 * Validation: the Ajv (JSON Schema 2020-12, ajv-formats) every route validates with, one for JSON
 * bodies and one that coerces text (parameters, form fields) with numbers checked as decimal first
 * (decimal-numbers.ts), and the validator compiler the plugin gives Fastify. Failures are put in
 * the API's words by errors.ts.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { addTextUnionKeywords, withTextUnions } from './text-unions.js';
import { decimalCheck, decimalNumbersFirst } from './decimal-numbers.js';
// Installs JSON equality in Ajv before any schema here compiles (and re-exports it for the tests).
export { jsonEqual } from '../../../core/json-equal.js';

// ajv-formats is CommonJS: under Node's ESM interop its default export is the module object.
const addFormats = ((formatsModule as unknown as { default?: typeof formatsModule }).default ??
  formatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

/**
 * Ajv's warnings, less "unknown format ignored": in JSON Schema 2020-12 a format is an annotation
 * unless the validator knows it, so one ajv-formats does not know (`int8`, `html`, a spec's own) is
 * accepted unchecked, as Prism and the contract suites treat it; a warning per schema at every
 * start is noise to a server's operator, not news to the spec's author.
 */
const ajvLogger = {
  log: console.log.bind(console),
  warn: (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('unknown format')) return;
    console.warn(...args);
  },
  error: console.error.bind(console),
};

/**
 * An Ajv for JSON bodies (`coerce: false`) or for text parameters and form fields (`coerce: true`).
 * Ajv coerces text to a number as JavaScript does, so `0x10`, ` 10`, `0b11` and `Infinity` would
 * pass as numbers: a coercing Ajv first checks that each number is written in decimal.
 */
export function createAjv(options: { coerce: boolean }): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    logger: ajvLogger,
    allErrors: false,
    // Scalars only: the plugin's decoders already make arrays of array parameters and fields, and
    // Ajv's 'array' coercion would turn a string into an array inside an anyOf that accepts both.
    coerceTypes: options.coerce,
    useDefaults: options.coerce,
    removeAdditional: false, // unknown body fields are refused by the schema, never silently dropped
    // A property is what the value has of its own: a body without `toString` has no `toString`
    // (Ajv reads `data.toString !== undefined` otherwise, and finds Object's method).
    ownProperties: true,
  });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'example' });
  ajv.addKeyword({ keyword: 'discriminator' });
  if (options.coerce) {
    // A union's branches read text as a client sends it (text-unions.ts).
    addTextUnionKeywords(ajv);
    const held = (id: string) => ajv.schemas[id]?.schema;
    const addSchema = ajv.addSchema.bind(ajv);
    ajv.addSchema = ((schema: object | object[], ...rest: [string?, boolean?, boolean?]) => {
      const rewritten = (one: object) => {
        const id = (one as { $id?: unknown }).$id;
        return withTextUnions(one, typeof id === 'string' ? id : undefined, held);
      };
      return addSchema(Array.isArray(schema) ? schema.map(rewritten) : rewritten(schema), ...rest);
    }) as typeof ajv.addSchema;
    const compile = ajv.compile.bind(ajv);
    ajv.compile = ((schema: object, meta?: boolean) =>
      decimalNumbersFirst(
        compile(withTextUnions(schema, undefined, held), meta),
        decimalCheck(ajv, schema, undefined, 0),
      )) as typeof ajv.compile;
  }
  return ajv;
}

/**
 * The validator compiler: the body Ajv for bodies, the coercing one for the other parts. A
 * validator compiles on first use: registering a large spec (GitHub's 1,200 routes) would
 * otherwise compile thousands of schemas before the first request.
 */
export function validatorCompiler(bodyAjv: Ajv2020, partsAjv: Ajv2020): FastifySchemaCompiler<unknown> {
  return ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? bodyAjv : partsAjv;
    let validate: ValidateFunction | undefined;
    return (data: unknown) => {
      validate ??= ajv.compile(schema as object) as ValidateFunction;
      // `true` keeps the value as it is (Ajv coerces inside it), with no result object per request.
      return validate(data)
        ? true
        : { error: Object.assign(new Error('validation failed'), { validation: validate.errors ?? [] }) };
    };
  };
}

/**
 * Ajv (JSON Schema 2020-12, ajv-formats) holding a spec's shared schema and its request and
 * response variants, as the tests that judge values against the spec use it (the oracle for mock
 * data, zod and the MSW handlers).
 *
 * Compiling is most of the cost on a large spec: with Ajv's defaults every `ajv.compile` inlines
 * and compiles again each component it reaches (GitHub's sample: 34 s for its components). Here refs
 * stay calls (`inlineRefs: false`) and a bare `$ref` to a component is `getSchema`, compiled once
 * (12 s). Ajv's pass that tidies the generated code (`code.optimize`) was then a third of what was
 * left (its `addNames`): off, the validators are the same checks in longer code, and the mock-data
 * test takes 20 s of CPU instead of 28.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import type { Ir } from '../../generators/core/ir.js';
import { sharedSchema, sharedSchemaFor } from '../../generators/core/schema-dialect.js';

const addFormats = ((formatsModule as unknown as { default?: typeof formatsModule }).default ??
  formatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

export interface SpecAjv {
  ajv: Ajv2020;
  /** A validator for a schema whose refs point into the shared schema or a variant; throws where Ajv cannot read it. */
  compile(schema: unknown): ValidateFunction;
}

export function specAjv(
  ir: Ir,
  sides: ReadonlyArray<'request' | 'response'> = ['request', 'response'],
): SpecAjv {
  const ajv = new Ajv2020({ strict: false, logger: false, inlineRefs: false, code: { optimize: false } });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'example' });
  ajv.addKeyword({ keyword: 'discriminator' });
  ajv.addSchema(sharedSchema(ir));
  for (const side of sides) {
    const variant = sharedSchemaFor(ir, side);
    if (variant) ajv.addSchema(variant);
  }
  return {
    ajv,
    compile(schema) {
      const ref = bareRef(schema);
      if (ref !== undefined) {
        const validate = ajv.getSchema(ref);
        if (!validate) throw new Error(`Ajv does not hold ${ref}`);
        return validate;
      }
      return ajv.compile(schema as object);
    },
  };
}

function bareRef(schema: unknown): string | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const keys = Object.keys(schema);
  const ref = (schema as { $ref?: unknown }).$ref;
  return keys.length === 1 && typeof ref === 'string' && ref.includes('#') && !ref.startsWith('#')
    ? ref
    : undefined;
}

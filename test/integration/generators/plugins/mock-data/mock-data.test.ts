/**
 * Mock data satisfies its schema: every component of our specs, the fixtures and the public specs
 * of the test corpus, and every operation's parameters, JSON request body and JSON responses, drawn in the
 * realistic mode as the generated factories draw it (from the spec's shared schema, seeded, each
 * side of a message, MOCK_MAX_DEPTH), validates with Ajv (JSON Schema 2020-12, ajv-formats)
 * against that side's schema, and a seed gives the same value again (8 seeds; 3 on a spec with
 * hundreds of subjects, such as GitHub's sample). The
 * generated factories of spec/openapi.yaml are called as a user calls them.
 * Starts: nothing.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIr } from '../../../../../generators/core/build-ir.js';
import type { Ir } from '../../../../../generators/core/ir.js';
import { loadDocument } from '../../../../../generators/core/load.js';
import {
  sharedSchema,
  sharedSchemaFor,
  standaloneSchema,
} from '../../../../../generators/core/schema-dialect.js';
import { drawFromSchema } from '../../../../../generators/core/values/from-schema.js';
import { ROOT } from '../../../../../scripts/lib/root.js';
import { SCHEMA_CORPUS } from '../../../../support/schema-corpus.js';
import { specAjv } from '../../../../support/spec-ajv.js';
import * as mocks from '../../../../../generated/mock-data/index.js';

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];
/** On a spec with more subjects than this (GitHub's sample: hundreds, values 16 levels deep), three seeds. */
const MANY_SUBJECTS = 200;

/**
 * Schemas the generator cannot draw a valid value for, each named in docs/zod-msw.md ("What mock
 * data cannot draw"), by spec and JSON pointer (a component, or what holds one).
 */
const DOCUMENTED: Array<{ slug: string; pointer: RegExp; why: string }> = [
  {
    slug: 'scalar-galaxy',
    pointer: /^#\/components\/schemas\/PaginatedResource$/,
    why: 'an unbound generic: its $dynamicRef slot defaults to `not: {}`, which the schema model reads as any value',
  },
];

interface Subject {
  pointer: string;
  side: 'request' | 'response';
  /** The schema drawn from (refs into the shared schema). */
  schema: unknown;
  /** The same schema as Ajv holds the value to (refs into that side's variant). */
  validated: unknown;
}

/** Components on each side, then each operation's parameters, JSON request body and JSON responses. */
function subjectsOf(ir: Ir): Subject[] {
  const shared = sharedSchema(ir);
  const subjects: Subject[] = [];
  const onSide = (schema: unknown, side: 'request' | 'response') => {
    const variant = sharedSchemaFor(ir, side);
    return variant
      ? JSON.parse(JSON.stringify(schema).replaceAll(`"${shared.$id}#`, `"${variant.$id}#`))
      : schema;
  };
  for (const side of ['response', 'request'] as const)
    for (const { name } of ir.schemas) {
      const ref = { $ref: `${shared.$id}#/components/schemas/${name}` };
      subjects.push({
        pointer: `#/components/schemas/${name}`,
        side,
        schema: ref,
        validated: onSide(ref, side),
      });
    }
  for (const operation of ir.operations) {
    const at = `#/paths/${operation.path.replace(/~/g, '~0').replace(/\//g, '~1')}/${operation.method}`;
    for (const parameter of operation.allParameters) {
      const schema = standaloneSchema(parameter.schema, ir);
      const where = `${at}/parameters/${parameter.in}/${parameter.name}`;
      subjects.push({ pointer: where, side: 'request', schema, validated: onSide(schema, 'request') });
    }
    if (operation.body?.isJson) {
      const schema = standaloneSchema(operation.body.schema, ir);
      subjects.push({
        pointer: `${at}/requestBody`,
        side: 'request',
        schema,
        validated: onSide(schema, 'request'),
      });
    }
    for (const response of operation.responses)
      if (response.isJson && response.schema !== undefined) {
        const schema = standaloneSchema(response.schema, ir);
        subjects.push({
          pointer: `${at}/responses/${response.status}`,
          side: 'response',
          schema,
          validated: onSide(schema, 'response'),
        });
      }
  }
  return subjects;
}

describe('realistic mock data validates with Ajv, and a seed gives the same value', () => {
  for (const { slug, spec } of SCHEMA_CORPUS)
    it(`${slug} (${spec})`, { timeout: 600_000 }, async () => {
      const ir = buildIr(await loadDocument(path.join(ROOT, spec)));
      const shared = sharedSchema(ir);
      const { ajv, compile } = specAjv(ir);
      const subjects = subjectsOf(ir);
      const seeds = subjects.length > MANY_SUBJECTS ? SEEDS.slice(0, 3) : SEEDS;
      const invalid: string[] = [];
      let drawn = 0;
      let uncompiled = 0;
      let documented = 0;
      for (const { pointer, side, schema, validated } of subjects) {
        if (DOCUMENTED.some((known) => known.slug === slug && known.pointer.test(pointer))) {
          documented += 1;
          continue;
        }
        let validate;
        try {
          validate = compile(validated);
        } catch {
          uncompiled += 1; // A pattern JavaScript cannot read: nothing to hold the value to.
          continue;
        }
        for (const seed of seeds) {
          // As the generated factories draw (mockValue), from this spec's shared schema.
          const options = { ...mocks.MOCK_DRAW, seed, side };
          const value = drawFromSchema(shared, schema, options);
          drawn += 1;
          // The same seed, the same value: once per subject (it holds for every seed alike).
          if (seed === seeds[0]) expect(drawFromSchema(shared, schema, options)).toEqual(value);
          if (!validate(value))
            invalid.push(
              `${side} ${pointer} seed ${seed}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(value).slice(0, 200)}`,
            );
        }
      }
      expect(subjects.length).toBeGreaterThan(0);
      // Every subject is drawn with every seed, but those documented or that Ajv cannot compile.
      expect(drawn).toBe((subjects.length - documented - uncompiled) * seeds.length);
      expect(uncompiled).toBeLessThan(subjects.length);
      expect(invalid.slice(0, 10)).toEqual([]);
    });
});

describe('the generated factories of spec/openapi.yaml', () => {
  it('give a realistic Subject, the same for a seed, others for other seeds, with overrides merged', () => {
    const first = mocks.mockSubject();
    expect(mocks.mockSubject()).toEqual(first);
    expect(mocks.mockSubject({ seed: 2 })).not.toEqual(first);
    expect(first.object).toBe('subject');
    expect(first.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const overridden = mocks.mockSubject({ overrides: { metadata: { team: 'research' } } });
    expect(overridden.metadata).toEqual({ ...first.metadata, team: 'research' });
    expect(overridden.consent_artifact).toEqual(first.consent_artifact);
  });
});

/**
 * Discriminator mappings by schema name (core/discriminator.ts, applied by the loader): a name
 * becomes its `#/components/schemas/...` reference once, so every emitter resolves it; a value that
 * resolves to nothing stops the load with file, line, column and JSON pointer. Writes temporary
 * files; starts no process.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normaliseDiscriminatorMappings } from '../../../../generators/core/discriminator.js';
import { loadDocument, SpecError } from '../../../../generators/core/load.js';
import type { OpenApiDocument } from '../../../../generators/core/document.js';
import { emitterError, generate } from '../../../../generators/pipeline.js';
import { scratchFolders } from '../../../support/scratch.js';

const scratch = scratchFolders();

const schemas = { Cat: { type: 'object' }, Dog: { type: 'object' } };
const withMapping = (
  mapping: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): OpenApiDocument => ({
  openapi: '3.0.3',
  components: {
    schemas: {
      ...schemas,
      Pet: {
        oneOf: [{ $ref: '#/components/schemas/Cat' }],
        discriminator: { propertyName: 'kind', mapping },
      },
      ...extra,
    },
  },
});

describe('normaliseDiscriminatorMappings', () => {
  it.each([
    { given: { cat: 'Cat' }, want: { cat: '#/components/schemas/Cat' } },
    { given: { cat: '#/components/schemas/Cat' }, want: { cat: '#/components/schemas/Cat' } },
    {
      given: { cat: 'Cat', dog: '#/components/schemas/Dog' },
      want: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' },
    },
  ])('rewrites schema names to references: $given', ({ given, want }) => {
    const document = withMapping({ ...given });
    expect(normaliseDiscriminatorMappings(document)).toEqual([]);
    expect(document.components.schemas.Pet.discriminator.mapping).toEqual(want);
  });

  it.each([
    {
      given: { cow: 'Cow' },
      reason: "discriminator mapping 'cow': 'Cow' names no schema in #/components/schemas",
    },
    {
      given: { cow: '#/components/schemas/Cow' },
      reason: "discriminator mapping 'cow': '#/components/schemas/Cow' does not exist",
    },
    {
      given: { cow: './cow.yaml' },
      reason:
        "discriminator mapping 'cow': './cow.yaml' is not a schema name or a local reference (the bundle does not contain it)",
    },
    {
      given: { cow: 3 },
      reason: "discriminator mapping value for 'cow' must be a schema name or a reference, found 3",
    },
  ])('reports a value that resolves to nothing, with its pointer: $given', ({ given, reason }) => {
    expect(normaliseDiscriminatorMappings(withMapping(given))).toEqual([
      { pointer: '/components/schemas/Pet/discriminator/mapping/cow', reason },
    ]);
  });

  it('leaves alone a property named discriminator, examples and extensions', () => {
    const property = {
      type: 'object',
      properties: { discriminator: { type: 'object', properties: { mapping: { type: 'string' } } } },
    };
    const example = { discriminator: { propertyName: 'kind', mapping: { a: 'Nothing' } } };
    const document = withMapping({ cat: 'Cat' }, { Thing: { ...property, example, 'x-note': example } });
    expect(normaliseDiscriminatorMappings(document)).toEqual([]);
    expect(document.components.schemas.Thing.example).toEqual(example);
  });

  it('walks properties and schemas named like keywords (default, example, x-…): they are schemas', () => {
    // Before: a property called `default` was skipped as data, and its mapping stayed a bare name.
    const pet = (mapping: Record<string, unknown>) => ({
      oneOf: [{ $ref: '#/components/schemas/Cat' }],
      discriminator: { propertyName: 'kind', mapping },
    });
    const document = withMapping(
      { cat: 'Cat' },
      {
        Holder: {
          type: 'object',
          properties: { default: pet({ a: 'Cat' }), 'x-extra': pet({ b: 'Missing' }) },
        },
        example: pet({ c: 'Dog' }),
      },
    );
    expect(normaliseDiscriminatorMappings(document)).toEqual([
      {
        pointer: '/components/schemas/Holder/properties/x-extra/discriminator/mapping/b',
        reason: "discriminator mapping 'b': 'Missing' names no schema in #/components/schemas",
      },
    ]);
    expect(document.components.schemas.Holder.properties.default.discriminator.mapping).toEqual({
      a: '#/components/schemas/Cat',
    });
    expect(document.components.schemas.example.discriminator.mapping).toEqual({
      c: '#/components/schemas/Dog',
    });
  });
});

describe('loading a spec whose mapping names no schema', () => {
  it('fails with file:line:col and the mapping value pointer', async () => {
    const folder = scratch.make('discriminator-');
    const file = path.join(folder, 'spec.yaml');
    writeFileSync(
      file,
      [
        'openapi: 3.0.3',
        'info: {title: t, version: "1"}',
        'paths: {}',
        'components:',
        '  schemas:',
        '    Cat: {type: object}',
        '    Pet:',
        '      oneOf: [{$ref: "#/components/schemas/Cat"}]',
        '      discriminator:',
        '        propertyName: kind',
        '        mapping:',
        '          cat: Cat',
        '          cow: Cow',
        '',
      ].join('\n'),
    );
    const error = await loadDocument(file).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpecError);
    expect((error as SpecError).message).toBe(
      `${file}:13:16: discriminator mapping 'cow': 'Cow' names no schema in #/components/schemas (at #/components/schemas/Pet/discriminator/mapping/cow)`,
    );
  });
});

describe('generation with mappings by schema name', () => {
  it('succeeds, and the types narrow each member of the union by its mapped value', async () => {
    const spec = 'test/fixtures/specs/discriminator-names-3.0.yaml';
    const { files } = await generate({
      spec,
      out: '(memory)',
      command: 'test',
      write: false,
      skip: ['sdks'],
      log: () => {},
    });
    const types = files.find((file) => file.path === 'types/openapi.ts')!.content;
    expect(types).toContain('Pet: components["schemas"]["Cat"] | components["schemas"]["Dog"];');
    expect(types).toContain(
      '"application/json": components["schemas"]["Cat"] | components["schemas"]["Dog"];',
    );
    expect(types).toMatch(/Cat: \{[\s\S]*?pet_type: "cat";\s*meows: boolean;/);
    expect(types).toMatch(/Dog: \{[\s\S]*?pet_type: "dog";\s*barks: boolean;/);
    const contract = JSON.parse(files.find((file) => file.path === 'openapi/openapi.json')!.content);
    expect(contract.components.schemas.Pet.discriminator.mapping).toEqual({
      cat: '#/components/schemas/Cat',
      dog: '#/components/schemas/Dog',
    });
  });
});

describe('an emitter failure that names a JSON pointer', () => {
  it('reads as file:line:col: emitter: reason (at #pointer)', () => {
    const spec = 'test/fixtures/specs/discriminator-names-3.0.yaml';
    const error = emitterError(
      spec,
      'types',
      new Error("✘ Can't resolve $ref at #/components/schemas/Pet/discriminator/mapping/cat"),
    );
    expect(error).toBeInstanceOf(SpecError);
    expect((error as SpecError).message).toBe(
      `${spec}:41:16: types: Can't resolve $ref (at #/components/schemas/Pet/discriminator/mapping/cat)`,
    );
  });

  it('names the plugin for an error without a pointer, the original its cause', () => {
    const original = new Error('out of memory');
    const named = emitterError('spec.yaml', 'types', original) as Error;
    expect(named.message).toBe('the plugin types failed: out of memory');
    expect(named.cause).toBe(original);
  });
});

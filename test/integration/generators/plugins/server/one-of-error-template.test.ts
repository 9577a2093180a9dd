/**
 * An error schema that is a oneOf of two members differing only in an optional property (issue 43:
 * GitHub Enterprise's 422, `validation-error` or `validation-error-simple`): the stubs' template for
 * it is drawn with that property, so their refusals match exactly one member. Before, the example
 * draw matched both, no template was made, and the stubs answered in the schema other operations
 * document for 422, which matched both members too. Judged by an Ajv of the test's own, compiled
 * from the fixture's YAML.
 * Starts: the fixture's generated stubs on a loopback socket (in process).
 */
import { readFile } from 'node:fs/promises';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureStubs, type FixtureStubs } from '../../../../support/fixture-stubs.js';

const SPEC = 'test/fixtures/kinds/one-of-errors-3.0.yaml';
let stubs: FixtureStubs;
let app: FastifyInstance;
let url: string;
let warnings: string[];
let validate: (body: unknown) => boolean;

beforeAll(async () => {
  stubs = await fixtureStubs(SPEC);
  ({ app } = stubs);
  ({ warnings } = stubs.generated);
  url = await app.listen({ host: '127.0.0.1', port: 0 });
  const document = parse(await readFile(SPEC, 'utf8'));
  const ajv = new Ajv2020({ strict: false });
  ajv.addSchema({ $id: 'fixture.json', components: document.components });
  // The operation's 422 schema, its refs pointing into the fixture's components.
  const oneOf = ajv.compile({
    oneOf: [
      { $ref: 'fixture.json#/components/schemas/ValidationError' },
      { $ref: 'fixture.json#/components/schemas/ValidationErrorSimple' },
    ],
  });
  validate = (body) => oneOf(body) as boolean;
}, 60_000);
afterAll(() => stubs?.close());

describe('a 422 whose schema is a oneOf of two error schemas', () => {
  it('gets a template at generation (no warning that none satisfies it)', () => {
    expect(warnings.filter((warning) => warning.includes('error schema'))).toEqual([]);
  });

  it.each([
    ['a body that fails validation', '/items/i1', '{"name":""}'],
    ['malformed JSON', '/items/i1', '{"name":'],
    ['a path that is not valid percent-encoding', '/items/%E0%A4%A', '{"name":"a"}'],
  ])('refuses %s with 422 matching exactly one member', async (_, target, body) => {
    const response = await fetch(`${url}${target}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(422);
    const answer = JSON.parse(await response.text()) as unknown;
    expect(validate(answer), JSON.stringify(answer)).toBe(true);
  });
});

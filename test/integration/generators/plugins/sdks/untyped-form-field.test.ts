/**
 * A form-urlencoded field with no schema of its own (issue 43: twilio preview's Sync `Data`, whose
 * lists the SDKs sent as repeated fields and whose strings as bare text, which the stubs refused as
 * "not valid JSON"): both SDKs send the whole value as JSON text in one field, the content type
 * OpenAPI gives a field that is not a primitive. The oracle is the generated stubs, which read such
 * a field as JSON. Generates the fixture, starts `python3 -S -E -B` once; the stubs answer through
 * Fastify's inject.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureStubs, type FixtureStubs } from '../../../../support/fixture-stubs.js';

const SPEC = 'test/fixtures/kinds/untyped-form-field-3.0.yaml';
const VALUES: unknown[] = [[false, null, 'a'], 'plain text', { nested: [1, { b: null }] }, 0, true, []];
let stubs: FixtureStubs;

beforeAll(async () => {
  stubs = await fixtureStubs(SPEC, {
    handlers: {
      createItem: async (request: { body: { Data: unknown } }, reply: { code: (status: number) => void }) => {
        reply.code(201);
        return { data: request.body.Data };
      },
    },
  });
  await stubs.app.ready();
}, 60_000);
afterAll(async () => {
  await stubs?.close();
});

/** What the stubs hand the handler for a form body. */
async function decoded(form: string): Promise<unknown> {
  const answer = await stubs.app.inject({
    method: 'POST',
    url: '/items',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().data;
}

describe('a form field of no known shape', () => {
  it('is sent by the TypeScript client as JSON text, which the stubs read back as the value', async () => {
    const { encodeBody } = await import(path.join(stubs.dir, 'client/src/core/body.ts'));
    const { createItem } = await import(path.join(stubs.dir, 'client/src/operations.ts'));
    for (const value of VALUES) {
      const { body } = await encodeBody(createItem.bodies[0], { Data: value, Label: 'x' });
      expect(await decoded(String(body)), JSON.stringify(value)).toEqual(value);
    }
    // null, like None in Python, is not sent: a form body has no null
    expect(String((await encodeBody(createItem.bodies[0], { Data: null, Label: 'x' })).body)).toBe('Label=x');
  });

  it('is sent by the Python SDK as JSON text, which the stubs read back as the value', async () => {
    const script = [
      'import json, sys',
      'sys.path.insert(0, sys.argv[1])',
      'from untyped_form_field._core._body import encode_form',
      'from untyped_form_field._operations import CREATE_ITEM',
      'forms = [encode_form({"Data": value, "Label": "x"}, CREATE_ITEM.bodies[0].parts) for value in json.loads(sys.argv[2])]',
      'print(json.dumps(forms + [encode_form({"Data": None, "Label": "x"}, CREATE_ITEM.bodies[0].parts)]))',
    ].join('\n');
    const { stdout } = await promisify(execFile)(process.env.PYTHON ?? 'python3', [
      '-S',
      '-E',
      '-B',
      '-c',
      script,
      path.join(stubs.dir, 'python'),
      JSON.stringify(VALUES),
    ]);
    const forms = JSON.parse(stdout) as string[];
    for (const [index, value] of VALUES.entries())
      expect(await decoded(forms[index]), JSON.stringify(value)).toEqual(value);
    expect(forms[VALUES.length]).toBe('Label=x');
  });
});

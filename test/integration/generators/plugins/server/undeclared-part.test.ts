/**
 * A multipart body that requires a part it does not declare (issue 43: mist's map image upload
 * requires "file {}"), and a JSON part whose value is a string. The SDKs now send the undeclared
 * part, and the stubs hand a JSON string part over as the string it is (@fastify/multipart parses
 * a JSON field, and "123" came out as 123, "" as invalid JSON). Generates the fixture; the stubs
 * answer in process (Fastify inject, no socket); both SDKs round-trip it against the stubs on
 * loopback (python3 for the Python SDK).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRoundtrip } from '../../../../../scripts/lib/roundtrip/run.js';
import { fixtureStubs, type FixtureStubs } from '../../../../support/fixture-stubs.js';

const SPEC = 'test/fixtures/kinds/undeclared-part-3.0.yaml';
let stubs: FixtureStubs;

beforeAll(async () => {
  stubs = await fixtureStubs(SPEC, {
    handlers: {
      addMapImage: async (request: { body?: Record<string, unknown> }) => {
        const { file: _file, ...fields } = request.body ?? {};
        return { fields };
      },
    },
  });
  await stubs.app.ready();
}, 60_000);
afterAll(async () => {
  await stubs?.close();
});

function multipart(parts: Array<{ name: string; type?: string; text: string }>) {
  const boundary = 'fixture-boundary';
  const body = parts
    .map(
      (part) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n` +
        `${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n${part.text}\r\n`,
    )
    .join('');
  return { payload: `${body}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

describe('a multipart body with an undeclared required part and a JSON string part', () => {
  it('hands a JSON string part over as the string, whatever it spells', async () => {
    for (const label of ['123', '', 'true', 'plain']) {
      const { payload, type } = multipart([
        { name: 'label', type: 'application/json', text: JSON.stringify(label) },
        { name: 'file {}', type: 'application/json', text: '"x"' },
      ]);
      const answer = await stubs.app.inject({
        method: 'POST',
        url: '/maps/m1/image',
        headers: { 'content-type': type },
        payload,
      });
      expect({ label, status: answer.statusCode, body: answer.json() }).toEqual({
        label,
        status: 200,
        body: { fields: { label, 'file {}': 'x' } },
      });
    }
  });

  it('still refuses a body without the undeclared part', async () => {
    const { payload, type } = multipart([{ name: 'label', type: 'application/json', text: '"a"' }]);
    const answer = await stubs.app.inject({
      method: 'POST',
      url: '/maps/m1/image',
      headers: { 'content-type': type },
      payload,
    });
    expect(answer.statusCode).toBe(400);
  });

  it('goes through both SDKs to the stubs and back', async () => {
    const result = await runRoundtrip({ spec: SPEC, languages: ['ts', 'python'], runs: 12, log: () => {} });
    expect(
      result.outcomes.map((outcome) => [outcome.language, outcome.operationId, outcome.problems]),
    ).toEqual([
      ['typescript', 'addMapImage', []],
      ['python', 'addMapImage', []],
    ]);
  }, 120_000);
});

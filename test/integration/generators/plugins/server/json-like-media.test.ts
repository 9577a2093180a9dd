/**
 * Operations that declare several JSON-like request media types (issue 43: `application/*+json`,
 * application/json, a `+json` type and text/json, as ASP.NET writes them; the SDKs sent the
 * wildcard as bytes labelled application/octet-stream, and the stubs refused a concrete `+json`
 * type with 415). The fixture is generated and its stubs answer Fastify's in-process requests
 * (inject, no socket): every JSON-like type, the wildcard's instances included, reaches the
 * handler parsed and validated; a type outside them is still 415. The round trip of both SDKs on
 * the fixture is `npm run check:roundtrip -- --spec test/fixtures/kinds/json-like-media-3.0.yaml`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureStubs, type FixtureStubs } from '../../../../support/fixture-stubs.js';

const SPEC = 'test/fixtures/kinds/json-like-media-3.0.yaml';
let stubs: FixtureStubs;

beforeAll(async () => {
  stubs = await fixtureStubs(SPEC, {
    handlers: {
      acknowledgeAlerts: async (request: { body: unknown }) => request.body ?? {},
      closeAlerts: async (_request: unknown, reply: { code: (status: number) => { send: () => void } }) =>
        reply.code(204).send(),
    },
  });
  await stubs.app.ready();
}, 60_000);
afterAll(async () => {
  await stubs?.close();
});

describe('an operation with several JSON-like request media types', () => {
  it('is JSON in both SDKs for the wildcard too, not bytes', () => {
    const operations = stubs.generated.files.find(
      ({ path: file }) => file === 'client/src/operations.ts',
    )!.content;
    expect(operations).toContain('{"mediaType":"application/*+json","kind":"json","mode":"merged"}');
    const python = stubs.generated.files.find(({ path: file }) => file.endsWith('/_operations.py'))!.content;
    expect(python).toContain('Body("application/*+json", "json"');
  });

  it('takes every declared type and every instance of the wildcard, parsed and validated', async () => {
    for (const type of [
      'application/json',
      'text/json',
      'application/json-patch+json',
      'application/vnd.alerts+json',
      'application/*+json',
    ]) {
      const answer = await stubs.app.inject({
        method: 'POST',
        url: '/alerts/acknowledge',
        headers: { 'content-type': type },
        payload: '{"team":"ops","ids":["a1"]}',
      });
      expect({ type, status: answer.statusCode, body: answer.json() }).toEqual({
        type,
        status: 200,
        body: { team: 'ops', ids: ['a1'] },
      });
      const invalid = await stubs.app.inject({
        method: 'POST',
        url: '/alerts/acknowledge',
        headers: { 'content-type': type },
        payload: '{"team":"ops","ids":["a1","a2","a3","a4"]}',
      });
      expect({ type, status: invalid.statusCode }).toEqual({ type, status: 400 });
    }
    const closed = await stubs.app.inject({
      method: 'POST',
      url: '/alerts/close',
      headers: { 'content-type': 'application/problem+json' },
      payload: '{}',
    });
    expect(closed.statusCode).toBe(204);
  });

  it('still refuses a type outside them with 415', async () => {
    const answer = await stubs.app.inject({
      method: 'POST',
      url: '/alerts/close',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(answer.statusCode).toBe(415);
  });
});

/**
 * `Accept-Language: *`, which fetch (undici) sends whenever its caller gives none, as the stubs read
 * it (fixture kinds/any-language-3.0.yaml): absent where an optional parameter's schema refuses it
 * (RFC 9110 §12.5.4: any language, as no header), and as any other value everywhere else. Starts
 * the stubs in process (inject).
 */
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtureStubs, type FixtureStubs } from '../../../../support/fixture-stubs.js';

const SPEC = 'test/fixtures/kinds/any-language-3.0.yaml';
let stubs: FixtureStubs;

const echoLanguage = async (request: FastifyRequest) => ({
  language: JSON.stringify(request.headers['accept-language'] ?? null),
});

beforeAll(async () => {
  stubs = await fixtureStubs(SPEC, {
    handlers: {
      listShops: echoLanguage,
      requiredLanguage: echoLanguage,
      languageRanges: echoLanguage,
      languageText: echoLanguage,
    },
  });
}, 60_000);
afterAll(async () => {
  await stubs?.close();
});

it.each([
  ['an optional enum without `*`', '/shops', '*', 200, 'null'],
  ['an optional enum, a value it takes', '/shops', 'fr-FR', 200, '"fr-FR"'],
  ['an array', '/ranges', ' * ', 200, '["*"]'],
  ['plain text', '/text', '*', 200, '"*"'],
])('%s (%s, sent %j)', async (_kind, url, sent, status, language) => {
  const response = await stubs.app.inject({ method: 'GET', url, headers: { 'accept-language': sent } });
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ language });
});

it.each([
  ['an optional enum, a value it refuses', '/shops', 'en-GB'],
  ['a required enum', '/required', '*'],
])('%s (%s, sent %j): refused for its value', async (_kind, url, sent) => {
  const response = await stubs.app.inject({ method: 'GET', url, headers: { 'accept-language': sent } });
  expect(response.statusCode).toBe(400);
  expect(response.body).toContain('must be one of');
});

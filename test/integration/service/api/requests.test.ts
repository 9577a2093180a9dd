/**
 * The reference service over HTTP on loopback, on each store engine: what every request meets.
 * Idempotency keys, bad input answered in the error format (never a 500), CORS preflights and the
 * spec digest.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONSENT } from '../../../support/service.js';
import { createSubject, describeService, service } from './harness.js';

describeService(() => {
  describe('idempotency', () => {
    it('replays the first response for the same key and body, and creates once', async () => {
      const key = await service.key();
      const first = await createSubject(key, {}, { 'idempotency-key': 'create-1' });
      const second = await createSubject(key, {}, { 'idempotency-key': 'create-1' });
      expect(second.status).toBe(201);
      expect(second.json()).toEqual(first.json());
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect((await service.call('GET', '/v1/nature/subjects', { key })).json().data).toHaveLength(1);
    });

    it('refuses the same key with a different body (409 idempotency_conflict)', async () => {
      const key = await service.key();
      await createSubject(key, {}, { 'idempotency-key': 'create-2' });
      const response = await createSubject(
        key,
        { metadata: { other: 'yes' } },
        { 'idempotency-key': 'create-2' },
      );
      expect(response.status).toBe(409);
      expect(response.json()).toMatchObject({ code: 'idempotency_conflict', param: 'idempotency-key' });
    });

    it('scopes keys per account and environment, and expires them after 24 hours', async () => {
      const a = await service.key({ account: 'acct_a' });
      const b = await service.key({ account: 'acct_b' });
      const live = await service.key({ account: 'acct_a', env: 'live' });
      const first = (await createSubject(a, {}, { 'idempotency-key': 'shared' })).json();
      expect((await createSubject(b, {}, { 'idempotency-key': 'shared' })).json().id).not.toBe(first.id);
      expect((await createSubject(live, {}, { 'idempotency-key': 'shared' })).json().id).not.toBe(first.id);
      service.clock.advance(24 * 60 * 60 * 1000 + 1);
      expect((await createSubject(a, {}, { 'idempotency-key': 'shared' })).json().id).not.toBe(first.id);
    });
  });

  describe('bad input is answered in the error format, never with a 500', () => {
    it.each([
      {
        name: 'malformed JSON',
        options: { rawBody: '{"consent_artifact":', headers: { 'content-type': 'application/json' } },
        status: 400,
        code: 'malformed_json',
      },
      {
        name: 'an empty JSON body (the body is missing, not malformed)',
        options: { rawBody: '', headers: { 'content-type': 'application/json' } },
        status: 400,
        code: 'invalid_request',
      },
      {
        name: 'a text body',
        options: { rawBody: 'hello', headers: { 'content-type': 'text/plain' } },
        status: 415,
        code: 'unsupported_media_type',
      },
      {
        name: 'an XML body',
        options: { rawBody: '<a/>', headers: { 'content-type': 'application/xml' } },
        status: 415,
        code: 'unsupported_media_type',
      },
      {
        name: 'a body over 64 KiB',
        options: {
          rawBody: JSON.stringify({ consent_artifact: CONSENT, metadata: { a: 'x'.repeat(70_000) } }),
          headers: { 'content-type': 'application/json' },
        },
        status: 413,
        code: 'payload_too_large',
      },
      {
        name: 'a JSON array',
        options: { rawBody: '[]', headers: { 'content-type': 'application/json' } },
        status: 400,
        code: 'invalid_request',
      },
      {
        name: 'a wrong type',
        options: { body: { consent_artifact: 'yes' } },
        status: 400,
        code: 'invalid_request',
      },
    ])('$name gets $status $code', async ({ options, status, code }) => {
      const key = await service.key();
      const response = await service.call('POST', '/v1/nature/subjects', { key, ...options });
      expect(response.status).toBe(status);
      expect(response.json()).toMatchObject({
        object: 'error',
        code,
        request_id: expect.stringMatching(/^req_/),
      });
    });

    it('gives every response a request_id, in the header and in error bodies', async () => {
      const response = await service.call('GET', '/v1/nature/subjects/x');
      expect(response.json().request_id).toBe(response.headers.get('x-request-id'));
    });
  });

  describe('browsers and the spec digest', () => {
    it('answers a CORS preflight so pk_ keys work from a page', async () => {
      const response = await service.call('OPTIONS', '/v1/nature/subjects', {
        headers: {
          origin: 'https://app.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-headers')).toMatch(/authorization/);
    });

    it('reports the digest of its spec in /v1/health and on every response', async () => {
      const provenance = JSON.parse(readFileSync('generated/provenance.json', 'utf8'));
      const health = await service.call('GET', '/v1/health');
      expect(health.json()).toEqual({ status: 'ok', spec_digest: provenance.spec_digest });
      expect((await service.call('GET', '/v1/nature/subjects')).headers.get('x-spec-digest')).toBe(
        provenance.spec_digest,
      );
    });
  });
});

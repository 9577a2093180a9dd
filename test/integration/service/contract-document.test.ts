/**
 * The service and the mock serve the contract itself (`GET /openapi.json`, `/openapi.yaml`), and the
 * mock's health reports the real spec digest, not the example's: both checked against the spec
 * loaded and digested here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { digestOf, loadDocument } from '../../../generators/core/load.js';
import type { LoadedDocument } from '../../../generators/core/document.js';
import { startMock, type RunningMock } from '../../../scripts/lib/mock.js';
import { startService, type TestService } from '../../support/service.js';

let spec: LoadedDocument;
let service: TestService;
let mock: RunningMock;

beforeAll(async () => {
  spec = await loadDocument('spec/openapi.yaml');
  [service, mock] = await Promise.all([startService(), startMock(0)]);
}, 60_000);
afterAll(async () => {
  await Promise.all([service?.close(), mock?.stop()]);
});

/** The served document without the generated-file header field. */
function withoutHeader(document: Record<string, unknown>): Record<string, unknown> {
  const { 'x-generated': _header, ...rest } = document;
  return rest;
}

describe('GET /openapi.json', () => {
  it('the service serves the bundled spec, with the digest every artifact records', async () => {
    const response = await fetch(`${service.url}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const served = withoutHeader(await response.json());
    expect(served).toEqual(spec.document);
    expect(digestOf(served)).toBe(spec.digest);
  });

  it('the service charges it to the address like other traffic without a key: budget headers, then 429 in the error format', async () => {
    // Before: no X-RateLimit-* and never refused, so anyone could fetch 81 KB without limit.
    const own = await startService();
    try {
      const first = await fetch(`${own.url}/openapi.json`);
      expect(first.headers.get('x-ratelimit-limit')).toBe('60');
      expect(first.headers.get('x-ratelimit-remaining')).toBe('59');
      let last = first;
      for (let i = 0; i < 60 && last.status === 200; i += 1) last = await fetch(`${own.url}/openapi.yaml`);
      expect(last.status).toBe(429);
      expect(await last.json()).toMatchObject({ object: 'error', code: 'rate_limited' });
      expect(last.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    } finally {
      await own.close();
    }
  });

  it('the mock serves the same operations and schemas (Prism inlines local $refs in what it serves)', async () => {
    const response = await fetch(`${mock.url}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const served = withoutHeader(await response.json()) as typeof spec.document;
    expect(served.info).toEqual(spec.document.info);
    expect(served.security).toEqual(spec.document.security);
    expect(Object.keys(served.paths)).toEqual(Object.keys(spec.document.paths));
    expect(Object.keys(served.components.schemas)).toEqual(Object.keys(spec.document.components.schemas));
  });
});

describe.each([
  ['the service', () => service.url],
  ['the mock', () => mock.url],
])('%s serves the contract', (_name, base) => {
  it('at /openapi.yaml: the same document as YAML', async () => {
    const response = await fetch(`${base()}/openapi.yaml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/yaml/);
    expect(withoutHeader(parse(await response.text()))).toEqual(spec.document);
  });
});

describe('the mock', () => {
  it("reports the real spec digest on /v1/health (the service's), not the example's", async () => {
    const [fromMock, fromService] = await Promise.all([
      fetch(`${mock.url}/v1/health`).then((r) => r.json()),
      fetch(`${service.url}/v1/health`).then((r) => r.json()),
    ]);
    expect(fromMock.spec_digest).toBe(spec.digest);
    expect(fromService.spec_digest).toBe(spec.digest);
  });
});

/**
 * MSW handlers for operations that share a method and path and are told apart by what their
 * templates ask of a request (the odd-paths fixture: AWS's `#X-Amz-Target=…`, `#scope=…`, and
 * fragments naming parameters without values): each request is answered by its own operation
 * (each one's response example names it), a value before a parameter's presence, and a request
 * that carries none of a group's parameters by the group's last operation (handlers do not
 * validate requests). The handlers are generated into .cache/msw-template-match/.
 * Starts: nothing (msw intercepts fetch in-process; no socket is opened).
 */
import path from 'node:path';
import { rmSync } from 'node:fs';
import type { HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInPlugins, generate } from '../../../../../generators/pipeline.js';
import { ROOT } from '../../../../../scripts/lib/root.js';

const BASE_URL = 'https://api.example.test';
let server: ReturnType<typeof setupServer>;

beforeAll(async () => {
  const out = path.join(ROOT, '.cache', 'msw-template-match');
  rmSync(out, { recursive: true, force: true });
  await generate({
    spec: path.join(ROOT, 'test/fixtures/specs/odd-paths-3.1.yaml'),
    out,
    command: 'test/integration/generators/plugins/msw/template-match.test.ts',
    write: true,
    log: () => {},
    plugins: builtInPlugins(['msw']),
    released: false,
  });
  const { handlers } = (await import(path.join(out, 'msw', 'index.ts'))) as { handlers: HttpHandler[] };
  server = setupServer(...handlers);
  server.listen({ onUnhandledRequest: 'error' });
}, 120_000);
afterAll(() => server?.close());

const answered = async (target: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${BASE_URL}${target}`, { headers });
  return ((await response.json()) as { answered?: string }).answered;
};

describe('MSW handlers of operations one method and path share', () => {
  it('answer by the value a request carries before a parameter it carries', async () => {
    expect(await answered('/channels/c1?scope=membership', { 'x-amz-token': 't' })).toBe(
      'getChannelMembership',
    );
    expect(await answered('/channels/c1', { 'x-amz-token': 't' })).toBe('getChannel');
  });

  it('answer by the parameter a request carries, and by the last of them when it carries none', async () => {
    expect(await answered('/servers?name=a')).toBe('getServerByName');
    expect(await answered('/servers?path=a')).toBe('getServerByPath');
    expect(await answered('/servers')).toBe('getServerByPath');
  });
});

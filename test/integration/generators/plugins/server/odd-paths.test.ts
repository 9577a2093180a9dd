/**
 * Server stubs start for every valid spec (issue 12): a spec with an explicit HEAD beside a GET,
 * Google-style `{name}:verb` paths and AWS-style templates with a fragment or query is generated,
 * its stubs start on a real socket, every routable operation answers 501 in the error format, and
 * the templates no request can match are named in warnings. The URL mapping alone is
 * test/unit/generators/plugins/server/odd-paths.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureStubs, type FixtureStubs } from '../../../../support/fixture-stubs.js';

const SPEC = 'test/fixtures/specs/odd-paths-3.1.yaml';
let stubs: FixtureStubs;
let url: string;
let warnings: string[];
const logged: string[] = [];

beforeAll(async () => {
  const headThing = async (
    _request: unknown,
    reply: { header: (name: string, value: string) => { code: (status: number) => { send: () => void } } },
  ) => reply.header('x-operation', 'headThing').code(200).send();
  stubs = await fixtureStubs(SPEC, {
    handlers: { headThing },
    logger: { level: 'warn', stream: { write: (line: string) => logged.push(JSON.parse(line).msg) } },
  });
  ({ warnings } = stubs.generated);
  url = await stubs.app.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);
afterAll(async () => {
  await stubs?.close();
});

const call = async (method: string, target: string, body?: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${url}${target}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, text: await response.text() };
};

describe('stubs for the odd-paths fixture', () => {
  it('start, and answer every operation with 501 in the error format', async () => {
    for (const [method, target, operationId, body, headers] of [
      ['GET', '/things/t1', 'getThing'],
      ['GET', '/v1/op1', 'getOperation'],
      ['POST', '/v1/op1:cancel', 'cancelOperation'],
      ['POST', '/v1/op1:undelete', 'undeleteOperation'],
      ['POST', '/', 'listThings', {}, { 'x-amz-target': 'Things.ListThings' }],
      ['POST', '/', 'putThing', {}, { 'X-Amz-Target': 'Things.PutThing' }],
      ['GET', '/search?mode=fast', 'searchFast'],
      ['GET', '/credentials?role_name=r', 'getCredentials', undefined, { 'x-amz-token': 't' }],
      ['GET', '/roles?account_id=a', 'listRoles', undefined, { 'x-amz-token': 't' }],
      ['GET', '/servers?name=a', 'getServerByName'],
      ['GET', '/channels/c1', 'getChannel', undefined, { 'x-amz-token': 't' }],
      ['GET', '/channels/c1?scope=membership', 'getChannelMembership', undefined, { 'x-amz-token': 't' }],
      ['GET', '/servers?path=a', 'getServerByPath'],
    ] as Array<[string, string, string, unknown?, Record<string, string>?]>) {
      const response = await call(method, target, body, headers);
      expect(response.status, `${method} ${target}`).toBe(501);
      expect(JSON.parse(response.text), `${method} ${target}`).toEqual({
        code: 'not_implemented',
        message: `${operationId} is not implemented.`,
        param: null,
      });
    }
  });

  it('routes an explicit HEAD to its own operation instead of the GET’s automatic one', async () => {
    const response = await fetch(`${url}/things/t1`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-operation')).toBe('headThing');
  });

  it('answers 405 with the Allow of each template, Google-style verbs apart from their resource', async () => {
    for (const [method, target, allow] of [
      ['PUT', '/v1/op1', 'GET, HEAD, OPTIONS'],
      ['GET', '/v1/op1:cancel', 'POST, OPTIONS'],
      ['DELETE', '/v1/op1:undelete', 'POST, OPTIONS'],
      ['DELETE', '/things/t1', 'GET, HEAD, OPTIONS'],
      ['GET', '/', 'POST, OPTIONS'],
      ['POST', '/search?mode=fast', 'GET, HEAD, OPTIONS'],
    ]) {
      const response = await fetch(`${url}${target}`, { method });
      expect([response.status, response.headers.get('allow')], `${method} ${target}`).toEqual([405, allow]);
      const options = await fetch(`${url}${target}`, { method: 'OPTIONS' });
      expect([options.status, options.headers.get('allow')], `OPTIONS ${target}`).toEqual([204, allow]);
    }
  });

  it('answers 404 when the query parameter or header a template asks for is missing', async () => {
    expect((await call('GET', '/search')).status).toBe(404);
    expect((await call('GET', '/search?mode=slow')).status).toBe(404);
    expect((await call('POST', '/', {}, { 'x-amz-target': 'Things.Unknown' })).status).toBe(404);
    // A fragment without values asks for the parameters it names, whatever their values.
    expect((await call('GET', '/credentials', undefined, { 'x-amz-token': 't' })).status).toBe(400);
    expect((await call('GET', '/servers')).status).toBe(404);
    // One operation on its method and path needs no picking: without the parameter, its validation refuses.
    expect((await call('GET', '/roles?account_id=a')).status).toBe(400);
  });

  it('warns, with file and pointer, about templates with a query or fragment, and registers every route', () => {
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^test\/fixtures\/specs\/odd-paths-3\.1\.yaml#\/paths\/~1#X-Amz-Target=Things\.ListThings: .*query or fragment.*request header/,
        ),
        expect.stringMatching(/#\/paths\/~1search\?mode=fast: .*route it as "\/search"/),
      ]),
    );
    expect(logged.filter((line) => /unreachable/.test(line))).toEqual([]);
  });
});

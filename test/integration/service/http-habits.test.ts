/**
 * Real clients' habits against the reference service, sent by the clients themselves: Python's
 * urllib (JSON Content-Type on every request, a lowercase scheme), curl (`-X DELETE -d ''`, `-I`,
 * odd Accept values) and raw sockets. Undeclared methods get 405 with `Allow`, OPTIONS answers
 * `Allow` as the spec has it, bodies that are not there are not malformed, HEAD is GET without
 * the body, and every error is in the spec's format with its headers.
 */
import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import { promisify } from 'node:util';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_SCHEMA } from '../../../generated/server/index.js';
import { specDocument } from '../../support/spec.js';
import { CONSENT, startService, type TestService } from '../../support/service.js';

const run = promisify(execFile);
let service: TestService;
let key: string;

beforeAll(async () => {
  service = await startService();
  key = await service.key();
});
afterAll(async () => {
  await service?.close();
});

const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: false });
(addFormats as unknown as (a: unknown) => void)(ajv);
ajv.addSchema(SHARED_SCHEMA as object);
const validateError = ajv.compile({
  $ref: `${(SHARED_SCHEMA as { $id: string }).$id}#/components/schemas/Error`,
});

/** Python's urllib, as a script would use it: prints status, headers as JSON, then the body. */
async function urllib(method: string, path: string, headers: Record<string, string>, data?: string) {
  const script = `
import json, sys, urllib.request, urllib.error
method, url, headers, data = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), sys.argv[4]
request = urllib.request.Request(url, method=method, headers=headers, data=None if data == '<none>' else data.encode())
try:
    response = urllib.request.urlopen(request)
except urllib.error.HTTPError as error:
    response = error
print(json.dumps({'status': response.status, 'body': response.read().decode()}))
`;
  const { stdout } = await run('python3', [
    '-S',
    '-E',
    '-B',
    '-c',
    script,
    method,
    `${service.url}${path}`,
    JSON.stringify(headers),
    data ?? '<none>',
  ]);
  const answer = JSON.parse(stdout) as { status: number; body: string };
  return { status: answer.status, body: answer.body, json: () => JSON.parse(answer.body) };
}

/** curl with -i: the status line, headers (lowercased) and body of the last answer. */
async function curl(args: string[]) {
  const { stdout } = await run('curl', ['-sS', '-i', ...args]);
  const [head, ...rest] = stdout.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  const body = rest.join('\r\n\r\n');
  return { status: Number(statusLine.split(' ')[1]), headers, body, json: () => JSON.parse(body) };
}

/** One request as raw bytes; resolves with everything the server sent before it closed. */
function raw(request: string): Promise<string> {
  const { hostname, port } = new URL(service.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
  });
}

const newSubject = async () =>
  (await service.call('POST', '/v1/nature/subjects', { key, body: { consent_artifact: CONSENT } })).json()
    .id as string;

function expectSpecError(
  response: { status: number; headers: Record<string, string>; json: () => unknown },
  status: number,
  code: string,
) {
  expect(response.status).toBe(status);
  expect(validateError(response.json()), JSON.stringify(validateError.errors)).toBe(true);
  expect(response.json()).toMatchObject({ code });
  for (const header of ['x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining'])
    expect(response.headers[header], header).toMatch(/\S/);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
}

describe('methods a path does not declare, and OPTIONS (RFC 9110 §15.5.6, §9.3.7)', () => {
  it('answers every undeclared method on every path of the spec with 405 and the Allow the spec implies', async () => {
    const document = await specDocument();
    const subject = await newSubject();
    const concrete = (template: string) =>
      template.replace('{subject_id}', subject).replace('{assessment_id}', 'asmt_missing');
    for (const [template, item] of Object.entries<Record<string, unknown>>(document.paths)) {
      const declared = Object.keys(item)
        .filter((name) =>
          ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'].includes(name),
        )
        .map((name) => name.toUpperCase());
      const allow = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter(
        (method) =>
          declared.includes(method) ||
          (method === 'HEAD' && declared.includes('GET')) ||
          method === 'OPTIONS',
      );
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter(
        (candidate) => !allow.includes(candidate),
      )) {
        const response = await curl([
          '-X',
          method,
          '-H',
          `Authorization: Bearer ${key}`,
          `${service.url}${concrete(template)}`,
        ]);
        expectSpecError(response, 405, 'method_not_allowed');
        expect(response.headers.allow, `${method} ${template}`).toBe(allow.join(', '));
      }
      const options = await curl([
        '-X',
        'OPTIONS',
        '-H',
        'Origin: https://app.example',
        '-H',
        'Access-Control-Request-Method: POST',
        `${service.url}${concrete(template)}`,
      ]);
      expect(options.status, `OPTIONS ${template}`).toBe(204);
      expect(options.headers.allow, `OPTIONS ${template}`).toBe(allow.join(', '));
      // The CORS preflight still works: pk_ keys are for browsers.
      expect(options.headers['access-control-allow-origin']).toBe('*');
      expect(options.headers['access-control-allow-headers']).toMatch(/authorization/);
      // It carries the per-address budget like every answer, and spends none of it.
      expect(options.headers['x-request-id']).toMatch(/^req_/);
      const again = await curl(['-X', 'OPTIONS', `${service.url}${concrete(template)}`]);
      expect(again.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
      expect(again.headers['x-ratelimit-remaining']).toBe(options.headers['x-ratelimit-remaining']);
    }
  });

  it('says 404, not 405, for a path no operation has', async () => {
    expectSpecError(await curl(['-X', 'PUT', `${service.url}/v1/nature/widgets`]), 404, 'not_found');
    expect((await curl(['-X', 'OPTIONS', `${service.url}/v1/nature/widgets`])).status).toBe(404);
  });

  it('answers an undeclared method on the dashboard API in its own format, without CORS', async () => {
    const response = await curl(['-X', 'PUT', `${service.url}/dashboard/api/keys`]);
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
    expect(response.json()).toMatchObject({ object: 'error', code: 'method_not_allowed' });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('bodies that are not there', () => {
  it('accepts urllib’s body-less DELETE labelled application/json', async () => {
    const subject = await newSubject();
    const response = await urllib('DELETE', `/v1/nature/subjects/${subject}`, {
      Authorization: `Bearer ${key}`,
      'Content-Type': 'application/json',
    });
    expect(response.status, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: subject, deleted: true });
  });

  it('accepts curl -X DELETE -d "" (an empty form-urlencoded body)', async () => {
    const subject = await newSubject();
    const response = await curl([
      '-X',
      'DELETE',
      '-d',
      '',
      '-H',
      `Authorization: Bearer ${key}`,
      `${service.url}/v1/nature/subjects/${subject}`,
    ]);
    expect(response.status, response.body).toBe(200);
  });

  it('accepts a GET labelled application/json with Content-Length: 0, over a raw socket', async () => {
    const answer = await raw(
      `GET /v1/nature/subjects?limit=1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('says the body is missing, not malformed, when an operation needs one', async () => {
    for (const data of [undefined, '']) {
      const response = await urllib(
        'POST',
        '/v1/nature/subjects',
        { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        data,
      );
      expect(response.status, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'invalid_request',
        param: null,
        message: expect.stringMatching(/body is missing/),
      });
    }
    const bare = await curl([
      '-X',
      'POST',
      '-H',
      `Authorization: Bearer ${key}`,
      `${service.url}/v1/nature/subjects`,
    ]);
    expectSpecError(bare, 400, 'invalid_request');
    expect(bare.json().message).toMatch(/body is missing/);
    // A body that is there but is not JSON is still malformed.
    const broken = await urllib(
      'POST',
      '/v1/nature/subjects',
      { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      '{"consent_artifact":',
    );
    expect(broken.json()).toMatchObject({ code: 'malformed_json' });
  });
});

describe('decided habits (spec/DECISIONS.md)', () => {
  it('takes the Bearer scheme in any case (RFC 9110 §11.1), as urllib users write it', async () => {
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      const response = await urllib('GET', '/v1/nature/subjects?limit=1', {
        Authorization: `${scheme} ${key}`,
      });
      expect(response.status, scheme).toBe(200);
    }
  });

  it('answers JSON whatever Accept asks for', async () => {
    for (const accept of ['application/xml', 'text/html', 'text/csv;q=1, application/json;q=0', '*/*']) {
      const response = await curl([
        '-H',
        `Accept: ${accept}`,
        '-H',
        `Authorization: Bearer ${key}`,
        `${service.url}/v1/nature/subjects?limit=1`,
      ]);
      expect(response.status, accept).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.json()).toMatchObject({ object: 'list' });
    }
  });

  it('answers HEAD on a GET operation with its status and headers and no body', async () => {
    const subject = await newSubject();
    const get = await curl([
      '-H',
      `Authorization: Bearer ${key}`,
      `${service.url}/v1/nature/subjects/${subject}`,
    ]);
    const head = await curl([
      '-I',
      '-H',
      `Authorization: Bearer ${key}`,
      `${service.url}/v1/nature/subjects/${subject}`,
    ]);
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
    // Over a raw socket: nothing follows the headers, for a success and for an error.
    for (const [path, status] of [
      [`/v1/nature/subjects/${subject}`, 200],
      ['/v1/nature/subjects/subj_missing', 404],
      ['/v1/health', 200],
    ] as const) {
      const answer = await raw(
        `HEAD ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nConnection: close\r\n\r\n`,
      );
      expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(answer.endsWith('\r\n\r\n'), `HEAD ${path} sent a body`).toBe(true);
    }
  });
});

/**
 * What a team running the generated client in production relies on (issue 23), through the
 * generated client against a real HTTP server on 127.0.0.1 that misbehaves on purpose: a timeout
 * that covers the body, retry-after-ms and x-should-retry, the cap on a server-asked wait, per-call
 * extras, withOptions, and the idle timeout of streams and downloads (through a client generated
 * from the media fixture into .cache/). What it logs is logging.test.ts's. Starts one loopback
 * server (test/support/http-server.ts), closed after the file.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../../../generators/pipeline.js';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  AssessmentServiceClient,
  BadRequestError,
  InternalServerError,
  RateLimitError,
} from '../../../../../generated/client/src/index.js';
import { apiError, json, type Handler } from '../../../../support/http-server.js';
import { client, health, KEY, recordingLogger, server, useLoopbackServer } from './loopback.js';

useLoopbackServer();

/** Sends headers and the start of a JSON body, then never finishes it. */
const stallBody: Handler = (_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.write('{"status":');
};

describe('timeouts cover the whole call', () => {
  it('times out a server that sends headers and then stalls the body', async () => {
    server.script(stallBody);
    const started = Date.now();
    // The file's first call pays the cold start (connection, first compile): on a loaded machine 300 ms
    // ran out before the request reached the server, and the stall was never what timed out.
    const error = await client({ timeout: 1_500, maxRetries: 0 })
      .health.retrieve()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(server.requests).toHaveLength(1);
  });

  it('retries a stalled body like any timeout, with the same request', async () => {
    server.script(stallBody, json(200, health));
    expect(await client({ timeout: 300, maxRetries: 1 }).health.retrieve()).toEqual(health);
    expect(server.requests).toHaveLength(2);
  });

  it('lets the signal cancel a call whose body stalls, without retrying', async () => {
    const controller = new AbortController();
    server.script((request, response) => {
      stallBody(request, response);
      setTimeout(() => controller.abort(), 50);
    });
    const error = await client({ timeout: 60_000, maxRetries: 2 })
      .health.retrieve({ signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(server.requests).toHaveLength(1);
  });
});

describe('streams and downloads take an idle timeout instead', () => {
  let sdk: any;
  let workDir: string;
  beforeAll(async () => {
    await mkdir(path.resolve('.cache'), { recursive: true });
    workDir = await mkdtemp(path.resolve('.cache', 'client-idle-'));
    await generate({
      spec: 'test/fixtures/specs/media-3.1.yaml',
      out: workDir,
      command: 'test',
      write: true,
      skip: ['sdks'],
      log: () => {},
    });
    sdk = await import(path.join(workDir, 'client', 'src', 'index.ts'));
  }, 120_000);
  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('reads an event stream for longer than the call timeout while data flows, then times out when it stalls', async () => {
    server.script(async (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (let seq = 1; seq <= 5; seq += 1) {
        response.write(`id: ${seq}\ndata: {"seq":${seq}}\n\n`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // ...and then nothing, with the connection open.
    });
    const media = new sdk.MediaFixtureClient({
      baseURL: server.url,
      maxRetries: 0,
      timeout: 150,
      idleTimeout: 400,
    });
    const received: unknown[] = [];
    const started = Date.now();
    const error = await (async () => {
      for await (const event of await media.events.retrieve()) received.push(event.data);
    })().catch((caught: unknown) => caught);
    expect(received).toEqual([1, 2, 3, 4, 5].map((seq) => ({ seq })));
    expect(error).toBeInstanceOf(sdk.APIConnectionTimeoutError);
    expect((error as Error).message).toBe('No data arrived on the stream after 400 ms.');
    expect(Date.now() - started).toBeGreaterThanOrEqual(400 + 400);
  });

  it('lets the signal end a stream after it has reconnected', async () => {
    let connections = 0;
    let secondClosed = false;
    server.script((_request, response) => {
      connections += 1;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      if (connections === 1) {
        response.write('retry: 10\nid: 1\ndata: {"seq":1}\n\n');
        setTimeout(() => response.socket?.destroy(), 20); // the connection drops
      } else {
        response.on('close', () => (secondClosed = true));
        response.write('id: 2\ndata: {"seq":2}\n\n'); // and stays open
      }
    });
    const controller = new AbortController();
    const media = new sdk.MediaFixtureClient({ baseURL: server.url, maxRetries: 2 });
    const received: unknown[] = [];
    const error = await (async () => {
      for await (const event of await media.events.retrieve({}, { signal: controller.signal })) {
        received.push(event.data);
        if (received.length === 2) controller.abort();
      }
    })().catch((caught: unknown) => caught);
    expect(received).toEqual([{ seq: 1 }, { seq: 2 }]);
    expect(error).toBeInstanceOf(sdk.APIUserAbortError);
    for (let turn = 0; turn < 200 && !secondClosed; turn += 1)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(secondClosed).toBe(true); // the reopened connection was closed by the signal
  });

  it('times out a download whose body stalls, and lets the signal cancel one', async () => {
    const stall: Handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.write(Buffer.from([137, 80]));
    };
    server.script(stall);
    const media = new sdk.MediaFixtureClient({ baseURL: server.url, maxRetries: 0, idleTimeout: 200 });
    const image: Response = await media.responses.binary.retrieve({ size: 4 });
    await expect(image.arrayBuffer()).rejects.toBeInstanceOf(sdk.APIConnectionTimeoutError);

    server.script(stall);
    const controller = new AbortController();
    const second: Response = await new sdk.MediaFixtureClient({
      baseURL: server.url,
      maxRetries: 0,
    }).responses.binary.retrieve({ size: 4 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(second.arrayBuffer()).rejects.toBeInstanceOf(sdk.APIUserAbortError);
  });
});

describe('a transport that misbehaves', () => {
  it('surfaces a fetch that answers with something other than a Response as APIConnectionError with the cause', async () => {
    const garbage = (async () => 'not a response') as unknown as typeof fetch;
    const error = await client({ fetch: garbage, maxRetries: 0 })
      .health.retrieve()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toMatch(/returned string instead of a Response/);
    expect((error as Error).cause).toBe('not a response');
  });
});

describe('retries follow the server', () => {
  it('waits retry-after-ms (before Retry-After) and repeats the request', async () => {
    server.script(
      apiError(429, 'rate_limited', { 'retry-after-ms': '250', 'retry-after': '30' }),
      json(200, health),
    );
    await client().health.retrieve();
    expect(server.requests).toHaveLength(2);
    const waited = server.requests[1].at - server.requests[0].at;
    expect(waited).toBeGreaterThanOrEqual(240);
    expect(waited).toBeLessThan(5_000);
  });

  it('never retries on x-should-retry: false, and retries any status on x-should-retry: true', async () => {
    server.script(apiError(503, 'unavailable', { 'x-should-retry': 'false' }));
    await expect(client().health.retrieve()).rejects.toThrow(InternalServerError);
    expect(server.requests).toHaveLength(1);

    server.script(apiError(400, 'try_again', { 'x-should-retry': 'true' }), json(200, health));
    expect(await client().health.retrieve()).toEqual(health);
    expect(server.requests).toHaveLength(2);

    server.script(apiError(400, 'bad'));
    await expect(client().health.retrieve()).rejects.toThrow(BadRequestError);
    expect(server.requests).toHaveLength(1);
  });

  it('raises a RateLimitError carrying the wait when the server asks for longer than the cap', async () => {
    server.script(apiError(429, 'rate_limited', { 'retry-after': '120' }), json(200, health));
    const error = await client()
      .health.retrieve()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfter: 120, retryAfterMs: 120_000 });
    expect((error as Error).message).toMatch(
      /Not retried: the server asked to wait 120000 ms, more than maxRetryWait \(60000 ms\)/,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('takes the cap per client and per call', async () => {
    server.script(apiError(429, 'rate_limited', { 'retry-after-ms': '200' }), json(200, health));
    const capped = client({ maxRetryWait: 100 });
    await expect(capped.health.retrieve()).rejects.toMatchObject({ retryAfterMs: 200 });
    server.script(apiError(429, 'rate_limited', { 'retry-after-ms': '200' }), json(200, health));
    expect(await capped.health.retrieve({ maxRetryWait: 1_000 })).toEqual(health);
    server.script(apiError(429, 'rate_limited', { 'retry-after-ms': '200' }), json(200, health));
    await expect(client().health.retrieve({ maxRetryWait: 100 })).rejects.toThrow(RateLimitError);
  });
});

describe('escape hatches', () => {
  it('sends per-call extra query parameters, body fields and headers, and removes a header given as null', async () => {
    server.script(json(200, { id: 'asmt_1', status: 'completed' }));
    await client().nature.assessments.update(
      'asmt_1',
      { status: 'completed' },
      {
        query: { expand: ['scores', 'subject'], preview: true },
        body: { beta_flag: 'on', status: 'completed' },
        headers: { 'x-beta': '1', 'x-spec-digest': null },
      },
    );
    const [request] = server.requests;
    expect(request.url).toBe('/v1/nature/assessments/asmt_1?expand=scores&expand=subject&preview=true');
    expect(JSON.parse(request.body)).toEqual({ status: 'completed', beta_flag: 'on' });
    expect(request.headers['x-beta']).toBe('1');
    expect(request.headers['x-spec-digest']).toBeUndefined();

    server.script(json(200, { id: 'subj_1', deleted: true }));
    await client().nature.subjects.delete('subj_1', { body: { reason: 'withdrawn' } }); // an operation without a body gets a JSON one
    expect(server.requests[0].headers['content-type']).toBe('application/json');
    expect(JSON.parse(server.requests[0].body)).toEqual({ reason: 'withdrawn' });
    await expect(client().health.retrieve({ body: { probe: 1 } })).rejects.toThrow(
      /A GET request has no body: pass extra fields as `query`/,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('withOptions returns a client of the same class with changed defaults, sharing fetch, logger and key', async () => {
    const seen: string[] = [];
    const sharedFetch: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    const logger = recordingLogger();
    const base = client({ fetch: sharedFetch, logger, defaultHeaders: { 'x-team': 'a' }, maxRetries: 0 });
    const changed = base.withOptions({
      maxRetries: 1,
      timeout: 5_000,
      defaultHeaders: { 'x-extra': 'b' },
      logLevel: 'debug',
    });
    expect(changed).toBeInstanceOf(AssessmentServiceClient);
    expect(changed).not.toBe(base);
    expect({
      maxRetries: changed.maxRetries,
      timeout: changed.timeout,
      apiKey: changed.apiKey,
      baseURL: changed.baseURL,
    }).toEqual({ maxRetries: 1, timeout: 5_000, apiKey: KEY, baseURL: server.url });
    expect({ maxRetries: base.maxRetries, timeout: base.timeout }).toEqual({
      maxRetries: 0,
      timeout: 60_000,
    });

    server.script(apiError(503, 'unavailable'), json(200, health));
    expect(await changed.health.retrieve()).toEqual(health);
    expect(seen).toHaveLength(2); // both attempts through the one fetch
    expect(server.requests[1].headers).toMatchObject({ 'x-team': 'a', 'x-extra': 'b' });
    expect(logger.lines.filter(([level]) => level === 'debug')).toHaveLength(2); // the same logger, at the new level
  });
});

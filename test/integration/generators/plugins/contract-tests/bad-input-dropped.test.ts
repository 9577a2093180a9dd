/**
 * A hostile request whose connection the server drops while the body is still going out (a 413
 * after the headers, then a close, on a busy machine) is sent once more, waiting longer for the
 * answer, before the bad-input stage calls it "no answer" (CI saw `write EPIPE` on a generated
 * server). Starts a raw TCP server on loopback that resets the first connection and answers the
 * second; and one that resets every connection, which stays a finding.
 */
import net from 'node:net';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  badRequests,
  BadInputChecks,
  type BadInputCases,
} from '../../../../../generators/plugins/contract-tests/runtime/bad-input.js';

const cases = JSON.parse(readFileSync('generated/contract-tests/bad-input.json', 'utf8')) as BadInputCases;
const checks = new BadInputChecks(cases);
const operation = cases.operations.find((candidate) => candidate.body)!;
const index = badRequests(operation).findIndex((request) => request.name === 'body: 1 MB');

let server: net.Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

/** A server that resets the first `drops` connections as soon as bytes arrive, then answers 413 after the head. */
async function dropping(drops: number): Promise<{ url: string; connections: () => number }> {
  let connections = 0;
  server = net.createServer((socket) => {
    connections += 1;
    const drop = connections <= drops;
    socket.once('data', () => {
      if (drop) return void socket.resetAndDestroy();
      const body = JSON.stringify({
        error: { type: 'invalid_request', code: 'payload_too_large', message: 'Too large.' },
      });
      socket.end(
        `HTTP/1.1 413 Payload Too Large\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`,
      );
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server!.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}`, connections: () => connections };
}

const messagesOf = async (promise: Promise<void>): Promise<string[]> =>
  promise.then(
    () => [],
    (error: { problems?: Array<{ message: string }> }) =>
      (error.problems ?? []).map((problem) => problem.message),
  );

describe('a hostile request whose connection is dropped', () => {
  it('is sent once more, and the answer to that one is judged', async () => {
    expect(index).toBeGreaterThanOrEqual(0);
    const target = await dropping(1);
    const messages = await messagesOf(checks.check(target.url, 'sk_test_x', operation.id, index));
    expect(target.connections()).toBe(2);
    expect(messages.filter((message) => message.includes('no answer'))).toEqual([]);
  });

  it('is "no answer" when the second is dropped too', async () => {
    const target = await dropping(2);
    const messages = await messagesOf(checks.check(target.url, 'sk_test_x', operation.id, index));
    expect(target.connections()).toBe(2);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/no answer: (read ECONNRESET|write EPIPE|write ECONNRESET)/);
  });
});

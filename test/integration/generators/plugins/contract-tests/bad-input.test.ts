/**
 * The contract tests' bad-input stage (issue 12): the hostile requests it derives for our spec
 * all get answers inside the contract from the reference service, and the same requests catch a
 * server built on the generated stubs without their server options (Fastify's and Node's own
 * error answers), so the stage is known to bite. What it derives, and how it measures an echo, is
 * test/unit/generators/plugins/contract-tests/bad-input.test.ts.
 */
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  badRequests,
  BadInputChecks,
  sendRaw,
  type BadInputCases,
} from '../../../../../generators/plugins/contract-tests/runtime/bad-input.js';
import {
  problemKey,
  ProblemsError,
  type Problem,
} from '../../../../../generators/plugins/contract-tests/runtime/findings.js';
import { routesPlugin } from '../../../../../generated/server/index.js';
import { errorBody } from '../../../../../service/errors.js';
import { startService, type TestService } from '../../../../support/service.js';

const cases = JSON.parse(readFileSync('generated/contract-tests/bad-input.json', 'utf8')) as BadInputCases;
const checks = new BadInputChecks(cases);

/** Every hostile request of every operation against a server: "operation, request: problem" lines. */
async function problemsOf(baseUrl: string, apiKey: string | undefined): Promise<string[]> {
  const problems: string[] = [];
  for (const operation of cases.operations) {
    for (const request of badRequests(operation)) {
      const answer = await sendRaw(baseUrl, operation.method, request, apiKey, undefined, operation.accept);
      problems.push(
        ...checks
          .problems(operation, request, answer)
          .map((problem) => `${operation.id}, ${request.name}: ${problem}`),
      );
    }
  }
  return problems;
}

describe('bad-input stage against the reference service', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(async () => {
    await service?.close();
  });

  it('gets an answer inside the contract for every hostile request', async () => {
    expect(await problemsOf(service.url, await service.key())).toEqual([]);
  }, 60_000);
});

describe('bad-input stage against stubs started without serverOptions()', () => {
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    app = Fastify(); // Fastify's defaults: its own clientError and bad-URL answers
    await app.register(routesPlugin, { handlers: {}, errorBody, onUnimplemented: () => {} });
    url = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('reports the answers that leave the contract, by operation and request', async () => {
    const problems = await problemsOf(url, undefined);
    expect(problems).toContainEqual(
      expect.stringMatching(/^getHealth, a header over 16 KB: status 431 is not documented/),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^retrieveSubject, path parameter subject_id: broken percent-encoding: body \/ must have required property 'object'/,
      ),
    );
    expect(problems).toContainEqual(expect.stringMatching(/required header X-Request-Id is missing/));
  }, 60_000);

  it('calls a 501 of an operation without a handler not implemented, not a server error for bad input', async () => {
    // The stubs answer 501 for an operation without a handler; a hostile request they cannot refuse
    // reached it, and each was "answered 501: a server error for bad input" (a walker's 37 findings).
    const found: Problem[] = [];
    for (const operation of cases.operations)
      for (const index of badRequests(operation).keys()) {
        try {
          await checks.check(url, undefined, operation.id, index);
        } catch (error) {
          if (!(error instanceof ProblemsError)) throw error;
          found.push(...error.problems);
        }
      }
    const unimplemented = found.filter((problem) => problem.check === 'not_implemented');
    expect(unimplemented.length).toBeGreaterThan(0);
    expect(new Set(unimplemented.map(problemKey)).size).toBe(
      new Set(unimplemented.map((p) => p.operation)).size,
    );
    expect(
      found.filter((problem) => problem.check !== 'not_implemented' && /answered 501/.test(problem.message)),
    ).toEqual([]);
  }, 60_000);
});

describe('bad-input stage against a handler that awaits', () => {
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    // A handler slower than the stage's pause between slices (a database under load): Node's
    // servers end a connection whose client half-closed, and the answer with it.
    app = Fastify();
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return { ok: true };
    });
    url = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('waits for its answer: the request is sent whole and the server closes once it has answered', async () => {
    const answer = await sendRaw(
      url,
      'get',
      { name: 'slow', target: '/slow', headers: [], hostile: [] },
      undefined,
    );
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('{"ok":true}');
  });
});

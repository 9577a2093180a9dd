/**
 * The generated client's `validation` option in node, through the generated MSW handlers
 * (`setupServer`): the cases in client-validation.ts, the client's and the zod module's operation
 * keys, and docs/zod-msw.md's client validation block run as written.
 * Starts: nothing (msw intercepts fetch in-process; no socket is opened).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as operations from '../../../../../generated/client/src/operations.js';
import { operationKey } from '../../../../../generated/client/src/index.js';
import { mockSubject } from '../../../../../generated/mock-data/index.js';
import { handlers, retrieveSubjectHandler } from '../../../../../generated/msw/index.js';
import { operationSchemas } from '../../../../../generated/zod/index.js';
import { blockWith, docBlocks } from '../../../../support/doc-blocks.js';
import { clientValidationSuite } from './client-validation.js';

clientValidationSuite('node', 'sk_test_msw');

describe('the client and the zod module name operations alike', () => {
  it("every operation descriptor's key names its schemas in operationSchemas", () => {
    const keys = Object.values(operations).map((operation) => operationKey(operation));
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys)).toEqual(new Set(Object.keys(operationSchemas)));
  });
});

describe('docs/zod-msw.md', () => {
  const server = setupServer(...handlers);
  const dir = path.resolve('.cache', `docs-zod-msw-${process.pid}`);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(async () => {
    server.close();
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    await rm(dir, { recursive: true, force: true });
  });

  it('its client validation block reports a body that breaks the schema as ResponseValidationError', async () => {
    const code = blockWith(await docBlocks('zod-msw.md'), 'ts', 'validation: {', 'zod-msw.md')
      .replace("'assessment-service-client'", JSON.stringify(path.resolve('generated/client/src/index.ts')))
      .replace("'./generated/zod/index.js'", JSON.stringify(path.resolve('generated/zod/index.ts')));
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, 'client-validation.ts');
    await writeFile(file, code);
    vi.stubEnv('ASSESSMENT_SERVICE_API_KEY', 'sk_test_docs');
    const bad = { ...mockSubject({ seed: 1 }), latest_scores: { mn: 150, mi: 20 } };
    server.use(retrieveSubjectHandler({ body: bad }));
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const printed = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await import(file);
    expect(printed).not.toHaveBeenCalled();
    expect(reported).toHaveBeenCalledTimes(1);
    const [operation, status, issues, body] = reported.mock.calls[0]!;
    expect([operation, status, body]).toEqual(['GET /v1/nature/subjects/{subject_id}', 200, bad]);
    expect((issues as Array<{ path: unknown }>).map((issue) => issue.path)).toEqual([
      ['latest_scores', 'mn'],
    ]);
  });
});

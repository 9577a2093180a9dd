/**
 * Resolvers of the generated MSW handlers (spec/openapi.yaml) are handed the request's query and
 * JSON body as the generated client sent them, typed as the client types them: at run time under
 * msw's `setupServer`, with the generated client calling; at the type level, by tsc `--strict` on
 * a file that reads `query.limit` as a number and whose wrong property reads must be errors, and
 * on docs/zod-msw.md's resolver block.
 * Starts: tsc (a child process, for the type-level check); msw intercepts fetch in-process, so no
 * socket is opened.
 */
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../../../scripts/lib/root.js';
import { blockWith, docBlocks } from '../../../../support/doc-blocks.js';
import { AssessmentServiceClient } from '../../../../../generated/client/src/index.js';
import { mockSubject } from '../../../../../generated/mock-data/index.js';
import {
  createSubjectHandler,
  handlers,
  listSubjectsHandler,
  retrieveSubjectHandler,
} from '../../../../../generated/msw/index.js';

const BASE_URL = 'https://api.example.test';
const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = () => new AssessmentServiceClient({ baseURL: BASE_URL, apiKey: 'sk_test_msw', maxRetries: 0 });

describe('a resolver of the generated handlers at run time', () => {
  it('sees the query the client sent, decoded and typed (limit a number)', async () => {
    const seen: unknown[] = [];
    server.use(
      listSubjectsHandler({
        resolver: ({ query }) => {
          seen.push(query);
          return undefined;
        },
      }),
    );
    const page = await client().nature.subjects.list({ limit: 7, starting_after: 'cur_a&b=c' });
    expect(seen).toEqual([{ limit: 7, starting_after: 'cur_a&b=c' }]);
    // Left undefined, the handler's own answer (the spec's example page) came back.
    expect(page.data.length).toBeGreaterThan(0);
  });

  it('sees the JSON body the client sent, and the request stays readable for the handler', async () => {
    const { consent_artifact, metadata } = mockSubject({ seed: 4 });
    const seen: unknown[] = [];
    server.use(
      createSubjectHandler({
        resolver: async ({ body, request }) => {
          seen.push(body, await request.json());
          return undefined;
        },
      }),
    );
    const created = await client().nature.subjects.create({ consent_artifact, metadata });
    expect(seen).toEqual([
      { consent_artifact, metadata },
      { consent_artifact, metadata },
    ]);
    expect(created.object).toBe('subject');
  });

  it('answers from what it was handed: a subject built from the body and path parameter', async () => {
    const subject = mockSubject({ seed: 9 });
    const created = new Map<string, typeof subject>();
    server.use(
      createSubjectHandler({
        resolver: ({ body }) => {
          const stored = { ...subject, ...body };
          created.set(stored.id, stored);
          return HttpResponse.json(stored, { status: 201 });
        },
      }),
      retrieveSubjectHandler({
        resolver: ({ params }) =>
          created.has(params.subject_id) ? HttpResponse.json(created.get(params.subject_id)) : undefined,
      }),
    );
    const metadata = { team: 'resolvers' };
    const made = await client().nature.subjects.create({
      consent_artifact: subject.consent_artifact,
      metadata,
    });
    expect(made.metadata).toEqual(metadata);
    expect(await client().nature.subjects.retrieve(made.id)).toEqual(made);
  });
});

const run = promisify(execFile);
const TYPECHECK = path.join(ROOT, '.cache', `msw-resolver-types-${process.pid}`);
afterAll(() => rm(TYPECHECK, { recursive: true, force: true }));

describe('a resolver of the generated handlers at the type level', () => {
  it('compiles under --strict with query.limit a number and the body typed; wrong properties are errors (and the docs block compiles)', async () => {
    await mkdir(TYPECHECK, { recursive: true });
    const msw = JSON.stringify(path.join(ROOT, 'generated/msw/index.js'));
    await writeFile(
      path.join(TYPECHECK, 'resolvers.ts'),
      [
        `import { createSubjectHandler, listSubjectsHandler, retrieveSubjectHandler } from ${msw};`,
        'listSubjectsHandler({',
        '  resolver: ({ query, body }) => {',
        '    const limit: number | undefined = query.limit;',
        '    const cursor: string | undefined = query.starting_after;',
        '    // @ts-expect-error: listSubjects declares no query parameter `page`.',
        '    void query.page;',
        '    // @ts-expect-error: listSubjects takes no body.',
        '    void body.anything;',
        '    void limit, cursor;',
        '    return undefined;',
        '  },',
        '});',
        'createSubjectHandler({',
        '  resolver: ({ body, query }) => {',
        '    const version: string | undefined = body?.consent_artifact.consent_text_version;',
        '    // @ts-expect-error: the body may be absent (not sent as JSON).',
        '    void body.consent_artifact;',
        '    // @ts-expect-error: SubjectCreate has no property `name`.',
        '    void body?.name;',
        '    // @ts-expect-error: createSubject declares no query parameters.',
        '    const limit: number = query.limit;',
        '    void version, limit;',
        '    return undefined;',
        '  },',
        '});',
        'retrieveSubjectHandler({',
        '  resolver: ({ params }) => {',
        '    const id: string = params.subject_id;',
        '    // @ts-expect-error: the path has no parameter `id`.',
        '    void params.id;',
        '    void id;',
        '    return undefined;',
        '  },',
        '});',
        '',
      ].join('\n'),
    );
    // docs/zod-msw.md's resolver block, with its imports pointed at the generated packages.
    const generated = (file: string) => JSON.stringify(path.join(ROOT, 'generated', file));
    await writeFile(
      path.join(TYPECHECK, 'docs-block.ts'),
      blockWith(await docBlocks('zod-msw.md'), 'ts', 'listSubjectsHandler({', 'zod-msw.md')
        .replace("'assessment-service-client'", generated('client/src/index.js'))
        .replace("'./generated/mock-data/index.js'", generated('mock-data/index.js'))
        .replace("'./generated/msw/index.js'", generated('msw/index.js')),
    );
    await writeFile(
      path.join(TYPECHECK, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          lib: ['ES2022', 'DOM'],
          types: [],
        },
        files: ['resolvers.ts', 'docs-block.ts'],
      }),
    );
    const output = await run(path.join(ROOT, 'node_modules/.bin/tsc'), [
      '-p',
      TYPECHECK,
      '--pretty',
      'false',
    ]).then(
      () => '',
      (error: { stdout: string }) => error.stdout,
    );
    expect(output).toBe('');
  }, 120_000);
});

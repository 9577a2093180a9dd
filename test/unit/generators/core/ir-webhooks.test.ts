/**
 * Where the IR reads webhooks from (core/webhook-items.ts): OAS 3.1 `webhooks`, or in an OpenAPI
 * 3.0 document root `x-webhooks` holding path items (Redocly's convention, GitHub's spec), never
 * confused with our root `x-webhooks` of signing settings; and the types, which type 3.0's webhooks
 * as `webhooks` too. Writes temporary files; renders the types in a worker thread; starts no process.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIr } from '../../../../generators/core/build-ir.js';
import { loadDocument } from '../../../../generators/core/load.js';
import { renderTypes } from '../../../../generators/plugins/types/emit.js';
import { scratchFolders } from '../../../support/scratch.js';

const scratch = scratchFolders();
const GITHUB = 'node_modules/@octokit/openapi/generated/api.github.com.json';

const subjectCreated = {
  post: {
    operationId: 'subjectCreated',
    'x-emitted-after': [{ operationId: 'createSubject' }],
    requestBody: {
      content: {
        'application/json': {
          schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        },
      },
    },
    responses: { '200': { description: 'Received' } },
  },
};
const formOnly = {
  post: {
    requestBody: { content: { 'application/x-www-form-urlencoded': { schema: { type: 'object' } } } },
    responses: { '200': { description: 'Received' } },
  },
};
const paths = {
  '/subjects': {
    post: { operationId: 'createSubject', responses: { '201': { description: 'Created' } } },
  },
};
const settings = {
  signature_scheme: 'standard-webhooks',
  headers: { id: 'x-delivery-id', timestamp: 'x-delivery-time', signature: 'x-delivery-signature' },
  secret_prefix: 'whs_',
  tolerance_seconds: 60,
  retry_schedule_seconds: [1, 5],
};

async function irOf(root: Record<string, unknown>) {
  const file = path.join(scratch.make('ir-webhooks-'), 'openapi.json');
  writeFileSync(
    file,
    JSON.stringify({ info: { title: 'Hooks', version: '1.0.0' }, paths, ...root }, null, 2),
  );
  return buildIr(await loadDocument(file));
}

describe('webhooks in the IR', () => {
  it("reads an OpenAPI 3.0 document's webhooks from root x-webhooks, with Standard Webhooks' signing", async () => {
    const ir = await irOf({
      openapi: '3.0.3',
      'x-webhooks': { 'subject.created': subjectCreated, 'form.only': formOnly },
    });
    expect(ir.webhooks?.events.map((event) => event.name)).toEqual(['subject.created']);
    expect(ir.webhooks?.events[0]).toMatchObject({
      operationId: 'subjectCreated',
      emittedAfter: [{ operationId: 'createSubject' }],
    });
    expect(ir.webhooks?.headers).toEqual({
      id: 'webhook-id',
      timestamp: 'webhook-timestamp',
      signature: 'webhook-signature',
    });
    // A webhook left out is named where it is.
    expect(ir.warnings).toContainEqual({
      pointer: '/x-webhooks/form.only',
      message: 'webhook has no POST with a JSON body; left out of the webhook helpers',
    });
  });

  it("reads a 3.0 list's $ref'd path items, and leaves the list's own extensions out", async () => {
    const ir = await irOf({
      openapi: '3.0.3',
      'x-webhooks': {
        'subject.created': { $ref: '#/components/pathItems/SubjectCreated' },
        'x-internal': true,
      },
      components: { pathItems: { SubjectCreated: subjectCreated } },
    });
    expect(ir.webhooks?.events.map((event) => event.name)).toEqual(['subject.created']);
    expect(ir.webhooks?.events[0].emittedAfter).toEqual([
      { operationId: 'createSubject', when: {}, payload: {} },
    ]);
  });

  it('refuses a root x-webhooks that holds webhooks beside signing settings, naming where', async () => {
    await expect(
      irOf({ openapi: '3.0.3', 'x-webhooks': { ...settings, 'subject.created': subjectCreated } }),
    ).rejects.toThrow(
      /openapi\.json.*root x-webhooks holds webhooks \(path items, as OpenAPI 3\.0 lists them\) beside other values.*#\/x-webhooks\/subject\.created/,
    );
    // With 3.1's `webhooks` beside it, root x-webhooks is the settings, whatever it holds.
    const ir = await irOf({
      openapi: '3.1.0',
      webhooks: { 'subject.created': subjectCreated },
      'x-webhooks': settings,
    });
    expect(ir.webhooks?.events).toHaveLength(1);
  });

  it('reads root x-webhooks as signing settings when its values are not path items', async () => {
    for (const openapi of ['3.0.3', '3.1.0']) {
      const ir = await irOf({ openapi, 'x-webhooks': settings });
      expect(ir.webhooks).toMatchObject({
        headers: settings.headers,
        secretPrefix: 'whs_',
        toleranceSeconds: 60,
        events: [],
        delivery: { retryScheduleSeconds: [1, 5] },
      });
    }
  });

  it('reads a 3.1 document’s webhooks from `webhooks` and its signing settings from root x-webhooks', async () => {
    const ir = await irOf({
      openapi: '3.1.0',
      webhooks: { 'subject.created': subjectCreated },
      'x-webhooks': settings,
    });
    expect(ir.webhooks?.events.map((event) => event.name)).toEqual(['subject.created']);
    expect(ir.webhooks?.secretPrefix).toBe('whs_');
  });

  it("finds every one of GitHub's webhooks (OpenAPI 3.0, root x-webhooks) with a JSON body", async () => {
    const ir = buildIr(await loadDocument(GITHUB));
    const listed = ir.document['x-webhooks'] as Record<
      string,
      { post: { requestBody: { content: object } } }
    >;
    const withJson = Object.entries(listed)
      .filter(([, item]) => 'application/json' in item.post.requestBody.content)
      .map(([name]) => name);
    expect(withJson.length).toBeGreaterThan(200);
    expect(ir.webhooks?.events.map((event) => event.name)).toEqual(withJson);
    expect(ir.webhooks?.secretPrefix).toBe('whsec_'); // no signing settings: Standard Webhooks'
  }, 60_000);

  it("types an OpenAPI 3.0 document's webhooks as `webhooks`, as a 3.1 document's", async () => {
    const types = await renderTypes(
      await irOf({ openapi: '3.0.3', 'x-webhooks': { 'subject.created': subjectCreated } }),
    );
    expect(types).toMatch(/export interface webhooks \{\s+"subject\.created": \{/);
    const settingsOnly = await renderTypes(await irOf({ openapi: '3.0.3', 'x-webhooks': settings }));
    expect(settingsOnly).toContain('export type webhooks = Record<string, never>;');
  });
});

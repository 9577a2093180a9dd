/**
 * The fixed sample of a large spec (scripts/lib/spec-sample.ts): the operations and webhooks it
 * keeps, and only the components they reach. A 3.0 spec's root `x-webhooks` (GitHub's 270) is
 * sampled like OAS 3.1 `webhooks`; before, all of them and the schemas they reach rode along.
 */
import { describe, expect, it } from 'vitest';
import { sampleDocument } from '../../../scripts/lib/spec-sample.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const webhook = (schema: string) => ({
  post: { requestBody: { content: { 'application/json': { schema: ref(schema) } } }, responses: {} },
});

function documentWith(webhooksAt: 'webhooks' | 'x-webhooks') {
  const names = Array.from({ length: 10 }, (_, index) => `event-${index}`);
  return {
    openapi: webhooksAt === 'webhooks' ? '3.1.0' : '3.0.3',
    info: { title: 'Sample', version: '1' },
    paths: Object.fromEntries(
      Array.from({ length: 6 }, (_, index) => [
        `/things/${index}`,
        {
          get: {
            responses: { '200': { content: { 'application/json': { schema: ref(`Thing${index}`) } } } },
          },
        },
      ]),
    ),
    [webhooksAt]: Object.fromEntries(names.map((name) => [name, webhook(`Payload-${name}`)])),
    components: {
      schemas: Object.fromEntries([
        ...Array.from({ length: 6 }, (_, index) => [`Thing${index}`, { type: 'object' }]),
        ...names.map((name) => [`Payload-${name}`, { type: 'object' }]),
      ]),
      securitySchemes: { key: { type: 'http', scheme: 'bearer' } },
    },
  };
}

describe('sampleDocument', () => {
  it.each(['webhooks', 'x-webhooks'] as const)(
    'keeps the asked number of operations and %s, and only the schemas they reach',
    (at) => {
      const sample = sampleDocument(documentWith(at), { operations: 2, webhooks: 3, seed: 1 }) as ReturnType<
        typeof documentWith
      >;
      const webhooks = Object.keys(sample[at] as object);
      expect(Object.keys(sample.paths)).toHaveLength(2);
      expect(webhooks).toHaveLength(3);
      const kept = Object.keys(sample.components.schemas).sort();
      const reached = [
        ...Object.values(sample.paths).map(
          (item) =>
            (
              item as {
                get: { responses: { '200': { content: Record<string, { schema: { $ref: string } }> } } };
              }
            ).get.responses['200'].content['application/json'].schema.$ref,
        ),
        ...webhooks.map((name) => `#/components/schemas/Payload-${name}`),
      ]
        .map((pointer) => pointer.split('/').pop()!)
        .sort();
      expect(kept).toEqual(reached);
      expect(Object.keys(sample.components.securitySchemes)).toEqual(['key']);
    },
  );

  it('keeps the entries of x-webhooks that are not webhooks (how deliveries are signed)', () => {
    const document = documentWith('x-webhooks');
    (document['x-webhooks'] as Record<string, unknown>).signature_scheme = 'standard-webhooks';
    const sample = sampleDocument(document, { operations: 1, seed: 1 });
    const kept = sample['x-webhooks'] as Record<string, unknown>;
    expect(kept.signature_scheme).toBe('standard-webhooks');
    expect(Object.keys(kept)).toHaveLength(4);
  });

  it('samples webhooks that are references to path items like the others', () => {
    const document = documentWith('webhooks');
    const webhooks = document.webhooks as Record<string, unknown>;
    for (const name of Object.keys(webhooks)) webhooks[name] = { $ref: `#/components/pathItems/${name}` };
    const sample = sampleDocument(document, { operations: 1, webhooks: 2, seed: 1 });
    expect(Object.keys(sample.webhooks as object)).toHaveLength(2);
  });

  it('gives the same sample for the same seed and a different one for another', () => {
    const keys = (seed: number) =>
      Object.keys(
        sampleDocument(documentWith('x-webhooks'), { operations: 3, seed })['x-webhooks'] as object,
      );
    expect(keys(1)).toEqual(keys(1));
    expect([keys(2), keys(3), keys(4)].some((other) => other.join() !== keys(1).join())).toBe(true);
  });
});

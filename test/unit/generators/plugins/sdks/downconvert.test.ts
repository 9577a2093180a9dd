/**
 * 3.1 -> 3.0 down-conversion fidelity: the 3.0 copy of our spec validates as OpenAPI 3.0 (Redocly,
 * zero errors), and every operation, parameter, schema property and example survives.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toOpenApi30 } from '../../../../../generators/plugins/sdks/downconvert.js';
import { runRedocly } from '../../../../../scripts/lib/lint.js';
import { deref, operationsOf, specDocument } from '../../../../support/spec.js';

/** Every (schema, property) pair, following refs only by name. */
function properties(document: any): string[] {
  const found: string[] = [];
  const walk = (node: any, where: string) => {
    if (!node || typeof node !== 'object') return;
    if (node.properties) for (const name of Object.keys(node.properties)) found.push(`${where}.${name}`);
    for (const [key, value] of Object.entries<any>(node))
      if (key !== 'example' && key !== 'examples' && typeof value === 'object')
        walk(value, key === 'properties' ? where : `${where}/${key}`);
  };
  for (const [name, schema] of Object.entries<any>(document.components.schemas)) walk(schema, name);
  return found.sort();
}

/** Every example value in the document (media types, parameters, components), by where it sits. */
function examples(document: any): Map<string, unknown> {
  const found = new Map<string, unknown>();
  const walk = (node: any, where: string) => {
    if (!node || typeof node !== 'object') return;
    if ('value' in node && where.includes('/examples/')) found.set(where, node.value);
    for (const [key, value] of Object.entries<any>(node))
      if (typeof value === 'object') walk(value, `${where}/${key}`);
  };
  walk(document.components.examples, '#/components/examples');
  return found;
}

describe('3.1 → 3.0 down-conversion', () => {
  it('produces a document that validates as OpenAPI 3.0, with zero errors', async () => {
    const { document } = toOpenApi30(await specDocument());
    expect(document.openapi).toBe('3.0.3');
    const dir = await mkdtemp(path.join(tmpdir(), 'downconvert-'));
    try {
      const file = path.join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(document));
      const { findings } = await runRedocly([file]);
      // info-license-strict is our style config asking for a license URL: the source has a 3.1
      // license `identifier` (kept as x-identifier), which 3.0 cannot express, and no URL.
      expect(
        findings.filter((finding) => finding.severity === 'error' && finding.rule !== 'info-license-strict'),
      ).toEqual([]);
      expect(
        findings.filter((finding) => /struct|spec|nullable|no-invalid|unresolved/.test(finding.rule)),
      ).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('keeps every operation, parameter, schema property and example', async () => {
    const source = await specDocument();
    const { document, losses } = toOpenApi30(source);
    const ops = (doc: any) =>
      operationsOf(doc)
        .map(({ method, path: route, operation }) => `${method} ${route} ${operation.operationId}`)
        .sort();
    expect(ops(document)).toEqual(ops(source));
    const params = (doc: any) =>
      operationsOf(doc)
        .flatMap(({ path: route, operation }) =>
          [...(doc.paths[route].parameters ?? []), ...(operation.parameters ?? [])]
            .map((param: any) => deref(doc, param))
            .map(
              (param: any) => `${operation.operationId} ${param.in} ${param.name} ${param.required === true}`,
            ),
        )
        .sort();
    expect(params(document)).toEqual(params(source));
    expect(properties(document)).toEqual(properties(source));
    expect(examples(document)).toEqual(examples(source));
    expect(Object.keys(document['x-webhooks'])).toEqual(Object.keys(source.webhooks));
    // What 3.0 cannot say is listed, not silently dropped.
    expect(losses).toEqual([
      '/components/schemas/Metadata/propertyNames: not expressible in OpenAPI 3.0; dropped',
      '/x-webhooks: the webhook signing settings give way to the webhooks in OpenAPI 3.0; dropped',
      '/webhooks: OpenAPI 3.0 has no webhooks; kept as x-webhooks',
    ]);
  });

  it.each([
    { given: { type: ['string', 'null'] }, want: { type: 'string', nullable: true } },
    { given: { const: 'ok' }, want: { enum: ['ok'] } },
    {
      given: { type: 'integer', exclusiveMinimum: 0 },
      want: { type: 'integer', minimum: 0, exclusiveMinimum: true },
    },
    { given: { type: 'string', examples: ['a', 'b'] }, want: { type: 'string', example: 'a' } },
    {
      given: { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'null' }] },
      want: { type: 'string', maxLength: 3, nullable: true },
    },
  ])('converts $given', ({ given, want }) => {
    const { document } = toOpenApi30({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: { schemas: { S: given } },
    });
    expect(document.components.schemas.S).toEqual(want);
  });
});

/**
 * The mock keeps the contract over the corpus: for our specs, the fixtures and the public specs of
 * the test corpus (test/support/schema-corpus.ts), the msw plugin and what it depends on are
 * generated into .cache/msw-corpus/<slug>/, the handlers are loaded under msw's `setupServer`, and
 * every operation is called with fetch: its default answer (the spec's example, else mock data),
 * and mock data with two seeds, has the success status and Content-Type and a JSON body that
 * validates with Ajv (JSON Schema 2020-12, ajv-formats) against the response schema.
 * Starts: nothing (msw intercepts fetch in-process; no socket is opened).
 */
import path from 'node:path';
import { rmSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import type { HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import type { Ir } from '../../../../../generators/core/ir.js';
import {
  sharedSchema,
  sharedSchemaFor,
  standaloneSchema,
} from '../../../../../generators/core/schema-dialect.js';
import { builtInPlugins, generate } from '../../../../../generators/pipeline.js';
import { ROOT } from '../../../../../scripts/lib/root.js';
import { SCHEMA_CORPUS } from '../../../../support/schema-corpus.js';
import { specAjv } from '../../../../support/spec-ajv.js';

const BASE_URL = 'https://api.example.test';

/** The first bytes of each file format the handlers answer with real files. */
const MAGIC: Record<string, Buffer> = {
  'image/png': Buffer.from('89504e470d0a1a0a', 'hex'),
  'image/gif': Buffer.from('GIF89a'),
  'image/jpeg': Buffer.from('ffd8ff', 'hex'),
  'application/pdf': Buffer.from('%PDF-'),
};

/**
 * Specs whose own examples break their response schemas (GitHub's, in many operations): the
 * handler answers the example as the spec gives it, so those answers are the spec's findings, not
 * the mock's; they are counted apart, and only these specs may have any.
 */
const INVALID_EXAMPLES = new Set(['github']);

/**
 * Operations whose mock data breaks the schema, as docs/zod-msw.md ("What mock data cannot draw")
 * names: GitHub's event list (a oneOf whose members overlap).
 */
const DOCUMENTED: Array<{ slug: string; operation: string }> = [
  { slug: 'github', operation: 'activity/list-public-events-for-user' },
];

/** What breaks the contract in each operation's answer. */
async function contractProblems(
  slug: string,
  ir: Ir,
): Promise<{ problems: string[]; checked: number; invalidExamples: number }> {
  const { ajv, compile } = specAjv(ir, ['response']);
  const shared = sharedSchema(ir);
  const variant = sharedSchemaFor(ir, 'response');
  const problems: string[] = [];
  let checked = 0;
  let invalidExamples = 0;
  for (const { id, method, template, responses, successStatus } of ir.operations) {
    const success = responses.find((response) => response.status === successStatus);
    if (!success) continue;
    // The routable path with each parameter filled, and what the template's query or fragment asks.
    const url = new URL(BASE_URL + template.path.replace(/\{[^}]+\}/g, 'x1'));
    const headers = new Headers();
    // A match without a value asks only for the parameter: any value of it.
    const matchValue = template.match?.value ?? 'x1';
    if (template.match?.in === 'query') url.searchParams.set(template.match.name, matchValue);
    if (template.match?.in === 'header') headers.set(template.match.name, matchValue);
    const answer = await fetch(url, { method: method.toUpperCase(), headers });
    if (String(answer.status) !== successStatus) problems.push(`${id}: status ${answer.status}`);
    if (success.contentType === undefined) continue;
    if (answer.headers.get('content-type') !== success.contentType)
      problems.push(`${id}: Content-Type ${answer.headers.get('content-type')}`);
    if (success.content[0]?.kind === 'binary') {
      // Real bytes, not text: the file signature of its media type, within the schema's lengths.
      const bytes = Buffer.from(await answer.arrayBuffer());
      const signature = MAGIC[success.contentType.split(';')[0]!.trim().replace('image/*', 'image/png')];
      if (signature && !bytes.subarray(0, signature.length).equals(signature))
        problems.push(`${id}: ${success.contentType} starts ${bytes.subarray(0, 8).toString('hex')}`);
      const bounds = success.schema as { minLength?: number; maxLength?: number } | undefined;
      if (
        bytes.length === 0 ||
        bytes.length < (bounds?.minLength ?? 0) ||
        bytes.length > (bounds?.maxLength ?? Infinity)
      )
        problems.push(`${id}: ${bytes.length} bytes`);
      checked += 1;
      continue;
    }
    const stream = success.content[0]?.stream;
    if (stream) {
      // Each item of an SSE or NDJSON answer holds to the item schema.
      const text = await answer.text();
      const items =
        success.content[0]!.kind === 'event-stream'
          ? text
              .split('\n\n')
              .filter(Boolean)
              .map((event) => event.replace(/^data: /gm, ''))
          : text.split('\n').filter(Boolean);
      if (items.length === 0) problems.push(`${id}: an empty stream`);
      if (stream.dataSchema === undefined) continue;
      const validateItem = compile(standaloneSchema(stream.dataSchema, ir));
      for (const item of items) {
        const data: unknown =
          stream.dataIsJson || success.content[0]!.kind === 'ndjson' ? JSON.parse(item) : item;
        checked += 1;
        if (!validateItem(data)) problems.push(`${id} item: ${ajv.errorsText(validateItem.errors)}`);
      }
      continue;
    }
    if (!success.isJson || success.schema === undefined) continue;
    let schema = standaloneSchema(success.schema, ir);
    if (variant)
      schema = JSON.parse(JSON.stringify(schema).replaceAll(`"${shared.$id}#`, `"${variant.$id}#`));
    let validate;
    try {
      validate = compile(schema);
    } catch {
      continue; // A pattern JavaScript cannot read: nothing to hold the body to.
    }
    const body: unknown = await answer.json();
    checked += 1;
    if (validate(body)) continue;
    if (DOCUMENTED.some((known) => known.slug === slug && known.operation === id)) continue;
    if (success.examples.length > 0 && isDeepStrictEqual(body, success.examples[0])) invalidExamples += 1;
    else problems.push(`${id}: ${ajv.errorsText(validate.errors)}`);
  }
  return { problems, checked, invalidExamples };
}

describe('the generated MSW handlers keep the contract', () => {
  for (const { slug, spec } of SCHEMA_CORPUS)
    it(`${slug} (${spec})`, { timeout: 600_000 }, async () => {
      const out = path.join(ROOT, '.cache', 'msw-corpus', slug);
      rmSync(out, { recursive: true, force: true });
      const { ir } = await generate({
        spec: path.join(ROOT, spec),
        out,
        command: 'test/integration/generators/plugins/msw/msw-corpus.test.ts',
        write: true,
        log: () => {},
        plugins: builtInPlugins(['msw']),
        released: false,
      });
      const module = (await import(path.join(out, 'msw', 'index.ts'))) as {
        createHandlers(options?: { seed?: number; useExample?: boolean }): HttpHandler[];
      };
      const server = setupServer();
      server.listen({ onUnhandledRequest: 'error' });
      try {
        const found: string[] = [];
        let checked = 0;
        let invalidExamples = 0;
        for (const options of [{}, { seed: 1, useExample: false }, { seed: 2, useExample: false }]) {
          server.resetHandlers(...module.createHandlers(options));
          const result = await contractProblems(slug, ir);
          invalidExamples += result.invalidExamples;
          found.push(...result.problems.map((problem) => `${JSON.stringify(options)} ${problem}`));
          checked += result.checked;
        }
        expect(found.slice(0, 10)).toEqual([]);
        if (!INVALID_EXAMPLES.has(slug)) expect(invalidExamples).toBe(0);
        // A spec with a JSON success response has bodies held to their schemas.
        const json = ir.operations.some((operation) =>
          operation.responses.some(
            (response) => response.status === operation.successStatus && response.isJson,
          ),
        );
        if (json) expect(checked).toBeGreaterThan(0);
      } finally {
        server.close();
      }
    });
});

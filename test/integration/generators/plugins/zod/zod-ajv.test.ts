/**
 * zod agrees with Ajv: for every component schema (and its request and response variants) and
 * every operation's JSON bodies, parameters and responses of our specs, the fixtures and the public
 * specs of the test corpus, the generated zod schema and Ajv (JSON Schema 2020-12, the spec's
 * schemas as schema-dialect.ts makes them, ajv-formats) accept and refuse the same values. The
 * values: the contract suites' fast-check arbitraries (valid as far as they go), the value
 * generator's draws in each mode, and the suites' mutations of each (boundaries ±1, wrong types,
 * a pattern missed, an enum missed, a required property dropped, an unknown property added).
 * Starts: nothing; writes each spec's zod module under .cache/zod-ajv/ and imports it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildIr } from '../../../../../generators/core/build-ir.js';
import type { Ir, JsonSchema } from '../../../../../generators/core/ir.js';
import { loadDocument } from '../../../../../generators/core/load.js';
import {
  sharedSchema,
  sharedSchemaFor,
  sideSchema,
  type MessageSide,
} from '../../../../../generators/core/schema-dialect.js';
import type { SchemaNode } from '../../../../../generators/core/schema-nodes.js';
import { drawValue } from '../../../../../generators/core/values/draw.js';
import { arbitraryFrom } from '../../../../../generators/plugins/contract-tests/runtime/arbitraries.js';
import { boundaryValues } from '../../../../../generators/plugins/contract-tests/runtime/coverage.js';
import { emitZod } from '../../../../../generators/plugins/zod/emit.js';
import { ROOT } from '../../../../../scripts/lib/root.js';
import { SCHEMA_CORPUS } from '../../../../support/schema-corpus.js';
import { specAjv } from '../../../../support/spec-ajv.js';

// Schemas and values are untyped JSON.
type Json = any;
type Zod = { safeParse(value: unknown): { success: boolean } };

const SPECS = SCHEMA_CORPUS;

/**
 * Disagreements that are known and documented (docs/zod-msw.md, "Where zod and JSON Schema
 * differ"), by spec and JSON pointer.
 */
const DOCUMENTED: Array<{ slug: string; pointer: string; why: string }> = [
  {
    slug: 'scalar-galaxy',
    pointer: '/components/schemas/PaginatedResource',
    why: 'an unbound generic: its $dynamicRef slot defaults to `not: {}` (no item); zod refuses every item, Ajv (not resolving the anchor in $defs) accepts objects',
  },
];

/** How many values the arbitraries draw per schema; fewer on a spec with many schemas (GitHub's sample has hundreds). */
const RUNS = 12;
const RUNS_ON_LARGE_SPECS = 3;
const LARGE_SPEC_SUBJECTS = 200;

interface Subject {
  pointer: string;
  ajv: JsonSchema;
  zod: Zod;
  node: SchemaNode;
  side?: MessageSide;
}

interface Disagreement {
  slug: string;
  pointer: string;
  value: string;
  ajv: boolean;
  zod: boolean;
}

/** The values to judge: arbitraries, the generator's draws, and the mutations of each. */
function valuesFor(root: { $id: string }, subject: Subject, seed: number, runs: number): unknown[] {
  const values: unknown[] = [];
  try {
    values.push(...fc.sample(arbitraryFrom(root, subject.ajv), { seed, numRuns: runs }));
  } catch {
    // A schema the arbitraries cannot draw from (false, a filter that never passes): the draws below still run.
  }
  for (const mode of ['minimal', 'example', 'realistic'] as const)
    values.push(drawValue(subject.node, { mode, seed, side: subject.side }));
  const mutated = values.flatMap((value) => mutations(root, subject.ajv, value));
  values.push(...mutated, null, 'text', 12345, 1.5, true, [], {});
  return values;
}

function resolved(root: Json, schema: Json, depth = 0): Json {
  if (!schema || typeof schema !== 'object' || typeof schema.$ref !== 'string' || depth > 16) return schema;
  const pointer = schema.$ref.split('#')[1] ?? '';
  const target = pointer
    .split('/')
    .slice(1)
    .map((part: string) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((node: Json, key: string) => node?.[key], root);
  return resolved(root, target, depth + 1);
}

/** The suites' mutations of a value: its bounds ±1 and wrong types, at the top and one level down; a required key dropped; an unknown key added. */
function mutations(root: Json, raw: Json, value: unknown): unknown[] {
  const schema = resolved(root, raw);
  if (!schema || typeof schema !== 'object') return [];
  const out: unknown[] = boundaryValues(schema, value, () => value).map(([, next]) => next);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const name of Object.keys(record)) {
      const { [name]: _dropped, ...rest } = record;
      out.push(rest);
      const property = resolved(root, schema.properties?.[name]);
      if (property && typeof property === 'object')
        for (const [, next] of boundaryValues(property, record[name], () => record[name]))
          out.push({ ...record, [name]: next });
    }
    out.push({ ...record, unexpected_field: 'x' });
  }
  if (Array.isArray(value) && value.length > 0) out.push([...value, ...value], [value[0], 'text']);
  return out;
}

async function subjectsOf(ir: Ir, dir: string): Promise<Subject[]> {
  const warnings: string[] = [];
  const { files, exports } = emitZod(ir, (message) => warnings.push(message));
  await mkdir(path.join(dir, 'zod'), { recursive: true });
  for (const file of files) await writeFile(path.join(dir, file.path), file.content);
  const module = (await import(pathToFileURL(path.join(dir, 'zod', 'index.ts')).href)) as Record<
    string,
    Json
  >;
  const shared = sharedSchema(ir);
  // Each side's variant once: making one walks every component (GitHub's sample: 50 s when asked per schema).
  const request = sharedSchemaFor(ir, 'request');
  const response = sharedSchemaFor(ir, 'response');
  const variants = { request, response };
  const subjects: Subject[] = [];
  for (const { name } of ir.schemas) {
    const names = exports.components.get(name)!;
    const node = ir.model.named(name)!;
    const pointer = `/components/schemas/${name}`;
    subjects.push({ pointer, ajv: { $ref: `${shared.$id}#${pointer}` }, zod: module[names.plain], node });
    for (const side of ['request', 'response'] as const) {
      const variant = variants[side];
      if (names[side])
        subjects.push({
          pointer: `${pointer} (${side})`,
          ajv: { $ref: `${variant!.$id}#${pointer}` },
          zod: module[names[side]!],
          node,
          side,
        });
    }
  }
  for (const operation of ir.operations) {
    const schemas = module[exports.operations.get(operation.id)!];
    for (const media of operation.body?.content ?? [])
      if (media.kind === 'json')
        subjects.push({
          pointer: `${media.pointer}/schema`,
          ajv: sideSchema(media.schema, ir, request) as JsonSchema,
          zod: schemas.body[media.mediaType],
          node: ir.model.node(media.schema, `${media.pointer}/schema`),
          side: 'request',
        });
    for (const response_ of operation.responses)
      for (const media of response_.content)
        if (media.kind === 'json')
          subjects.push({
            pointer: `${media.pointer}/schema`,
            ajv: sideSchema(media.schema, ir, response) as JsonSchema,
            zod: schemas.responses[response_.status][media.mediaType],
            node: ir.model.node(media.schema, `${media.pointer}/schema`),
            side: 'response',
          });
    for (const param of operation.allParameters)
      subjects.push({
        pointer: `${param.pointer}/schema`,
        ajv: sideSchema(param.schema, ir, request) as JsonSchema,
        zod: { safeParse: (value) => schemas.parameters[param.in].shape[param.name].safeParse(value) },
        node: ir.model.node(param.schema, `${param.pointer}/schema`),
        side: 'request',
      });
  }
  return subjects;
}

async function disagreements(slug: string, spec: string): Promise<{ found: Disagreement[]; judged: number }> {
  const ir = buildIr(await loadDocument(path.join(ROOT, spec)));
  const dir = path.join(ROOT, '.cache', 'zod-ajv', slug);
  const subjects = await subjectsOf(ir, dir);
  const { compile } = specAjv(ir);
  const shared = sharedSchema(ir);
  const found: Disagreement[] = [];
  let judged = 0;
  // On a spec with hundreds of schemas, every third one (the same ones each run): the kinds repeat.
  const large = subjects.length > LARGE_SPEC_SUBJECTS;
  for (const [index, subject] of subjects.entries()) {
    if (large && index % 3 !== 0) continue;
    let validate;
    try {
      validate = compile(subject.ajv);
    } catch {
      continue; // Ajv cannot read the schema (a pattern JavaScript cannot compile): nothing to agree with.
    }
    const seen = new Set<string>();
    const runs = large ? RUNS_ON_LARGE_SPECS : RUNS;
    for (const value of valuesFor(shared, subject, index + 1, runs)) {
      const key = JSON.stringify(value);
      if (key === undefined || seen.has(key)) continue;
      seen.add(key);
      judged += 1;
      const byAjv = validate(value) as boolean;
      const byZod = subject.zod.safeParse(value).success;
      if (byAjv !== byZod)
        found.push({ slug, pointer: subject.pointer, value: key.slice(0, 300), ajv: byAjv, zod: byZod });
    }
  }
  return { found, judged };
}

describe('zod schemas accept and refuse what Ajv does', () => {
  for (const { slug, spec } of SPECS)
    it(`${slug} (${spec})`, { timeout: 900_000 }, async () => {
      const { found, judged } = await disagreements(slug, spec);
      const unexplained = found.filter(
        (each) => !DOCUMENTED.some((known) => known.slug === slug && each.pointer.startsWith(known.pointer)),
      );
      expect(judged).toBeGreaterThan(0);
      expect(unexplained.slice(0, 20)).toEqual([]);
    });
});

/**
 * A fixed sample of a large spec: the operations whose `METHOD path`, hashed with a seed, rank
 * lowest, with only the components they reach. GitHub's 1,2xx operations proved that the toolkit
 * scales; a sample of them keeps the constructs a real spec has (its schemas, parameter styles,
 * paging, odd names) at a tenth of the cost in every test, and the full spec runs in
 * `npm run bench -- scale`. Written once into `.cache/specs/` and read from there afterwards: the
 * same source, size and seed always give the same bytes.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isPathItemLike } from '../../generators/core/webhook-items.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export interface SampleOptions {
  /** Operations to keep. */
  operations: number;
  /** Webhooks to keep (OAS 3.1 `webhooks`, and a 3.0 spec's root `x-webhooks` alike), default 3. */
  webhooks?: number;
  seed: number;
}

/** Where the sample of `source` is (written first if it is not there yet); `source` is a JSON document. */
export function sampledSpec(
  source: string,
  options: SampleOptions,
  cacheDir = path.resolve('.cache', 'specs'),
): string {
  const text = readFileSync(source);
  const digest = createHash('sha256').update(text).digest('hex').slice(0, 12);
  const name = `${path.basename(source, '.json')}-${options.operations}ops-${options.webhooks ?? 3}webhooks-seed${options.seed}-${digest}.json`;
  const file = path.join(cacheDir, name);
  if (existsSync(file)) return file;
  const sample = sampleDocument(JSON.parse(text.toString('utf8')), options);
  mkdirSync(cacheDir, { recursive: true });
  // Written beside and renamed: a test reading it at the same moment never sees half a file.
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, `${JSON.stringify(sample)}\n`);
  renameSync(draft, file);
  return file;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The webhooks the sample keeps: those ranking lowest with the seed, in the document's order.
 * Entries that are not path items (a path item or its `$ref`), such as a root `x-webhooks` that
 * configures signing, all stay.
 */
function sampleWebhooks(webhooks: Record<string, Json>, options: SampleOptions): Record<string, Json> {
  const kept = new Set(
    Object.keys(webhooks)
      .filter((name) => isPathItemLike(webhooks[name]))
      .map((name) => ({ name, rank: rank(options.seed, `webhook ${name}`) }))
      .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0))
      .slice(0, options.webhooks ?? 3)
      .map(({ name }) => name),
  );
  return Object.fromEntries(
    Object.entries(webhooks).filter(([name, item]) => kept.has(name) || !isPathItemLike(item)),
  );
}

function rank(seed: number, key: string): string {
  return createHash('sha256').update(`${seed}\0${key}`).digest('hex');
}

/** The document with only the sampled operations and webhooks, and the components they reach. */
export function sampleDocument(document: Json, options: SampleOptions): Json {
  const paths = (document.paths ?? {}) as Record<string, Json>;
  const keys = Object.entries(paths).flatMap(([route, item]) =>
    METHODS.filter((method) => item && typeof item === 'object' && method in item).map((method) => ({
      route,
      method,
    })),
  );
  const chosen = new Set(
    keys
      .map((key) => ({ ...key, rank: rank(options.seed, `${key.method.toUpperCase()} ${key.route}`) }))
      .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0))
      .slice(0, options.operations)
      .map((key) => `${key.method} ${key.route}`),
  );
  const keptPaths: Record<string, Json> = {};
  // In the document's order, so the sample reads like the spec.
  for (const [route, item] of Object.entries(paths)) {
    const kept = Object.fromEntries(
      Object.entries(item).filter(([key]) => !METHODS.includes(key) || chosen.has(`${key} ${route}`)),
    );
    if (METHODS.some((method) => method in kept)) keptPaths[route] = kept;
  }
  const sample: Json = { ...document, paths: keptPaths };
  if (document.webhooks) sample.webhooks = sampleWebhooks(document.webhooks as Record<string, Json>, options);
  // OpenAPI 3.0 specs (GitHub's, Redocly's convention) list webhooks under root `x-webhooks`: sampled
  // alike, or all 270 of GitHub's and the 300-odd schemas they reach would ride along with 150 operations.
  if (isObject(document['x-webhooks']))
    sample['x-webhooks'] = sampleWebhooks(document['x-webhooks'] as Record<string, Json>, options);
  const components = (document.components ?? {}) as Record<string, Record<string, unknown>>;
  // Every security scheme stays (the root's `security` names them); other components only when reached.
  const reached = new Map<string, Set<string>>([
    ['securitySchemes', new Set(Object.keys(components.securitySchemes ?? {}))],
  ]);
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const ref = (node as Json).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/')) {
      const [kind, encoded] = ref.slice('#/components/'.length).split('/');
      const name = encoded?.replace(/~1/g, '/').replace(/~0/g, '~');
      if (kind && name !== undefined) {
        const names = reached.get(kind) ?? reached.set(kind, new Set()).get(kind)!;
        if (!names.has(name)) {
          names.add(name);
          visit(components[kind]?.[name]);
        }
      }
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit({ ...sample, components: undefined });
  visit(components.securitySchemes);
  sample.components = Object.fromEntries(
    Object.entries(components)
      .map(([kind, entries]) => [
        kind,
        Object.fromEntries(Object.entries(entries ?? {}).filter(([name]) => reached.get(kind)?.has(name))),
      ])
      .filter(([, entries]) => Object.keys(entries as object).length > 0),
  );
  return sample;
}

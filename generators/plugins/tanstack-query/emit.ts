/**
 * The hooks package (`tanstack-query/`): option builders on query-core for every operation
 * (`src/queries/<resource>.ts`), query keys and resource invalidation (`src/keys.ts`), one adapter per
 * framework (`src/react/`, `src/vue/`) of one-line hooks over the builders, and the hand-written
 * runtime (`runtime/`, copied into `src/core/`).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimeFiles, type GeneratedFile } from '../../core/files.js';
import { stringLiteral } from '../../core/naming.js';
import { adapterFile, adapterIndex, contextFile, type Framework } from './adapters.js';
import {
  docBlock,
  infiniteQueryOptionsFunction,
  mutationOptionsFunction,
  queryKeyFunction,
  queryOptionsFunction,
  variablesType,
} from './builders.js';
import { packageFiles } from './package-files.js';
import type { QueryFile, QueryPlan } from './plan.js';

const RUNTIME_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'runtime');

export function emitQueries(
  plan: QueryPlan,
  frameworks: Framework[],
  root: string,
  version: string,
): GeneratedFile[] {
  const adapters = new Set<string>(frameworks);
  const files: GeneratedFile[] = runtimeFiles(RUNTIME_DIR, `${root}src/core/`).filter(
    (file) =>
      !['react.ts', 'vue.ts'].includes(path.basename(file.path)) ||
      adapters.has(path.basename(file.path, '.ts')),
  );
  files.push({ path: `${root}src/keys.ts`, content: keysFile(plan) });
  for (const file of plan.files)
    files.push({ path: `${root}src/queries/${file.name}.ts`, content: queriesFile(file, plan) });
  files.push({ path: `${root}src/index.ts`, content: indexFile(plan) });
  for (const framework of frameworks) {
    files.push({ path: `${root}src/${framework}/context.ts`, content: contextFile(framework, plan) });
    for (const file of plan.files)
      files.push({
        path: `${root}src/${framework}/${file.name}.ts`,
        content: adapterFile(framework, file, plan),
      });
    files.push({ path: `${root}src/${framework}/index.ts`, content: adapterIndex(framework, plan) });
  }
  files.push(...packageFiles(plan, frameworks, root, version));
  return files;
}

/** The key root, the resources and their keys, and invalidating a resource. */
function keysFile(plan: QueryPlan): string {
  const resources = plan.resources.map(
    (resource) => `  ${stringLiteral(resource.path)}: [${resource.chain.map(stringLiteral).join(', ')}],`,
  );
  return [
    "import type { QueryClient, QueryKey } from '@tanstack/query-core';",
    "import { resourceKey, resourceListsKey } from './core/keys.js';",
    '',
    docBlock([
      'The first element of every query key of this package: the API it is for.',
      '',
      'Keys are `[QUERY_KEY_ROOT, ...resource, { operation, list?, infinite?, path?, params? }]`.',
    ]) + `export const QUERY_KEY_ROOT = ${stringLiteral(plan.keyRoot)};`,
    '',
    docBlock([
      'Every resource of the client by its path (`client.nature.subjects` is `nature.subjects`), and its key segments.',
    ]) + `export const RESOURCES = {\n${resources.join('\n')}\n} as const;`,
    '',
    '/** A resource of the client, e.g. `nature.subjects`. */',
    `export type ResourcePath = keyof typeof RESOURCES;`,
    '',
    '/** Every query of a resource and of its sub-resources: `[QUERY_KEY_ROOT, ...resource]` (none: every query of this API). */',
    'export function resourceQueryKey(resource?: ResourcePath): QueryKey {',
    '  return resourceKey(QUERY_KEY_ROOT, resource === undefined ? [] : RESOURCES[resource]);',
    '}',
    '',
    '/** The lists (plain and infinite) of one resource: `[QUERY_KEY_ROOT, ...resource, { list: true }]`. */',
    'export function resourceListsQueryKey(resource?: ResourcePath): QueryKey {',
    '  return resourceListsKey(QUERY_KEY_ROOT, resource === undefined ? [] : RESOURCES[resource]);',
    '}',
    '',
    docBlock([
      "Marks a resource's queries stale and refetches the active ones: every query of the resource and its",
      'sub-resources, or with `{ lists: true }` only the lists of the resource itself (what a mutation does).',
    ]) +
      'export function invalidateResource(queryClient: QueryClient, resource?: ResourcePath, options: { lists?: boolean } = {}): Promise<void> {',
    '  return queryClient.invalidateQueries({ queryKey: options.lists ? resourceListsQueryKey(resource) : resourceQueryKey(resource) });',
    '}',
    '',
  ].join('\n');
}

/** One top-level resource's option builders: keys, query options, infinite query options, mutation options. */
function queriesFile(file: QueryFile, plan: QueryPlan): string {
  const uses = { infinite: false, mutation: false, query: false };
  const body: string[] = [];
  for (const operation of file.operations) {
    if (operation.kind === 'query') {
      uses.query = true;
      body.push(queryKeyFunction(operation, false), queryOptionsFunction(operation, plan.clientName));
      if (operation.pageClass) {
        uses.infinite = true;
        body.push(
          queryKeyFunction(operation, true),
          infiniteQueryOptionsFunction(operation, plan.clientName),
        );
      }
    } else {
      uses.mutation = true;
      body.push(variablesType(operation), mutationOptionsFunction(operation, plan.clientName));
    }
  }
  const optionTypes = [
    ...(uses.infinite ? ['InfiniteQueryOptionsFor'] : []),
    ...(uses.mutation ? ['MutationInvalidation', 'MutationOptionsFor'] : []),
    ...(uses.query ? ['QueryOptionsFor'] : []),
  ];
  const imports = [
    ...(uses.infinite ? ["import type { InfiniteData } from '@tanstack/query-core';"] : []),
    `import type * as Api from ${stringLiteral(plan.clientPackage)};`,
    ...(uses.query ? ["import { operationKey } from '../core/keys.js';"] : []),
    `import ${uses.mutation ? `{ invalidatesLists, ${optionTypes.map((name) => `type ${name}`).join(', ')} }` : `type { ${optionTypes.join(', ')} }`} from '../core/options.js';`,
    ...(uses.infinite ? ["import { nextPageParam, pageQuery } from '../core/paging.js';"] : []),
    "import { QUERY_KEY_ROOT } from '../keys.js';",
  ];
  return `${imports.join('\n')}\n\n${body.join('\n')}`;
}

/** The framework-free entry point: keys, option builders and their types. */
function indexFile(plan: QueryPlan): string {
  return [
    "export { QUERY_KEY_ROOT, RESOURCES, invalidateResource, resourceListsQueryKey, resourceQueryKey, type ResourcePath } from './keys.js';",
    "export type { InfiniteQueryOptionsFor, MutationInvalidation, MutationOptionsFor, QueryOptionsFor } from './core/options.js';",
    ...plan.files.map((file) => `export * from './queries/${file.name}.js';`),
    '',
  ].join('\n');
}

/**
 * The framework adapters: one file of hooks per top-level resource and framework, each a one-liner
 * over the shared option builders (queries/*.ts) and the adapter's generic hooks (core/react.ts,
 * core/vue.ts). React hooks take plain values; Vue composables take refs or getters too, and follow
 * them.
 */
import { stringLiteral } from '../../core/naming.js';
import { docBlock, infiniteDataType, operationLines, parameterList } from './builders.js';
import type { QueryFile, QueryOperation, QueryPlan } from './plan.js';

export type Framework = 'react' | 'vue';

/**
 * How each framework spells a hook's types and reads its arguments. The generic hooks are called
 * with their type arguments written out: inferring them from the options' mapped types costs
 * TypeScript more than everything else in the package (on GitHub's spec, minutes).
 */
interface AdapterSpelling {
  queryOptions: (data: string) => string;
  queryResult: string;
  infiniteOptions: (page: string) => string;
  infiniteResult: string;
  mutationOptions: (data: string, variables: string) => string;
  mutationResult: (data: string, variables: string) => string;
  /** An argument's type as the hook takes it. */
  argument: (type: string) => string;
  /** The builder call as the generic hook takes it: the options (React), or a getter of them (Vue). */
  builder: (call: string) => string;
  /** The builder's arguments, read from the hook's. */
  read: (name: string) => string;
  /** Imports of the framework's result types. */
  imports: (used: Set<string>) => string[];
}

const SPELLINGS: Record<Framework, AdapterSpelling> = {
  react: {
    queryOptions: (data) => `QueryHookOptions<${data}, Api.ClientError, TSelect>`,
    queryResult: 'UseQueryResult<TSelect, Api.ClientError>',
    infiniteOptions: (page) => `InfiniteQueryHookOptions<${page}, Api.ClientError, TSelect>`,
    infiniteResult: 'UseInfiniteQueryResult<TSelect, Api.ClientError>',
    mutationOptions: (data, variables) => `MutationHookOptions<${data}, Api.ClientError, ${variables}>`,
    mutationResult: (data, variables) => `UseMutationResult<${data}, Api.ClientError, ${variables}>`,
    argument: (type) => type,
    builder: (call) => call,
    read: (name) => name,
    imports: (used) => {
      const types = [
        ...(used.has('infinite') ? ['InfiniteData', 'UseInfiniteQueryResult'] : []),
        ...(used.has('mutation') ? ['UseMutationResult'] : []),
        ...(used.has('query') ? ['UseQueryResult'] : []),
      ];
      return types.length > 0 ? [`import type { ${types.join(', ')} } from '@tanstack/react-query';`] : [];
    },
  },
  vue: {
    queryOptions: (data) =>
      `MaybeRefOrGetter<QueryComposableOptions<${data}, Api.ClientError, TSelect> | undefined>`,
    queryResult: 'UseQueryReturnType<TSelect, Api.ClientError>',
    infiniteOptions: (page) =>
      `MaybeRefOrGetter<InfiniteQueryComposableOptions<${page}, Api.ClientError, TSelect> | undefined>`,
    infiniteResult: 'UseInfiniteQueryReturnType<TSelect, Api.ClientError>',
    mutationOptions: (data, variables) => `MutationComposableOptions<${data}, Api.ClientError, ${variables}>`,
    mutationResult: (data, variables) =>
      `UseMutationReturnType<${data}, Api.ClientError, ${variables}, unknown>`,
    argument: (type) => `MaybeRefOrGetter<${type}>`,
    builder: (call) => `() => ${call}`,
    read: (name) => `toValue(${name})`,
    imports: (used) => {
      const types = [
        ...(used.has('infinite') ? ['UseInfiniteQueryReturnType'] : []),
        ...(used.has('mutation') ? ['UseMutationReturnType'] : []),
        ...(used.has('query') ? ['UseQueryReturnType'] : []),
      ];
      return [
        ...(types.length > 0 ? [`import type { ${types.join(', ')} } from '@tanstack/vue-query';`] : []),
        ...(used.has('infinite') ? ["import type { InfiniteData } from '@tanstack/query-core';"] : []),
        ...(used.has('query') || used.has('infinite')
          ? ["import { toValue, type MaybeRefOrGetter } from 'vue';"]
          : []),
      ];
    },
  },
};

const HELPERS = {
  query: 'useOperationQuery',
  infinite: 'useOperationInfiniteQuery',
  mutation: 'useOperationMutation',
};
const OPTION_TYPES: Record<Framework, Record<'query' | 'infinite' | 'mutation', string>> = {
  react: { query: 'QueryHookOptions', infinite: 'InfiniteQueryHookOptions', mutation: 'MutationHookOptions' },
  vue: {
    query: 'QueryComposableOptions',
    infinite: 'InfiniteQueryComposableOptions',
    mutation: 'MutationComposableOptions',
  },
};

function builderCall(name: string, operation: QueryOperation, spelling: AdapterSpelling): string {
  return `${name}(${['client', ...operation.args.map((arg) => spelling.read(arg.name))].join(', ')})`;
}

/** Example: `export function useListSubjects<TSelect = …>(params?, options?): UseQueryResult<…> { … }` */
function queryHook(operation: QueryOperation, spelling: AdapterSpelling): string {
  const args = parameterList(operation.args, spelling.argument);
  return (
    docBlock(
      operationLines(operation, `\`${operation.method}\` as a query, with the client from the context`),
    ) +
    `export function ${operation.names.hook}<TSelect = ${operation.dataType}>(${args ? `${args}, ` : ''}options?: ${spelling.queryOptions(operation.dataType)}): ${spelling.queryResult} {\n` +
    `  const client = useClient();\n` +
    `  return useOperationQuery<${operation.dataType}, Api.ClientError, TSelect>(${spelling.builder(builderCall(operation.names.queryOptions, operation, spelling))}, options);\n` +
    `}\n`
  );
}

/** Example: `export function useListSubjectsInfinite<TSelect = InfiniteData<…>>(params?, options?): UseInfiniteQueryResult<…> { … }` */
function infiniteHook(operation: QueryOperation, spelling: AdapterSpelling): string {
  const args = parameterList(operation.args, spelling.argument);
  return (
    docBlock([
      ...operationLines(operation, 'every page, as an infinite query'),
      '',
      "`fetchNextPage()` asks for the page after the last by the client's own rule; `hasNextPage` is false after the last.",
    ]) +
    `export function ${operation.names.infiniteHook}<TSelect = ${infiniteDataType(operation)}>(${args ? `${args}, ` : ''}options?: ${spelling.infiniteOptions(operation.dataType)}): ${spelling.infiniteResult} {\n` +
    `  const client = useClient();\n` +
    `  return useOperationInfiniteQuery<${operation.dataType}, Api.ClientError, TSelect>(${spelling.builder(builderCall(operation.names.infiniteQueryOptions, operation, spelling))}, options);\n` +
    `}\n`
  );
}

/** Example: `export function useCreateSubjectMutation(options = {}): UseMutationResult<…> { … }` */
function mutationHook(operation: QueryOperation, spelling: AdapterSpelling): string {
  const variables = operation.names.variables;
  return (
    docBlock([
      ...operationLines(operation, `\`${operation.method}\` as a mutation, with the client from the context`),
      '',
      `On success it invalidates the lists of \`${operation.resource.join('.') || 'the client'}\` and waits for them to refetch (\`invalidate: false\`: it does not).`,
    ]) +
    `export function ${operation.names.mutationHook}(options: ${spelling.mutationOptions(operation.dataType, variables)} = {}): ${spelling.mutationResult(operation.dataType, variables)} {\n` +
    `  const client = useClient();\n` +
    `  return useOperationMutation<${operation.dataType}, Api.ClientError, ${variables}>((invalidation) => ${operation.names.mutationOptions}(client, invalidation), options);\n` +
    `}\n`
  );
}

/** One framework's hooks for one file's operations. */
export function adapterFile(framework: Framework, file: QueryFile, plan: QueryPlan): string {
  const spelling = SPELLINGS[framework];
  const used = new Set<'query' | 'infinite' | 'mutation'>();
  const builders: string[] = [];
  const body: string[] = [];
  for (const operation of file.operations) {
    if (operation.kind === 'query') {
      used.add('query');
      builders.push(operation.names.queryOptions);
      body.push(queryHook(operation, spelling));
      if (operation.pageClass) {
        used.add('infinite');
        builders.push(operation.names.infiniteQueryOptions);
        body.push(infiniteHook(operation, spelling));
      }
    } else {
      used.add('mutation');
      builders.push(operation.names.mutationOptions, `type ${operation.names.variables}`);
      body.push(mutationHook(operation, spelling));
    }
  }
  const kinds = (['query', 'infinite', 'mutation'] as const).filter((kind) => used.has(kind));
  const imports = [
    ...spelling.imports(used),
    `import type * as Api from ${stringLiteral(plan.clientPackage)};`,
    `import { ${[...kinds.map((kind) => HELPERS[kind]), ...kinds.map((kind) => `type ${OPTION_TYPES[framework][kind]}`)].join(', ')} } from '../core/${framework}.js';`,
    `import { ${builders.join(', ')} } from '../queries/${file.name}.js';`,
    "import { useClient } from './context.js';",
  ];
  return `${imports.join('\n')}\n\n${body.join('\n')}`;
}

/** The framework's client context: `ClientProvider` and `useClient` (React), `clientPlugin`, `provideClient` and `useClient` (Vue). */
export function contextFile(framework: Framework, plan: QueryPlan): string {
  const doc = docBlock([
    framework === 'react'
      ? `The client the hooks call: \`<ClientProvider client={new ${plan.clientName}({ … })}>\` around the components that use them.`
      : `The client the composables call: \`app.use(clientPlugin, new ${plan.clientName}({ … }))\`, or \`provideClient(client)\` in a parent's setup.`,
  ]);
  return framework === 'react'
    ? `import type * as Api from ${stringLiteral(plan.clientPackage)};\nimport { clientContext } from '../core/react.js';\n\n${doc}export const { ClientProvider, useClient } = clientContext<Api.${plan.clientName}>(${stringLiteral(plan.packageName)});\n`
    : `import type * as Api from ${stringLiteral(plan.clientPackage)};\nimport { clientInjection } from '../core/vue.js';\n\n${doc}export const { clientPlugin, provideClient, useClient } = clientInjection<Api.${plan.clientName}>(${stringLiteral(plan.packageName)});\n`;
}

/** The framework's entry point: its context and every file's hooks. */
export function adapterIndex(framework: Framework, plan: QueryPlan): string {
  const names =
    framework === 'react' ? 'ClientProvider, useClient' : 'clientPlugin, provideClient, useClient';
  return [
    `export { ${names} } from './context.js';`,
    `export type { ${Object.values(OPTION_TYPES[framework]).join(', ')} } from '../core/${framework}.js';`,
    ...plan.files.map((file) => `export * from './${file.name}.js';`),
    '',
  ].join('\n');
}

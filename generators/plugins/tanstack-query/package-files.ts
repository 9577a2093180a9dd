/**
 * The hooks package's package.json, tsconfig.json and README.md. It depends on the generated client
 * package as a consumer would (by name and version); TanStack Query and the frameworks are peers, the
 * framework adapters' optional, so an app installs only the one it uses.
 */
import type { GeneratedFile } from '../../core/files.js';
import { jsonFile } from '../../core/files.js';
import { packageJson, tsconfigJson } from '../../core/npm-package.js';
import type { Framework } from './adapters.js';
import type { QueryPlan } from './plan.js';

/** The TanStack Query versions the builders are written against (the same major's later minors work). */
const TANSTACK_RANGE = '^5.104.0';

const FRAMEWORK_PEERS: Record<Framework, Record<string, string>> = {
  react: { '@tanstack/react-query': TANSTACK_RANGE, react: '^18.0.0 || ^19.0.0' },
  vue: { '@tanstack/vue-query': TANSTACK_RANGE, vue: '^3.3.0' },
};

export function packageFiles(
  plan: QueryPlan,
  frameworks: Framework[],
  root: string,
  version: string,
): GeneratedFile[] {
  const entry = (name: string) => ({ types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` });
  const frameworkPeers = frameworks.map((framework) => FRAMEWORK_PEERS[framework]);
  const manifest = packageJson({
    name: plan.packageName,
    version,
    description: `TanStack Query option builders and ${frameworks.map((framework) => (framework === 'react' ? 'React hooks' : 'Vue composables')).join(' and ')} for ${plan.clientPackage}, generated from its OpenAPI document.`,
    exports: {
      '.': entry('index'),
      ...Object.fromEntries(frameworks.map((framework) => [`./${framework}`, entry(`${framework}/index`)])),
    },
    sideEffectFree: true,
    build: 'tsc -p tsconfig.json',
    dependencies: { [plan.clientPackage]: version },
    peerDependencies: Object.assign({ '@tanstack/query-core': TANSTACK_RANGE }, ...frameworkPeers),
    peerDependenciesMeta: Object.fromEntries(
      frameworkPeers.flatMap((peers) => Object.keys(peers)).map((name) => [name, { optional: true }]),
    ),
  });
  const tsconfig = tsconfigJson({ lib: ['ES2022', 'DOM', 'DOM.Iterable'], outDir: 'dist', types: [] });
  return [
    jsonFile(`${root}package.json`, manifest),
    jsonFile(`${root}tsconfig.json`, tsconfig),
    { path: `${root}README.md`, content: readme(plan, frameworks) },
  ];
}

function readme(plan: QueryPlan, frameworks: Framework[]): string {
  const list = plan.operations.find(
    (operation) => operation.pageClass && operation.args.every((arg) => arg.optional),
  );
  const query = list ?? plan.operations.find((operation) => operation.kind === 'query');
  const mutation = plan.operations.find((operation) => operation.kind === 'mutation');
  const lines = [
    `# ${plan.packageName}`,
    '',
    `[TanStack Query](https://tanstack.com/query) for \`${plan.clientPackage}\`: per operation a query key, query options`,
    '(`…QueryOptions`), infinite query options for paged lists (`…InfiniteQueryOptions`) and mutation options',
    `(\`…MutationOptions\`), and ${frameworks.map((framework) => `\`${plan.packageName}/${framework}\``).join(' and ')} hooks over them.`,
    "Requests, retries, auth, paging and errors are the client's.",
    '',
    '```sh',
    `npm install ${plan.packageName} ${plan.clientPackage} @tanstack/${frameworks[0] === 'vue' ? 'vue' : 'react'}-query`,
    '```',
    '',
  ];
  if (frameworks.includes('react') && query)
    lines.push(
      '```tsx',
      `import { ${plan.clientName} } from '${plan.clientPackage}';`,
      `import { ClientProvider, ${query.names.hook}${mutation ? `, ${mutation.names.mutationHook}` : ''} } from '${plan.packageName}/react';`,
      '',
      `const client = new ${plan.clientName}({ apiKey });`,
      '// <QueryClientProvider client={queryClient}><ClientProvider client={client}>…</ClientProvider></QueryClientProvider>',
      `const { data, error } = ${query.names.hook}(${query.args
        .map((arg) => (arg.optional ? '' : arg.name))
        .filter(Boolean)
        .join(', ')});`,
      ...(mutation
        ? [
            `const mutation = ${mutation.names.mutationHook}(); // on success, the lists of its resource refetch`,
          ]
        : []),
      '```',
      '',
    );
  lines.push(
    'Query keys are `[' +
      JSON.stringify(plan.keyRoot) +
      ", ...resource, { operation, list?, infinite?, path?, params? }]`; `invalidateResource(queryClient, '<resource>')`",
    "marks a resource stale. Errors are the client's error classes (`NotFoundError`, …). The whole guide is the",
    "toolkit's docs/tanstack-query.md.",
    '',
  );
  return lines.join('\n');
}

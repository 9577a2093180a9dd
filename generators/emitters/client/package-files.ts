/**
 * The client's package.json, tsconfig files and README.md. The package ships two builds of the
 * same source, compiled by tsc twice: ESM in `dist/esm` and CommonJS in `dist/cjs` (with a
 * nested `package.json` saying so, which also makes its `.d.ts` files CommonJS declarations), so
 * `require()` works where `require(esm)` does not (Node before 20.19, Jest's CommonJS loader).
 */
import type { GeneratedFile } from '../../core/files.js';
import type { Ir } from '../../core/ir.js';
import { sdkShape } from '../../sdk-shape/index.js';
import type { ClientPlan, OperationPlan, ResourceNode } from './plan.js';
import { mediaReadme } from './readme-media.js';

/** TypeScript used to build the package; the same version the toolkit pins. */
const TYPESCRIPT_VERSION = '5.9.3';

export function packageFiles(ir: Ir, plan: ClientPlan): GeneratedFile[] {
  const packageJson = {
    name: sdkShape(ir).names.packageName,
    version: ir.info.version,
    description: `TypeScript client for the ${ir.info.title}, generated from its OpenAPI document.`,
    type: 'module',
    main: './dist/cjs/index.js',
    module: './dist/esm/index.js',
    types: './dist/cjs/index.d.ts',
    exports: {
      '.': {
        import: { types: './dist/esm/index.d.ts', default: './dist/esm/index.js' },
        require: { types: './dist/cjs/index.d.ts', default: './dist/cjs/index.js' },
      },
      './package.json': './package.json',
    },
    files: ['dist', 'README.md'],
    sideEffects: false,
    engines: { node: '>=20' },
    scripts: {
      build: `tsc -p tsconfig.json && tsc -p tsconfig.cjs.json && node -e "require('fs').writeFileSync('dist/cjs/package.json', '{\\"type\\": \\"commonjs\\"}\\n')"`,
      prepack: 'npm run build',
    },
    devDependencies: { typescript: TYPESCRIPT_VERSION },
  };
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      declaration: true,
      sourceMap: false,
      outDir: 'dist/esm',
      rootDir: 'src',
      skipLibCheck: true,
      types: [],
    },
    include: ['src'],
  };
  // The same source as CommonJS: `.js` specifiers resolve under node10 resolution too.
  const cjsConfig = { extends: './tsconfig.json', compilerOptions: { module: 'CommonJS', moduleResolution: 'Node10', outDir: 'dist/cjs' } };
  return [
    { path: 'client/package.json', content: `${JSON.stringify(packageJson, null, 2)}\n` },
    { path: 'client/tsconfig.json', content: `${JSON.stringify(tsconfig, null, 2)}\n` },
    { path: 'client/tsconfig.cjs.json', content: `${JSON.stringify(cjsConfig, null, 2)}\n` },
    { path: 'client/README.md', content: readme(ir, plan) },
  ];
}

function callOf(plan: OperationPlan, chain: string): string {
  const args = [...plan.pathArgs.map((arg) => `'${arg.param}'`), ...(plan.paramsType ? [plan.paramsRequired ? '{ … }' : '{ … }?'] : [])];
  return `client${chain ? `.${chain}` : ''}.${plan.methodName}(${args.join(', ')})`;
}

function methodRows(node: ResourceNode): string[] {
  const chain = node.chain.join('.');
  const rows = node.operations.map((plan) => `| \`${callOf(plan, chain)}\` | \`${plan.operation.method.toUpperCase()} ${plan.operation.path}\` | ${(plan.operation.summary ?? '').replace(/\|/g, '\\|')} |`);
  return [...rows, ...node.children.flatMap(methodRows)];
}

function readme(ir: Ir, plan: ClientPlan): string {
  const c = { ...ir.conventions, ...sdkShape(ir).names };
  const p = c.retryPolicy;
  const list = plan.operations.find((operation) => operation.itemType);
  const create = plan.operations.find((operation) => operation.operation.idempotencyHeader);
  const listChain = list ? [...list.shape.resource, list.methodName].join('.') : undefined;
  const lines = [
    `# ${c.packageName}`,
    '',
    `TypeScript client for the ${ir.info.title} (version ${ir.info.version}), generated from its OpenAPI document.`,
    'Zero runtime dependencies; uses `fetch`, so it runs on Node 20+, browsers, Deno, Bun and edge runtimes.',
    '',
    '## Install and use',
    '',
    '```sh',
    `npm install ${c.packageName}`,
    '```',
    '',
    '```ts',
    `import { ${c.clientName} } from '${c.packageName}';`,
    '',
    `const client = new ${c.clientName}({ apiKey: process.env.${c.envPrefix}_API_KEY });`,
    ...(listChain ? ['', `for await (const item of client.${listChain}(${list!.pathArgs.map((a) => `'${a.param}'`).concat('{ limit: 100 }').join(', ')})) {`, '  console.log(item);', '}'] : []),
    '```',
    '',
    '## Options',
    '',
    '| Option | Default | Meaning |',
    '|---|---|---|',
    `| \`apiKey\` | \`${c.envPrefix}_API_KEY\` | The API key, sent as ${authText(ir)}. |`,
    `| \`baseURL\` | \`${c.envPrefix}_BASE_URL\`, else the spec's first server | Where requests go. |`,
    `| \`maxRetries\` | ${p.maxRetries} (from the spec) | Retries after the first attempt; also per call. |`,
    '| `timeout` | 60000 | Milliseconds per attempt; also per call. |',
    '| `fetch` | global `fetch` | A fetch implementation. |',
    '| `defaultHeaders` | none | Headers sent with every request. |',
    '',
    'Per call, the last argument takes `{ maxRetries, timeout, signal, idempotencyKey, headers, accept }` (`accept` picks a response media type when an operation answers several; the result is typed by it).',
    '',
  ];
  if (c.keyPrefixes.length > 0) {
    lines.push(
      '## Keys and environments',
      '',
      `The key's prefix selects the environment, exposed as \`client.environment\`: ${c.keyPrefixes.map((k) => `\`${k.prefix}\` → \`${k.prefix.split('_')[0]}\` (${k.type})`).join(', ')}.`,
      'A secret key is refused in a browser-like runtime (`SecretKeyInBrowserError`): use a publishable key there.',
      '',
    );
  }
  lines.push(
    '## Retries, idempotency, timeouts',
    '',
    `Connection errors and statuses ${p.retryableStatuses.join(', ')} are retried up to ${p.maxRetries} times with exponential backoff (${p.initialDelayMs} ms × ${p.backoffMultiplier}ⁿ, capped at ${p.maxDelayMs} ms, ${p.jitter} jitter).`,
    `${p.respectRetryAfter ? 'A `Retry-After` header is waited out exactly (up to 60 s) before the identical request is repeated.' : ''} Other 4xx errors are never retried.`,
    create ? `Operations that accept \`${create.operation.idempotencyHeader}\` get one generated per call and reused by every retry, so a retried create never creates twice; pass \`idempotencyKey\` to choose it.` : '',
    'Every call takes an `AbortSignal` (`signal`).',
    '',
    '## Errors',
    '',
    'Failures throw a subclass of `APIError` carrying `status`, `code`, `message`, `param`, `requestId` and `headers`:',
    '`BadRequestError` (400), `AuthenticationError` (401), `PermissionDeniedError` (403), `NotFoundError` (404), `ConflictError` (409),',
    '`UnprocessableEntityError` (422), `RateLimitError` (429, with `retryAfter`), `InternalServerError` (5xx), `APIConnectionError`,',
    '`APIConnectionTimeoutError`, `APIUserAbortError`.',
    '',
    '## Responses',
    '',
    'Every call returns a promise of the parsed body; `.withResponse()` gives `{ data, response, status, headers, requestId, rateLimit }`.',
    'List calls return pages: `await` one for a `CursorPage` (`data`, `hasMore`, `getNextPage()`, `getPreviousPage()`), or iterate it with `for await` to walk every item.',
    '',
    ...mediaReadme(ir, plan),
    '## Methods',
    '',
    '| Call | HTTP | Summary |',
    '|---|---|---|',
    ...methodRows(plan.root),
    '',
  );
  return lines.filter((line, index, all) => !(line === '' && all[index - 1] === '')).join('\n');
}

function authText(ir: Ir): string {
  const auth = sdkShape(ir).auth;
  switch (auth.kind) {
    case 'none':
      return 'nothing (the API declares no security)';
    case 'bearer':
      return '`Authorization: Bearer <key>`';
    default:
      return `the \`${auth.name}\` ${auth.kind}`;
  }
}

/**
 * The client's package.json, tsconfig files and README.md. The package ships two builds of the
 * same source, compiled by tsc twice: ESM in `dist/esm` and CommonJS in `dist/cjs` (with a
 * nested `package.json` saying so, which also makes its `.d.ts` files CommonJS declarations), so
 * `require()` works where `require(esm)` does not (Node before 20.19, Jest's CommonJS loader).
 * The README's ts blocks compile with tsc --strict on public specs and ours
 * (test/e2e/generators/readme-blocks-public-specs.test.ts) and ours run (test/e2e/readme-examples.test.ts).
 */
import type { GeneratedFile } from '../../core/files.js';
import type { Ir } from '../../core/ir.js';
import { propertyKey, stringLiteral } from '../../core/naming.js';
import { jsonFile } from '../../core/files.js';
import { packageJson, tsconfigJson } from '../../core/npm-package.js';
import {
  authText,
  pageClasses,
  pageSizeArgument,
  pagingText,
  retryPolicySource,
  sdkShape,
  statusErrorsText,
} from '../../sdk-shape/index.js';
import type { ClientPluginOptions } from './options.js';
import type { ClientPlan, OperationPlan, ResourceNode } from './plan.js';
import { mediaReadme } from './readme-media.js';

export function packageFiles(ir: Ir, plan: ClientPlan, options: ClientPluginOptions): GeneratedFile[] {
  const manifest = packageJson({
    name: sdkShape(ir).names.packageName,
    version: ir.info.version,
    description: `TypeScript client for the ${ir.info.title}, generated from its OpenAPI document.`,
    entryPoints: {
      main: './dist/cjs/index.js',
      module: './dist/esm/index.js',
      types: './dist/cjs/index.d.ts',
    },
    exports: {
      '.': {
        import: { types: './dist/esm/index.d.ts', default: './dist/esm/index.js' },
        require: { types: './dist/cjs/index.d.ts', default: './dist/cjs/index.js' },
      },
    },
    extraFiles: ['CHANGELOG.md'],
    sideEffectFree: true,
    build: `tsc -p tsconfig.json && tsc -p tsconfig.cjs.json && node -e "require('fs').writeFileSync('dist/cjs/package.json', '{\\"type\\": \\"commonjs\\"}\\n')"`,
  });
  const tsconfig = tsconfigJson({ lib: ['ES2022', 'DOM', 'DOM.Iterable'], outDir: 'dist/esm', types: [] });
  // The same source as CommonJS: `.js` specifiers resolve under node10 resolution too.
  const cjsConfig = {
    extends: './tsconfig.json',
    compilerOptions: { module: 'CommonJS', moduleResolution: 'Node10', outDir: 'dist/cjs' },
  };
  return [
    jsonFile('client/package.json', manifest),
    jsonFile('client/tsconfig.json', tsconfig),
    jsonFile('client/tsconfig.cjs.json', cjsConfig),
    { path: 'client/README.md', content: readme(ir, plan, options) },
  ];
}

function callOf(plan: OperationPlan, chain: string): string {
  const args = [
    ...plan.pathArgs.map((arg) => `'${arg.param}'`),
    ...(plan.paramsType ? [plan.paramsRequired ? '{ … }' : '{ … }?'] : []),
  ];
  return `client${chain ? `.${chain}` : ''}.${plan.methodName}(${args.join(', ')})`;
}

function methodRows(node: ResourceNode): string[] {
  const chain = node.chain.join('.');
  const rows = node.operations.map(
    (plan) =>
      `| \`${callOf(plan, chain)}\` | \`${plan.operation.method.toUpperCase()} ${plan.operation.path}\` | ${[plan.operation.deprecated ? '**Deprecated** (warns once when called).' : '', (plan.operation.summary ?? '').replace(/\|/g, '\\|')].filter(Boolean).join(' ')} |`,
  );
  return [...rows, ...node.children.flatMap(methodRows)];
}

/** The property chain from the client to an operation's method, e.g. `subjects.list` (undefined: not in the tree). */
function chainTo(node: ResourceNode, plan: OperationPlan, path: string[] = []): string | undefined {
  if (node.operations.includes(plan)) return [...path, plan.methodName].join('.');
  for (const child of node.children) {
    const found = chainTo(child, plan, [...path, child.property]);
    if (found) return found;
  }
  return undefined;
}

/**
 * The list the README's examples page through: one that needs no parameter the example cannot
 * know (no required params, path parameters plain strings), preferably not deprecated.
 */
function exampleList(plan: ClientPlan): OperationPlan | undefined {
  const callable = plan.operations.filter(
    (operation) => operation.itemType && !operation.paramsRequired && !operation.pathParamsType,
  );
  return callable.find((operation) => !operation.operation.deprecated) ?? callable[0];
}

/**
 * A call of the example list, as its method takes it: path arguments, then the params object
 * (with the list's own page-size parameter, when it has one, set to `size`), then the request
 * options when given (after `{}` when the method takes params and the example sets none).
 */
function listCall(
  ir: Ir,
  plan: ClientPlan,
  list: OperationPlan,
  receiver: string,
  size: number,
  options?: string,
): string {
  const sizeArg = pageSizeArgument(ir, list.operation, size);
  const args = list.pathArgs.map((arg) => stringLiteral(arg.param));
  if (sizeArg) args.push(`{ ${propertyKey(sizeArg.param)}: ${sizeArg.value} }`);
  if (options !== undefined) {
    if (!sizeArg && list.paramsType) args.push('{}');
    args.push(options);
  }
  return `${receiver}.${chainTo(plan.root, list)}(${args.join(', ')})`;
}

function readme(ir: Ir, plan: ClientPlan, options: ClientPluginOptions): string {
  const c = { ...ir.conventions, ...sdkShape(ir).names };
  const p = c.retryPolicy;
  const ownServers = sdkShape(ir).operations.filter((shape) => shape.baseUrl);
  const list = plan.operations.find((operation) => operation.itemType);
  const example = exampleList(plan);
  const create = plan.operations.find((operation) => operation.operation.idempotencyHeader);
  const logged = example && pageSizeArgument(ir, example.operation, 1);
  const lines = [
    `# ${c.packageName}`,
    '',
    `TypeScript client for the ${ir.info.title} (version ${ir.info.version}), generated from its OpenAPI document.`,
    'Zero runtime dependencies; uses `fetch`, so it runs on Node 20+, browsers, Deno, Bun and edge runtimes.',
    "Its changes since the API's last release, and the version bump they need, are in `CHANGELOG.md`.",
    '',
    '## Install and use',
    '',
    '```sh',
    `npm install ${c.packageName}   # once published; before that, \`npm install --no-package-lock && npm pack --pack-destination ../../dist\` in this folder (the build needs its TypeScript; the tarball goes outside generated/) and install the .tgz`,
    '```',
    '',
    '```ts',
    `import { ${c.clientName} } from '${c.packageName}';`,
    '',
    `const client = new ${c.clientName}({ apiKey: process.env.${c.envPrefix}_API_KEY });`,
    ...(example
      ? [
          '',
          `for await (const item of ${listCall(ir, plan, example, 'client', 100)}) {`,
          '  console.log(item);',
          '}',
        ]
      : []),
    '```',
    '',
    '## Options',
    '',
    '| Option | Default | Meaning |',
    '|---|---|---|',
    `| \`apiKey\` | \`${c.envPrefix}_API_KEY\` | The API key, ${authText(sdkShape(ir).auth)}. |`,
    `| \`baseURL\` | \`${c.envPrefix}_BASE_URL\`, else the spec's first server | Where requests go.${
      ownServers.length > 0
        ? ` Not for ${ownServers.length === 1 ? 'the operation' : `the ${ownServers.length} operations`} with servers of ${ownServers.length === 1 ? 'its' : 'their'} own (${ownServers
            .slice(0, 3)
            .map(
              (shape) =>
                `\`${shape.operation.method.toUpperCase()} ${shape.operation.path}\` → ${shape.baseUrl === shape.resolvedBaseUrl ? shape.baseUrl : `${shape.baseUrl}, relative to the base URL`}`,
            )
            .join(
              ', ',
            )}${ownServers.length > 3 ? ', …' : ''}): those keep theirs; pass \`{ baseURL }\` per call to send one elsewhere. |`
        : ' |'
    }`,
    `| \`maxRetries\` | ${p.maxRetries} (${retryPolicySource(ir)}) | Retries after the first attempt; also per call. |`,
    `| \`timeout\` | ${options.timeout ?? 60000} | Milliseconds each attempt may take, from sending to the last byte of the body; also per call. |`,
    '| `idleTimeout` | 60000 | Streams and downloads: milliseconds the body may go without data once the headers are in; also per call. |',
    '| `maxRetryWait` | 60000 | The longest wait the server may ask for (`retry-after-ms`, `Retry-After`) that is waited out before a retry; a longer one throws at once, carrying the wait; also per call. |',
    `| \`logLevel\` | \`${c.envPrefix}_LOG\`, else \`warn\` | \`debug\`, \`info\`, \`warn\`, \`error\` or \`off\` (an unknown name is an error). |`,
    '| `logger` | `console` | Any object with `debug`, `info`, `warn` and `error` (pino, winston, your own). |',
    '| `fetch` | global `fetch` | A fetch implementation (shared by clients made with `withOptions`). |',
    '| `defaultHeaders` | none | Headers sent with every request. |',
    "| `validation` | off | `{ schemas, responses: true, requests: true }`: check JSON success bodies, and query parameters and JSON request bodies, against Standard Schema validators keyed by `METHOD /path`, such as the zod plugin's `operationSchemas`. |",
    '',
    'Per call, the last argument takes `{ maxRetries, timeout, idleTimeout, maxRetryWait, signal, idempotencyKey, headers, query, body, accept }`:',
    '`accept` picks a response media type when an operation answers several (the result is typed by it); `headers`, `query` and `body` are escape hatches',
    'for what the spec does not (yet) declare: extra headers (`null` removes one the client would send), extra query parameters (arrays repeat the name),',
    "and extra body fields merged over the body's own (JSON, form and multipart bodies; a JSON body for an operation that takes none; an error on GET and HEAD).",
    '',
    "`client.withOptions({ ... })` returns a client of the same class with some defaults changed; it shares the original's `fetch` (and so its connection pool), logger and key:",
    '',
    '```ts',
    `import { ${c.clientName} } from '${c.packageName}';`,
    '',
    `const client = new ${c.clientName}();`,
    "const patient = client.withOptions({ maxRetries: 5, timeout: 120_000, defaultHeaders: { 'x-team': 'reports' } });",
    'console.log(patient.maxRetries, patient.timeout, client.maxRetries);',
    ...(example
      ? [
          `const page = await ${listCall(ir, plan, example, 'patient', 1, "{ headers: { 'x-trace-id': 'readme' } }")};`,
          'console.log(page.data.length);',
        ]
      : []),
    '```',
    '',
    '## Logging',
    '',
    `The level comes from \`logLevel\`, else the \`${c.envPrefix}_LOG\` environment variable, else \`warn\`. At \`debug\` every attempt is one line: method, URL, status, request ID, elapsed time,`,
    'the attempt number and the retry decision with its wait; its details object adds the request headers. The `Authorization` header, API keys (in headers or the query),',
    'cookies, CSRF tokens and any header whose name says key, token, secret, signature, session or password are logged as `[redacted]`; webhook secrets are never logged.',
    'Deprecated operations and parameters warn once per process. A logger that throws fails the call with a `ClientError` whose `cause` is what it threw.',
    '',
    '```ts',
    `import { ${c.clientName}, type Logger } from '${c.packageName}';`,
    '',
    'const lines: string[] = [];',
    'const logger: Logger = { debug: (message) => lines.push(message), info: console.info, warn: console.warn, error: console.error };',
    `const client = new ${c.clientName}({ logLevel: 'debug', logger });`,
    ...(example
      ? [
          `await ${listCall(ir, plan, example, 'client', 1)};`,
          `console.log(lines[0]); // GET http://…${logged ? `?${encodeURIComponent(logged.param)}=${logged.value}` : ''} → 200 in 12 ms (req_…), attempt 1 of 4`,
        ]
      : ['console.log(client.logLevel);']),
    '```',
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
    `${p.respectRetryAfter ? 'The wait the server asks for (`retry-after-ms`, else `Retry-After`) is waited out exactly, up to `maxRetryWait` (60 s), before the identical request is repeated; a longer one throws at once (a `RateLimitError` for 429) whose `retryAfterMs` says how long the server asked to wait.' : ''}`,
    'Other 4xx errors are never retried. The server decides with `x-should-retry`: `false` is never retried, `true` is retried whatever the status.',
    create
      ? `Operations that accept \`${create.operation.idempotencyHeader}\` get one generated per call and reused by every retry, so a retried create never creates twice; pass \`idempotencyKey\` to choose it.`
      : '',
    'The timeout covers the whole attempt, body included: a server that sends headers and then stalls the body times out (and is retried like any timeout).',
    'Streams and downloads stop that clock once the headers are in and take `idleTimeout` instead: each chunk must arrive within it.',
    'Every call takes an `AbortSignal` (`signal`), which also cancels a body being read, a stream or a download.',
    '',
    '## Errors',
    '',
    'Failures throw a subclass of `APIError` carrying `status`, `code`, `message`, `param`, `requestId` and `headers`:',
    `${statusErrorsText({ RateLimitError: 'with `retryAfter` in seconds' })}, \`APIConnectionError\`,`,
    '`APIConnectionTimeoutError`, `APIUserAbortError`. Every `APIError` has `retryAfterMs`, the wait the server asked for, when it said.',
    'With the `validation` option, a success body that breaks its schema throws `ResponseValidationError` (`issues`, `operation`, `status`, `body`, `headers`),',
    'and a call whose query parameters or JSON body break theirs throws `RequestValidationError` (`issues`, `operation`, `part`, `value`) before anything is sent;',
    'both extend `ValidationError`, a `ClientError` but not an `APIError`. Bodies that are not JSON, streams, path parameters and headers are not checked.',
    '',
    ...(ir.webhooks && ir.webhooks.events.length > 0
      ? [
          '## Webhooks',
          '',
          `\`await client.webhooks.unwrap(rawBody, headers, { secret })\` verifies a delivery (Standard Webhooks signature and timestamp; the secret defaults to \`${c.envPrefix}_WEBHOOK_SECRET\`)`,
          'and returns its event. An event type the API added after this client was generated comes back as an `UnknownWebhookEvent` (`type`, `payload`, `unknown: true`),',
          'verified all the same, never as an error: check `event instanceof UnknownWebhookEvent` first, then narrow the known events by `type`.',
          '',
        ]
      : []),
    '## Packaging',
    '',
    'The package has an ESM build (`import`) and a CommonJS build (`require()`, also where `require(esm)` is unavailable: Node before 20.19, Jest), each with its own type declarations,',
    'selected by `exports`. Loading both in one process gives two copies of the classes (`instanceof` works within one module system).',
    '',
    '## Responses',
    '',
    'Every call returns a promise of the parsed body; `.withResponse()` gives `{ data, response, status, headers, requestId, rateLimit }`.',
    ...(list ? pagingLines(plan) : []),
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

/**
 * Which lists page and how. Lists that all page by our cursor envelope get the one sentence;
 * otherwise one line per paged method says its style.
 */
function pagingLines(plan: ClientPlan): string[] {
  const paged = plan.operations.filter((operation) => operation.itemType);
  if (paged.every((operation) => operation.operation.pagination?.style === 'cursor')) {
    return [
      'List calls that page by cursor (`data`, `has_more` and `next_cursor` in the answer, a `starting_after` parameter) return pages: `await` one for a `CursorPage` (`data`, `hasMore`, `getNextPage()`, `getPreviousPage()`), or iterate it with `for await` to walk every item.',
    ];
  }
  return [
    'List calls return pages: `await` one for its first page (`data`, `hasNextPage()`, `getNextPage()`, `iterPages()`), or iterate it with `for await` to walk every item of every page, each fetched when reached.',
    "A next page's URL given by the API is followed only on the same origin, with the same credentials and header parameters. These lists page:",
    '',
    ...pagedCalls(plan.root),
  ];
}

function pagedCalls(node: ResourceNode): string[] {
  const chain = node.chain.join('.');
  const lines = node.operations
    .filter((plan) => plan.operation.pagination)
    .map(
      (plan) =>
        `- \`${callOf(plan, chain)}\` (\`${pageClasses(plan.operation.pagination!).typescript}\`) pages ${pagingText(plan.operation.pagination!)}.`,
    );
  return [...lines, ...node.children.flatMap(pagedCalls)];
}

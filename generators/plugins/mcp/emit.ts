/**
 * The MCP server package (`mcp/`): the catalog of operations as data (`src/catalog.json`), the
 * entry points that bind it to the generated client (`src/index.ts`, `src/cli.ts`), and the
 * hand-written server (`runtime/`, copied into `src/core/`).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimeFiles, type GeneratedFile } from '../../core/files.js';
import { stringLiteral } from '../../core/naming.js';
import type { ClientExports } from '../client/index.js';
import type { McpPluginOptions } from './options.js';
import { packageFiles } from './package-files.js';
import type { Catalog } from './runtime/catalog.js';
import type { McpServerOptions } from './runtime/server.js';

const RUNTIME_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'runtime');

export function emitMcp(
  catalog: Catalog,
  client: ClientExports,
  options: McpPluginOptions,
  root: string,
): GeneratedFile[] {
  return [
    ...runtimeFiles(RUNTIME_DIR, `${root}src/core/`),
    { path: `${root}src/catalog.json`, content: catalogJson(catalog) },
    { path: `${root}src/catalog.ts`, content: catalogFile(defaultsOf(options)) },
    { path: `${root}src/index.ts`, content: indexFile(client) },
    { path: `${root}src/cli.ts`, content: cliFile(client) },
    ...packageFiles(catalog, client, root),
  ];
}

/** The server's defaults: the plugin's options that are set. */
function defaultsOf(options: McpPluginOptions): McpServerOptions {
  const defaults: McpServerOptions = { tools: options.tools, maxTools: options.maxTools };
  if (options.readOnly) defaults.readOnly = true;
  for (const key of ['tags', 'excludeTags', 'paths', 'excludePaths', 'methods'] as const)
    if (options[key] && options[key].length > 0) defaults[key] = options[key];
  return defaults;
}

/**
 * The catalog as JSON, one operation per line so that a diff shows which changed. Data, not code:
 * TypeScript would type GitHub's 1,2xx operation literals as one union too complex to represent.
 */
function catalogJson(catalog: Catalog): string {
  const operations = catalog.operations.map((operation) => `    ${JSON.stringify(operation)}`);
  const defs = Object.entries(catalog.defs).map(
    ([name, schema]) => `    ${JSON.stringify(name)}: ${JSON.stringify(schema)}`,
  );
  return [
    '{',
    `  "server": ${JSON.stringify(catalog.server)},`,
    `  "operations": [${operations.length > 0 ? `\n${operations.join(',\n')}\n  ` : ''}],`,
    `  "defs": {${defs.length > 0 ? `\n${defs.join(',\n')}\n  ` : ''}}`,
    '}',
    '',
  ].join('\n');
}

/** Reads the catalog beside it (the build copies catalog.json into dist/), and the server's defaults. */
function catalogFile(defaults: McpServerOptions): string {
  return [
    "import { readFileSync } from 'node:fs';",
    "import type { Catalog } from './core/catalog.js';",
    "import type { McpServerOptions } from './core/server.js';",
    '',
    "/** The operations this server can call, their tools' input schemas, and the component schemas those refer to. */",
    "export const CATALOG: Catalog = JSON.parse(readFileSync(new URL('./catalog.json', import.meta.url), 'utf8'));",
    '',
    "/** Which tools the server offers unless told otherwise (the plugin's options; the command line's flags override them). */",
    `export const DEFAULTS: McpServerOptions = ${JSON.stringify(defaults)};`,
    '',
  ].join('\n');
}

function indexFile(client: ClientExports): string {
  const name = client.plan.clientName;
  return [
    `import type { ${name} } from ${stringLiteral(client.packageName)};`,
    "import type { Server } from '@modelcontextprotocol/sdk/server/index.js';",
    "import { CATALOG, DEFAULTS } from './catalog.js';",
    "import { createMcpServer, mcpTools, type McpServerOptions, type McpTools } from './core/server.js';",
    '',
    "export { CATALOG, DEFAULTS } from './catalog.js';",
    "export { serveHttp, type HttpOptions, type RunningHttp } from './core/http.js';",
    "export type { McpServerOptions, McpTools, ToolMode } from './core/server.js';",
    "export type { Catalog, CatalogOperation, OperationFilter } from './core/catalog.js';",
    '',
    '/**',
    ` * An MCP server that calls the API through \`client\` (the client's retries, auth, timeouts and errors);`,
    ' * connect it to a transport: `await createServer(client).connect(new StdioServerTransport())`.',
    ' */',
    `export function createServer(client: ${name}, options: McpServerOptions = {}): Server {`,
    '  return createMcpServer(CATALOG, client, { ...DEFAULTS, ...options });',
    '}',
    '',
    '/** The tools `createServer` offers, without a server: to list or call them in process. */',
    `export function createTools(client: ${name}, options: McpServerOptions = {}): McpTools {`,
    '  return mcpTools(CATALOG, client, { ...DEFAULTS, ...options });',
    '}',
    '',
  ].join('\n');
}

function cliFile(client: ClientExports): string {
  const name = client.plan.clientName;
  return [
    `import { ${name} } from ${stringLiteral(client.packageName)};`,
    "import { CATALOG, DEFAULTS } from './catalog.js';",
    "import { runCli } from './core/cli.js';",
    '',
    "// The build puts `#!/usr/bin/env node` first in dist/cli.js (the package's bin).",
    'process.exitCode = await runCli(process.argv.slice(2), {',
    '  catalog: CATALOG,',
    '  defaults: DEFAULTS,',
    `  makeClient: (options) => new ${name}(options),`,
    `  environment: ${JSON.stringify(client.environment)},`,
    '});',
    '',
  ].join('\n');
}

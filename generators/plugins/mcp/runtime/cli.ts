/**
 * The server's command line: which tools it offers (flags over the generated defaults), which
 * transport (stdio, or `--http PORT` for streamable HTTP), and the client it calls the API with, made
 * from the client's own environment variables (its key and base URL) unless the flags say otherwise.
 *
 *   <bin> [--http PORT] [--host HOST] [--tools auto|each|discovery] [--max-tools N] [--read-only]
 *         [--tag T]... [--exclude-tag T]... [--path P]... [--exclude-path P]... [--method M]...
 *         [--base-url URL] [--header 'Name: value']...
 */
import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Catalog } from './catalog.js';
import { serveHttp } from './http.js';
import { createMcpServer, type McpServerOptions, type ToolMode } from './server.js';

export interface CliSetup {
  catalog: Catalog;
  /** The generated defaults (the plugin's options). */
  defaults: McpServerOptions;
  /** Makes the client; `options` are the client's own (baseURL, defaultHeaders). */
  makeClient: (options: { baseURL?: string; defaultHeaders?: Record<string, string> }) => object;
  /** The environment variables the client reads, for the help text. */
  environment: { apiKey: string; baseUrl: string };
}

function usage(setup: CliSetup): string {
  return [
    `${setup.catalog.server.name}: an MCP server for the ${setup.catalog.server.title} (stdio unless --http).`,
    '',
    '  --http PORT            serve streamable HTTP on PORT (0: any free port) at /mcp instead of stdio',
    '  --host HOST            the address to listen on (default 127.0.0.1)',
    '  --tools MODE           each: one tool per operation; discovery: list/describe/call tools; auto (default)',
    '  --max-tools N          with --tools auto, the most operations offered one tool each',
    '  --read-only            only operations that change nothing (GET, HEAD, OPTIONS)',
    '  --tag T, --exclude-tag T, --path P, --exclude-path P, --method M   which operations (repeatable; * in paths)',
    "  --base-url URL         where the API is (default: the client's, from " +
      setup.environment.baseUrl +
      ')',
    '  --header "Name: value" an extra header on every request (repeatable)',
    '',
    `The API key is read from ${setup.environment.apiKey}.`,
  ].join('\n');
}

/** Parses the arguments, makes the client and serves until the transport closes; returns the exit code. */
export async function runCli(argv: string[], setup: CliSetup): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        http: { type: 'string' },
        host: { type: 'string' },
        tools: { type: 'string' },
        'max-tools': { type: 'string' },
        'read-only': { type: 'boolean' },
        tag: { type: 'string', multiple: true },
        'exclude-tag': { type: 'string', multiple: true },
        path: { type: 'string', multiple: true },
        'exclude-path': { type: 'string', multiple: true },
        method: { type: 'string', multiple: true },
        'base-url': { type: 'string' },
        header: { type: 'string', multiple: true },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${usage(setup)}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${usage(setup)}\n`);
    return 0;
  }
  const problem = (message: string) => {
    process.stderr.write(`${setup.catalog.server.name}: ${message}\n`);
    return 2;
  };
  if (values.tools !== undefined && !['auto', 'each', 'discovery'].includes(values.tools))
    return problem(`--tools must be auto, each or discovery, not ${values.tools}`);
  const whole = (text: string | undefined): number | undefined | null =>
    text === undefined ? undefined : /^\d+$/.test(text) ? Number(text) : null;
  const maxTools = whole(values['max-tools']);
  const port = whole(values.http);
  if (maxTools === null) return problem('--max-tools must be a whole number');
  if (port === null) return problem('--http must be a port number');
  const headers: Record<string, string> = {};
  for (const header of values.header ?? []) {
    const colon = header.indexOf(':');
    if (colon <= 0) return problem(`--header must be "Name: value", not ${header}`);
    headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
  }
  const options: McpServerOptions = {
    ...setup.defaults,
    ...(values.tools ? { tools: values.tools as ToolMode } : {}),
    ...(maxTools !== undefined ? { maxTools } : {}),
    ...(values['read-only'] ? { readOnly: true } : {}),
    ...(values.tag ? { tags: values.tag } : {}),
    ...(values['exclude-tag'] ? { excludeTags: values['exclude-tag'] } : {}),
    ...(values.path ? { paths: values.path } : {}),
    ...(values['exclude-path'] ? { excludePaths: values['exclude-path'] } : {}),
    ...(values.method ? { methods: values.method.map((method) => method.toLowerCase()) } : {}),
  };
  let client: object;
  try {
    client = setup.makeClient({
      ...(values['base-url'] ? { baseURL: values['base-url'] } : {}),
      ...(Object.keys(headers).length > 0 ? { defaultHeaders: headers } : {}),
    });
  } catch (error) {
    return problem((error as Error).message);
  }
  if (port === undefined) {
    const server = createMcpServer(setup.catalog, client, options);
    await server.connect(new StdioServerTransport());
    await new Promise<void>((resolve) => (server.onclose = resolve));
    return 0;
  }
  const running = await serveHttp(() => createMcpServer(setup.catalog, client, options), {
    port,
    ...(values.host ? { host: values.host } : {}),
  });
  // The address on stderr (stdout is the protocol's in stdio mode; here it is free, but kept quiet alike).
  process.stderr.write(`${setup.catalog.server.name}: listening on ${running.url}\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await running.close();
  return 0;
}

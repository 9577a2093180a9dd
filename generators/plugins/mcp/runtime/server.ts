/**
 * The MCP server over a catalog and a client. It offers the operations one tool each while they are
 * few, and past a threshold (or when asked) three discovery tools instead, so a model's context
 * holds the same few tools for nine operations or a thousand: `list_operations` (by resource or a
 * word), `describe_operation` (one operation's input schema) and `call_operation`. Arguments are
 * checked against the operation's input schema (Ajv, JSON Schema 2020-12) before the client sends
 * anything.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import { callOperation, failure, type ToolResult } from './calls.js';
import {
  inputSchema,
  operationsOf,
  operationSummary,
  resourceCounts,
  searchOperations,
  selectOperations,
  type Catalog,
  type CatalogOperation,
  type JsonSchema,
  type OperationFilter,
} from './catalog.js';

/** `each`: one tool per operation; `discovery`: the three discovery tools; `auto`: each up to `maxTools`, else discovery. */
export type ToolMode = 'auto' | 'each' | 'discovery';

export interface McpServerOptions extends OperationFilter {
  tools?: ToolMode | undefined;
  /** With `tools: 'auto'`: the most operations offered one tool each (default 40). */
  maxTools?: number | undefined;
}

/** How many operations a list or search answers at most. */
const PAGE = 50;

// ajv-formats is CommonJS: under Node's ESM interop its default export may be the module object.
const addFormats = ((formatsModule as unknown as { default?: unknown }).default ?? formatsModule) as (
  ajv: Ajv2020,
) => Ajv2020;

interface Tool {
  name: string;
  title?: string | undefined;
  description: string;
  inputSchema: JsonSchema;
  annotations: Record<string, unknown>;
}

/** The tools a server offers and how it answers them. */
export interface McpTools {
  mode: 'each' | 'discovery';
  operations: CatalogOperation[];
  list(): Tool[];
  call(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<ToolResult>;
}

/** The tools for a catalog, a client and options (without a transport: `createMcpServer` connects them). */
export function mcpTools(catalog: Catalog, client: object, options: McpServerOptions = {}): McpTools {
  const operations = selectOperations(catalog.operations, options);
  const mode =
    options.tools === 'each' || options.tools === 'discovery'
      ? options.tools
      : operations.length <= (options.maxTools ?? 40)
        ? 'each'
        : 'discovery';
  const byName = new Map(operations.map((operation) => [operation.name, operation]));
  const ajv = addFormats(
    new Ajv2020({ allErrors: true, strict: false, validateFormats: true, ownProperties: true }),
  );
  const validators = new Map<string, ValidateFunction>();
  /** What is wrong with `args` for the tool `name` of that input schema, or undefined. */
  const problemWith = (name: string, schema: () => unknown, args: unknown): string | undefined => {
    let check = validators.get(name);
    if (!check) {
      check = ajv.compile(schema() as object);
      validators.set(name, check);
    }
    if (check(args)) return undefined;
    return (check.errors ?? [])
      .slice(0, 5)
      .map((error) => `${error.instancePath || '(arguments)'} ${error.message ?? 'is not allowed'}`)
      .join('; ');
  };
  const callChecked = async (
    operation: CatalogOperation,
    args: Record<string, unknown>,
    signal?: AbortSignal,
  ) => {
    const problem = problemWith(operation.name, () => inputSchema(catalog, operation), args);
    if (problem) return invalidArguments(operation.name, problem);
    return callOperation(client, operation, args, signal);
  };
  if (mode === 'each')
    return {
      mode,
      operations,
      list: () =>
        operations.map((operation) => ({
          name: operation.name,
          title: operation.title,
          description: operation.description,
          inputSchema: inputSchema(catalog, operation),
          annotations: { title: operation.title, ...operation.hints },
        })),
      call: async (name, args, signal) => {
        const operation = byName.get(name);
        if (!operation) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
        return callChecked(operation, args, signal);
      },
    };
  const discovery = discoveryTools(catalog, operations, options);
  return {
    mode,
    operations,
    list: () => discovery,
    call: async (name, args, signal) => {
      // The discovery tools hold to their own input schemas, as the operations' tools do: a
      // misspelt argument was read as absent ("No operation named undefined").
      const tool = discovery.find((each) => each.name === name);
      if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
      // Keyed apart from the operations' names, which may be the same words.
      const problem = problemWith(`discovery ${name}`, () => tool.inputSchema, args);
      if (problem) return invalidArguments(name, problem);
      if (name === 'list_operations') return listOperations(operations, args);
      if (name === 'describe_operation') {
        const operation = byName.get(String(args.name));
        if (!operation) return unknownOperation(args.name);
        return json({
          ...operationSummary(operation),
          description: operation.description,
          hints: operation.hints,
          input_schema: inputSchema(catalog, operation),
        });
      }
      if (name === 'call_operation') {
        const operation = byName.get(String(args.name));
        if (!operation) return unknownOperation(args.name);
        // An object by call_operation's input schema, checked above.
        return callChecked(operation, (args.arguments ?? {}) as Record<string, unknown>, signal);
      }
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    },
  };
}

/** The three discovery tools; `call_operation` is read-only when every operation offered is. */
function discoveryTools(catalog: Catalog, operations: CatalogOperation[], options: McpServerOptions): Tool[] {
  const readOnly = options.readOnly || operations.every((operation) => operation.hints.readOnlyHint);
  const resources = resourceCounts(operations).map((entry) => entry.resource);
  return [
    {
      name: 'list_operations',
      title: `Find ${catalog.server.title} operations`,
      description: `Lists the ${operations.length} operations of the ${catalog.server.title} this server can call: with \`search\`, those that match its words, best first; with \`resource\`, those of one resource; with neither, the resources and how many operations each has. Then describe_operation gives one operation's arguments, and call_operation calls it.`,
      inputSchema: {
        type: 'object',
        properties: {
          search: {
            type: 'string',
            description: "Words to look for in the operations' names, titles, paths and descriptions.",
          },
          resource: {
            type: 'string',
            description: `A resource, e.g. ${resources
              .slice(0, 3)
              .map((name) => `\`${name}\``)
              .join(', ')}.`,
          },
          offset: {
            type: 'integer',
            minimum: 0,
            description: 'Operations to skip (to page through a long answer).',
          },
        },
        additionalProperties: false,
      },
      annotations: {
        title: 'Find operations',
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    {
      name: 'describe_operation',
      title: 'Describe an operation',
      description:
        'One operation in full: what it does, its HTTP method and path, and the JSON Schema of the arguments call_operation takes for it.',
      inputSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', description: "The operation's name, as list_operations gives it." },
        },
        required: ['name'],
        additionalProperties: false,
      },
      annotations: {
        title: 'Describe an operation',
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    {
      name: 'call_operation',
      title: 'Call an operation',
      description: `Calls one operation of the ${catalog.server.title} with its arguments (checked against the schema describe_operation gives) and returns what the API answered; an API error comes back as a tool error with the API's status and message.`,
      inputSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', description: "The operation's name." },
          arguments: { type: 'object', description: "The operation's arguments, as its input schema says." },
        },
        required: ['name'],
        additionalProperties: false,
      },
      annotations: {
        title: 'Call an operation',
        readOnlyHint: readOnly,
        destructiveHint: !readOnly,
        idempotentHint: readOnly,
        openWorldHint: true,
      },
    },
  ];
}

function listOperations(operations: CatalogOperation[], args: Record<string, unknown>): ToolResult {
  const offset = typeof args.offset === 'number' && args.offset > 0 ? Math.floor(args.offset) : 0;
  const page = (found: CatalogOperation[]) => ({
    total: found.length,
    operations: found.slice(offset, offset + PAGE).map(operationSummary),
    ...(offset + PAGE < found.length ? { next_offset: offset + PAGE } : {}),
  });
  if (typeof args.search === 'string' && args.search.trim() !== '') {
    const scope = typeof args.resource === 'string' ? operationsOf(operations, args.resource) : operations;
    return json(page(searchOperations(scope, args.search)));
  }
  if (typeof args.resource === 'string') return json(page(operationsOf(operations, args.resource)));
  return json({ total: operations.length, resources: resourceCounts(operations) });
}

function invalidArguments(tool: string, problem: string): ToolResult {
  return failure(
    Object.assign(new Error(`The arguments do not match ${tool}'s input schema: ${problem}`), {
      name: 'InvalidArguments',
    }),
  );
}

function unknownOperation(name: unknown): ToolResult {
  return failure(
    Object.assign(new Error(`No operation named ${JSON.stringify(name)}; list_operations finds them.`), {
      name: 'UnknownOperation',
    }),
  );
}

function json(structured: Record<string, unknown>): ToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}

/** An MCP server (the SDK's) offering the tools; connect it to a transport (stdio, streamable HTTP, in memory). */
export function createMcpServer(catalog: Catalog, client: object, options: McpServerOptions = {}): Server {
  const tools = mcpTools(catalog, client, options);
  const server = new Server(
    { name: catalog.server.name, version: catalog.server.version, title: catalog.server.title },
    {
      capabilities: { tools: {} },
      instructions:
        tools.mode === 'discovery'
          ? `This server calls the ${catalog.server.title} (${tools.operations.length} operations). Find an operation with list_operations, read its arguments with describe_operation, then call it with call_operation.`
          : `This server calls the ${catalog.server.title}: one tool per operation.`,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.list() }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    tools.call(
      request.params.name,
      (request.params.arguments ?? {}) as Record<string, unknown>,
      extra.signal,
    ),
  );
  return server;
}

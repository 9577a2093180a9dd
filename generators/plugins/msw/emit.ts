/**
 * MSW handlers (`msw/index.ts`): per operation a function returning an msw 2 `http` handler
 * (`retrieveSubjectHandler()`), which answers the success response: the spec's first example,
 * else a realistic value from mock-data (seeded), with the response's Content-Type. Any declared
 * status is one option away (`retrieveSubjectHandler({ status: 404 })`, typed as the statuses the
 * operation declares), and so is a body of one's own (typed as the client's result for the success
 * status). `handlers` has one of each, for `setupServer(...handlers)` or `setupWorker(...handlers)`.
 * Stateless, like Prism: what a test needs remembered it keeps in its own resolver, which is
 * handed the path parameters, the query and the JSON body, typed as the client types them
 * (resolver-plan.ts; decoded at run time by runtime/request.ts, copied into `msw/core/`).
 */
import type { GeneratedFile } from '../../core/files.js';
import type { Ir, IrOperation, IrPathTemplate, IrResponse } from '../../core/ir.js';
import { stringLiteral } from '../../core/naming.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimeFiles } from '../../core/files.js';
import { besideRuntime, withPortableImports } from '../../core/portable.js';
import { standaloneSchema } from '../../core/schema-dialect.js';
import type { ClientPlan } from '../client/plan.js';
import { queryParams, resolverTypes } from './resolver-plan.js';

// The request runtime (runtime/request.ts) and, beside it, the parameter decoder it reads queries with.
const RUNTIME_FILES = [
  ...runtimeFiles(path.join(path.dirname(fileURLToPath(import.meta.url)), 'runtime'), 'msw/core/').map(
    (file) => ({ ...file, content: withPortableImports(file.content, './') }),
  ),
  ...besideRuntime('msw/core/', ['param-decoding.ts']),
];

const RUNTIME = `
/** What a response answers with: its media type, the spec's example and the schema mock data draws from. */
interface MockResponse {
  contentType?: string;
  /** An event stream or NDJSON: how items are framed, and the schema of one item's data. */
  stream?: { format: 'sse' | 'ndjson'; dataIsJson: boolean; itemSchema?: unknown };
  example?: unknown;
  schema?: unknown;
  /** A binary body (an image, a PDF, octet-stream): answered with real bytes within these lengths. */
  binary?: { minLength?: number; maxLength?: number };
  /** The headers the response requires: the spec's example, else the schema a value is drawn from. */
  headers?: Record<string, { example?: unknown; schema?: unknown }>;
}

interface OperationMocks {
  id: string;
  /** The status answered when none is asked for (the IR's success: the first 2xx with a body, else the first 2xx). */
  success: number;
  /** What the path's query or fragment asks of a request (\`/search?mode=fast\`, AWS's \`/#X-Amz-Target=…\`). */
  match?: { in: 'query' | 'header'; name: string; value?: string };
  /**
   * The last operation on its method and path picked by a parameter's presence (\`#name\` beside
   * \`#path\`) also answers requests that carry none of them: handlers do not validate requests.
   */
  fallback?: true;
  /** By declared status: \`200\`, \`4XX\`, \`default\`. */
  responses: Record<string, MockResponse>;
  /** The query parameters a resolver is handed, decoded by their styles (none declared: absent). */
  query?: QueryParam[];
}

/** Headers every answer carries (the spec digest, when the spec names its header). */
const ALWAYS: Record<string, string> = SPEC_HEADERS;

/** A header value drawn from its schema, written as the simple style writes it (arrays comma-separated). */
function headerText(value: unknown): string {
  if (Array.isArray(value)) return value.map(headerText).join(',');
  if (value && typeof value === 'object')
    return Object.entries(value)
      .map(([key, item]) => \`\${key},\${headerText(item)}\`)
      .join(',');
  return String(value);
}

/** The headers of an answer: those every answer carries, the response's required ones (mock data) and its Content-Type. */
function headersOf(response: MockResponse, seed: number, contentType?: string): Record<string, string> {
  const headers: Record<string, string> = { ...ALWAYS };
  for (const [name, header] of Object.entries(response.headers ?? {}))
    headers[name] = headerText(
      header.example !== undefined ? header.example : mockValue(header.schema, { seed, side: 'response' }),
    );
  if (contentType) headers['Content-Type'] = contentType;
  return headers;
}

/** Options every handler takes: the status, a body of one's own, the seed of mock data, the origin. */
export interface HandlerOptions<Status extends number, Body> {
  /** A declared status (default: the success status). */
  status?: Status;
  /** The body to answer instead of the example or mock data. */
  body?: Body;
  /** The seed of the mock data (default 1): the same seed, the same body. */
  seed?: number;
  /** Whether the spec's example answers when it gives one (default true); false answers mock data. */
  useExample?: boolean;
  /** The origin the handler matches (default: any). */
  baseURL?: string;
}

/**
 * What a resolver is handed: msw's request (unread: the body is parsed from a clone), the path
 * parameters, the declared query parameters decoded and typed as the client types them, and the
 * JSON request body as the client types it (undefined when none was sent as JSON).
 */
export interface ResolverInfo<Params, Query, Body> {
  request: Request;
  params: Params;
  query: Query;
  body: Body | undefined;
}

/**
 * A resolver of the test's own, asked first: its Response answers, undefined leaves the answer to
 * the handler (a test that needs state keeps it here).
 */
export interface ResolverOption<Params, Query = Record<never, never>, Body = undefined> {
  resolver?: (info: ResolverInfo<Params, Query, Body>) => Response | undefined | Promise<Response | undefined>;
}

function responseFor(mocks: OperationMocks, status: number): MockResponse {
  const code = String(status);
  const response =
    mocks.responses[code] ?? mocks.responses[\`\${code[0]}XX\`] ?? mocks.responses['default'];
  if (!response) throw new Error(\`\${mocks.id} declares no \${code} response\`);
  return response;
}

function answer(
  mocks: OperationMocks,
  options: HandlerOptions<number, unknown>,
  request: Request,
): Response | undefined {
  const match = mocks.match;
  if (match) {
    const value =
      match.in === 'query'
        ? new URL(request.url).searchParams.get(match.name)
        : request.headers.get(match.name);
    // Another operation on the same path: msw tries the next handler.
    if (match.value === undefined ? value === null && !mocks.fallback : value !== match.value) return undefined;
  }
  const status = options.status ?? mocks.success;
  const response = responseFor(mocks, status);
  if (response.stream && response.contentType) return streamed(response, status, options);
  const body =
    options.body !== undefined
      ? options.body
      : response.example !== undefined && options.useExample !== false
        ? response.example
        : response.schema !== undefined
          ? mockValue(response.schema, { seed: options.seed ?? 1, side: 'response' })
          : undefined;
  const seed = options.seed ?? 1;
  if (response.binary && response.contentType && options.body === undefined && status !== 204 && status !== 304)
    return new HttpResponse(bytesFor(response.contentType, seed, response.binary), {
      status,
      headers: headersOf(response, seed, response.contentType),
    });
  if (body === undefined || !response.contentType || status === 204 || status === 304)
    return new HttpResponse(null, { status, headers: headersOf(response, seed) });
  const text =
    typeof body === 'string' && !/[/+]json\\b/.test(response.contentType) ? body : JSON.stringify(body);
  return new HttpResponse(text, { status, headers: headersOf(response, seed, response.contentType) });
}

/** The smallest valid file of each media type (a 1×1 white image, a one-page PDF), base64. */
const FILES: Record<string, string> = {
  'image/png': 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC',
  'image/gif': 'R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=',
  'image/jpeg':
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AP//Z',
  'application/pdf':
    'JVBERi0xLjQKMSAwIG9iago8PCAvVHlwZSAvQ2F0YWxvZyAvUGFnZXMgMiAwIFIgPj4KZW5kb2JqCjIgMCBvYmoKPDwgL1R5cGUgL1BhZ2VzIC9LaWRzIFszIDAgUl0gL0NvdW50IDEgPj4KZW5kb2JqCjMgMCBvYmoKPDwgL1R5cGUgL1BhZ2UgL1BhcmVudCAyIDAgUiAvTWVkaWFCb3ggWzAgMCA3MiA3Ml0gPj4KZW5kb2JqCnhyZWYKMCA0CjAwMDAwMDAwMDAgNjU1MzUgZiAKMDAwMDAwMDAwOSAwMDAwMCBuIAowMDAwMDAwMDU4IDAwMDAwIG4gCjAwMDAwMDAxMTUgMDAwMDAgbiAKdHJhaWxlcgo8PCAvU2l6ZSA0IC9Sb290IDEgMCBSID4+CnN0YXJ0eHJlZgoxODQKJSVFT0YK',
};

/** How many random bytes an octet-stream (or another binary type without a file above) gets, within its bounds. */
const BINARY_LENGTH = 64;

/**
 * The bytes of a binary answer: the file of its media type (\`image/*\` a PNG), padded with zeros
 * after its end to \`minLength\` (decoders stop at the end marker); else, or when the file is longer
 * than \`maxLength\`, seeded random bytes of a length within the bounds.
 */
function bytesFor(contentType: string, seed: number, bounds: { minLength?: number; maxLength?: number }): Uint8Array {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const file = FILES[type === 'image/jpg' ? 'image/jpeg' : type === 'image/*' ? 'image/png' : type];
  const min = bounds.minLength ?? 0;
  const max = bounds.maxLength ?? Number.MAX_SAFE_INTEGER;
  if (file !== undefined) {
    const decoded = Uint8Array.from(atob(file), (char) => char.charCodeAt(0));
    if (decoded.length <= max) {
      const out = new Uint8Array(Math.max(decoded.length, min));
      out.set(decoded);
      return out;
    }
  }
  const out = new Uint8Array(Math.min(Math.max(BINARY_LENGTH, min), max));
  // mulberry32: the same seed, the same bytes.
  let state = seed >>> 0;
  for (let index = 0; index < out.length; index += 1) {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    out[index] = ((mixed ^ (mixed >>> 14)) >>> 0) & 0xff;
  }
  return out;
}

/** How many items a mocked stream sends. */
const STREAM_ITEMS = 3;

/**
 * A stream answered as a stream: the items (\`body\` when it is an array, else mock data of the
 * item schema, one seed each) framed as SSE events or NDJSON lines.
 */
function streamed(response: MockResponse, status: number, options: HandlerOptions<number, unknown>): Response {
  const stream = response.stream!;
  const seed = options.seed ?? 1;
  const items: unknown[] = Array.isArray(options.body)
    ? options.body
    : Array.from({ length: STREAM_ITEMS }, (_, index) =>
        stream.itemSchema !== undefined
          ? mockValue(stream.itemSchema, { seed: seed + index, side: 'response' })
          : \`item \${index + 1}\`,
      );
  const encoder = new TextEncoder();
  const frame = (item: unknown) => {
    const data = stream.dataIsJson || typeof item !== 'string' ? JSON.stringify(item) : item;
    return stream.format === 'sse' ? \`data: \${data.split('\\n').join('\\ndata: ')}\\n\\n\` : \`\${data}\\n\`;
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const item of items) controller.enqueue(encoder.encode(frame(item)));
      controller.close();
    },
  });
  return new HttpResponse(body, { status, headers: headersOf(response, seed, response.contentType) });
}

/** The URL a handler matches: its path after the origin (any, unless \`baseURL\` names one). */
function route(options: { baseURL?: string }, path: string | RegExp): string | RegExp {
  const origin = options.baseURL?.replace(/\\/$/, '');
  if (typeof path === 'string') return \`\${origin ?? '*'}\${path}\`;
  const prefix = origin ? origin.replace(/[.*+?^\${}()|[\\]\\\\/]/g, '\\\\$&') : '[^?#]*?';
  return new RegExp(\`^\${prefix}\${path.source}(?:[?#].*)?$\`);
}
`;

/** The methods msw's \`http\` has a function for (another, such as TRACE, is matched by \`http.all\`). */
const MSW_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);

/**
 * The path a handler matches, as code: an msw path pattern (`'/v1/subjects/:subject_id'`) when every
 * parameter is a whole segment with a plain name and the literals hold nothing msw's patterns read
 * as syntax; a RegExp of the path otherwise (`/v1/{name}:cancel`: a parameter then a colon).
 */
function routeOf(template: IrPathTemplate): string {
  const literal = (index: number) => {
    const part = template.parts[index];
    return part && 'literal' in part ? part.literal : undefined;
  };
  const plain = template.parts.every((part, index) =>
    'literal' in part
      ? /^[\w\-./~%]*$/.test(part.literal)
      : /^\w+$/.test(part.param) &&
        (index === 0 || (literal(index - 1)?.endsWith('/') ?? false)) &&
        (index === template.parts.length - 1 || (literal(index + 1)?.startsWith('/') ?? false)),
  );
  if (plain)
    return stringLiteral(
      template.parts.map((part) => ('literal' in part ? part.literal : `:${part.param}`)).join(''),
    );
  const source = template.parts
    .map((part) => ('literal' in part ? part.literal.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&') : '[^/?#]+'))
    .join('');
  return `new RegExp(${stringLiteral(source)})`;
}

/** The status a declared one is answered with: `404` itself, `4XX` as 400, `default` as 500. */
function statusCode(status: string): number {
  if (/^\d{3}$/.test(status)) return Number(status);
  if (/^\dXX$/i.test(status)) return Number(status[0]) * 100;
  return 500;
}

function mockResponse(ir: Ir, response: IrResponse): Record<string, unknown> {
  const media = response.content[0];
  const stream = media?.stream
    ? {
        format: media.kind === 'event-stream' ? 'sse' : 'ndjson',
        dataIsJson: media.kind === 'ndjson' || media.stream.dataIsJson,
        ...(media.stream.dataSchema !== undefined
          ? { itemSchema: standaloneSchema(media.stream.dataSchema, ir) }
          : {}),
      }
    : undefined;
  const required = response.headers.filter((header) => header.required);
  const raw = media?.kind === 'binary' && typeof media.schema === 'object' ? media.schema : undefined;
  const binary =
    media?.kind === 'binary'
      ? {
          ...(typeof raw?.minLength === 'number' ? { minLength: raw.minLength } : {}),
          ...(typeof raw?.maxLength === 'number' ? { maxLength: raw.maxLength } : {}),
        }
      : undefined;
  return {
    ...(response.contentType ? { contentType: response.contentType } : {}),
    ...(stream ? { stream } : {}),
    ...(binary ? { binary } : {}),
    ...(required.length > 0
      ? {
          headers: Object.fromEntries(
            required.map((header) => [
              header.name,
              header.example !== undefined
                ? { example: header.example }
                : { schema: standaloneSchema(header.schema, ir) },
            ]),
          ),
        }
      : {}),
    ...(response.examples.length > 0 ? { example: response.examples[0] } : {}),
    ...(response.schema !== undefined && response.contentType
      ? { schema: standaloneSchema(response.schema, ir) }
      : {}),
  };
}

export function emitMsw(ir: Ir, plan: ClientPlan): { files: GeneratedFile[]; exports: { module: string } } {
  const types = plan.operations.map((operation) => operation.responseType);
  const lines = [
    "import { http, HttpResponse, type HttpHandler } from 'msw';",
    "import { mockValue } from '../mock-data/index.js';",
    "import { jsonBodyOf, queryOf, type QueryParam } from './core/request.js';",
    `import type { ${[...new Set([...types, 'paths'])].sort().join(', ')} } from '../client/src/index.js';`,
    RUNTIME.replace(
      'SPEC_HEADERS',
      JSON.stringify(ir.conventions.specDigestHeader ? { [ir.conventions.specDigestHeader]: ir.digest } : {}),
    ),
  ];
  const names: string[] = [];
  // msw answers with the first handler that answers: one picked by a value of its template before
  // one picked by a parameter's presence, before one that takes any request on its route.
  const ranks = new Map<string, number>();
  const order = (all: string[]) => [...all].sort((a, b) => ranks.get(a)! - ranks.get(b)!);
  // Per method and path whose operations are all picked by a parameter's presence: the last of them.
  const routeKey = (operation: IrOperation) => `${operation.method} ${operation.template.path}`;
  const lastPickedByPresence = new Map<string, string | undefined>();
  for (const { operation } of plan.operations) {
    const key = routeKey(operation);
    const byPresence = operation.template.match !== undefined && operation.template.match.value === undefined;
    if (!byPresence) lastPickedByPresence.set(key, undefined);
    else if (!lastPickedByPresence.has(key) || lastPickedByPresence.get(key) !== undefined)
      lastPickedByPresence.set(key, operation.id);
  }
  for (const operationPlan of plan.operations) {
    const { operation } = operationPlan;
    const name = `${operationPlan.descriptorName}Handler`;
    names.push(name);
    const match = operation.template.match;
    ranks.set(name, !match ? 2 : match.value === undefined ? 1 : 0);
    const responses = Object.fromEntries(
      operation.responses.map((response) => [response.status, mockResponse(ir, response)]),
    );
    const success = operation.successStatus ?? operation.responses[0]?.status ?? '200';
    const query = queryParams(ir, operation);
    const mocks = {
      id: operation.id,
      success: statusCode(success),
      ...(operation.template.match ? { match: operation.template.match } : {}),
      ...(lastPickedByPresence.get(routeKey(operation)) === operation.id ? { fallback: true } : {}),
      responses,
      ...(query.length > 0 ? { query } : {}),
    };
    const statuses = [...new Set(operation.responses.map((response) => statusCode(response.status)))];
    const others = statuses.filter((status) => status !== statusCode(success));
    const route = routeOf(operation.template);
    // A resolver with typed path parameters, where msw's pattern names them (not a RegExp route).
    const params = route.startsWith('new RegExp')
      ? undefined
      : `{ ${operation.template.params.map((param) => `${param}: string`).join('; ')} }`;
    const wire = resolverTypes(operation);
    const optionsType = `(${[
      `HandlerOptions<${statusCode(success)}, ${operationPlan.responseType}>`,
      ...(others.length > 0
        ? [`(HandlerOptions<${others.join(' | ')}, unknown> & { status: ${others.join(' | ')} })`]
        : []),
    ].join(' | ')})${params ? ` & ResolverOption<${params}, ${wire.query}, ${wire.body}>` : ''}`;
    const constant = `${operationPlan.descriptorName}Mocks`;
    const method = MSW_METHODS.has(operation.method) ? operation.method : 'all';
    lines.push(
      `const ${constant}: OperationMocks = ${JSON.stringify(mocks, null, 2)};`,
      '',
      `/** ${operation.method.toUpperCase()} ${operation.path} (${operation.id}): the ${success} response, or the status asked for. */`,
      `export function ${name}(options: ${optionsType} = {}): HttpHandler {`,
      ...(params
        ? [
            `  return http.${method}(route(options, ${route}), async ({ request, params }) =>`,
            '    (options.resolver &&',
            '      (await options.resolver({',
            '        request,',
            `        params: params as ${params},`,
            `        query: queryOf(request.url, ${constant}.query ?? []) as ${wire.query},`,
            wire.body === 'undefined'
              ? '        body: undefined,'
              : `        body: (await jsonBodyOf(request)) as ${wire.body} | undefined,`,
            '      }))) ??',
            `    answer(${constant}, options as HandlerOptions<number, unknown>, request),`,
          ]
        : [
            `  return http.${method}(route(options, ${route}), ({ request }) =>`,
            `    answer(${constant}, options as HandlerOptions<number, unknown>, request),`,
          ]),
      '  );',
      '}',
      '',
    );
  }
  lines.push(
    '/** One handler per operation, each answering its success response (the options apply to each). */',
    'export function createHandlers(',
    "  options: Pick<HandlerOptions<number, unknown>, 'seed' | 'useExample' | 'baseURL'> = {},",
    '): HttpHandler[] {',
    `  return [${order(names)
      .map((name) => `${name}(options)`)
      .join(', ')}];`,
    '}',
    '',
    '/** One handler per operation, each answering its success response: `setupServer(...handlers)`. */',
    'export const handlers: HttpHandler[] = createHandlers();',
    '',
  );
  return {
    files: [...RUNTIME_FILES, { path: 'msw/index.ts', content: lines.join('\n') }],
    exports: { module: 'msw/index.ts' },
  };
}

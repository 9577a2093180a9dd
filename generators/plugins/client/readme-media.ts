/**
 * The client README's sections on files and streams, for a spec that has them: an upload
 * (multipart with a file, else a binary body), a download (a binary response) and an event stream
 * (or NDJSON), each a block that runs as written (tests run them against the spec's server stubs).
 */
import type { Ir, JsonSchema } from '../../core/ir.js';
import { sdkShape } from '../../sdk-shape/index.js';
import { drawValue } from '../../core/values/draw.js';
import { propertyPaths, type ClientPlan, type OperationPlan } from './plan.js';

function literal(value: unknown): string {
  return JSON.stringify(value);
}

/** A plain valid value a call may send (the value generator's minimal one, readOnly properties left out). */
function sample(ir: Ir, schema: JsonSchema): unknown {
  return drawValue(ir.model.node(schema), { mode: 'minimal', side: 'request' });
}

/** `client.a.b.method(pathArgs…, ` with sample path arguments, by the client's property names. */
function callHead(ir: Ir, client: ClientPlan, plan: OperationPlan): string {
  const byName = new Map(plan.operation.parameters.path.map((param) => [param.name, param]));
  const args = plan.pathArgs.map((arg) =>
    literal(sample(ir, byName.get(arg.param)?.schema ?? { type: 'string' })),
  );
  const resource = propertyPaths(client.root)(plan.shape.resource);
  return `client.${[...resource, plan.methodName].join('.')}(${args.map((arg) => `${arg}, `).join('')}`;
}

/** The required query, header and cookie parameters with sample values. */
function requiredParams(ir: Ir, plan: OperationPlan): Record<string, unknown> {
  const { parameters } = plan.operation;
  const required = [
    ...parameters.query,
    ...parameters.header.filter((param) => param.name !== plan.operation.idempotencyHeader),
    ...parameters.cookie,
  ].filter((param) => param.required);
  return Object.fromEntries(required.map((param) => [param.name, sample(ir, param.schema)]));
}

function objectLiteral(entries: Array<[string, string]>): string {
  const entry = ([key, value]: [string, string]) =>
    key === value ? key : `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : literal(key)}: ${value}`;
  return entries.length === 0 ? '{}' : `{ ${entries.map(entry).join(', ')} }`;
}

function uploadBlock(ir: Ir, client: ClientPlan, head: string[]): string[] | undefined {
  const multipart = client.operations.find(
    (plan) =>
      plan.bodies[0]?.media.kind === 'multipart' &&
      plan.bodies[0].media.parts?.some((part) => part.shape === 'file' || part.shape === 'files'),
  );
  if (multipart) {
    const variant = multipart.bodies[0];
    const parts = variant.media.parts!;
    const fields: Array<[string, string]> = parts
      .filter((part) => part.required || part.shape === 'file' || part.shape === 'files')
      .map((part) => [
        part.name,
        part.shape === 'file'
          ? 'file'
          : part.shape === 'files'
            ? '[file]'
            : literal(sample(ir, part.schema as JsonSchema)),
      ]);
    const params = Object.entries(requiredParams(ir, multipart)).map(([key, value]): [string, string] => [
      key,
      literal(value),
    ]);
    const body =
      variant.mode === 'merged'
        ? objectLiteral([...params, ...fields])
        : objectLiteral([...params, ['body', objectLiteral(fields)]]);
    return [
      ...head.map((line) => line.replace('{ CLIENT }', `{ ${client.clientName}, toFile }`)),
      "const file = await toFile(new TextEncoder().encode('hello'), 'hello.txt', { type: 'text/plain' });",
      `const result = await ${callHead(ir, client, multipart)}${body});`,
      'console.log(result);',
    ];
  }
  const binary = client.operations.find((plan) => plan.bodies[0]?.media.kind === 'binary');
  if (!binary) return undefined;
  const params = Object.entries(requiredParams(ir, binary)).map(([key, value]): [string, string] => [
    key,
    literal(value),
  ]);
  return [
    ...head.map((line) => line.replace('{ CLIENT }', `{ ${client.clientName} }`)),
    `const result = await ${callHead(ir, client, binary)}${objectLiteral([...params, ['body', "new Blob(['hello'])"]])});`,
    'console.log(result);',
  ];
}

function downloadBlock(ir: Ir, client: ClientPlan, head: string[]): string[] | undefined {
  const download = client.operations.find(
    (plan) => plan.responses[0]?.media.kind === 'binary' && plan.bodies.length === 0,
  );
  if (!download) return undefined;
  const params = Object.entries(requiredParams(ir, download)).map(([key, value]): [string, string] => [
    key,
    literal(value),
  ]);
  const args = params.length > 0 ? objectLiteral(params) : '';
  return [
    ...head.map((line) => line.replace('{ CLIENT }', `{ ${client.clientName} }`)),
    `const response = await ${callHead(ir, client, download)}${args});`,
    'const bytes = new Uint8Array(await response.arrayBuffer());',
    "console.log(response.headers.get('content-type'), bytes.length);",
  ];
}

function streamBlock(ir: Ir, client: ClientPlan, head: string[]): string[] | undefined {
  const events = client.operations.find(
    (plan) => plan.responses[0]?.media.kind === 'event-stream' && plan.bodies.length === 0,
  );
  const records = client.operations.find(
    (plan) => plan.responses[0]?.media.kind === 'ndjson' && plan.bodies.length === 0,
  );
  const chosen = events ?? records;
  if (!chosen) return undefined;
  const params = Object.entries(requiredParams(ir, chosen)).map(([key, value]): [string, string] => [
    key,
    literal(value),
  ]);
  const call = `${callHead(ir, client, chosen)}${objectLiteral(params)}, { signal: AbortSignal.timeout(60_000) })`;
  return [
    ...head.map((line) => line.replace('{ CLIENT }', `{ ${client.clientName} }`)),
    `const stream = await ${call};`,
    events
      ? "for await (const event of stream) console.log(event.event ?? 'message', event.id, event.data);"
      : 'for await (const record of stream) console.log(record);',
  ];
}

/** The README lines; none for a spec without files or streams. */
export function mediaReadme(ir: Ir, client: ClientPlan): string[] {
  const names = sdkShape(ir).names;
  const head = [
    `import { CLIENT } from '${names.packageName}';`,
    '',
    `const client = new ${client.clientName}();`,
  ];
  const upload = uploadBlock(ir, client, head);
  const download = downloadBlock(ir, client, head);
  const stream = streamBlock(ir, client, head);
  if (!upload && !download && !stream) return [];
  const lines = ['## Files and streams', ''];
  if (upload) {
    lines.push(
      'Files go up as `Blob`, `File`, `Uint8Array`/`ArrayBuffer` or a `ReadableStream`; `toFile(bytes, name, { type })` names and types them, and in Node `fs.openAsBlob(path)` sends a file without reading it into memory.',
      "Multipart bodies are written by the client (text exactly as given, JSON parts, each part's own headers through `withPartHeaders`); never set their Content-Type yourself.",
      '',
      '```ts',
      ...upload,
      '```',
      '',
    );
  }
  if (download)
    lines.push(
      'A binary response is returned as the `Response` itself, nothing read yet: `.arrayBuffer()`, `.blob()`, or `.body` to stream it.',
      '',
      '```ts',
      ...download,
      '```',
      '',
    );
  if (stream) {
    lines.push(
      "An event stream (or NDJSON) is a `Stream` you iterate with `for await`; each server-sent event keeps its `event`, `id` and `retry`, and its `data` is parsed when the spec says it is JSON. Leaving the loop, `stream.abort()` or the call's `signal` closes the connection; an operation that accepts `Last-Event-ID` resumes a dropped stream from the last event it got.",
      '',
      '```ts',
      ...stream,
      '```',
      '',
    );
  }
  return lines;
}

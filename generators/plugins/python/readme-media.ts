/**
 * The Python README's sections on uploads, downloads and event streams, each built from the first
 * operation of the spec that has one (a multipart body with a file, a binary response, an event
 * stream or NDJSON) and left out for a spec without any. Argument values come from the spec's
 * examples, else drawn from the schema by the value generator (its example mode), so each block
 * runs as written; test/e2e/generators/plugins/python/media.test.ts runs them on the media fixture's SDK.
 */
import type { Ir, IrMedia } from '../../core/ir.js';
import { pyString } from './naming.js';
import type { Argument, MethodPlan, PythonPlan, ResourcePlan } from './plan.js';
import { sampleSource } from './values.js';

function chainOf(plan: PythonPlan, method: MethodPlan): string {
  const find = (node: ResourcePlan, path: string[]): string[] | undefined => {
    if (node.methods.includes(method)) return path;
    for (const child of node.children) {
      const found = find(child, [...path, child.attribute]);
      if (found) return found;
    }
    return undefined;
  };
  return ['client', ...(find(plan.root, []) ?? [])].join('.');
}

/** The call's arguments: required parameters and body fields from `given`, others sampled; `extra` appended. */
function callArguments(
  ir: Ir,
  method: MethodPlan,
  args: Argument[],
  given: Map<string, string>,
  uses: Set<string>,
  extra: string[] = [],
): string {
  const positional = method.params
    .filter((arg) => arg.location === 'path')
    .map((arg) => sampleSource(ir, arg.schema, uses));
  const keywords = [
    ...method.params.filter((arg) => arg.location !== 'path' && arg.required),
    ...args.filter((arg) => arg.required || given.has(arg.name)),
  ];
  const named = keywords.map(
    (arg) => `${arg.name}=${given.get(arg.name) ?? sampleSource(ir, arg.schema, uses)}`,
  );
  return [...positional, ...named, ...extra].join(', ');
}

function header(uses: Set<string>, pkg: string, client: string): string {
  const imports = [...uses].sort();
  return `${imports.length > 0 ? `${imports.join('\n')}\n\n` : ''}from ${pkg} import ${client}\n\nclient = ${client}()`;
}

function uploadSection(ir: Ir, plan: PythonPlan, pkg: string, client: string): string | undefined {
  for (const method of plan.methods) {
    const variant = method.requests.find(
      (request) =>
        request.media.kind === 'multipart' &&
        request.args.some((arg) => arg.part?.shape === 'file' || arg.part?.shape === 'files'),
    );
    if (!variant || method.operation.pagination) continue;
    const file = variant.args.find((arg) => arg.part?.shape === 'file' || arg.part?.shape === 'files')!;
    const many = file.part?.shape === 'files';
    const choose =
      variant === method.requests[0] ? [] : [`${method.contentTypeArg}=${pyString(variant.media.mediaType)}`];
    const uses = new Set<string>(['import tempfile']);
    const call = `${chainOf(plan, method)}.${method.name}`;
    const streamed = callArguments(
      ir,
      method,
      variant.args,
      new Map([[file.name, many ? '[file]' : 'file']]),
      uses,
      choose,
    );
    const tuple = `("scan.png", b"\\x89PNG\\r\\n", "image/png")`;
    const inMemory = callArguments(
      ir,
      method,
      variant.args,
      new Map([[file.name, many ? `[${tuple}]` : tuple]]),
      uses,
      choose,
    );
    return `## Uploads

Files in a \`multipart/form-data\` body are a file object opened in binary mode (streamed as the
request is sent, never read whole), \`bytes\`, or a tuple \`(filename, content[, content_type[, headers]])\`;
arrays of files are lists. The SDK writes the body and its boundary; objects go as JSON parts,
and \`with_part_headers(value, {...})\` gives a part headers of its own. A body sent from a file
object is rewound for a retry; one from an iterator is sent once and not retried.

\`\`\`python
${header(uses, pkg, client)}
with tempfile.TemporaryFile() as file:  # or open("scan.png", "rb")
    file.write(b"file content")
    file.seek(0)
    result = ${call}(${streamed})
print(result)

result = ${call}(${inMemory})
print(result)
\`\`\``;
  }
  return undefined;
}

function downloadSection(ir: Ir, plan: PythonPlan, pkg: string, client: string): string | undefined {
  for (const method of plan.methods) {
    const media = method.responses.find((candidate) => candidate.kind === 'binary');
    if (
      !media ||
      method.operation.pagination ||
      method.requests.some((request) => request.args.some((arg) => arg.required))
    )
      continue;
    const uses = new Set<string>();
    const choose = media === method.responses[0] ? [] : [`${method.acceptArg}=${pyString(media.mediaType)}`];
    const args = callArguments(ir, method, [], new Map(), uses, choose);
    const chain = chainOf(plan, method);
    const streaming = `${chain}.with_streaming_response.${method.name}`;
    return `## Downloads

A binary response (here ${media.mediaType}) is returned as \`bytes\`. To stream it instead, call the
method through \`.with_streaming_response\`: the response comes back before its body is read,
\`iter_bytes()\` gives the body as it arrives, and leaving the \`with\` block closes the connection.

\`\`\`python
${header(uses, pkg, client)}
with ${streaming}(${args}) as response:
    print(response.status_code, response.headers.get("content-type"))
    with open("download.bin", "wb") as out:
        for chunk in response.iter_bytes():
            out.write(chunk)

data = ${chain}.${method.name}(${args})
print(len(data), "bytes")
\`\`\``;
  }
  return undefined;
}

function streamSection(ir: Ir, plan: PythonPlan, pkg: string, client: string): string | undefined {
  const streamOf = (method: MethodPlan, kind: IrMedia['kind']) =>
    method.responses.find((media) => media.kind === kind);
  const events = plan.methods.find(
    (method) =>
      streamOf(method, 'event-stream') &&
      !method.requests.some((request) => request.args.some((arg) => arg.required)),
  );
  const records = plan.methods.find(
    (method) =>
      streamOf(method, 'ndjson') &&
      !method.requests.some((request) => request.args.some((arg) => arg.required)),
  );
  if (!events && !records) return undefined;
  const blocks: string[] = [];
  const uses = new Set<string>();
  if (events) {
    const media = streamOf(events, 'event-stream')!;
    const choose = media === events.responses[0] ? [] : [`${events.acceptArg}=${pyString(media.mediaType)}`];
    const resumes = events.operation.parameters.header.some((param) => /^last-event-id$/i.test(param.name));
    blocks.push(`with ${chainOf(plan, events)}.${events.name}(${callArguments(ir, events, [], new Map(), uses, choose)}) as events:${resumes ? '  # reconnects with Last-Event-ID if the connection drops' : ''}
    for event in events:
        print(event.event, event.id, event.data)`);
  }
  if (records) {
    const media = streamOf(records, 'ndjson')!;
    const choose =
      media === records.responses[0] ? [] : [`${records.acceptArg}=${pyString(media.mediaType)}`];
    blocks.push(`for record in ${chainOf(plan, records)}.${records.name}(${callArguments(ir, records, [], new Map(), uses, choose)}):
    print(record)`);
  }
  return `## Event streams

A \`text/event-stream\` response is a \`Stream\` of \`ServerSentEvent\`s, read as they arrive: each keeps
\`event\`, \`id\` and \`retry\`, and its \`data\` is parsed and typed when the spec gives its schema
(OAS 3.2 \`itemSchema\`, or \`x-item-schema\` in 3.0 and 3.1). When the operation takes a
\`Last-Event-ID\` header and the connection drops mid-stream, the SDK reconnects (after the
server's \`retry\`, at most \`max_retries\` times in a row) and resumes after the last event it saw.
NDJSON (\`application/x-ndjson\`, \`application/jsonl\`) is a \`Stream\` of typed records. Leaving
the loop early or the \`with\` block closes the connection.

\`\`\`python
${header(uses, pkg, client)}
${blocks.join('\n\n')}
\`\`\``;
}

/** The README sections on uploads, downloads and event streams this spec has operations for. */
export function mediaSections(ir: Ir, plan: PythonPlan, pkg: string, client: string): string[] {
  return [
    uploadSection(ir, plan, pkg, client),
    downloadSection(ir, plan, pkg, client),
    streamSection(ir, plan, pkg, client),
  ].filter((section): section is string => section !== undefined);
}

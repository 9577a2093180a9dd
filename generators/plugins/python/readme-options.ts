/**
 * The Python README's sections on running the SDK in production: installing offline, every
 * client option, per-call option and environment variable with its default (tables), logging,
 * timeouts, `with_options` and the `extra_*` escape hatches, the asyncio client, proxies and
 * transports, and the operations and arguments the spec deprecates. The ```python blocks run as
 * tests against the reference service (test/e2e/generators/plugins/python/sdk.test.ts); a block
 * whose call the spec cannot supply (no list, no call without arguments) is left out.
 */
import { authText, pageSizeArgument, retryPolicySource, sdkShape } from '../../sdk-shape/index.js';
import type { Ir } from '../../core/ir.js';
import { clientCall, methodChain, type MethodPlan, type PythonPlan } from './plan.js';

/** A call that needs no arguments and answers JSON (e.g. a health check), for the blocks that need any call. */
function argumentFreeCall(plan: PythonPlan): MethodPlan | undefined {
  const free = (method: MethodPlan) =>
    method.operation.method === 'get' &&
    !method.params.some((arg) => arg.required) &&
    method.requests.length === 0 &&
    method.responses.every((media) => media.kind === 'json') &&
    !method.operation.deprecated;
  return (
    plan.methods.find((method) => free(method) && !method.operation.pagination) ?? plan.methods.find(free)
  );
}

export function pagedList(plan: PythonPlan): MethodPlan | undefined {
  return plan.methods.find(
    (method) =>
      method.operation.pagination &&
      !method.params.some((arg) => arg.required) &&
      !method.operation.deprecated,
  );
}

/**
 * The keyword that sets a list's page size in an example, `limit=10` (`wanted` kept within the
 * parameter's bounds); empty when the list has no page-size parameter the method takes.
 */
export function sizeKeyword(ir: Ir, method: MethodPlan, wanted: number): string {
  const size = pageSizeArgument(ir, method.operation, wanted);
  const arg =
    size &&
    method.params.find((candidate) => candidate.wire === size.param && candidate.location === 'query');
  return arg ? `${arg.name}=${size.value}` : '';
}

/** What the base_url row adds when some operations declare servers of their own (they keep theirs). */
function ownServers(ir: Ir): string {
  const own = sdkShape(ir).operations.filter((shape) => shape.baseUrl);
  if (own.length === 0) return '';
  const listed = own
    .slice(0, 3)
    .map(
      (shape) =>
        `\`${shape.operation.method.toUpperCase()} ${shape.operation.path}\` → ${shape.baseUrl === shape.resolvedBaseUrl ? shape.baseUrl : `${shape.baseUrl}, relative to the base URL`}`,
    )
    .join(', ');
  return ` Not for ${own.length === 1 ? 'the operation' : `the ${own.length} operations`} with servers of ${own.length === 1 ? 'its' : 'their'} own (${listed}${own.length > 3 ? ', …' : ''}): those keep theirs; pass \`base_url=\` to such a call to send it elsewhere.`;
}

/** The tables of options and environment variables, with their defaults. */
function optionsSection(ir: Ir, plan: PythonPlan): string {
  const c = { ...ir.conventions, ...sdkShape(ir).names };
  const client = plan.clientClass;
  const rows: Array<[string, string, string]> = [
    [
      '`api_key`',
      `\`$${c.envPrefix}_API_KEY\``,
      `The key${c.keyPrefixes.length > 0 ? ' (its prefix sets `client.environment`)' : ''}, ${authText(sdkShape(ir).auth, { sendsCsrf: false })}.`,
    ],
    [
      '`base_url`',
      `\`$${c.envPrefix}_BASE_URL\`, else \`${sdkShape(ir).baseUrl}\``,
      `Where the API lives.${ownServers(ir)}`,
    ],
    [
      '`max_retries`',
      `${c.retryPolicy.maxRetries} (${retryPolicySource(ir)})`,
      'Retries after the first attempt.',
    ],
    [
      '`timeout`',
      '60.0',
      'Seconds for one attempt of a call, whole: connecting, sending, and reading the entire answer (every read waits at most what is left).',
    ],
    [
      '`stream_idle_timeout`',
      '60.0',
      'Seconds an event stream, NDJSON stream or `.with_streaming_response` download may go without data (it has no overall limit).',
    ],
    [
      '`max_retry_wait`',
      '60.0',
      'The longest wait a server may ask for (`retry-after-ms`, `Retry-After`) that is waited out; a longer one raises at once, the wait in `error.retry_after`.',
    ],
    ['`default_headers`', 'none', 'Headers sent with every call.'],
    ['`default_query`', 'none', 'Query parameters sent with every call.'],
    ...(ir.webhooks
      ? [
          [
            '`webhook_secret`',
            `\`$${c.envPrefix}_WEBHOOK_SECRET\``,
            'The signing secret `client.webhooks` verifies with.',
          ] as [string, string, string],
        ]
      : []),
    [
      '`log_level`',
      `\`$${c.envPrefix}_LOG\`, else the \`logging\` configuration`,
      '`"debug"`, `"info"`, `"warn"`, `"error"` or `"off"` (see Logging).',
    ],
    [
      '`logger`',
      `\`logging.getLogger("${plan.packageName}")\``,
      'The standard-library logger the client logs to.',
    ],
    [
      '`transport`',
      '`HTTPTransport()` (`AsyncHTTPTransport()`)',
      'What sends the requests (see Proxies and transports).',
    ],
  ];
  const calls: Array<[string, string, string]> = [
    ['`timeout`, `max_retries`, `max_retry_wait`', "the client's", 'As the client options, for this call.'],
    ['`extra_headers`', 'none', "Headers added to (or replacing) the call's own."],
    ['`extra_query`', 'none', "Query parameters added to the call's own (on every page of a list)."],
    [
      '`extra_body`',
      'none',
      'Fields added to an object body (JSON, form or multipart), for fields this SDK does not know yet.',
    ],
    ['`idempotency_key`', 'a new UUID per call, kept across its retries', 'Where the operation takes one.'],
  ];
  const env: Array<[string, string]> = [
    [`${c.envPrefix}_API_KEY`, '`api_key`'],
    [`${c.envPrefix}_BASE_URL`, '`base_url`'],
    ...(ir.webhooks ? [[`${c.envPrefix}_WEBHOOK_SECRET`, '`webhook_secret`'] as [string, string]] : []),
    [
      `${c.envPrefix}_LOG`,
      '`log_level`: `debug`, `info`, `warn`, `error` or `off`; anything else is refused when the client is made',
    ],
    [
      '`HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY` (or lower case)',
      'The proxy for https and http URLs, and the hosts that bypass it (see Proxies and transports)',
    ],
    ['`SSL_CERT_FILE`', "The CA bundle TLS connections trust, instead of the system's (OpenSSL reads it)"],
  ];
  const table = (head: string, body: string[][]) =>
    [head, head.replace(/[^|]+/g, '---'), ...body.map((row) => `| ${row.join(' | ')} |`)].join('\n');
  return `## Options

Every option of \`${client}(...)\` and \`${plan.asyncClientClass}(...)\`, and of \`client.with_options(...)\` (all but \`transport\`):

${table('| Option | Default | What it is |', rows)}

Every method also takes these keyword arguments, for that call only:

${table('| Argument | Default | What it is |', calls)}

Environment variables the client reads (an argument given in code wins):

${table(
  '| Variable | Sets |',
  env.map(([name, sets]) => [name.startsWith('`') ? name : `\`${name}\``, sets]),
)}`;
}

function loggingSection(ir: Ir, plan: PythonPlan): string | undefined {
  const call = argumentFreeCall(plan);
  if (!call) return undefined;
  const c = { ...ir.conventions, ...sdkShape(ir).names };
  return `## Logging

The client logs through the standard \`logging\` module, to the logger named \`${plan.packageName}\`.
\`${c.envPrefix}_LOG=debug\` (or \`log_level="debug"\`) turns it on without any logging set up (records go
to stderr); with neither, your logging configuration decides, as for any library. \`debug\` logs each
attempt: method, path, headers, status, request ID, elapsed time, and whether and when it is retried;
\`info\` each retry; \`warn\` a call that gives up on a retryable status or a wait longer than
\`max_retry_wait\`; \`error\` a call that got no answer. The Authorization header, API keys (header,
query or cookie), cookies, proxy credentials and webhook secrets are never logged: their values are
\`[redacted]\` before a record is made. A logger (or a filter or handler) that raises makes the call
raise \`LoggerError\`, the logger's exception attached as its cause.

\`\`\`python
import logging

from ${plan.packageName} import ${plan.clientClass}

records: list[str] = []


class Keep(logging.Handler):
    def emit(self, record: logging.LogRecord) -> None:
        records.append(record.getMessage())


logging.getLogger("${plan.packageName}").addHandler(Keep())
client = ${plan.clientClass}(log_level="debug")
${clientCall(plan, call)}()
print("\\n".join(records))
\`\`\``;
}

function withOptionsSection(ir: Ir, plan: PythonPlan): string | undefined {
  const call = pagedList(plan) ?? argumentFreeCall(plan);
  if (!call) return undefined;
  const chain = methodChain(plan, call).join('.');
  const size = call.operation.pagination ? sizeKeyword(ir, call, 1) : '';
  const limit = size ? `${size}, ` : '';
  return `## \`with_options\` and per-call extras

\`client.with_options(...)\` returns a client with some defaults changed that shares this one's
connection pool (closing either closes the pool's idle connections). \`extra_headers\`,
\`extra_query\` and \`extra_body\` add to a single call what this SDK does not know about yet, such as a
parameter the API gained after the SDK was generated.

\`\`\`python
from ${plan.packageName} import ${plan.clientClass}

client = ${plan.clientClass}()
patient = client.with_options(timeout=120.0, max_retries=5, default_headers={"X-Team": "research"})
print(patient.timeout, patient.max_retries, client.timeout)
result = patient.${chain}(${limit}extra_headers={"X-Trace": "readme"}, max_retry_wait=5.0)
print(type(result).__name__)
\`\`\``;
}

function asyncSection(ir: Ir, plan: PythonPlan): string | undefined {
  const list = pagedList(plan);
  const call = list ?? argumentFreeCall(plan);
  if (!call) return undefined;
  const chain = methodChain(plan, call).join('.');
  const limit = list ? sizeKeyword(ir, list, 2) : '';
  const body = list
    ? `        async for item in client.${chain}(${limit}):
            print(item)
        first = await client.${chain}(${limit})
        print(len(first.data), ${list.operation.pagination?.style === 'cursor' ? 'first.has_more' : 'first.has_next_page()'})
        raw = await client.with_raw_response.${chain}(${limit})
        print(raw.status_code, raw.request_id)`
    : `        print(await client.${chain}())
        raw = await client.with_raw_response.${chain}()
        print(raw.status_code, raw.request_id)`;
  return `## asyncio

\`${plan.asyncClientClass}\` has the same resources, arguments, options, errors, retries and webhooks;
every method is awaited. Lists are \`async for\`-able (or \`await\` them for the first page), event
streams and NDJSON are \`AsyncStream\`s (\`async for\`, \`async with\`), \`.with_raw_response\` and
\`.with_streaming_response\` (\`async with\`) work as in the sync client. It runs on asyncio streams and
\`ssl\` from the standard library and keeps connections open for reuse; \`async with\` (or \`await
client.close()\`) closes them.

\`\`\`python
import asyncio

from ${plan.packageName} import ${plan.asyncClientClass}


async def main() -> None:
    async with ${plan.asyncClientClass}() as client:
${body}


asyncio.run(main())
\`\`\``;
}

function networkSection(plan: PythonPlan): string {
  const call = argumentFreeCall(plan) ?? pagedList(plan);
  const block = call
    ? `

\`\`\`python
from ${plan.packageName} import HTTPTransport, ${plan.clientClass}, RawResponse, TransportRequest


class Counting(HTTPTransport):
    """The standard transport, counting what it sends."""

    sent = 0

    def send(self, request: TransportRequest) -> RawResponse:
        Counting.sent += 1
        return super().send(request)


client = ${plan.clientClass}(transport=Counting())
${clientCall(plan, call)}()
print("requests sent:", Counting.sent)
\`\`\``
    : '';
  return `## Proxies and transports

\`HTTPS_PROXY\` and \`HTTP_PROXY\` (or lower case) name an \`http://[user:password@]host:port\` proxy for
https and http URLs; \`NO_PROXY\` lists hosts (\`example.com\`, \`.example.com\`, \`127.0.0.1\`, \`*\`) that are
reached directly. https goes through the proxy in a CONNECT tunnel, so the proxy sees neither the
key nor the request. A proxy that refuses the tunnel or the connection raises \`ProxyError\` (an
\`APIConnectionError\`, not retried). \`HTTPTransport(proxy="http://...")\` sets the proxy in code and
\`HTTPTransport(trust_env=False)\` ignores the environment; \`ssl_context=\` replaces TLS verification.

\`transport=\` takes anything with \`send(request: TransportRequest) -> RawResponse\` and \`close()\`
(\`AsyncTransport\` with async ones for \`${plan.asyncClientClass}\`): to record, instrument, or fake the
network in tests. A transport that raises, or returns something that is not a response, makes the
call raise \`APIConnectionError\` with the transport's exception as its cause.${block}`;
}

function deprecationSection(plan: PythonPlan): string | undefined {
  const lines: string[] = [];
  for (const method of plan.methods) {
    const args = [...method.params, ...method.requests.flatMap((variant) => variant.args)].filter(
      (arg, index, all) => arg.deprecated && all.findIndex((other) => other.name === arg.name) === index,
    );
    // Found by a walk of the resource tree: only for what is listed.
    if (!method.operation.deprecated && args.length === 0) continue;
    const where = `\`${clientCall(plan, method)}()\``;
    if (method.operation.deprecated)
      lines.push(`- ${where} (\`${method.operation.method.toUpperCase()} ${method.operation.path}\`)`);
    for (const arg of args) lines.push(`- the argument \`${arg.name}\` of ${where}`);
  }
  if (lines.length === 0) return undefined;
  return `## Deprecated

The API marks these deprecated. Each warns once per process with a \`DeprecationWarning\` at your
call (shown by default in \`__main__\`, and by test runners); their docstrings say so too.

${lines.join('\n')}`;
}

/** The README sections on options, logging, `with_options`, asyncio, networking and deprecations. */
export function productionSections(ir: Ir, plan: PythonPlan): string[] {
  return [
    optionsSection(ir, plan),
    loggingSection(ir, plan),
    withOptionsSection(ir, plan),
    asyncSection(ir, plan),
    networkSection(plan),
    deprecationSection(plan),
  ].filter((section): section is string => section !== undefined);
}

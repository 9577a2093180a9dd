/**
 * The Python package's README. Its ```python blocks are built from the spec's own examples and are
 * executed, each on its own: our spec's against the reference service
 * (test/e2e/generators/plugins/python/sdk.test.ts), the media fixture's uploads, downloads and
 * event streams (readme-media.ts) against a server of its own (media.test.ts there). A block that
 * cannot be built for a spec (no example body, no paged list, no upload) is left out, never faked.
 * Every block also passes pyright strict on public specs (Train Travel, Scalar Galaxy) and ours:
 * test/e2e/generators/readme-blocks-public-specs.test.ts.
 */
import { pagingText, retryPolicySource, sdkShape, statusErrorsText } from '../../sdk-shape/index.js';
import type { Ir } from '../../core/ir.js';
import { clientCall, clientResource, type MethodPlan, type PythonPlan } from './plan.js';
import { mediaSections } from './readme-media.js';
import { pagedList, productionSections, sizeKeyword } from './readme-options.js';
import type { TypeNames } from './type-names.js';
import { notFoundSource, pythonExample } from './values.js';

/** Keyword arguments for a call from the body's first example; undefined when the spec gives none. */
function exampleArguments(ir: Ir, method: MethodPlan): string | undefined {
  const body = method.operation.body;
  const example = body?.examples[0];
  const variant = method.requests[0];
  if (
    !body ||
    example === undefined ||
    variant?.mode !== 'merged' ||
    variant.media.kind !== 'json' ||
    !example ||
    typeof example !== 'object'
  )
    return undefined;
  const args = variant.args.filter((arg) => (example as Record<string, unknown>)[arg.wire] !== undefined);
  return args
    .map(
      (arg) =>
        `    ${arg.name}=${pythonExample(ir, (example as Record<string, unknown>)[arg.wire], arg.schema)},`,
    )
    .join('\n');
}

/** Where the opening says whether examples follow (decided once the sections are made). */
const EXAMPLES_NOTE = '\u0000examples\u0000';

export function readmeFile(ir: Ir, plan: PythonPlan, _names: TypeNames): string {
  const c = { ...ir.conventions, ...sdkShape(ir).names };
  const client = plan.clientClass;
  const pkg = plan.packageName;
  const keyEnv = `${c.envPrefix}_API_KEY`;
  const urlEnv = `${c.envPrefix}_BASE_URL`;
  const topLevel = (method: MethodPlan) => !method.params.some((arg) => arg.location === 'path');
  const create = plan.methods.find(
    (method) =>
      method.operation.method === 'post' && topLevel(method) && exampleArguments(ir, method) !== undefined,
  );
  // A list the examples call with no argument they cannot know (path parameters are required).
  const list = pagedList(plan);
  const onlyPathArg = (method: MethodPlan) => {
    const path = method.params.filter((arg) => arg.location === 'path');
    return path.length === 1 && !method.params.some((arg) => arg.required && arg.location !== 'path')
      ? path[0]
      : undefined;
  };
  const pathExample = (method: MethodPlan) => {
    const arg = onlyPathArg(method);
    return (
      arg &&
      notFoundSource(
        ir,
        arg.schema,
        method.operation.parameters.path.find((param) => param.name === arg.wire)?.example,
      )
    );
  };
  const retrieve = plan.methods.find(
    (method) =>
      method.operation.method === 'get' && !method.operation.pagination && pathExample(method) !== undefined,
  );
  const sections: string[] = [];

  sections.push(`# ${ir.info.title}: Python client

\`${pkg}\` is the Python client for ${ir.info.title} ${ir.info.version}, generated from the OpenAPI document. It needs
Python 3.9 or newer and nothing outside the standard library. ${EXAMPLES_NOTE}

\`\`\`sh
pip install ./python      # the folder holding this README, in the generator's output (or put it on PYTHONPATH)
\`\`\`

The package builds with its own standard-library build backend (\`_build.py\`), so it installs on a
machine without network access or setuptools: \`pip install --no-index ./python\` (in a
virtual environment, or with \`--target DIR\`). Its changes since the API's last release are in
\`CHANGELOG.md\`.

## Usage

The client reads the key from \`${keyEnv}\` (or \`api_key=...\`) and the address from \`${urlEnv}\`
(or \`base_url=...\`). Resources are attributes, arguments are keywords, results are typed
(\`TypedDict\`s; date-times are \`datetime\`s and dates \`date\`s, sent in the form the spec requires). Parameters are
sent as the spec's \`style\` and \`explode\` say; cookie parameters go in a \`Cookie\` header, and a
\`Cookie\` given in \`extra_headers\` is kept after them. Where an operation takes several request
media types, JSON is the default and \`content_type=\` picks another; where it answers several,
\`accept=\` picks one (each typed).`);

  if (create) {
    const call = clientCall(plan, create);
    const example = exampleArguments(ir, create)!;
    const datetimeNames = [
      ...(/\bdate\(/.test(example) ? ['date'] : []),
      ...(/\bdatetime\(/.test(example) ? ['datetime', 'timezone'] : []),
    ];
    sections.push(`\`\`\`python
${datetimeNames.length > 0 ? `from datetime import ${datetimeNames.join(', ')}\n\n` : ''}from ${pkg} import ${client}

client = ${client}()  # api_key from $${keyEnv}
created = ${call}(
${exampleArguments(ir, create)}
)
print(created)
\`\`\``);
  }
  if (
    list?.operation.pagination?.style === 'cursor' &&
    plan.methods.every(
      (method) => !method.operation.pagination || method.operation.pagination.style === 'cursor',
    )
  ) {
    const call = clientCall(plan, list);
    const limit = sizeKeyword(ir, list, 10);
    sections.push(`Lists page by cursor. Iterating a page walks every item of every following page; \`has_more\`
and \`next_page()\` are there to page by hand.

\`\`\`python
from ${pkg} import ${client}

client = ${client}()
for item in ${call}(${limit}):
    print(item)

first = ${call}(${limit})
print(len(first.data), first.has_more)
if first.has_next_page():
    print(first.next_page().data)
\`\`\``);
  } else if (plan.methods.some((method) => method.operation.pagination)) {
    sections.push(pagingSection(ir, plan, pkg, client));
  }
  if (retrieve) {
    const call = clientCall(plan, retrieve);
    sections.push(`## Errors

Each failure is its own class: ${statusErrorsText({ RateLimitError: 'with `retry_after`' })},
all \`APIStatusError\`s with \`status_code\`, \`code\`, \`param\`, \`request_id\` and \`headers\`; \`APIConnectionError\`
and \`APITimeoutError\` when no answer came.

\`\`\`python
from ${pkg} import APIStatusError, NotFoundError, ${client}

client = ${client}()
try:
    ${call}(${pathExample(retrieve)})
except NotFoundError as error:
    print("not found:", error.code, error.request_id)
except APIStatusError as error:
    print(error.status_code, error)
\`\`\``);
  }
  if (list) {
    const chain = clientResource(plan, list).split('.');
    const rawCall = `${[...chain, 'with_raw_response'].join('.')}.${list.name}`;
    sections.push(`## Retries, timeouts, raw responses

Calls are retried ${c.retryPolicy.maxRetries} times by default (${retryPolicySource(ir)}; exponential backoff with
full jitter), on ${c.retryPolicy.retryableStatuses.join(', ')} and on connection errors. The server's word wins: \`x-should-retry: true\`
retries any status, \`false\` none; a wait it asks for (\`retry-after-ms\`, else \`Retry-After\`) is waited out
exactly, unless it is longer than \`max_retry_wait\` (60 s): then the error (\`RateLimitError\` for a 429)
is raised at once with the wait in \`retry_after\`. Every call that takes an idempotency key sends one key
across all its retries. \`timeout\` is in seconds per attempt and covers the whole answer, body
included; streams and downloads fail after \`stream_idle_timeout\` seconds without data. \`max_retries\`,
\`max_retry_wait\` and \`timeout\` are also per-call arguments. \`.with_raw_response\` gives the status, headers, request ID and rate-limit state;
\`.with_streaming_response\` gives the same before the body is read (\`with ... as response:\`, then
\`response.iter_bytes()\`).

\`\`\`python
from ${pkg} import ${client}

client = ${client}(max_retries=5, timeout=20.0)
response = ${rawCall}(max_retries=0)
print(response.status_code, response.request_id, response.rate_limit.remaining)
page = response.parse()
print(len(page.data))
client.close()
\`\`\``);
  }
  if (ir.webhooks) {
    const secretEnv = `${c.envPrefix}_WEBHOOK_SECRET`;
    sections.push(`## Webhooks

\`client.webhooks.unwrap(body, headers)\` checks the ${ir.webhooks.scheme} signature (${ir.webhooks.headers.id},
${ir.webhooks.headers.timestamp}, ${ir.webhooks.headers.signature}; \`${ir.webhooks.secretPrefix}\` secret from \`${secretEnv}\`, \`webhook_secret=\` or
\`secret=\`), refuses timestamps more than ${ir.webhooks.toleranceSeconds} s away, and returns the typed event.
An event of a type this SDK does not know (one the API added later) is verified the same way and
returned as an \`UnknownWebhookEvent\` (\`type\`, \`id\`, \`body\`), never refused, so a receiver keeps
acknowledging deliveries when the API grows. \`verify(...)\` only checks. Failures raise
\`WebhookSignatureError\`, \`WebhookTimestampError\` or \`WebhookPayloadError\` (all
\`WebhookVerificationError\`): the delivery's fault. No secret at all, or a malformed one,
raises \`ClientError\` before any check: the receiver's fault, so answer it
with a 5xx (the sender retries) rather than a 4xx. Pass the body exactly as received.

\`\`\`python
from typing import Mapping

from ${pkg} import ClientError, UnknownWebhookEvent, WebhookVerificationError, ${client}

client = ${client}()  # the webhook secret from $${secretEnv}, or webhook_secret=...


def handle_delivery(body: bytes, headers: Mapping[str, str]) -> int:
    try:
        event = client.webhooks.unwrap(body, headers)
    except WebhookVerificationError:
        return 400
    except ClientError as error:  # no webhook secret set (or a malformed one)
        print("cannot verify deliveries:", error)
        return 500
    if isinstance(event, UnknownWebhookEvent):
        print("not handled yet:", event.type)
        return 200
    print(event)
    return 200


print(handle_delivery(b'{"type": "forged"}', {}))  # 400: no signature (500 while no secret is set)
\`\`\``);
  }
  sections.push(...mediaSections(ir, plan, pkg, client));
  sections.push(...productionSections(ir, plan));
  sections.push(`## Type checking

The package ships \`py.typed\` and checks clean under pyright's strict mode.`);
  // Examples come from the spec's own (a request body's, a path parameter's): a spec without them
  // gets none, and the README says so rather than promising examples it does not show.
  const examples = sections.slice(1).some((section) => section.includes('```python'));
  sections[0] = sections[0]!.replace(
    EXAMPLES_NOTE,
    examples
      ? "Every example below is run by the\nproject's tests."
      : "The spec gives no request or parameter\nexamples to show calls with: each method's docstring and type hints describe its call.",
  );
  return `${sections.join('\n\n')}\n`;
}

/**
 * Which lists page and how, when some page otherwise than by our cursor envelope: one line per
 * paged method, and an example on a list that needs no path argument.
 */
function pagingSection(ir: Ir, plan: PythonPlan, pkg: string, client: string): string {
  const paged = plan.methods.filter((method) => method.operation.pagination);
  const list = paged.find(
    (method) => !method.params.some((arg) => arg.required) && !method.operation.deprecated,
  );
  const lines = paged.map(
    (method) => `- \`${clientCall(plan, method)}\` pages ${pagingText(method.operation.pagination!)}.`,
  );
  const example = list
    ? (() => {
        const call = clientCall(plan, list);
        const args = sizeKeyword(ir, list, 10);
        return `

\`\`\`python
from ${pkg} import ${client}

client = ${client}()
for item in ${call}(${args}):
    print(item)

first = ${call}(${args})
print(len(first.data))
if first.has_next_page():
    print(first.next_page().data)
\`\`\``;
      })()
    : '';
  return `Lists page: iterating a page (\`for item in page\`, \`async for\` on the async client) walks every item
of every following page, fetching each when it is reached; \`data\`, \`has_next_page()\`, \`next_page()\`
(also \`get_next_page()\`) and \`iter_pages()\` page by hand. A next page's URL given by the API is
followed only on the same origin, with the same credentials and header parameters.

${lines.join('\n')}${example}`;
}

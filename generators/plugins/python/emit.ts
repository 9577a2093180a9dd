/**
 * The Python SDK (`python/`): a standard-library-only package over the hand-written runtime in
 * `runtime/` (copied verbatim into `<package>/_core/`): TypedDicts and Literals for the schemas,
 * one Operation constant per operation, resource classes whose methods are one-liners over the
 * runtime (each with `.with_raw_response` and `.with_streaming_response` twins), the sync and the
 * asyncio client, the webhook helper when the spec declares webhooks, pyproject.toml (PEP 621,
 * py.typed, an in-tree build backend so `pip install` works offline) and a README whose examples
 * run as tests.
 */
import { renderChangelog } from '../../changelog/render.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimeFiles, type GeneratedFile } from '../../core/files.js';
import type { Ir } from '../../core/ir.js';
import { sdkShape } from '../../sdk-shape/index.js';
import { flatten, methodCode, resourceClass, streamingClass, twins } from './methods.js';
import { pyString } from './naming.js';
import { operationsFile } from './operations.js';
import { planPython, type PythonPlan, type ResourcePlan } from './plan.js';
import { readmeFile } from './readme.js';
import {
  nameInlineSchemas,
  nameSchemas,
  pythonType,
  type InlineSite,
  schemaDefinitions,
  Shapes,
  union,
  type TypeNames,
} from './types.js';

export const PYTHON_ROOT = 'python/';
/** The hand-written runtime (under the package's `_core/`) and the files beside the package, read once when this module loads. */
const HERE = path.dirname(fileURLToPath(import.meta.url));
const RUNTIME_FILES = runtimeFiles(path.join(HERE, 'runtime'), '', '.py');
const PACKAGE_FILES = runtimeFiles(path.join(HERE, 'package'), PYTHON_ROOT, '.py');

export function emitPython(ir: Ir): GeneratedFile[] {
  const plan = planPython(ir);
  const pkg = `${PYTHON_ROOT}${plan.packageName}/`;
  const names = nameSchemas(ir);
  const eventType = ir.webhooks ? names.scope.claim('WebhookEvent') : undefined;
  nameInlineSchemas(ir, names, inlineSites(ir, plan));
  const shapes = new Shapes(ir.model);
  const files: GeneratedFile[] = RUNTIME_FILES.map((file) => ({
    path: `${pkg}_core/${file.path}`,
    content: file.content,
  }));
  files.push({ path: `${pkg}py.typed`, content: '' });
  files.push({ path: `${pkg}types.py`, content: typesFile(ir, names, eventType) });
  files.push({ path: `${pkg}_operations.py`, content: operationsFile(ir, plan, shapes) });
  const modules = plan.root.children.map((top) => ({ top, module: top.attribute }));
  for (const { top } of modules)
    files.push({ path: `${pkg}resources/${top.attribute}.py`, content: resourceModule(ir, names, top) });
  files.push({ path: `${pkg}resources/__init__.py`, content: resourcesInit(modules.map(({ top }) => top)) });
  if (ir.webhooks && eventType)
    files.push({ path: `${pkg}_webhooks.py`, content: webhooksFile(ir, eventType) });
  files.push({ path: `${pkg}_client.py`, content: clientFile(ir, plan, names) });
  files.push({ path: `${pkg}__init__.py`, content: initFile(ir, plan) });
  files.push({ path: `${PYTHON_ROOT}pyproject.toml`, content: pyproject(ir, plan) });
  files.push(...PACKAGE_FILES);
  files.push({ path: `${PYTHON_ROOT}README.md`, content: readmeFile(ir, plan, names) });
  files.push({
    path: `${PYTHON_ROOT}CHANGELOG.md`,
    content: renderChangelog(ir, `${plan.distributionName} (Python)`),
  });
  return files;
}

/**
 * Where inline schemas sit, in the order their TypedDicts are named: per operation its
 * parameters, request bodies (each property, or the whole `body`), results and paged items,
 * then the webhook events. Example: create-booking's response -> `CreateBookingResponse`.
 */
function inlineSites(ir: Ir, plan: PythonPlan): InlineSite[] {
  const sites: InlineSite[] = [];
  for (const method of plan.methods) {
    const id = method.operation.id;
    for (const arg of method.params)
      sites.push({ schema: arg.schema, side: 'request', words: [id, arg.wire] });
    for (const request of method.requests)
      for (const arg of request.args)
        sites.push({ schema: arg.schema, side: 'request', words: [id, arg.wire] });
    for (const media of method.responses)
      sites.push({
        schema: media.kind === 'json' ? media.schema : media.stream?.dataSchema,
        side: 'response',
        words: [id, media.kind === 'json' ? 'response' : 'event'],
      });
    if (method.operation.pagination)
      sites.push({ schema: method.operation.pagination.itemSchema, side: 'response', words: [id, 'item'] });
  }
  for (const event of ir.webhooks?.events ?? [])
    sites.push({ schema: event.schema, side: 'response', words: [event.name, 'event'] });
  return sites;
}

/** The code without its string literals and docstrings, to see which names it really uses. */
function codeOnly(code: string): string {
  return code.replace(/"""[\s\S]*?"""/g, '""').replace(/"(?:[^"\\\n]|\\.)*"/g, '""');
}

/**
 * The names a module's code uses (strict pyright refuses unused imports), as names, not
 * attributes, outside its strings: in the code itself (`code`), and with the type strings of its
 * functional TypedDicts too (`withTypeStrings`); and whether it logs. One scan per module (its
 * caller passes it to both `usedCore` and `importLines`): a module of a large spec is megabytes.
 */
interface NamesUsed {
  code: Set<string>;
  withTypeStrings: Set<string>;
  logging: boolean;
}

function namesUsed(module: string): NamesUsed {
  const bare = codeOnly(module);
  const bareTypeStrings = codeOnly(typeStrings(module));
  const code = namesIn(bare);
  return {
    code,
    withTypeStrings: new Set([...code, ...namesIn(bareTypeStrings)]),
    logging: /\blogging\./.test(bare) || /\blogging\./.test(bareTypeStrings),
  };
}

/**
 * Which names of CORE, TYPING and the `datetime` module code without its strings (`codeOnly`)
 * uses: as a name, not an attribute (`.date`), a TypedDict key (`    date: str`) or a method (`def date(`).
 */
function namesIn(bare: string): Set<string> {
  const found = new Set<string>();
  // A word boundary, then the name, not after a dot: faster than a lookbehind, which V8 tries at every position.
  for (const match of bare.matchAll(NAME_PATTERN)) {
    const at = match.index;
    if (at > 0 && bare.charCodeAt(at - 1) === 46) continue;
    if (
      bare.charCodeAt(at + match[0].length) === 58 /* : */ &&
      /(?:^|\n)[ \t]*$/.test(bare.slice(Math.max(0, at - 64), at))
    )
      continue;
    if (bare.slice(Math.max(0, at - 4), at) === 'def ') continue;
    found.add(match[0]);
  }
  return found;
}

/** The `datetime` module's types for `format: date` and `format: date-time`. */
const DATETIME = ['date', 'datetime'];

const TYPING = [
  'Any',
  'Dict',
  'List',
  'Literal',
  'Mapping',
  'Optional',
  'Sequence',
  'TypedDict',
  'Union',
  'overload',
];

/** Runtime names a generated module may use. */
const CORE = [
  'APIResponse',
  'AsyncAPIResponse',
  'AsyncBaseClient',
  'AsyncCursorPage',
  'AsyncPaginator',
  'AsyncStream',
  'AsyncTransport',
  'BaseClient',
  'BinaryContent',
  'ClientConfig',
  'FileTypes',
  'KeyPrefix',
  'NOT_GIVEN',
  'NotGiven',
  'AsyncPage',
  'AsyncPagePaginator',
  'PartWithHeaders',
  'RequestOptions',
  'RetryPolicy',
  'ServerSentEvent',
  'Stream',
  'SyncCursorPage',
  'SyncPage',
  'Transport',
  'deprecated',
  'to_async_streamed_response_wrapper',
  'to_streamed_response_wrapper',
];

/** Every name a module may import, as one pattern: one pass over a module finds them all. */
const NAME_PATTERN = new RegExp(`\\b(?:${[...CORE, ...TYPING, ...DATETIME].join('|')})\\b`, 'g');

/** The type strings of functional TypedDicts (`{"from": "Optional[Foo]"}`): code that lives in strings. */
function typeStrings(code: string): string {
  // Most modules have none: a plain search is much faster than the line pattern.
  if (!code.includes(' = TypedDict(')) return '';
  return [...code.matchAll(/^_\w+ = TypedDict\(.*$/gm)]
    .flatMap((line) =>
      [...line[0].matchAll(/: ("(?:[^"\\]|\\.)*")/g)].map((match) => JSON.parse(match[1]) as string),
    )
    .join('\n');
}

/** The runtime's names a module uses. */
function usedCore(used: NamesUsed): string[] {
  return CORE.filter((name) => used.code.has(name));
}

function importLines(used: NamesUsed, extraTyping: string[] = []): string[] {
  const typing = [
    ...new Set([...TYPING.filter((name) => used.withTypeStrings.has(name)), ...extraTyping]),
  ].sort();
  const lines = ['from __future__ import annotations', ''];
  if (used.logging) lines.push('import logging');
  const datetime = DATETIME.filter((name) => used.withTypeStrings.has(name));
  if (datetime.length > 0) lines.push(`from datetime import ${datetime.join(', ')}`);
  if (typing.length > 0) lines.push(`from typing import ${typing.join(', ')}`);
  return lines;
}

function typesFile(ir: Ir, names: TypeNames, eventType: string | undefined): string {
  const definitions = schemaDefinitions(ir, names);
  if (eventType && ir.webhooks) {
    const members = ir.webhooks.events.map((event) => pythonType(ir.model, names, event.schema));
    definitions.push(
      `${eventType} = ${union(members)}\n"""Any event a webhook endpoint receives (\`client.webhooks.unwrap\`)."""`,
    );
  }
  const views = [names.response, names.request];
  const exported = [
    ...new Set([
      ...views.flatMap((view) => [...view.bySchema.values(), ...view.inlineOrder.map((entry) => entry.name)]),
      ...(eventType ? [eventType] : []),
    ]),
  ].sort();
  const body = definitions.join('\n\n\n');
  return [
    `"""Types of ${ir.info.title}: a TypedDict per object schema, Literals for enums, \`datetime\` for date-times, \`date\` for dates."""`,
    '',
    ...importLines(namesUsed(body)),
    '',
    `__all__ = [${exported.map(pyString).join(', ')}]`,
    '',
    '',
    body,
    '',
  ].join('\n');
}

function resourceModule(ir: Ir, names: TypeNames, top: ResourcePlan): string {
  const nodes = flatten(top);
  // Children first, so every class a constructor names is defined above it.
  const ordered = [...nodes].reverse();
  const classes = (isAsync: boolean) =>
    ordered.flatMap((node) => [
      resourceClass(ir, names, node, { raw: false, isAsync }),
      resourceClass(ir, names, node, { raw: true, isAsync }),
      streamingClass(node, isAsync),
    ]);
  const body = [...classes(false), ...classes(true)].join('\n\n\n');
  const used = namesUsed(body);
  const core = usedCore(used);
  const lines = [
    `"""\`client.${top.attributes.join('.')}\` and the resources below it."""`,
    '',
    ...importLines(used),
  ];
  lines.push('');
  if (/\b_types\./.test(body))
    lines.push('from .. import _operations as _ops', 'from .. import types as _types');
  else if (/\b_ops\./.test(body)) lines.push('from .. import _operations as _ops');
  lines.push(`from .._core import ${core.sort().join(', ')}`);
  lines.push('', `__all__ = [${ordered.flatMap(classNames).sort().map(pyString).join(', ')}]`);
  return `${lines.join('\n')}\n\n\n${body}\n`;
}

/** Every class a resource has: its three twins on the sync client and on the async one. */
function classNames(node: ResourcePlan): string[] {
  return [false, true].flatMap((isAsync) => Object.values(twins(node, isAsync)));
}

function resourcesInit(tops: ResourcePlan[]): string {
  const lines = ['"""The top-level resources of the clients."""', ''];
  for (const top of tops) lines.push(`from .${top.attribute} import ${classNames(top).sort().join(', ')}`);
  lines.push('', `__all__ = [${tops.flatMap(classNames).sort().map(pyString).join(', ')}]`);
  return `${lines.join('\n')}\n`;
}

/** The `type` each declared event carries: its schema's `type` const (or single enum), else the webhook's name. */
export function eventTypes(ir: Ir): string[] {
  return (ir.webhooks?.events ?? []).map((event) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const flat: any = ir.model.flatten(event.schema) ?? {};
    const type = flat.properties?.type;
    const value =
      type?.const ?? (Array.isArray(type?.enum) && type.enum.length === 1 ? type.enum[0] : undefined);
    return typeof value === 'string' ? value : event.name;
  });
}

function webhooksFile(ir: Ir, eventType: string): string {
  const webhooks = ir.webhooks!;
  const env = `${sdkShape(ir).names.envPrefix}_WEBHOOK_SECRET`;
  const scheme = `WebhookScheme(id_header=${pyString(webhooks.headers.id)}, timestamp_header=${pyString(webhooks.headers.timestamp)}, signature_header=${pyString(webhooks.headers.signature)}, secret_prefix=${pyString(webhooks.secretPrefix)}, tolerance_seconds=${webhooks.toleranceSeconds})`;
  const events = webhooks.events.map((event) => `\`${event.name}\``).join(', ') || 'none declared';
  const known = [...new Set(eventTypes(ir))].sort();
  return `"""Webhook deliveries: verify the signature (${webhooks.scheme}) and parse the event."""

from __future__ import annotations

from typing import Any, FrozenSet, Mapping, Optional, Union

from . import types as _types
from ._core import ClientCore, ClientError, UnknownWebhookEvent, WebhookScheme, typed_event
from ._core import verify as verify_signature
from ._operations import SHAPES, WEBHOOK_EVENT_SHAPE

SCHEME = ${scheme}

KNOWN_EVENT_TYPES: FrozenSet[str] = frozenset({${known.map(pyString).join(', ')}})
"""The event types this SDK was generated with; any other is returned as an UnknownWebhookEvent."""


class Webhooks:
    """\`client.webhooks\`: events ${events}.

    Pass the raw request body (bytes or str, exactly as received) and its headers.
    """

    def __init__(self, client: ClientCore[Any]) -> None:
        self._client = client

    def verify(self, payload: Union[str, bytes], headers: Mapping[str, str], *, secret: Optional[str] = None) -> None:
        """Raises WebhookSignatureError or WebhookTimestampError unless the delivery is authentic and fresh."""
        verify_signature(payload, headers, secret=self._secret(secret), scheme=SCHEME)

    def unwrap(self, payload: Union[str, bytes], headers: Mapping[str, str], *, secret: Optional[str] = None) -> Union[_types.${eventType}, UnknownWebhookEvent]:
        """Verifies the delivery, then returns its event (date-times parsed). An event type this SDK
        does not know yet (added to the API later) comes back as an UnknownWebhookEvent, never an
        error; WebhookPayloadError only if the body is not a JSON object."""
        self.verify(payload, headers, secret=secret)
        return typed_event(payload, KNOWN_EVENT_TYPES, WEBHOOK_EVENT_SHAPE, SHAPES)

    def _secret(self, secret: Optional[str]) -> str:
        value = secret if secret is not None else self._client.webhook_secret
        if not value:
            raise ClientError("No webhook secret: pass secret=... or webhook_secret=... to the client, or set ${env}.")
        return value
`;
}

function defaultBaseUrl(ir: Ir): string {
  return sdkShape(ir).baseUrl;
}

function configCode(ir: Ir, plan: PythonPlan): string {
  const c = { ...ir.conventions, ...sdkShape(ir).names };
  const policy = c.retryPolicy;
  // Where each operation sends the key is its Operation's `auth` (the SDK shape decides, for every language alike).
  const auth = sdkShape(ir).auth;
  const fields = [
    `api_key_env=${pyString(`${c.envPrefix}_API_KEY`)}`,
    `base_url_env=${pyString(`${c.envPrefix}_BASE_URL`)}`,
    `default_base_url=${pyString(defaultBaseUrl(ir))}`,
    `user_agent=${pyString(`${plan.distributionName}-python/${ir.info.version}`)}`,
    `retry_policy=RetryPolicy(max_retries=${policy.maxRetries}, initial_delay=${policy.initialDelayMs / 1000}, max_delay=${policy.maxDelayMs / 1000}, backoff_multiplier=${policy.backoffMultiplier}, jitter=${pyString(policy.jitter)}, respect_retry_after=${policy.respectRetryAfter ? 'True' : 'False'}, retry_on_connection_error=${policy.retryOnConnectionError ? 'True' : 'False'}, retryable_statuses=(${policy.retryableStatuses.join(', ')}${policy.retryableStatuses.length === 1 ? ',' : ''}))`,
    `key_prefixes=(${c.keyPrefixes.map((prefix) => `KeyPrefix(${pyString(prefix.prefix)}, ${pyString(prefix.prefix.split('_')[0])}, ${pyString(prefix.type)})`).join(', ')}${c.keyPrefixes.length === 1 ? ',' : ''})`,
  ];
  if (!auth.required) fields.push('auth_required=False');
  if (c.requestIdHeader) fields.push(`request_id_header=${pyString(c.requestIdHeader)}`);
  if (c.rateLimit.limitHeader) fields.push(`rate_limit_limit_header=${pyString(c.rateLimit.limitHeader)}`);
  if (c.rateLimit.remainingHeader)
    fields.push(`rate_limit_remaining_header=${pyString(c.rateLimit.remainingHeader)}`);
  if (c.specDigestHeader)
    fields.push(`spec_digest_header=${pyString(c.specDigestHeader)}`, `spec_digest=${pyString(ir.digest)}`);
  if (ir.webhooks) fields.push(`webhook_secret_env=${pyString(`${c.envPrefix}_WEBHOOK_SECRET`)}`);
  fields.push(`logger_name=${pyString(plan.packageName)}`, `log_env=${pyString(`${c.envPrefix}_LOG`)}`);
  fields.push('shapes=SHAPES');
  return `CONFIG = ClientConfig(\n${fields.map((field) => `    ${field},`).join('\n')}\n)\n"""What the spec says about this API: where it lives, how keys work, how to retry."""`;
}

/** Every option the clients take, in the order of their signatures (the README's table lists the same). */
export function clientOptions(ir: Ir, isAsync: boolean): Array<{ name: string; type: string }> {
  return [
    { name: 'api_key', type: 'Optional[str]' },
    { name: 'base_url', type: 'Optional[str]' },
    { name: 'max_retries', type: 'Optional[int]' },
    { name: 'timeout', type: 'Optional[float]' },
    { name: 'stream_idle_timeout', type: 'Optional[float]' },
    { name: 'max_retry_wait', type: 'Optional[float]' },
    { name: 'default_headers', type: 'Optional[Mapping[str, str]]' },
    { name: 'default_query', type: 'Optional[Mapping[str, object]]' },
    ...(ir.webhooks ? [{ name: 'webhook_secret', type: 'Optional[str]' }] : []),
    { name: 'log_level', type: 'Optional[Literal["debug", "info", "warn", "error", "off"]]' },
    { name: 'logger', type: 'Optional[logging.Logger]' },
    { name: 'transport', type: `Optional[${isAsync ? 'AsyncTransport' : 'Transport'}]` },
  ];
}

function clientClassCode(ir: Ir, plan: PythonPlan, names: TypeNames, isAsync: boolean): string {
  const root = plan.root;
  const c = { ...ir.conventions, ...sdkShape(ir).names };
  const own = twins(root, isAsync);
  const options = clientOptions(ir, isAsync);
  const init = [
    '    def __init__(',
    '        self,',
    '        *,',
    ...options.map((option) => `        ${option.name}: ${option.type} = None,`),
    '    ) -> None:',
    `        """\`api_key\` defaults to $${c.envPrefix}_API_KEY, \`base_url\` to $${c.envPrefix}_BASE_URL or ${defaultBaseUrl(ir)}, \`log_level\` to $${c.envPrefix}_LOG; the README's table lists every option and its default."""`,
    `        super().__init__(CONFIG, ${options.map((option) => `${option.name}=${option.name}`).join(', ')})`,
    '        self._bind()',
    '',
    '    def _bind(self) -> None:',
    ...root.children.map((child) => `        self.${child.attribute} = ${twins(child, isAsync).plain}(self)`),
    ...(ir.webhooks ? ['        self.webhooks = Webhooks(self)'] : []),
    `        self.with_raw_response = ${own.raw}(self)`,
    `        self.with_streaming_response = ${own.streaming}(self)`,
  ];
  const context = isAsync
    ? [
        `    async def __aenter__(self) -> ${own.plain}:`,
        '        return self',
        '',
        '    async def __aexit__(self, *exc_info: object) -> None:',
        '        await self.close()',
      ]
    : [
        `    def __enter__(self) -> ${own.plain}:`,
        '        return self',
        '',
        '    def __exit__(self, *exc_info: object) -> None:',
        '        self.close()',
      ];
  const usage = isAsync
    ? `\`${own.plain}()\` reads the key from $${c.envPrefix}_API_KEY; every method is awaited; \`async with\` closes its connections`
    : `\`${own.plain}()\` reads the key from $${c.envPrefix}_API_KEY; use it as a context manager to close its connections`;
  const clientLines = [
    `class ${own.plain}(${isAsync ? 'AsyncBaseClient' : 'BaseClient'}):`,
    `    """The ${ir.info.title} ${isAsync ? 'asyncio ' : ''}client: ${usage}."""`,
    '',
    ...init,
    '',
    ...context,
    ...root.methods.flatMap((method) => [
      '',
      methodCode(ir, names, method, { raw: false, isAsync }, 'self', `client.${method.name}`),
    ]),
  ];
  const response = isAsync ? 'AsyncAPIResponse' : 'APIResponse';
  const rawLines = [
    `class ${own.raw}:`,
    `    """\`client.with_raw_response\`: every method returns an ${response} (headers, request ID, rate limit; \`.parse()\` for the result)."""`,
    '',
    `    def __init__(self, client: ${own.plain}) -> None:`,
    '        self._client = client',
    ...root.children.map((child) => `        self.${child.attribute} = ${twins(child, isAsync).raw}(client)`),
    ...root.methods.flatMap((method) => [
      '',
      methodCode(ir, names, method, { raw: true, isAsync }, 'self._client', `client.${method.name}`),
    ]),
  ];
  return `${rawLines.join('\n')}\n\n\n${streamingClass(root, isAsync, own.plain)}\n\n\n${clientLines.join('\n')}`;
}

function clientFile(ir: Ir, plan: PythonPlan, names: TypeNames): string {
  const root = plan.root;
  const body = `${configCode(ir, plan)}\n\n\n${clientClassCode(ir, plan, names, false)}\n\n\n${clientClassCode(ir, plan, names, true)}`;
  const used = namesUsed(body);
  const core = usedCore(used);
  const lines = [
    `"""The ${ir.info.title} clients: \`${plan.clientClass}\` and \`${plan.asyncClientClass}\` (asyncio)."""`,
    '',
    ...importLines(used),
    '',
  ];
  if (/\b_types\./.test(body)) lines.push('from . import types as _types');
  lines.push(`from . import _operations as _ops`);
  lines.push(`from ._core import ${core.join(', ')}`);
  lines.push('from ._operations import SHAPES');
  if (ir.webhooks) lines.push('from ._webhooks import Webhooks');
  if (root.children.length > 0)
    lines.push(
      `from .resources import ${root.children
        .flatMap((child) =>
          [false, true].flatMap((isAsync) => [
            twins(child, isAsync).plain,
            twins(child, isAsync).raw,
            twins(child, isAsync).streaming,
          ]),
        )
        .sort()
        .join(', ')}`,
    );
  const exported = [false, true].flatMap((isAsync) => Object.values(twins(root, isAsync)));
  lines.push('', `__all__ = [${[...exported, 'CONFIG'].sort().map(pyString).join(', ')}]`);
  const code = `${lines.join('\n')}\n\n\n${body}\n`;
  return /\b_ops\./.test(body) ? code : code.replace('from . import _operations as _ops\n', '');
}

const EXPORTED_RUNTIME = [
  'APIConnectionError',
  'APIError',
  'APIResponse',
  'APIStatusError',
  'APITimeoutError',
  'AsyncAPIResponse',
  'AsyncCursorPage',
  'AsyncHTTPTransport',
  'AsyncPaginator',
  'AsyncRawResponse',
  'AsyncStream',
  'AsyncTransport',
  'AuthenticationError',
  'BadRequestError',
  'BinaryContent',
  'ClientError',
  'ConflictError',
  'FileTypes',
  'HTTPTransport',
  'InternalServerError',
  'LoggerError',
  'NOT_GIVEN',
  'NotFoundError',
  'NotGiven',
  'PartWithHeaders',
  'PermissionDeniedError',
  'ProxyError',
  'RateLimit',
  'RateLimitError',
  'RawResponse',
  'ServerSentEvent',
  'Stream',
  'SyncCursorPage',
  'Transport',
  'TransportRequest',
  'UnprocessableEntityError',
  'with_part_headers',
];
/** The pages of lists that do not page by our cursor envelope, exported when the API has one. */
const EXPORTED_PAGE_RUNTIME = ['AsyncPage', 'AsyncPagePaginator', 'SyncPage'];
const EXPORTED_WEBHOOK_RUNTIME = [
  'UnknownWebhookEvent',
  'WebhookPayloadError',
  'WebhookSignatureError',
  'WebhookTimestampError',
  'WebhookVerificationError',
];

function initFile(ir: Ir, plan: PythonPlan): string {
  const pages = ir.operations.some(
    (operation) => operation.pagination && operation.pagination.style !== 'cursor',
  );
  const runtime = [
    ...EXPORTED_RUNTIME,
    ...(pages ? EXPORTED_PAGE_RUNTIME : []),
    ...(ir.webhooks ? EXPORTED_WEBHOOK_RUNTIME : []),
  ].sort();
  const exported = [plan.clientClass, plan.asyncClientClass, ...runtime, 'types', '__version__'].sort();
  return [
    `"""${ir.info.title}: the Python client. \`from ${plan.packageName} import ${plan.clientClass}\` (or \`${plan.asyncClientClass}\` for asyncio)."""`,
    '',
    `from . import types`,
    `from ._client import ${[plan.asyncClientClass, plan.clientClass].sort().join(', ')}`,
    `from ._core import (\n${runtime.map((name) => `    ${name},`).join('\n')}\n)`,
    '',
    `__version__ = ${pyString(ir.info.version)}`,
    '',
    `__all__ = [${exported.map(pyString).join(', ')}]`,
    '',
  ].join('\n');
}

function pyproject(ir: Ir, plan: PythonPlan): string {
  const description = `Python client for ${ir.info.title} (standard library only)`;
  // The build backend is the package's own _build.py (standard library only): pip installs it offline.
  return `[build-system]
requires = []
build-backend = "_build"
backend-path = ["."]

[project]
name = ${pyString(plan.distributionName)}
version = ${pyString(ir.info.version)}
description = ${pyString(description)}
readme = "README.md"
requires-python = ">=3.9"
dependencies = []
classifiers = ["Typing :: Typed", "Programming Language :: Python :: 3"]

[tool.pyright]
typeCheckingMode = "strict"
pythonVersion = "3.9"
`;
}

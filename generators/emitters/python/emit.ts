/**
 * The Python SDK (`python/`): a standard-library-only package over the hand-written runtime in
 * `runtime/` (copied verbatim into `<package>/_core/`): TypedDicts and Literals for the schemas,
 * one Operation constant per operation, resource classes whose methods are one-liners over the
 * runtime (each with a `.with_raw_response` twin), the client class, the webhook helper when the
 * spec declares webhooks, pyproject.toml (PEP 621, py.typed) and a README whose examples run as tests.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimeFiles, type GeneratedFile } from '../../core/files.js';
import type { Ir } from '../../core/ir.js';
import { sdkShape } from '../../sdk-shape/index.js';
import { flatten, methodCode, resourceClass, streamingClass } from './methods.js';
import { pyString } from './naming.js';
import { operationsFile } from './operations.js';
import { planPython, type PythonPlan, type ResourcePlan } from './plan.js';
import { readmeFile } from './readme.js';
import { nameSchemas, pythonType, schemaDefinitions, Shapes, union, type TypeNames } from './types.js';

export const PYTHON_ROOT = 'python/';
const RUNTIME_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'runtime');

export function emitPython(ir: Ir): GeneratedFile[] {
  const plan = planPython(ir);
  const pkg = `${PYTHON_ROOT}${plan.packageName}/`;
  const names = nameSchemas(ir);
  const eventType = ir.webhooks ? names.scope.claim('WebhookEvent') : undefined;
  const shapes = new Shapes(ir.document);
  const files: GeneratedFile[] = runtimeFiles(RUNTIME_DIR, `${pkg}_core/`, '.py');
  files.push({ path: `${pkg}py.typed`, content: '' });
  files.push({ path: `${pkg}types.py`, content: typesFile(ir, names, eventType) });
  files.push({ path: `${pkg}_operations.py`, content: operationsFile(ir, plan, shapes) });
  const modules = plan.root.children.map((top) => ({ top, module: top.attribute }));
  for (const { top } of modules) files.push({ path: `${pkg}resources/${top.attribute}.py`, content: resourceModule(ir, names, top) });
  files.push({ path: `${pkg}resources/__init__.py`, content: resourcesInit(modules.map(({ top }) => top)) });
  if (ir.webhooks && eventType) files.push({ path: `${pkg}_webhooks.py`, content: webhooksFile(ir, eventType) });
  files.push({ path: `${pkg}_client.py`, content: clientFile(ir, plan, names) });
  files.push({ path: `${pkg}__init__.py`, content: initFile(ir, plan) });
  files.push({ path: `${PYTHON_ROOT}pyproject.toml`, content: pyproject(ir, plan) });
  files.push({ path: `${PYTHON_ROOT}README.md`, content: readmeFile(ir, plan, names) });
  return files;
}

/** The code without its string literals and docstrings, to see which names it really uses. */
function codeOnly(code: string): string {
  return code.replace(/"""[\s\S]*?"""/g, '""').replace(/"(?:[^"\\\n]|\\.)*"/g, '""');
}

/** Which of `candidates` a module's code uses (strict pyright refuses unused imports). */
function usedNames(code: string, candidates: string[]): string[] {
  const bare = codeOnly(code);
  return candidates.filter((name) => new RegExp(`(?<![\\w.])${name}\\b`).test(bare));
}

const TYPING = ['Any', 'Dict', 'List', 'Literal', 'Mapping', 'Optional', 'Sequence', 'TypedDict', 'Union', 'overload'];

/** Runtime names a generated module may use. */
const CORE = ['APIResponse', 'BaseClient', 'BinaryContent', 'ClientConfig', 'FileTypes', 'KeyPrefix', 'NOT_GIVEN', 'NotGiven', 'PartWithHeaders', 'RequestOptions', 'RetryPolicy', 'ServerSentEvent', 'Stream', 'SyncCursorPage', 'to_streamed_response_wrapper'];

/** The type strings of functional TypedDicts (`{"from": "Optional[Foo]"}`): code that lives in strings. */
function typeStrings(code: string): string {
  return [...code.matchAll(/^_\w+ = TypedDict\(.*$/gm)]
    .flatMap((line) => [...line[0].matchAll(/: ("(?:[^"\\]|\\.)*")/g)].map((match) => JSON.parse(match[1]) as string))
    .join('\n');
}

function importLines(code: string, extraTyping: string[] = []): string[] {
  code = `${code}\n${typeStrings(code)}`;
  const typing = [...new Set([...usedNames(code, TYPING), ...extraTyping])].sort();
  const lines = ['from __future__ import annotations', ''];
  if (usedNames(code, ['datetime']).length > 0) lines.push('from datetime import datetime');
  if (typing.length > 0) lines.push(`from typing import ${typing.join(', ')}`);
  return lines;
}

function typesFile(ir: Ir, names: TypeNames, eventType: string | undefined): string {
  const definitions = schemaDefinitions(ir, names);
  if (eventType && ir.webhooks) {
    const members = ir.webhooks.events.map((event) => pythonType(ir.document, names, event.schema));
    definitions.push(`${eventType} = ${union(members)}\n"""Any event a webhook endpoint receives (\`client.webhooks.unwrap\`)."""`);
  }
  const exported = [...names.bySchema.values(), ...(eventType ? [eventType] : [])].sort();
  const body = definitions.join('\n\n\n');
  return [
    `"""Types of ${ir.info.title}: a TypedDict per object schema, Literals for enums, \`datetime\` for date-times."""`,
    '',
    ...importLines(body),
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
  const body = ordered.flatMap((node) => [resourceClass(ir, names, node, false), resourceClass(ir, names, node, true), streamingClass(node)]).join('\n\n\n');
  const core = usedNames(body, CORE);
  const lines = [`"""\`client.${top.chain.join('.')}\` and the resources below it."""`, '', ...importLines(body)];
  lines.push('');
  if (/\b_types\./.test(body)) lines.push('from .. import _operations as _ops', 'from .. import types as _types');
  else if (/\b_ops\./.test(body)) lines.push('from .. import _operations as _ops');
  lines.push(`from .._core import ${core.sort().join(', ')}`);
  lines.push('', `__all__ = [${ordered.flatMap((node) => [node.className, node.rawClassName, node.streamingClassName]).sort().map(pyString).join(', ')}]`);
  return `${lines.join('\n')}\n\n\n${body}\n`;
}

function resourcesInit(tops: ResourcePlan[]): string {
  const lines = ['"""The top-level resources of the client."""', ''];
  for (const top of tops) lines.push(`from .${top.attribute} import ${top.className}, ${top.rawClassName}, ${top.streamingClassName}`);
  lines.push('', `__all__ = [${tops.flatMap((top) => [top.className, top.rawClassName, top.streamingClassName]).sort().map(pyString).join(', ')}]`);
  return `${lines.join('\n')}\n`;
}

function webhooksFile(ir: Ir, eventType: string): string {
  const webhooks = ir.webhooks!;
  const env = `${sdkShape(ir).names.envPrefix}_WEBHOOK_SECRET`;
  const scheme = `WebhookScheme(id_header=${pyString(webhooks.headers.id)}, timestamp_header=${pyString(webhooks.headers.timestamp)}, signature_header=${pyString(webhooks.headers.signature)}, secret_prefix=${pyString(webhooks.secretPrefix)}, tolerance_seconds=${webhooks.toleranceSeconds})`;
  const events = webhooks.events.map((event) => `\`${event.name}\``).join(', ') || 'none declared';
  return `"""Webhook deliveries: verify the signature (${webhooks.scheme}) and parse the event."""

from __future__ import annotations

from typing import Mapping, Optional, Union

from . import types as _types
from ._core import BaseClient, ClientError, WebhookScheme, decode, parse_event
from ._core import verify as verify_signature
from ._operations import SHAPES, WEBHOOK_EVENT_SHAPE

SCHEME = ${scheme}


class Webhooks:
    """\`client.webhooks\`: events ${events}.

    Pass the raw request body (bytes or str, exactly as received) and its headers.
    """

    def __init__(self, client: BaseClient) -> None:
        self._client = client

    def verify(self, payload: Union[str, bytes], headers: Mapping[str, str], *, secret: Optional[str] = None) -> None:
        """Raises WebhookSignatureError or WebhookTimestampError unless the delivery is authentic and fresh."""
        verify_signature(payload, headers, secret=self._secret(secret), scheme=SCHEME)

    def unwrap(self, payload: Union[str, bytes], headers: Mapping[str, str], *, secret: Optional[str] = None) -> _types.${eventType}:
        """Verifies the delivery, then returns its event (date-times parsed); WebhookPayloadError if the body is not an event."""
        self.verify(payload, headers, secret=secret)
        return decode(parse_event(payload), WEBHOOK_EVENT_SHAPE, SHAPES)

    def _secret(self, secret: Optional[str]) -> str:
        value = secret if secret is not None else self._client.webhook_secret
        if not value:
            raise ClientError("No webhook secret: pass secret=... or webhook_secret=... to the client, or set ${env}.")
        return value
`;
}

/** How the client sends the key (the SDK shape decides, for every language alike). */
function auth(ir: Ir): { kind: string; name: string } {
  const plan = sdkShape(ir).auth;
  return { kind: plan.kind, name: 'name' in plan ? plan.name : '' };
}

function defaultBaseUrl(ir: Ir): string {
  return sdkShape(ir).baseUrl;
}

function configCode(ir: Ir, plan: PythonPlan): string {
  const c = { ...ir.conventions, ...sdkShape(ir).names };
  const policy = c.retryPolicy;
  const method = auth(ir);
  const fields = [
    `api_key_env=${pyString(`${c.envPrefix}_API_KEY`)}`,
    `base_url_env=${pyString(`${c.envPrefix}_BASE_URL`)}`,
    `default_base_url=${pyString(defaultBaseUrl(ir))}`,
    `user_agent=${pyString(`${plan.distributionName}-python/${ir.info.version}`)}`,
    `retry_policy=RetryPolicy(max_retries=${policy.maxRetries}, initial_delay=${policy.initialDelayMs / 1000}, max_delay=${policy.maxDelayMs / 1000}, backoff_multiplier=${policy.backoffMultiplier}, jitter=${pyString(policy.jitter)}, respect_retry_after=${policy.respectRetryAfter ? 'True' : 'False'}, retry_on_connection_error=${policy.retryOnConnectionError ? 'True' : 'False'}, retryable_statuses=(${policy.retryableStatuses.join(', ')}${policy.retryableStatuses.length === 1 ? ',' : ''}))`,
    `key_prefixes=(${c.keyPrefixes.map((prefix) => `KeyPrefix(${pyString(prefix.prefix)}, ${pyString(prefix.prefix.split('_')[0])}, ${pyString(prefix.type)})`).join(', ')}${c.keyPrefixes.length === 1 ? ',' : ''})`,
    `auth=${pyString(method.kind)}`,
  ];
  if (method.name) fields.push(`auth_name=${pyString(method.name)}`);
  if (c.requestIdHeader) fields.push(`request_id_header=${pyString(c.requestIdHeader)}`);
  if (c.rateLimit.limitHeader) fields.push(`rate_limit_limit_header=${pyString(c.rateLimit.limitHeader)}`);
  if (c.rateLimit.remainingHeader) fields.push(`rate_limit_remaining_header=${pyString(c.rateLimit.remainingHeader)}`);
  if (c.specDigestHeader) fields.push(`spec_digest_header=${pyString(c.specDigestHeader)}`, `spec_digest=${pyString(ir.digest)}`);
  if (ir.webhooks) fields.push(`webhook_secret_env=${pyString(`${c.envPrefix}_WEBHOOK_SECRET`)}`);
  fields.push('shapes=SHAPES');
  return `CONFIG = ClientConfig(\n${fields.map((field) => `    ${field},`).join('\n')}\n)\n"""What the spec says about this API: where it lives, how keys work, how to retry."""`;
}

function clientFile(ir: Ir, plan: PythonPlan, names: TypeNames): string {
  const root = plan.root;
  const c = { ...ir.conventions, ...sdkShape(ir).names };
  const init = [
    '    def __init__(',
    '        self,',
    '        *,',
    '        api_key: Optional[str] = None,',
    '        base_url: Optional[str] = None,',
    '        max_retries: Optional[int] = None,',
    '        timeout: Optional[float] = None,',
    '        default_headers: Optional[Mapping[str, str]] = None,',
    ...(ir.webhooks ? ['        webhook_secret: Optional[str] = None,'] : []),
    '    ) -> None:',
    `        """\`api_key\` defaults to $${c.envPrefix}_API_KEY, \`base_url\` to $${c.envPrefix}_BASE_URL or ${defaultBaseUrl(ir)}; \`timeout\` is in seconds (60); \`max_retries\` defaults to the spec's retry policy (${c.retryPolicy.maxRetries})."""`,
    `        super().__init__(CONFIG, api_key=api_key, base_url=base_url, max_retries=max_retries, timeout=timeout, default_headers=default_headers${ir.webhooks ? ', webhook_secret=webhook_secret' : ''})`,
    ...root.children.map((child) => `        self.${child.attribute} = ${child.className}(self)`),
    ...(ir.webhooks ? ['        self.webhooks = Webhooks(self)'] : []),
    `        self.with_raw_response = ${root.rawClassName}(self)`,
    `        self.with_streaming_response = ${root.streamingClassName}(self)`,
  ];
  const clientLines = [
    `class ${plan.clientClass}(BaseClient):`,
    `    """The ${ir.info.title} client: \`${plan.clientClass}()\` reads the key from $${c.envPrefix}_API_KEY; use it as a context manager to close its connections."""`,
    '',
    ...init,
    '',
    `    def __enter__(self) -> ${plan.clientClass}:`,
    '        return self',
    '',
    '    def __exit__(self, *exc_info: object) -> None:',
    '        self.close()',
    ...root.methods.flatMap((method) => ['', methodCode(ir, names, method, false, 'self')]),
  ];
  const rawLines = [
    `class ${root.rawClassName}:`,
    `    """\`client.with_raw_response\`: every method returns an APIResponse (headers, request ID, rate limit; \`.parse()\` for the result)."""`,
    '',
    `    def __init__(self, client: ${plan.clientClass}) -> None:`,
    '        self._client = client',
    ...root.children.map((child) => `        self.${child.attribute} = ${child.rawClassName}(client)`),
    ...root.methods.flatMap((method) => ['', methodCode(ir, names, method, true, 'self._client')]),
  ];
  const body = `${configCode(ir, plan)}\n\n\n${rawLines.join('\n')}\n\n\n${streamingClass(root, plan.clientClass)}\n\n\n${clientLines.join('\n')}`;
  const core = usedNames(body, CORE);
  const lines = [`"""The ${ir.info.title} client."""`, '', ...importLines(body), ''];
  if (/\b_types\./.test(body)) lines.push('from . import types as _types');
  lines.push(`from . import _operations as _ops` );
  lines.push(`from ._core import ${core.join(', ')}`);
  lines.push('from ._operations import SHAPES');
  if (ir.webhooks) lines.push('from ._webhooks import Webhooks');
  if (root.children.length > 0) lines.push(`from .resources import ${root.children.flatMap((child) => [child.className, child.rawClassName, child.streamingClassName]).sort().join(', ')}`);
  lines.push('', `__all__ = [${[plan.clientClass, root.rawClassName, root.streamingClassName, 'CONFIG'].sort().map(pyString).join(', ')}]`);
  const code = `${lines.join('\n')}\n\n\n${body}\n`;
  return /\b_ops\./.test(body) ? code : code.replace('from . import _operations as _ops\n', '');
}

const EXPORTED_RUNTIME = [
  'APIConnectionError', 'APIError', 'APIResponse', 'APIStatusError', 'APITimeoutError', 'AuthenticationError', 'BadRequestError', 'BinaryContent', 'ClientError', 'ConflictError', 'FileTypes',
  'InternalServerError', 'NOT_GIVEN', 'NotFoundError', 'NotGiven', 'PartWithHeaders', 'PermissionDeniedError', 'RateLimit', 'RateLimitError', 'ServerSentEvent', 'Stream', 'SyncCursorPage',
  'UnprocessableEntityError', 'with_part_headers',
];
const EXPORTED_WEBHOOK_RUNTIME = ['WebhookPayloadError', 'WebhookSignatureError', 'WebhookTimestampError', 'WebhookVerificationError'];

function initFile(ir: Ir, plan: PythonPlan): string {
  const runtime = [...EXPORTED_RUNTIME, ...(ir.webhooks ? EXPORTED_WEBHOOK_RUNTIME : [])].sort();
  const exported = [plan.clientClass, ...runtime, 'types', '__version__'].sort();
  return [
    `"""${ir.info.title}: the Python client. \`from ${plan.packageName} import ${plan.clientClass}\`."""`,
    '',
    `from . import types`,
    `from ._client import ${plan.clientClass}`,
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
  return `[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = ${pyString(plan.distributionName)}
version = ${pyString(ir.info.version)}
description = ${pyString(description)}
readme = "README.md"
requires-python = ">=3.9"
dependencies = []
classifiers = ["Typing :: Typed", "Programming Language :: Python :: 3"]

[tool.setuptools]
packages = [${pyString(plan.packageName)}, ${pyString(`${plan.packageName}._core`)}, ${pyString(`${plan.packageName}.resources`)}]

[tool.setuptools.package-data]
${pyString(plan.packageName)} = ["py.typed"]

[tool.pyright]
typeCheckingMode = "strict"
pythonVersion = "3.9"
`;
}

/**
 * `_client.py`: the config the spec gives (where the API lives, how keys work, how to retry), and
 * the sync and asyncio clients with their raw- and streaming-response twins.
 */
import type { Ir } from '../../core/ir.js';
import { sdkShape } from '../../sdk-shape/index.js';
import { importLines, namesUsed, usedCore } from './imports.js';
import { methodCode, streamingClass, twins } from './methods.js';
import { pyString } from './naming.js';
import type { PythonPlan } from './plan.js';
import type { TypeNames } from './type-names.js';

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

export function clientFile(ir: Ir, plan: PythonPlan, names: TypeNames): string {
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

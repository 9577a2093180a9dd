/** The package's `__init__.py` (what it exports) and `pyproject.toml` (PEP 621, an in-tree build backend). */
import type { Ir } from '../../core/ir.js';
import { pyString } from './naming.js';
import type { PythonPlan } from './plan.js';

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
  'FormData',
  'FormFile',
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

export function initFile(ir: Ir, plan: PythonPlan): string {
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

export function pyproject(ir: Ir, plan: PythonPlan): string {
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

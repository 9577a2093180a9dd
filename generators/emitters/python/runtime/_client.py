"""The HTTP core every generated client extends: the key, URLs and bodies, timeouts, retries with
backoff and `Retry-After`, idempotency keys, error mapping and paging. Generated resource methods
are one-liners over `request`, `request_raw` and `request_page`."""

from __future__ import annotations

import json
import os
import random
import re
import time
import urllib.parse
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Generic, List, Mapping, Optional, Sequence, Tuple, TypeVar

from ._errors import APIConnectionError, APIStatusError, ClientError, make_status_error, retry_after_seconds
from ._pagination import PaginationSpec, SyncCursorPage
from ._serde import NotGiven, Shape, decode, encode, query_value
from ._transport import RawResponse, Transport

T = TypeVar("T")

DEFAULT_TIMEOUT = 60.0
# A Retry-After longer than this is not waited out: the error is raised for the caller to decide.
MAX_RETRY_AFTER = 60.0


@dataclass(frozen=True)
class RetryPolicy:
    """The spec's x-retry-policy, in seconds."""

    max_retries: int = 3
    initial_delay: float = 0.5
    max_delay: float = 8.0
    backoff_multiplier: float = 2.0
    jitter: str = "full"
    respect_retry_after: bool = True
    retry_on_connection_error: bool = True
    retryable_statuses: Tuple[int, ...] = (408, 429, 500, 502, 503, 504)

    def backoff(self, retry: int, draw: Callable[[], float] = random.random) -> float:
        """Delay before retry number `retry` (0 for the first): exponential, capped, jittered."""
        ceiling = min(self.max_delay, self.initial_delay * self.backoff_multiplier**retry)
        if self.jitter == "full":
            return draw() * ceiling
        if self.jitter == "equal":
            return ceiling / 2 + draw() * ceiling / 2
        return ceiling


@dataclass(frozen=True)
class KeyPrefix:
    prefix: str
    environment: str
    type: str


@dataclass(frozen=True)
class ClientConfig:
    """What the generator knows about the API, fixed per generated client."""

    api_key_env: str
    base_url_env: str
    default_base_url: str
    user_agent: str
    retry_policy: RetryPolicy = field(default_factory=RetryPolicy)
    key_prefixes: Tuple[KeyPrefix, ...] = ()
    # "bearer", "header", "query" or "none"; auth_name is the header or query parameter.
    auth: str = "bearer"
    auth_name: str = ""
    request_id_header: Optional[str] = None
    rate_limit_limit_header: Optional[str] = None
    rate_limit_remaining_header: Optional[str] = None
    spec_digest_header: Optional[str] = None
    spec_digest: str = ""
    webhook_secret_env: Optional[str] = None
    shapes: Mapping[str, Shape] = field(default_factory=lambda: {})


@dataclass(frozen=True)
class Operation:
    """One operation as the generator describes it."""

    method: str
    path: str
    # "json", "raw" (bytes or text as given) or "none".
    body: str = "none"
    body_required: bool = False
    body_content_type: str = "application/json"
    idempotency_header: Optional[str] = None
    pagination: Optional[PaginationSpec] = None
    response_shape: Optional[Shape] = None


@dataclass(frozen=True)
class RateLimit:
    """The rate-limit headers of a response (None when absent)."""

    limit: Optional[int]
    remaining: Optional[int]


class APIResponse(Generic[T]):
    """A response with its HTTP details: `parse()` gives what the plain call returns."""

    def __init__(self, raw: RawResponse, parsed: Callable[[], T], request_id: Optional[str], rate_limit: RateLimit, retries_taken: int) -> None:
        self.status_code = raw.status_code
        self.headers: Mapping[str, str] = raw.headers
        self.content = raw.content
        self.request_id = request_id
        self.rate_limit = rate_limit
        self.retries_taken = retries_taken
        self._parsed = parsed

    def parse(self) -> T:
        return self._parsed()

    def json(self) -> Any:
        return json.loads(self.content) if self.content else None

    def __repr__(self) -> str:
        return f"<APIResponse status_code={self.status_code} request_id={self.request_id}>"


@dataclass
class RequestOptions:
    extra_headers: Optional[Mapping[str, str]] = None
    timeout: Optional[float] = None
    max_retries: Optional[int] = None
    idempotency_key: Optional[str] = None


class BaseClient:
    """Holds the key, the base URL and the connection pool; sends operations."""

    api_key: Optional[str]
    base_url: str
    max_retries: int
    timeout: float
    environment: Optional[str]
    """The environment the key's prefix selects (e.g. "test" or "live"), or None."""

    def __init__(
        self,
        config: ClientConfig,
        *,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        max_retries: Optional[int] = None,
        timeout: Optional[float] = None,
        default_headers: Optional[Mapping[str, str]] = None,
        webhook_secret: Optional[str] = None,
    ) -> None:
        self._config = config
        self.api_key = api_key if api_key is not None else os.environ.get(config.api_key_env) or None
        if config.auth != "none" and not self.api_key:
            raise ClientError(f"No API key: pass api_key=... or set the {config.api_key_env} environment variable.")
        self.base_url = (base_url or os.environ.get(config.base_url_env) or config.default_base_url).rstrip("/")
        self.max_retries = config.retry_policy.max_retries if max_retries is None else max_retries
        self.timeout = DEFAULT_TIMEOUT if timeout is None else timeout
        self.environment = None
        if self.api_key:
            prefix = next((candidate for candidate in config.key_prefixes if self.api_key.startswith(candidate.prefix)), None)
            self.environment = prefix.environment if prefix else None
        env_secret = os.environ.get(config.webhook_secret_env) if config.webhook_secret_env else None
        self.webhook_secret = webhook_secret if webhook_secret is not None else env_secret
        self._default_headers = dict(default_headers or {})
        self._transport = Transport()
        # Tests pin these: the jitter source and the clock's sleep.
        self._random: Callable[[], float] = random.random
        self._sleep: Callable[[float], None] = time.sleep

    def close(self) -> None:
        """Closes the kept-alive connections."""
        self._transport.close()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} base_url={self.base_url!r} environment={self.environment!r}>"  # never the key

    # -- sending ------------------------------------------------------------------------------

    def request(
        self, operation: Operation, path: Sequence[Any], *, query: Optional[Mapping[str, Any]] = None, headers: Optional[Mapping[str, Any]] = None, body: Any = None, options: Optional[RequestOptions] = None
    ) -> Any:
        """Sends one operation; returns its decoded JSON body (date-times parsed) or None."""
        return self.request_raw(operation, path, query=query, headers=headers, body=body, options=options).parse()

    def request_raw(
        self, operation: Operation, path: Sequence[Any], *, query: Optional[Mapping[str, Any]] = None, headers: Optional[Mapping[str, Any]] = None, body: Any = None, options: Optional[RequestOptions] = None
    ) -> APIResponse[Any]:
        raw, retries = self._send(operation, path, dict(query or {}), dict(headers or {}), body, options or RequestOptions())
        return self._wrap(raw, retries, lambda: self._parse(operation, raw))

    def request_page(
        self, operation: Operation, path: Sequence[Any], *, query: Optional[Mapping[str, Any]] = None, headers: Optional[Mapping[str, Any]] = None, options: Optional[RequestOptions] = None
    ) -> SyncCursorPage[Any]:
        """Sends a list operation; the page iterates every item of every following page."""
        return self.request_page_raw(operation, path, query=query, headers=headers, options=options).parse()

    def request_page_raw(
        self, operation: Operation, path: Sequence[Any], *, query: Optional[Mapping[str, Any]] = None, headers: Optional[Mapping[str, Any]] = None, options: Optional[RequestOptions] = None
    ) -> APIResponse[SyncCursorPage[Any]]:
        pagination = operation.pagination
        if pagination is None:
            raise ClientError(f"{operation.method} {operation.path} is not a paged list.")
        header_values = dict(headers or {})
        request_options = options or RequestOptions()

        def fetch(page_query: Dict[str, Any]) -> APIResponse[SyncCursorPage[Any]]:
            raw, retries = self._send(operation, path, page_query, header_values, None, request_options)
            return self._wrap(raw, retries, lambda: SyncCursorPage(pagination, page_query, lambda params: fetch(params).parse(), self._parse(operation, raw)))

        return fetch({key: value for key, value in (query or {}).items() if not isinstance(value, NotGiven)})

    def _send(self, operation: Operation, path: Sequence[Any], query: Dict[str, Any], headers: Dict[str, Any], body: Any, options: RequestOptions) -> Tuple[RawResponse, int]:
        url = self._url(operation, path, query)
        request_headers = self._headers(operation, headers, options)
        payload = self._body(operation, body, request_headers)
        max_retries = self.max_retries if options.max_retries is None else options.max_retries
        timeout = self.timeout if options.timeout is None else options.timeout
        policy = self._config.retry_policy
        attempt = 0
        while True:
            retries_left = max_retries - attempt
            try:
                raw = self._transport.send(operation.method, url, request_headers, payload, timeout)
            except APIConnectionError:
                if retries_left > 0 and policy.retry_on_connection_error:
                    self._sleep(policy.backoff(attempt, self._random))
                    attempt += 1
                    continue
                raise
            if 200 <= raw.status_code < 300:
                return raw, attempt
            wait = self._retry_delay(raw, attempt, retries_left)
            if wait is None:
                raise self._status_error(raw)
            self._sleep(wait)
            attempt += 1

    def _retry_delay(self, raw: RawResponse, attempt: int, retries_left: int) -> Optional[float]:
        """Seconds to wait before retrying this response, or None when it is not retried."""
        policy = self._config.retry_policy
        if retries_left <= 0 or raw.status_code not in policy.retryable_statuses:
            return None
        asked = retry_after_seconds(raw.headers.get("retry-after")) if policy.respect_retry_after else None
        if asked is not None:
            return asked if asked <= MAX_RETRY_AFTER else None  # wait exactly what the server said
        return policy.backoff(attempt, self._random)

    def _status_error(self, raw: RawResponse) -> APIStatusError:
        body: Any
        try:
            body = json.loads(raw.content) if raw.content else None
        except ValueError:
            body = raw.content.decode("utf-8", "replace")[:1000]
        return make_status_error(raw.status_code, body, raw.headers, self._config.request_id_header)

    def _parse(self, operation: Operation, raw: RawResponse) -> Any:
        if raw.status_code in (204, 205) or not raw.content:
            return None
        content_type = raw.headers.get("content-type", "")
        if "json" not in content_type.lower():
            return raw.content.decode("utf-8", "replace")
        try:
            value = json.loads(raw.content)
        except ValueError as error:
            raise APIStatusError(raw.status_code, raw.content.decode("utf-8", "replace")[:1000], raw.headers, self._config.request_id_header) from error
        return decode(value, operation.response_shape, self._config.shapes)

    def _wrap(self, raw: RawResponse, retries: int, parsed: Callable[[], T]) -> APIResponse[T]:
        def number(name: Optional[str]) -> Optional[int]:
            value = raw.headers.get(name.lower()) if name else None
            return int(value) if value is not None and value.strip().isdigit() else None

        config = self._config
        request_id = raw.headers.get(config.request_id_header.lower()) if config.request_id_header else None
        rate_limit = RateLimit(number(config.rate_limit_limit_header), number(config.rate_limit_remaining_header))
        return APIResponse(raw, parsed, request_id, rate_limit, retries)

    def _url(self, operation: Operation, path: Sequence[Any], query: Mapping[str, Any]) -> str:
        values = iter(path)

        def segment(name: str) -> str:
            value = next(values, None)
            if value is None or value == "":
                raise ClientError(f'Missing path parameter "{name}" for {operation.method} {operation.path}.')
            return urllib.parse.quote(query_value(value), safe="")

        url_path = _PATH_PARAM.sub(lambda match: segment(match.group(1)), operation.path)
        pairs: List[Tuple[str, str]] = []
        for key, value in query.items():
            _append_query(pairs, key, value)
        if self._config.auth == "query" and self.api_key:
            pairs.append((self._config.auth_name, self.api_key))
        search = urllib.parse.urlencode(pairs)
        return f"{self.base_url}{url_path}{'?' + search if search else ''}"

    def _headers(self, operation: Operation, params: Mapping[str, Any], options: RequestOptions) -> Dict[str, str]:
        config = self._config
        headers: Dict[str, str] = {"accept": "application/json", "user-agent": config.user_agent}
        headers.update({name.lower(): value for name, value in self._default_headers.items()})
        if self.api_key and config.auth == "bearer":
            headers["authorization"] = f"Bearer {self.api_key}"
        if self.api_key and config.auth == "header":
            headers[config.auth_name.lower()] = self.api_key
        if config.spec_digest_header:
            headers[config.spec_digest_header.lower()] = config.spec_digest
        for name, value in params.items():
            if value is not None and not isinstance(value, NotGiven):
                headers[name.lower()] = query_value(value)
        # One key per logical call: made before the first attempt, reused by every retry.
        if operation.idempotency_header:
            headers[operation.idempotency_header.lower()] = options.idempotency_key or str(uuid.uuid4())
        for name, value in (options.extra_headers or {}).items():
            headers[name.lower()] = value
        return headers

    def _body(self, operation: Operation, body: Any, headers: Dict[str, str]) -> Optional[bytes]:
        if operation.body == "none" or isinstance(body, NotGiven):
            return None
        if operation.body == "json":
            value: Any = encode(body)
            if value is None or value == {}:
                if not operation.body_required:
                    return None
                value = value if value is not None else {}  # a required body that is all optional is sent as {}
            headers["content-type"] = operation.body_content_type
            return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        if body is None:
            return None
        headers["content-type"] = operation.body_content_type
        return body if isinstance(body, bytes) else str(body).encode("utf-8")


_PATH_PARAM = re.compile(r"\{([^}]+)\}")


def _append_query(pairs: List[Tuple[str, str]], key: str, value: Any) -> None:
    if value is None or isinstance(value, NotGiven):
        return
    if isinstance(value, (list, tuple)):
        for item in value:  # pyright: ignore[reportUnknownVariableType]
            _append_query(pairs, key, item)
    elif isinstance(value, dict):
        for inner, item in value.items():  # pyright: ignore[reportUnknownVariableType]
            _append_query(pairs, f"{key}[{inner}]", item)
    else:
        pairs.append((key, query_value(value)))

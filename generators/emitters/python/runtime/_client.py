"""The HTTP core every generated client extends: the key, timeouts, retries with backoff and
`Retry-After`, idempotency keys, error mapping and paging. The request path is in its own modules:
parameters (_params.py), the body (_body.py, _multipart.py, _files.py), the response
(_response.py, _streaming.py) and HTTP itself (_transport.py). Generated resource methods are
one-liners over `request`, `request_raw` and `request_page`."""

from __future__ import annotations

import json
import os
import random
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, TypeVar

from ._body import Body, EncodedBody, choose_body, encode_body
from ._errors import APIConnectionError, APIStatusError, ClientError, make_status_error, retry_after_seconds
from ._pagination import PaginationSpec, SyncCursorPage
from ._params import Param, build_path, encode_query_text, query_string, request_cookies, request_headers
from ._response import APIResponse, DecodeContext, Media, RateLimit, choose_accept, decode_success, is_streamed_kind, streaming_requested
from ._serde import NOT_GIVEN, NotGiven, Shape
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
    # "bearer", "header", "query", "cookie" or "none"; auth_name is the header, query parameter or cookie.
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
    """One operation as the generator describes it (its wire plan, from generators/sdk-shape/)."""

    method: str
    # The path template, e.g. "/files/{name}.{ext}".
    path: str
    # Every parameter and how it is spelled: path ones in template order, then query, header, cookie.
    params: Tuple[Param, ...] = ()
    # Request media types, the default first; empty when the operation takes no body.
    bodies: Tuple[Body, ...] = ()
    # The spec requires a body: with no body fields given, `{}` is still sent.
    body_required: bool = False
    # Media types of the success response, the preferred first; empty when it has no body.
    responses: Tuple[Media, ...] = ()
    # The operation takes this header (Last-Event-ID): its event stream resumes after a dropped connection.
    resume_header: Optional[str] = None
    # What the path template's query or fragment asks every request to carry: ("query" or "header", name, value),
    # e.g. ("header", "X-Amz-Target", "Things.ListThings") for `/#X-Amz-Target=Things.ListThings`.
    match: Optional[Tuple[str, str, str]] = None
    idempotency_header: Optional[str] = None
    pagination: Optional[PaginationSpec] = None


@dataclass
class RequestOptions:
    extra_headers: Optional[Mapping[str, str]] = None
    timeout: Optional[float] = None
    max_retries: Optional[int] = None
    idempotency_key: Optional[str] = None


@dataclass(frozen=True)
class _Call:
    """One logical call, everything needed to send it again (retries, an event stream's reconnection)."""

    operation: Operation
    path: Sequence[Any]
    query: Mapping[str, Any]
    headers: Mapping[str, Any]
    cookies: Mapping[str, Any]
    body: Any
    fields: Optional[Mapping[str, Any]]
    content_type: Optional[str]
    asked: Optional[Media]
    options: RequestOptions


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
        self,
        operation: Operation,
        path: Sequence[Any],
        *,
        query: Optional[Mapping[str, Any]] = None,
        headers: Optional[Mapping[str, Any]] = None,
        cookies: Optional[Mapping[str, Any]] = None,
        body: Any = NOT_GIVEN,
        fields: Optional[Mapping[str, Any]] = None,
        content_type: Optional[str] = None,
        accept: Optional[str] = None,
        options: Optional[RequestOptions] = None,
    ) -> Any:
        """Sends one operation; returns its decoded body: JSON (date-times parsed), text, bytes, a Stream, or None.

        `fields` are the body's properties given as keyword arguments (unset ones NOT_GIVEN), `body`
        a body given whole; the request media type (`content_type`, default the spec's first) says
        which one is sent. `accept` picks one of several response media types.
        """
        return self.request_raw(operation, path, query=query, headers=headers, cookies=cookies, body=body, fields=fields, content_type=content_type, accept=accept, options=options).parse()

    def request_raw(
        self,
        operation: Operation,
        path: Sequence[Any],
        *,
        query: Optional[Mapping[str, Any]] = None,
        headers: Optional[Mapping[str, Any]] = None,
        cookies: Optional[Mapping[str, Any]] = None,
        body: Any = NOT_GIVEN,
        fields: Optional[Mapping[str, Any]] = None,
        content_type: Optional[str] = None,
        accept: Optional[str] = None,
        options: Optional[RequestOptions] = None,
    ) -> APIResponse[Any]:
        asked = choose_accept(operation.responses, None if accept is None or isinstance(accept, NotGiven) else accept)
        chosen = None if content_type is None or isinstance(content_type, NotGiven) else content_type
        call = _Call(operation, path, dict(query or {}), dict(headers or {}), dict(cookies or {}), body, fields, chosen, asked, options or RequestOptions())
        raw, retries = self._send(call)
        return self._wrap(raw, retries, lambda: self._decode(call, raw))

    def request_page(
        self, operation: Operation, path: Sequence[Any], *, query: Optional[Mapping[str, Any]] = None, headers: Optional[Mapping[str, Any]] = None, cookies: Optional[Mapping[str, Any]] = None, options: Optional[RequestOptions] = None
    ) -> SyncCursorPage[Any]:
        """Sends a list operation; the page iterates every item of every following page."""
        return self.request_page_raw(operation, path, query=query, headers=headers, cookies=cookies, options=options).parse()

    def request_page_raw(
        self, operation: Operation, path: Sequence[Any], *, query: Optional[Mapping[str, Any]] = None, headers: Optional[Mapping[str, Any]] = None, cookies: Optional[Mapping[str, Any]] = None, options: Optional[RequestOptions] = None
    ) -> APIResponse[SyncCursorPage[Any]]:
        pagination = operation.pagination
        if pagination is None:
            raise ClientError(f"{operation.method} {operation.path} is not a paged list.")
        request_options = options or RequestOptions()
        asked = choose_accept(operation.responses, None)

        def fetch(page_query: Dict[str, Any]) -> APIResponse[SyncCursorPage[Any]]:
            call = _Call(operation, path, page_query, dict(headers or {}), dict(cookies or {}), NOT_GIVEN, None, None, asked, request_options)
            raw, retries = self._send(call)
            return self._wrap(raw, retries, lambda: SyncCursorPage(pagination, page_query, lambda params: fetch(params).parse(), self._decode(call, raw)))

        return fetch({key: value for key, value in (query or {}).items() if not isinstance(value, NotGiven)})

    def _send(self, call: _Call, resume_from: Optional[str] = None) -> Tuple[RawResponse, int]:
        operation, options = call.operation, call.options
        url = self._url(call)
        request_headers = self._headers(call)
        if resume_from is not None and operation.resume_header:
            request_headers[operation.resume_header.lower()] = resume_from
        encoded = self._body(call)
        if encoded is not None:
            if encoded.content_type:
                request_headers["content-type"] = encoded.content_type
            if encoded.length is not None:
                request_headers["content-length"] = str(encoded.length)
        # A body that can be sent once (an iterator) is not retried.
        max_retries = 0 if encoded is not None and not encoded.replayable else (self.max_retries if options.max_retries is None else options.max_retries)
        timeout = self.timeout if options.timeout is None else options.timeout
        policy = self._config.retry_policy
        keep_open = streaming_requested()
        attempt = 0
        while True:
            retries_left = max_retries - attempt
            try:
                raw = self._transport.send(
                    operation.method, url, request_headers, None if encoded is None else encoded.content, timeout, stream=True, replayable=encoded is None or encoded.replayable
                )
                if not 200 <= raw.status_code < 300 or not (keep_open or is_streamed_kind(raw, operation.responses, call.asked)):
                    raw.read()  # whole: the answer is small, or an error, or it is retried
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

    def _decode(self, call: _Call, raw: RawResponse) -> Any:
        operation = call.operation

        def resume(last_event_id: str) -> RawResponse:
            return self._send(call, resume_from=last_event_id)[0]

        reconnect = resume if operation.resume_header else None
        max_reconnects = self.max_retries if call.options.max_retries is None else call.options.max_retries
        context = DecodeContext(operation.method, self._config.shapes, self._config.request_id_header, reconnect, max_reconnects, self._sleep)
        return decode_success(raw, operation.responses, call.asked, context)

    def _wrap(self, raw: RawResponse, retries: int, parsed: Callable[[], T]) -> APIResponse[T]:
        def number(name: Optional[str]) -> Optional[int]:
            value = raw.headers.get(name.lower()) if name else None
            return int(value) if value is not None and value.strip().isdigit() else None

        config = self._config
        request_id = raw.headers.get(config.request_id_header.lower()) if config.request_id_header else None
        rate_limit = RateLimit(number(config.rate_limit_limit_header), number(config.rate_limit_remaining_header))
        return APIResponse(raw, parsed, request_id, rate_limit, retries)

    def _url(self, call: _Call) -> str:
        operation = call.operation
        url_path = build_path(operation.path, operation.params, call.path)
        search = query_string(operation.params, call.query)
        if operation.match is not None and operation.match[0] == "query":
            pair = f"{encode_query_text(operation.match[1])}={encode_query_text(operation.match[2])}"
            search = f"{pair}&{search}" if search else pair
        if self._config.auth == "query" and self.api_key:
            pair = f"{encode_query_text(self._config.auth_name)}={encode_query_text(self.api_key)}"
            search = f"{search}&{pair}" if search else pair
        return f"{self.base_url}{url_path}{'?' + search if search else ''}"

    def _headers(self, call: _Call) -> Dict[str, str]:
        config, operation, options = self._config, call.operation, call.options
        headers: Dict[str, str] = {"accept": call.asked.media_type if call.asked else "application/json", "user-agent": config.user_agent}
        headers.update({name.lower(): value for name, value in self._default_headers.items()})
        cookies: List[str] = []
        if self.api_key and config.auth == "bearer":
            headers["authorization"] = f"Bearer {self.api_key}"
        if self.api_key and config.auth == "header":
            headers[config.auth_name.lower()] = self.api_key
        if self.api_key and config.auth == "cookie":
            cookies.append(f"{config.auth_name}={self.api_key}")
        if config.spec_digest_header:
            headers[config.spec_digest_header.lower()] = config.spec_digest
        if operation.match is not None and operation.match[0] == "header":
            headers[operation.match[1].lower()] = operation.match[2]
        headers.update(request_headers(operation.params, call.headers))
        cookies += request_cookies(operation.params, call.cookies)
        # One key per logical call: made before the first attempt, reused by every retry.
        if operation.idempotency_header:
            headers[operation.idempotency_header.lower()] = options.idempotency_key or str(uuid.uuid4())
        for name, value in (options.extra_headers or {}).items():
            headers[name.lower()] = value
        if cookies:
            # The operation's cookie parameters come first; a Cookie the caller set is kept after them.
            headers["cookie"] = "; ".join(cookies + ([headers["cookie"]] if "cookie" in headers else []))
        return headers

    def _body(self, call: _Call) -> Optional[EncodedBody]:
        operation = call.operation
        if not operation.bodies:
            return None
        spec = choose_body(operation.bodies, call.content_type)
        if spec.mode == "fields":
            given = {name: value for name, value in (call.fields or {}).items() if not isinstance(value, NotGiven)}
            # An empty required body is still a body: the server must see `{}`, not nothing.
            if not given and not operation.body_required:
                return None
            value: Any = given
        elif isinstance(call.body, NotGiven):
            return None
        else:
            value = call.body
        return encode_body(spec, value)

"""What the sync and the async client share: the options (key, base URL, timeouts, retries, the
cap on a server's wait, default headers and query, logging), `with_options`, and every step of a
call that does not touch the network: the URL, headers and body of a request (with the caller's
`extra_query`, `extra_headers` and `extra_body`), what one attempt's outcome means (retry, and
after how long), its log records, and the typed error or the decoded result. What a call is made of
(the operation's wire plan, the call, its options) is `_operation.py`."""

from __future__ import annotations

import base64
import copy
import json
import logging
import math
import os
import random
import uuid
import warnings
from typing import TYPE_CHECKING, Any, Callable, Dict, Generic, List, Mapping, Optional, Sequence, Set, TypeVar, Union, cast
from urllib.parse import parse_qs, urljoin, urlsplit

from ._body import EncodedBody, check_required_fields, choose_body, encode_body, in_content_coding
from ._errors import APIConnectionError, APIStatusError, ClientError, ProxyError, make_status_error
from ._logs import Log, package_logger, parse_level, redact_headers, redact_url
from ._operation import Call, ClientConfig, Operation, PageCalls, Prepared, RequestOptions
from ._params import build_path, encode_query_text, query_string, request_cookies, request_headers
from ._response import APIResponse, RateLimit, choose_accept
from ._retry import DEFAULT_MAX_RETRY_WAIT, Decision, decide_connection_error, decide_status
from ._serde import NOT_GIVEN, NotGiven
from ._transport import RawResponse

if TYPE_CHECKING:
    from typing_extensions import Self

T = TypeVar("T")
# The sync or the async transport: ClientCore holds either.
TransportT = TypeVar("TransportT")

DEFAULT_TIMEOUT = 60.0
DEFAULT_STREAM_IDLE_TIMEOUT = 60.0


_WARNED: Set[str] = set()


def deprecated(what: str) -> None:
    """A DeprecationWarning at the caller's line, once per process for each deprecated operation or parameter."""
    if what in _WARNED:
        return
    _WARNED.add(what)
    warnings.warn(f"{what} is deprecated (the API's description marks it deprecated).", DeprecationWarning, stacklevel=3)


def _number(value: Any, name: str, minimum: float = 0.0) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < minimum:
        raise ClientError(f"{name} must be a number of seconds >= {minimum:g}; got {value!r}.")
    return float(value)


def _resolve_server(server: str, client_base_url: str) -> str:
    """An operation's own server URL: absolute as it is, relative ("/v3") resolved against the client's base URL (RFC 3986)."""
    if "://" in server or ":" in server.split("/", 1)[0]:
        return server
    # The base URL is an API root, read as a folder ("uploads" under ".../v1" is ".../v1/uploads"), as the IR resolves it.
    return urljoin(client_base_url if client_base_url.endswith("/") else client_base_url + "/", server).rstrip("/")


class ClientCore(Generic[TransportT]):
    """The options of a client and the steps of a call that do not touch the network."""

    api_key: Optional[str]
    base_url: str
    max_retries: int
    timeout: float
    """Seconds for one attempt of a call: connecting, sending, and reading the whole answer."""
    stream_idle_timeout: float
    """Seconds a stream or a download may go without data before it fails."""
    max_retry_wait: float
    """The longest wait a server may ask for (Retry-After) that is waited out; a longer one raises at once."""
    environment: Optional[str]
    """The environment the key's prefix selects (e.g. "test" or "live"), or None."""
    webhook_secret: Optional[str]

    def __init__(
        self,
        config: ClientConfig,
        *,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        max_retries: Optional[int] = None,
        timeout: Optional[float] = None,
        stream_idle_timeout: Optional[float] = None,
        max_retry_wait: Optional[float] = None,
        default_headers: Optional[Mapping[str, str]] = None,
        default_query: Optional[Mapping[str, object]] = None,
        webhook_secret: Optional[str] = None,
        log_level: Optional[str] = None,
        logger: Optional[logging.Logger] = None,
        transport: Optional[TransportT] = None,
    ) -> None:
        self._config = config
        env_secret = os.environ.get(config.webhook_secret_env) if config.webhook_secret_env else None
        self._set_key(api_key if api_key is not None else os.environ.get(config.api_key_env) or None)
        self.base_url = (base_url or os.environ.get(config.base_url_env) or config.default_base_url).rstrip("/")
        self.max_retries = config.retry_policy.max_retries if max_retries is None else self._retries(max_retries)
        self.timeout = DEFAULT_TIMEOUT if timeout is None else _number(timeout, "timeout", 0.001)
        self.stream_idle_timeout = DEFAULT_STREAM_IDLE_TIMEOUT if stream_idle_timeout is None else _number(stream_idle_timeout, "stream_idle_timeout", 0.001)
        self.max_retry_wait = DEFAULT_MAX_RETRY_WAIT if max_retry_wait is None else _number(max_retry_wait, "max_retry_wait")
        self.webhook_secret = webhook_secret if webhook_secret is not None else env_secret
        self._default_headers: Dict[str, str] = dict(default_headers or {})
        self._default_query: Dict[str, object] = dict(default_query or {})
        self._logger = logger if logger is not None else package_logger(config.logger_name)
        self._log_level = log_level
        self._log = self._make_log()
        # Tests pin the jitter source.
        self._random: Callable[[], float] = random.random
        self._transport: TransportT = transport if transport is not None else self._default_transport()

    def _default_transport(self) -> TransportT:
        """The standard transport of the sync or the async client, when none is given."""
        raise NotImplementedError

    def _set_key(self, api_key: Optional[str]) -> None:
        if self._config.auth_required and not api_key:
            raise ClientError(f"No API key: pass api_key=... or set the {self._config.api_key_env} environment variable.")
        self.api_key = api_key
        prefix = next((candidate for candidate in self._config.key_prefixes if api_key and api_key.startswith(candidate.prefix)), None)
        self.environment = prefix.environment if prefix else None

    @staticmethod
    def _retries(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ClientError(f"max_retries must be an integer >= 0; got {value!r}.")
        return value

    def _make_log(self) -> Log:
        config = self._config
        level: Optional[int] = None
        if self._log_level is not None:
            level = parse_level(self._log_level, "log_level")
        elif config.log_env and os.environ.get(config.log_env):
            level = parse_level(os.environ[config.log_env], config.log_env)
        return Log(self._logger, level)

    def with_options(
        self,
        *,
        api_key: Union[str, NotGiven] = NOT_GIVEN,
        base_url: Union[str, NotGiven] = NOT_GIVEN,
        max_retries: Union[int, NotGiven] = NOT_GIVEN,
        timeout: Union[float, NotGiven] = NOT_GIVEN,
        stream_idle_timeout: Union[float, NotGiven] = NOT_GIVEN,
        max_retry_wait: Union[float, NotGiven] = NOT_GIVEN,
        default_headers: Union[Mapping[str, str], NotGiven] = NOT_GIVEN,
        default_query: Union[Mapping[str, object], NotGiven] = NOT_GIVEN,
        webhook_secret: Union[str, NotGiven] = NOT_GIVEN,
        log_level: Union[str, NotGiven] = NOT_GIVEN,
        logger: Union[logging.Logger, NotGiven] = NOT_GIVEN,
    ) -> Self:
        """A client like this one with the given defaults changed (headers and query merged into
        these), sharing its connection pool: `client.with_options(timeout=5).nature.subjects.list()`."""
        clone = copy.copy(self)
        if not isinstance(api_key, NotGiven):
            clone._set_key(api_key)
        if not isinstance(base_url, NotGiven):
            clone.base_url = base_url.rstrip("/")
        if not isinstance(max_retries, NotGiven):
            clone.max_retries = self._retries(max_retries)
        if not isinstance(timeout, NotGiven):
            clone.timeout = _number(timeout, "timeout", 0.001)
        if not isinstance(stream_idle_timeout, NotGiven):
            clone.stream_idle_timeout = _number(stream_idle_timeout, "stream_idle_timeout", 0.001)
        if not isinstance(max_retry_wait, NotGiven):
            clone.max_retry_wait = _number(max_retry_wait, "max_retry_wait")
        if not isinstance(webhook_secret, NotGiven):
            clone.webhook_secret = webhook_secret
        clone._default_headers = {**self._default_headers, **({} if isinstance(default_headers, NotGiven) else default_headers)}
        clone._default_query = {**self._default_query, **({} if isinstance(default_query, NotGiven) else default_query)}
        if not isinstance(logger, NotGiven):
            clone._logger = logger
        if not isinstance(log_level, NotGiven):
            clone._log_level = log_level
        clone._log = clone._make_log()
        clone._bind()
        return clone

    def _bind(self) -> None:
        """Creates the resources on this client (the generated client overrides it)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} base_url={self.base_url!r} environment={self.environment!r}>"  # never the key

    # -- a call's request ---------------------------------------------------------------------

    def _prepare(self, call: Call, resume_from: Optional[str] = None) -> Prepared:
        operation, options = call.operation, call.options
        url = self._url(call)
        headers = self._headers(call)
        if resume_from is not None and operation.resume_header:
            headers[operation.resume_header.lower()] = resume_from
        encoded = self._body(call)
        if encoded is not None:
            encoded = in_content_coding(encoded, headers.get("content-encoding"))
            if encoded.content_type:
                headers["content-type"] = encoded.content_type
            if encoded.length is not None:
                headers["content-length"] = str(encoded.length)
        # A body that can be sent once (an iterator) is not retried.
        retries = self.max_retries if options.max_retries is None else self._retries(options.max_retries)
        max_retries = 0 if encoded is not None and not encoded.replayable else retries
        timeout = self.timeout if options.timeout is None else _number(options.timeout, "timeout", 0.001)
        max_wait = self.max_retry_wait if options.max_retry_wait is None else _number(options.max_retry_wait, "max_retry_wait")
        auth = operation.auth
        secret_params = [auth.name] if auth is not None and auth.kind == "query" else []
        label = f"{operation.method} {redact_url(url, secret_params)}"
        secret_headers = (auth.name,) if auth is not None and auth.kind == "header" else ()
        return Prepared(url, headers, encoded, max_retries, timeout, max_wait, label, secret_headers)

    def _page_calls(self, operation: Operation, path: Sequence[Any], query: Optional[Mapping[str, Any]], headers: Optional[Mapping[str, Any]], cookies: Optional[Mapping[str, Any]], options: Optional[RequestOptions]) -> PageCalls:
        if operation.pagination is None:
            raise ClientError(f"{operation.method} {operation.path} is not a paged list.")
        first = {key: value for key, value in (query or {}).items() if not isinstance(value, NotGiven)}
        template = Call(operation, path, {}, dict(headers or {}), dict(cookies or {}), NOT_GIVEN, None, None, choose_accept(operation.responses, None), options or RequestOptions())
        return PageCalls(template, first)

    def _url(self, call: Call) -> str:
        operation, options = call.operation, call.options
        if call.url is not None:
            return self._page_url(operation, call.url)
        url_path = build_path(operation.path, operation.params, call.path)
        values: Dict[str, Any] = {**self._default_query, **call.query, **(options.extra_query or {})}
        search = query_string(operation.params, values)
        if operation.match is not None and operation.match[0] == "query":
            pair = f"{encode_query_text(operation.match[1])}={encode_query_text(operation.match[2])}"
            search = f"{pair}&{search}" if search else pair
        auth = operation.auth
        if auth is not None and auth.kind == "query" and self.api_key:
            pair = f"{encode_query_text(auth.name)}={encode_query_text(self.api_key)}"
            search = f"{search}&{pair}" if search else pair
        # The call's own base URL, else the operation's own server, else the client's.
        if options.base_url is not None:
            base = options.base_url.rstrip("/")
        elif operation.base_url is not None:
            base = _resolve_server(operation.base_url, self.base_url)
        else:
            base = self.base_url
        return f"{base}{url_path}{'?' + search if search else ''}"

    def _page_url(self, operation: Operation, url: str) -> str:
        """A next page's URL as the server gave it, with the query key added when it leaves it out."""
        auth = operation.auth
        if auth is None or auth.kind != "query" or not self.api_key or auth.name in parse_qs(urlsplit(url).query, keep_blank_values=True):
            return url
        return f"{url}{'&' if urlsplit(url).query else '?'}{encode_query_text(auth.name)}={encode_query_text(self.api_key)}"

    def _headers(self, call: Call) -> Dict[str, str]:
        config, operation, options = self._config, call.operation, call.options
        headers: Dict[str, str] = {"accept": call.asked.media_type if call.asked else "application/json", "user-agent": config.user_agent}
        headers.update({name.lower(): value for name, value in self._default_headers.items()})
        cookies: List[str] = []
        auth = operation.auth
        if self.api_key and auth is not None:
            if auth.kind == "bearer":
                headers["authorization"] = f"Bearer {self.api_key}"
            elif auth.kind == "basic":
                headers["authorization"] = "Basic " + base64.b64encode(self.api_key.encode("utf-8")).decode("ascii")
            elif auth.kind == "header":
                headers[auth.name.lower()] = self.api_key
            elif auth.kind == "cookie":
                cookies.append(f"{auth.name}={self.api_key}")
        if config.spec_digest_header:
            headers[config.spec_digest_header.lower()] = config.spec_digest
        if operation.match is not None and operation.match[0] == "header":
            headers[operation.match[1].lower()] = operation.match[2]
        headers.update(request_headers(operation.params, call.headers))
        cookies += request_cookies(operation.params, call.cookies)
        # One key per logical call: made before the first attempt, reused by every retry.
        if operation.idempotency_header:
            headers[operation.idempotency_header.lower()] = options.idempotency_key or str(uuid.uuid4())
        elif options.idempotency_key is not None:
            # A key nobody would send must not look like protection against a duplicate.
            raise ClientError(f"{operation.method.upper()} {operation.path} takes no idempotency key: the API declares no idempotency header for it.")
        for name, value in (options.extra_headers or {}).items():
            headers[name.lower()] = value
        if cookies:
            # The operation's cookie parameters come first; a Cookie the caller set is kept after them.
            headers["cookie"] = "; ".join(cookies + ([headers["cookie"]] if "cookie" in headers else []))
        return headers

    def _body(self, call: Call) -> Optional[EncodedBody]:
        operation, extra = call.operation, call.options.extra_body
        if not operation.bodies:
            if extra:
                raise ClientError(f"{operation.method} {operation.path} takes no body, so extra_body cannot be sent.")
            return None
        spec = choose_body(operation.bodies, call.content_type)
        if spec.mode == "fields":
            given = {name: value for name, value in (call.fields or {}).items() if not isinstance(value, NotGiven)}
            given.update(extra or {})
            # An empty required body is still a body: the server must see `{}`, not nothing.
            if not given and not operation.body_required:
                return None
            check_required_fields(spec, given, f"{operation.method} {operation.path}")
            value: Any = given
        elif isinstance(call.body, NotGiven) and not extra:
            return None
        else:
            value = {} if isinstance(call.body, NotGiven) else call.body
            if extra:
                if not isinstance(value, Mapping) or spec.kind not in ("json", "form", "multipart"):
                    raise ClientError(f"extra_body adds fields to an object body; this {spec.media_type} body is not one.")
                value = {**cast(Mapping[str, Any], value), **extra}
        return encode_body(spec, value)

    # -- one attempt's outcome ----------------------------------------------------------------

    def _log_attempt(self, prepared: Prepared, attempt: int) -> None:
        if self._log.enabled(logging.DEBUG):
            headers = redact_headers(prepared.headers, list(prepared.secret_headers))
            self._log.debug("%s: attempt %d of %d, headers %s", prepared.label, attempt + 1, prepared.max_retries + 1, headers, fields={"label": prepared.label, "attempt": attempt + 1, "headers": headers})

    def _status_decision(self, operation: Operation, prepared: Prepared, raw: RawResponse, attempt: int, elapsed: float) -> Decision:
        """What an answer means (success: no retry) and its log records."""
        request_id = self._request_id(raw)
        success = operation.answers_with(raw.status_code)
        retries_left = prepared.max_retries - attempt
        decision = Decision(False, 0.0, "done") if success else decide_status(self._config.retry_policy, raw.status_code, raw.headers, attempt, retries_left, prepared.max_retry_wait, self._random)
        outcome = f"retrying in {decision.wait:.3g} s ({decision.reason})" if decision.retry else ("done" if success else f"not retried ({decision.reason})")
        fields = {"label": prepared.label, "status": raw.status_code, "request_id": request_id, "elapsed_ms": round(elapsed * 1000, 1), "attempt": attempt + 1, "retry": decision.retry, "wait": decision.wait}
        self._log.debug("%s -> %d (request_id %s) in %.0f ms, attempt %d: %s", prepared.label, raw.status_code, request_id, elapsed * 1000, attempt + 1, outcome, fields=fields)
        if decision.retry:
            self._log.info("%s -> %d: retrying in %.3g s (%d of %d retries)", prepared.label, raw.status_code, decision.wait, attempt + 1, prepared.max_retries)
        elif decision.too_long:
            self._log.warning("%s -> %d: %s; raising", prepared.label, raw.status_code, decision.reason)
        elif not success and decision.reason == "no retries left":
            self._log.warning("%s -> %d after %d attempts; giving up", prepared.label, raw.status_code, attempt + 1)
        return decision

    def _failure_decision(self, prepared: Prepared, error: APIConnectionError, attempt: int, elapsed: float) -> Decision:
        retries_left = prepared.max_retries - attempt
        if isinstance(error, ProxyError):
            decision = Decision(False, 0.0, "the proxy refused; not retried")
        else:
            decision = decide_connection_error(self._config.retry_policy, attempt, retries_left, self._random)
        outcome = f"retrying in {decision.wait:.3g} s" if decision.retry else f"not retried ({decision.reason})"
        fields = {"label": prepared.label, "error": type(error).__name__, "elapsed_ms": round(elapsed * 1000, 1), "attempt": attempt + 1, "retry": decision.retry, "wait": decision.wait}
        self._log.debug("%s -> no answer (%s) in %.0f ms, attempt %d: %s", prepared.label, type(error).__name__, elapsed * 1000, attempt + 1, outcome, fields=fields)
        if decision.retry:
            self._log.info("%s -> %s: retrying in %.3g s (%d of %d retries)", prepared.label, type(error).__name__, decision.wait, attempt + 1, prepared.max_retries)
        else:
            self._log.error("%s failed after %d attempt(s): %s", prepared.label, attempt + 1, error)
        return decision

    def _status_error(self, raw: RawResponse, decision: Decision) -> APIStatusError:
        body: Any
        try:
            body = json.loads(raw.content) if raw.content else None
        except ValueError:
            body = raw.content.decode("utf-8", "replace")[:1000]
        note = f"The server asked to wait {decision.asked:g} s, longer than max_retry_wait; not retried." if decision.too_long and decision.asked is not None else None
        return make_status_error(raw.status_code, body, raw.headers, self._config.request_id_header, note)

    def _request_id(self, raw: RawResponse) -> Optional[str]:
        name = self._config.request_id_header
        return raw.headers.get(name.lower()) if name else None

    def _wrap(self, raw: RawResponse, retries: int, parsed: Callable[[], T]) -> APIResponse[T]:
        return APIResponse(raw, parsed, self._request_id(raw), self._rate_limit(raw), retries)

    def _rate_limit(self, raw: RawResponse) -> RateLimit:
        def number(name: Optional[str]) -> Optional[int]:
            value = raw.headers.get(name.lower()) if name else None
            return int(value) if value is not None and value.strip().isdigit() else None

        return RateLimit(number(self._config.rate_limit_limit_header), number(self._config.rate_limit_remaining_header))


def checked_response(raw: object) -> RawResponse:
    """What a transport returned, if it is a response; an APIConnectionError (cause attached) if not."""
    if not isinstance(raw, RawResponse):
        problem = TypeError(f"expected a RawResponse, got {type(raw).__name__}")
        raise APIConnectionError(f"The transport returned {type(raw).__name__}, not a RawResponse.") from problem
    status = cast(object, raw.status_code)
    if isinstance(status, bool) or not isinstance(status, int) or not 100 <= status <= 599:
        problem = ValueError(f"status {status!r}")
        raise APIConnectionError(f"The transport returned a response with status {status!r}, not an HTTP status.") from problem
    return raw

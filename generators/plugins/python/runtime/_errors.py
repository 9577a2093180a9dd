"""Errors: one class per kind of failure, built from a response by `make_status_error`.

Every API error carries the status, the error `code`, `message`, `param`, `request_id`, the
response headers and `retry_after` (the wait the server asked for), read from the spec's error
body. `str(error)` is one line: no header dump. Whatever goes wrong inside the SDK (a transport
that raises or answers garbage, a proxy that refuses, a logger that raises) is one of these
classes, with the original exception as its `__cause__`.
"""

from __future__ import annotations

import email.utils
import math
import time
from typing import Any, Dict, List, Mapping, Optional, cast


class ClientError(Exception):
    """Base of every error this package raises."""


class APIError(ClientError):
    """A call failed: the server answered with an error, or no answer arrived."""

    message: str
    status_code: Optional[int]
    code: Optional[str]
    param: Optional[str]
    request_id: Optional[str]
    headers: Mapping[str, str]
    body: Any

    def __init__(
        self,
        message: str,
        *,
        status_code: Optional[int] = None,
        body: Any = None,
        headers: Optional[Mapping[str, str]] = None,
        request_id_header: Optional[str] = None,
        note: Optional[str] = None,
    ) -> None:
        fields = _error_fields(body)
        self.headers = headers if headers is not None else {}
        self.status_code = status_code
        self.code = fields["code"]
        self.param = fields["param"]
        header_id = self.headers.get(request_id_header.lower()) if request_id_header else None
        self.request_id = fields["request_id"] or header_id
        self.message = fields["message"] or message
        self.body = body
        head = " ".join(str(part) for part in (status_code, self.code) if part is not None)
        text = f"{head}: {self.message}" if head else self.message
        text = f"{text} (request_id {self.request_id})" if self.request_id else text
        super().__init__(f"{text} {note}" if note else text)


class APIStatusError(APIError):
    """The server answered with a 4xx or 5xx status (`status_code` is always set). `retry_after`
    is the wait in seconds the server asked for (`retry-after-ms`, else `Retry-After`), or None."""

    retry_after: Optional[float]

    def __init__(self, status_code: int, body: Any, headers: Mapping[str, str], request_id_header: Optional[str] = None, note: Optional[str] = None) -> None:
        super().__init__("request failed", status_code=status_code, body=body, headers=headers, request_id_header=request_id_header, note=note)
        self.retry_after = server_wait(headers)


class BadRequestError(APIStatusError):
    """400: the request does not match the contract (see `param`)."""


class AuthenticationError(APIStatusError):
    """401: no key, an unknown key, or a revoked key."""


class PermissionDeniedError(APIStatusError):
    """403: the key lacks the scope (or key type) the operation requires."""


class NotFoundError(APIStatusError):
    """404."""


class ConflictError(APIStatusError):
    """409: e.g. a state transition that is not allowed, or an idempotency key reused with another body."""


class UnprocessableEntityError(APIStatusError):
    """422."""


class RateLimitError(APIStatusError):
    """429: `retry_after` is the number of seconds the server asked to wait, when it said. Raised
    at once, without waiting, when that is longer than `max_retry_wait`."""


class InternalServerError(APIStatusError):
    """5xx."""


class APIConnectionError(APIError):
    """No (whole) response: DNS failure, refused connection, reset, a body that broke off, or a
    transport that failed or answered something that is not a response."""

    def __init__(self, message: str = "Connection error.") -> None:
        super().__init__(message)


class APITimeoutError(APIConnectionError):
    """No whole response within the timeout (the call's, or a stream's idle timeout)."""

    def __init__(self, timeout: float, what: str = "Request timed out") -> None:
        super().__init__(f"{what} after {timeout:g} s.")


class ProxyError(APIConnectionError):
    """The proxy refused the connection or the tunnel (`HTTPS_PROXY`/`HTTP_PROXY`, or `proxy=`); not retried."""


class LoggerError(ClientError):
    """The logger raised while the SDK logged; the logger's exception is the `__cause__`."""


_BY_STATUS = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    422: UnprocessableEntityError,
    429: RateLimitError,
}


def make_status_error(status_code: int, body: Any, headers: Mapping[str, str], request_id_header: Optional[str] = None, note: Optional[str] = None) -> APIStatusError:
    """The error class for a response status."""
    kind = _BY_STATUS.get(status_code)
    if kind is None:
        kind = InternalServerError if status_code >= 500 else APIStatusError
    return kind(status_code, body, headers, request_id_header, note)


def server_wait(headers: Mapping[str, str], now: Optional[float] = None) -> Optional[float]:
    """The wait a response asks for, in seconds: `retry-after-ms` (milliseconds) when it is a
    number, else `Retry-After` (seconds or an HTTP date); None when neither says."""
    millis = headers.get("retry-after-ms")
    if millis is not None:
        try:
            value = float(millis.strip())
        except ValueError:
            value = math.nan
        if math.isfinite(value) and value >= 0:
            return value / 1000
    return retry_after_seconds(headers.get("retry-after"), now)


def retry_after_seconds(value: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """Retry-After as seconds: integer seconds or an HTTP date; None when absent or unreadable."""
    if value is None or value.strip() == "":
        return None
    text = value.strip()
    if text.isdigit():
        return float(int(text))
    try:
        when = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


def _error_fields(body: Any) -> "dict[str, Optional[str]]":
    """code/message/param/request_id wherever APIs put them: under `error` (Stripe, OpenAI), first
    of `errors` (JSON:API), or the body itself (RFC 9457 problem details, GitHub, OAuth 2)."""
    record = cast(Dict[str, Any], body) if isinstance(body, dict) else {}
    errors: Any = record.get("errors")
    nested: Any = record.get("error")
    if not isinstance(nested, dict) and isinstance(errors, list) and errors:
        nested = cast(List[Any], errors)[0]
    inner = cast(Dict[str, Any], nested) if isinstance(nested, dict) else record

    def text(value: Any) -> Optional[str]:
        return value if isinstance(value, str) and value else None

    def spelled(name: str) -> str:
        return name.lower().replace("_", "").replace("-", "")

    def field(found: "Dict[str, Any]", *names: str) -> Any:
        # Any spelling of a name: Postmark's `Message` and `ErrorCode` are `message` and `error_code`.
        for name in names:
            if found.get(name) is not None:
                return found[name]
        for name in names:
            for key, value in found.items():
                if spelled(key) == spelled(name):
                    return value
        return None

    # A problem's `type` is a URI naming its kind; `about:blank` names none.
    problem_type = text(field(inner, "type"))
    if problem_type == "about:blank":
        problem_type = None
    numbered = field(inner, "code", "error_code")
    code = text(numbered) or (str(numbered) if isinstance(numbered, int) and not isinstance(numbered, bool) else None)
    return {
        "code": code or problem_type or text(field(record, "error")),
        "message": text(field(inner, "message"))
        or text(field(inner, "detail"))
        or text(field(inner, "error_description"))
        or text(field(inner, "title"))
        or text(field(record, "message")),
        "param": text(field(inner, "param")),
        "request_id": text(field(inner, "request_id")) or text(field(record, "request_id")),
    }

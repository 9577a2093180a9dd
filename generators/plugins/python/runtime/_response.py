"""Responses: which media type a call asks for (`Accept`), and the success body decoded by its
media kind: JSON parsed (date-times as `datetime`), text as `str`, binary as `bytes`,
multipart/form-data as a `FormData`, event streams and NDJSON as a `Stream`. The kind is the declared media type that matches the
response's Content-Type, else the one asked for. `APIResponse` is a response with its HTTP
details; `.with_streaming_response` hands it over unread (`iter_bytes()`, `iter_lines()`).
"""

from __future__ import annotations

import codecs
import contextvars
import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Generic, Iterator, Mapping, Optional, Sequence, TypeVar

from ._errors import APIError, ClientError
from ._form_data import MalformedMultipart, decode_form_data
from ._serde import Shape, decode
from ._streaming import Reconnect, ndjson_stream, sse_stream
from ._transport import RawResponse

if TYPE_CHECKING:
    from typing_extensions import ParamSpec

    P = ParamSpec("P")

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)
R = TypeVar("R")

STREAM_KINDS = ("event-stream", "ndjson")


@dataclass(frozen=True)
class Media:
    """One media type of an operation's success response."""

    media_type: str
    # "json", "text", "form", "binary", "multipart", "event-stream" or "ndjson".
    kind: str
    # Where date-times sit in a JSON body, an NDJSON record or an event's JSON data.
    shape: Optional[Shape] = None
    # Event streams: each event's data is JSON (parsed) rather than text.
    data_is_json: bool = False


def essence(media_type: str) -> str:
    """type/subtype, lower case, without parameters."""
    return media_type.split(";")[0].strip().lower()


def _matches(declared: str, actual: str) -> bool:
    kind, _, subtype = essence(declared).partition("/")
    actual_kind, _, actual_subtype = essence(actual).partition("/")
    return kind in ("*", actual_kind) and subtype in ("*", actual_subtype)


def choose_accept(media: Sequence[Media], accept: Optional[str]) -> Optional[Media]:
    """The media type a call asks for: `accept` when the operation declares it, else the preferred one."""
    if not media:
        return None
    if accept is None:
        return media[0]
    for candidate in media:
        if essence(candidate.media_type) == essence(accept):
            return candidate
    raise ClientError(f"This operation answers {', '.join(candidate.media_type for candidate in media)}; it cannot answer {accept}.")


def media_of(raw: RawResponse, declared: Sequence[Media], asked: Optional[Media]) -> Optional[Media]:
    """The declared media type the response is: the one asked for when the Content-Type is one, else the closest match, else the one asked for."""
    content_type = raw.headers.get("content-type")
    if content_type:
        # The type asked for, when the answer is one (the call's result type is that type's).
        if asked is not None and _matches(asked.media_type, content_type):
            return asked
        # Else the closest: its own type, else type/*, else */* (a spec may declare */* before multipart/form-data).
        found = [candidate for candidate in declared if _matches(candidate.media_type, content_type)]
        if found:
            return min(found, key=lambda candidate: essence(candidate.media_type).count("*"))
    return asked or (declared[0] if declared else None)


def charset_of(raw: RawResponse) -> str:
    match = re.search(r"charset=\"?([\w.:-]+)", raw.headers.get("content-type", ""), re.I)
    if match:
        try:
            return codecs.lookup(match.group(1)).name
        except LookupError:
            pass
    return "utf-8"


def parse_body(raw: RawResponse, shape: Optional[Shape], shapes: Mapping[str, Shape], request_id_header: Optional[str]) -> Any:
    """JSON when the Content-Type says JSON (date-times parsed), text otherwise; None for an empty body."""
    if raw.status_code in (204, 205):
        return None
    content = raw.content
    if not content:
        return None
    if "json" not in raw.headers.get("content-type", "").lower():
        return content.decode(charset_of(raw), "replace")
    try:
        value = json.loads(content)
    except ValueError as error:
        raise APIError(
            f"The response claimed {raw.headers.get('content-type')} but was not JSON.",
            status_code=raw.status_code,
            body=content.decode("utf-8", "replace")[:1000],
            headers=raw.headers,
            request_id_header=request_id_header,
        ) from error
    return decode(value, shape, shapes)


@dataclass(frozen=True)
class DecodeContext:
    """What decoding a success body needs besides the response."""

    method: str
    shapes: Mapping[str, Shape]
    request_id_header: Optional[str] = None
    # Reopens an event stream from a Last-Event-ID, when the operation allows it.
    reconnect: Optional[Reconnect] = None
    max_reconnects: int = 3
    sleep: Optional[Callable[[float], None]] = None


def decode_success(raw: RawResponse, declared: Sequence[Media], asked: Optional[Media], context: DecodeContext) -> Any:
    """The success body, decoded by its media kind."""
    if not declared or context.method == "HEAD":
        return parse_body(raw, None, context.shapes, context.request_id_header)
    if raw.status_code in (204, 205):
        raw.close()
        return None
    media = media_of(raw, declared, asked)
    assert media is not None
    if media.kind == "json":
        return parse_body(raw, media.shape, context.shapes, context.request_id_header)
    if media.kind in ("text", "form"):
        return raw.content.decode(charset_of(raw), "replace")
    if media.kind == "event-stream":
        shape = media.shape
        shapes = context.shapes

        def parse(data: str) -> Any:
            return decode(json.loads(data), shape, shapes) if media.data_is_json else data

        if context.sleep is not None:
            return sse_stream(raw, parse, reconnect=context.reconnect, max_reconnects=context.max_reconnects, sleep=context.sleep)
        return sse_stream(raw, parse, reconnect=context.reconnect, max_reconnects=context.max_reconnects)
    if media.kind == "ndjson":
        return ndjson_stream(raw, lambda value: decode(value, media.shape, context.shapes))
    if media.kind == "multipart":
        content_type = raw.headers.get("content-type", "")
        try:
            return decode_form_data(raw.content, content_type)
        except MalformedMultipart as error:
            raise APIError(
                f"The response claimed {content_type} but was not multipart/form-data: {error}.",
                status_code=raw.status_code,
                body=raw.content.decode("utf-8", "replace")[:1000],
                headers=raw.headers,
                request_id_header=context.request_id_header,
            ) from error
    return raw.content  # binary: the bytes


def is_streamed_kind(raw: RawResponse, declared: Sequence[Media], asked: Optional[Media]) -> bool:
    """Whether a success response is read as it arrives (an event stream or NDJSON) rather than whole."""
    media = media_of(raw, declared, asked) if declared else None
    return media is not None and media.kind in STREAM_KINDS and raw.status_code not in (204, 205)


@dataclass(frozen=True)
class RateLimit:
    """The rate-limit headers of a response (None when absent)."""

    limit: Optional[int]
    remaining: Optional[int]


class APIResponse(Generic[T_co]):
    """A response with its HTTP details: `parse()` gives what the plain call returns. From
    `.with_streaming_response` its body is still unread: `iter_bytes()`, `iter_text()`,
    `iter_lines()` read it as it arrives; `read()` (or `content`) reads it whole."""

    def __init__(self, raw: RawResponse, parsed: Callable[[], T_co], request_id: Optional[str], rate_limit: RateLimit, retries_taken: int) -> None:
        self.status_code = raw.status_code
        self.headers: Mapping[str, str] = raw.headers
        self.request_id = request_id
        self.rate_limit = rate_limit
        self.retries_taken = retries_taken
        self._raw = raw
        self._parse = parsed
        self._parsed: Optional[T_co] = None
        self._has_parsed = False

    @property
    def content(self) -> bytes:
        """The whole body (read now, when it has not been read yet)."""
        return self._raw.content

    def read(self) -> bytes:
        return self._raw.content

    def text(self) -> str:
        return self._raw.content.decode(charset_of(self._raw), "replace")

    def parse(self) -> T_co:
        """What the plain call returns (decoded once; a stream is handed out once)."""
        if not self._has_parsed:
            self._parsed = self._parse()
            self._has_parsed = True
        return self._parsed  # type: ignore[return-value]

    def json(self) -> Any:
        content = self._raw.content
        return json.loads(content) if content else None

    def iter_bytes(self, chunk_size: Optional[int] = None) -> Iterator[bytes]:
        """The body in chunks as they arrive."""
        return self._raw.iter_bytes(chunk_size)

    def iter_text(self, chunk_size: Optional[int] = None) -> Iterator[str]:
        """The body as text (the Content-Type's charset, else UTF-8), in chunks as they arrive."""
        decoder = codecs.getincrementaldecoder(charset_of(self._raw))("replace")
        for chunk in self._raw.iter_bytes(chunk_size):
            text = decoder.decode(chunk)
            if text:
                yield text
        rest = decoder.decode(b"", final=True)
        if rest:
            yield rest

    def iter_lines(self) -> Iterator[str]:
        """The body's lines (without their line ends: LF, CRLF or CR) as they arrive."""
        pending = ""
        for text in self.iter_text():
            pending += text
            # A CR at the very end may be half a CRLF: it waits for the next chunk.
            lines = re.split(r"\r\n|\r(?!\Z)|\n", pending)
            pending = lines.pop()
            yield from lines
        if pending.endswith("\r"):
            yield pending[:-1]
        elif pending:
            yield pending

    def close(self) -> None:
        """Closes the connection of a body not read to its end."""
        self._raw.close()

    @property
    def is_closed(self) -> bool:
        return self._raw.is_closed

    def __repr__(self) -> str:
        return f"<APIResponse status_code={self.status_code} request_id={self.request_id}>"


_STREAMING: "contextvars.ContextVar[bool]" = contextvars.ContextVar("streaming_response", default=False)


def streaming_requested() -> bool:
    """Whether the call being made comes from `.with_streaming_response` (its body is left unread)."""
    return _STREAMING.get()


class StreamedCall(Generic[T]):
    """`with client.x.with_streaming_response.y(...) as response:` the response, body unread;
    leaving the block closes its connection."""

    def __init__(self, call: Callable[[], APIResponse[T]]) -> None:
        self._call = call
        self._response: Optional[APIResponse[T]] = None

    def __enter__(self) -> APIResponse[T]:
        token = _STREAMING.set(True)
        try:
            self._response = self._call()
        finally:
            _STREAMING.reset(token)
        return self._response

    def __exit__(self, *exc_info: object) -> None:
        if self._response is not None:
            self._response.close()


def to_streamed_response_wrapper(method: "Callable[P, APIResponse[R]]") -> "Callable[P, StreamedCall[R]]":
    """A `.with_raw_response` method as its `.with_streaming_response` twin."""

    def wrapped(*args: "P.args", **kwargs: "P.kwargs") -> StreamedCall[R]:
        return StreamedCall(lambda: method(*args, **kwargs))

    wrapped.__doc__ = method.__doc__
    return wrapped

"""The async client's responses: `AsyncAPIResponse` (`await parse()`, `async for` over its bytes,
text or lines), `AsyncStream` for event streams and NDJSON (`async for`, `async with`), and
`.with_streaming_response` as an `async with` block. Bodies that are not streams are read whole
and decoded by the same code as the sync client's (_response.py)."""

from __future__ import annotations

import codecs
import contextvars
import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, AsyncIterator, Awaitable, Callable, Generic, Mapping, Optional, Sequence, TypeVar

from ._async_transport import AsyncRawResponse
from ._errors import APIConnectionError
from ._response import Media, RateLimit, charset_of, decode_success, media_of, DecodeContext
from ._serde import Shape, decode
from ._streaming import EventStreamDecoder, ServerSentEvent, _parsed  # pyright: ignore[reportPrivateUsage]

if TYPE_CHECKING:
    from typing_extensions import ParamSpec

    P = ParamSpec("P")

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)
D = TypeVar("D")
R = TypeVar("R")

AsyncReconnect = Callable[[str], Awaitable[AsyncRawResponse]]
"""Reopens an event stream, given the Last-Event-ID to resume from; returns the new response."""


class AsyncStream(Generic[T]):
    """A streamed response: iterate it once with `async for`. The connection is closed when the
    loop ends early (`break`, an exception: leave an `async with` block or `await stream.close()`),
    and given back for reuse when the body was read to its end."""

    def __init__(self, items: Callable[[], AsyncIterator[T]], response: AsyncRawResponse, close: Callable[[], Awaitable[None]]) -> None:
        self._items = items
        self.response = response
        self._close = close
        self._iterator: Optional[AsyncIterator[T]] = None

    def __aiter__(self) -> AsyncIterator[T]:
        if self._iterator is not None:
            raise RuntimeError("A stream can be iterated once.")
        self._iterator = self._run()
        return self._iterator

    async def __anext__(self) -> T:
        if self._iterator is None:
            self.__aiter__()
        assert self._iterator is not None
        return await self._iterator.__anext__()

    async def _run(self) -> AsyncIterator[T]:
        try:
            async for item in self._items():
                yield item
        finally:
            await self._close()

    async def close(self) -> None:
        """Ends the stream and closes its connection (when it was not read to the end)."""
        iterator = self._iterator
        if iterator is not None:
            closer = getattr(iterator, "aclose", None)
            if callable(closer):
                await closer()  # pyright: ignore[reportGeneralTypeIssues]
        await self._close()

    async def __aenter__(self) -> "AsyncStream[T]":
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    def __repr__(self) -> str:
        return f"<AsyncStream status_code={self.response.status_code}>"


async def _text_chunks(raw: AsyncRawResponse) -> AsyncIterator[str]:
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    async for chunk in raw.iter_bytes():
        text = decoder.decode(chunk)
        if text:
            yield text
    rest = decoder.decode(b"", final=True)
    if rest:
        yield rest


def async_sse_stream(
    raw: AsyncRawResponse, parse: Callable[[str], D], *, reconnect: Optional[AsyncReconnect] = None, max_reconnects: int = 3, sleep: Callable[[float], Awaitable[None]]
) -> AsyncStream[ServerSentEvent[D]]:
    """Server-sent events, as `sse_stream` reads them, reconnecting with Last-Event-ID the same way."""
    current = [raw]

    async def events() -> AsyncIterator[ServerSentEvent[D]]:
        decoder = EventStreamDecoder()
        failures = 0
        while True:
            try:
                async for text in _text_chunks(current[0]):
                    for event in decoder.push(text):
                        failures = 0
                        yield ServerSentEvent(_parsed(parse, event.data, current[0].head(), "An event's data"), event.event, event.id, event.retry)
                decoder.end()
                return
            except APIConnectionError:
                if reconnect is None or decoder.last_event_id is None or failures >= max_reconnects:
                    raise
                failures += 1
                decoder.end()
                await current[0].close()
                await sleep((decoder.retry if decoder.retry is not None else 1000) / 1000)
                current[0] = await reconnect(decoder.last_event_id)

    async def close() -> None:
        await current[0].close()

    return AsyncStream(events, raw, close)


def async_ndjson_stream(raw: AsyncRawResponse, parse: Callable[[Any], T]) -> AsyncStream[T]:
    """NDJSON records, one JSON value per line (blank lines skipped), each through `parse`."""

    async def records() -> AsyncIterator[T]:
        pending = ""
        async for text in _text_chunks(raw):
            pending += text
            lines = pending.split("\n")
            pending = lines.pop()
            for line in lines:
                if line.strip():
                    yield _parsed(lambda value: parse(json.loads(value)), line[:-1] if line.endswith("\r") else line, raw.head(), "A line of the stream")
        if pending.strip():
            yield _parsed(lambda value: parse(json.loads(value)), pending, raw.head(), "A line of the stream")

    return AsyncStream(records, raw, raw.close)


@dataclass(frozen=True)
class AsyncDecodeContext:
    method: str
    shapes: Mapping[str, Shape]
    sleep: Callable[[float], Awaitable[None]]
    request_id_header: Optional[str] = None
    reconnect: Optional[AsyncReconnect] = None
    max_reconnects: int = 3


async def decode_success_async(raw: AsyncRawResponse, declared: Sequence[Media], asked: Optional[Media], context: AsyncDecodeContext) -> Any:
    """The success body: event streams and NDJSON as an AsyncStream, everything else read whole and decoded as the sync client does."""
    media = media_of(raw.head(), declared, asked) if declared and context.method != "HEAD" and raw.status_code not in (204, 205) else None
    if media is not None and media.kind == "event-stream":
        shape, shapes, data_is_json = media.shape, context.shapes, media.data_is_json

        def parse(data: str) -> Any:
            return decode(json.loads(data), shape, shapes) if data_is_json else data

        return async_sse_stream(raw, parse, reconnect=context.reconnect, max_reconnects=context.max_reconnects, sleep=context.sleep)
    if media is not None and media.kind == "ndjson":
        return async_ndjson_stream(raw, lambda value: decode(value, media.shape, context.shapes))
    await raw.read()
    return decode_success(raw.whole(), declared, asked, DecodeContext(context.method, context.shapes, context.request_id_header))


class AsyncAPIResponse(Generic[T_co]):
    """A response with its HTTP details: `await parse()` gives what the plain call returns. From
    `.with_streaming_response` its body is still unread: `iter_bytes()`, `iter_text()`,
    `iter_lines()` read it as it arrives (`async for`); `await read()` reads it whole."""

    def __init__(self, raw: AsyncRawResponse, parsed: Callable[[], Awaitable[T_co]], request_id: Optional[str], rate_limit: RateLimit, retries_taken: int) -> None:
        self.status_code = raw.status_code
        self.headers: Mapping[str, str] = raw.headers
        self.request_id = request_id
        self.rate_limit = rate_limit
        self.retries_taken = retries_taken
        self._raw = raw
        self._parse = parsed
        self._parsed: Optional[T_co] = None
        self._has_parsed = False

    async def read(self) -> bytes:
        return await self._raw.read()

    async def text(self) -> str:
        return (await self._raw.read()).decode(charset_of(self._raw.head()), "replace")

    async def json(self) -> Any:
        content = await self._raw.read()
        return json.loads(content) if content else None

    async def parse(self) -> T_co:
        """What the plain call returns (decoded once; a stream is handed out once)."""
        if not self._has_parsed:
            self._parsed = await self._parse()
            self._has_parsed = True
        return self._parsed  # type: ignore[return-value]

    def iter_bytes(self, chunk_size: Optional[int] = None) -> AsyncIterator[bytes]:
        return self._raw.iter_bytes(chunk_size)

    async def iter_text(self, chunk_size: Optional[int] = None) -> AsyncIterator[str]:
        decoder = codecs.getincrementaldecoder(charset_of(self._raw.head()))("replace")
        async for chunk in self._raw.iter_bytes(chunk_size):
            text = decoder.decode(chunk)
            if text:
                yield text
        rest = decoder.decode(b"", final=True)
        if rest:
            yield rest

    async def iter_lines(self) -> AsyncIterator[str]:
        """The body's lines (without their line ends: LF, CRLF or CR) as they arrive."""
        pending = ""
        async for text in self.iter_text():
            pending += text
            lines = re.split(r"\r\n|\r(?!\Z)|\n", pending)
            pending = lines.pop()
            for line in lines:
                yield line
        if pending.endswith("\r"):
            yield pending[:-1]
        elif pending:
            yield pending

    async def close(self) -> None:
        await self._raw.close()

    @property
    def is_closed(self) -> bool:
        return self._raw.is_closed

    def __repr__(self) -> str:
        return f"<AsyncAPIResponse status_code={self.status_code} request_id={self.request_id}>"


_STREAMING: "contextvars.ContextVar[bool]" = contextvars.ContextVar("async_streaming_response", default=False)


def async_streaming_requested() -> bool:
    return _STREAMING.get()


class AsyncStreamedCall(Generic[T]):
    """`async with client.x.with_streaming_response.y(...) as response:` the response, body unread;
    leaving the block closes its connection."""

    def __init__(self, call: Callable[[], Awaitable[AsyncAPIResponse[T]]]) -> None:
        self._call = call
        self._response: Optional[AsyncAPIResponse[T]] = None

    async def __aenter__(self) -> AsyncAPIResponse[T]:
        token = _STREAMING.set(True)
        try:
            self._response = await self._call()
        finally:
            _STREAMING.reset(token)
        return self._response

    async def __aexit__(self, *exc_info: object) -> None:
        if self._response is not None:
            await self._response.close()


def to_async_streamed_response_wrapper(method: "Callable[P, Awaitable[AsyncAPIResponse[R]]]") -> "Callable[P, AsyncStreamedCall[R]]":
    """A `.with_raw_response` method of the async client as its `.with_streaming_response` twin."""

    def wrapped(*args: "P.args", **kwargs: "P.kwargs") -> AsyncStreamedCall[R]:
        return AsyncStreamedCall(lambda: method(*args, **kwargs))

    wrapped.__doc__ = method.__doc__
    return wrapped

"""Streamed responses: `text/event-stream` as typed events and NDJSON (application/x-ndjson,
application/jsonl) as typed records, each a `Stream` you iterate with `for`. The body is read as
it arrives, never held whole. Leaving the loop early (`break`, an exception) or `stream.close()`
closes the connection. An event stream whose operation accepts `Last-Event-ID` reconnects after
a dropped connection, resuming from the last event ID it saw.

The event-stream decoder follows the WHATWG HTML "event stream interpretation": UTF-8 (a leading
BOM dropped), lines ended by CRLF, LF or CR (a CR at the end of one chunk and an LF at the start
of the next are one line end), comments, `field: value` with one leading space dropped, `data`
lines joined by LF, an `id` with NUL ignored, `retry` only when all digits, and an event
dispatched on a blank line only when it has data. The tests hold it to `eventsource-parser`.
"""

from __future__ import annotations

import codecs
import json
import re
import time
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Generator, Generic, Iterator, List, Optional, TypeVar

from ._errors import APIConnectionError, APIError

if TYPE_CHECKING:
    from ._transport import RawResponse

T = TypeVar("T")
D = TypeVar("D")


@dataclass(frozen=True)
class ServerSentEvent(Generic[D]):
    """One event as the server sent it: `data` parsed when the spec says it is JSON."""

    data: D
    # The `event` field; None means the default type, "message".
    event: Optional[str] = None
    # The `id` field of this event, when it had one.
    id: Optional[str] = None
    # The `retry` field (milliseconds) sent in this event's block, when there was one.
    retry: Optional[int] = None


_LINE_END = re.compile(r"\r\n|\r|\n")
_DIGITS = re.compile(r"[0-9]+")


class EventStreamDecoder:
    """Decodes text/event-stream text pushed in chunks of any size into events."""

    def __init__(self) -> None:
        self._pending = ""
        self._data: List[str] = []
        self._event: Optional[str] = None
        self._id: Optional[str] = None
        self._retry: Optional[int] = None
        self._first = True
        self._carriage_return = False
        self.last_event_id: Optional[str] = None
        """The last event ID the stream has set (what a reconnection sends as Last-Event-ID)."""
        self.retry: Optional[int] = None
        """The reconnection time the stream last asked for, in milliseconds."""

    def push(self, text: str) -> List[ServerSentEvent[str]]:
        """Decodes one chunk of text; returns the events it completes."""
        if self._first and text:
            self._first = False
            if text.startswith("\ufeff"):
                text = text[1:]
        if self._carriage_return and text.startswith("\n"):
            text = text[1:]
        self._carriage_return = False
        events: List[ServerSentEvent[str]] = []
        buffer = self._pending + text
        start = 0
        while True:
            match = _LINE_END.search(buffer, start)
            if match is None:
                break
            # A CR as the last character may be the first half of a CRLF split across chunks.
            if match.group(0) == "\r" and match.end() == len(buffer):
                self._carriage_return = True
            event = self._line(buffer[start : match.start()])
            if event is not None:
                events.append(event)
            start = match.end()
        self._pending = buffer[start:]
        return events

    def end(self) -> None:
        """The stream ended: an event without its closing blank line is discarded, as WHATWG says."""
        self._pending = ""
        self._carriage_return = False
        self._reset()

    def _line(self, line: str) -> Optional[ServerSentEvent[str]]:
        if line == "":
            return self._dispatch()
        if line.startswith(":"):
            return None
        field, colon, value = line.partition(":")
        if colon and value.startswith(" "):
            value = value[1:]
        if field == "event":
            self._event = value
        elif field == "data":
            self._data.append(value)
        elif field == "id":
            if "\0" not in value:
                self._id = value
                self.last_event_id = value
        elif field == "retry":
            if _DIGITS.fullmatch(value):
                self._retry = int(value)
                self.retry = self._retry
        return None  # unknown fields are ignored

    def _dispatch(self) -> Optional[ServerSentEvent[str]]:
        event = ServerSentEvent("\n".join(self._data), self._event or None, self._id, self._retry) if self._data else None
        self._reset()
        return event

    def _reset(self) -> None:
        self._data = []
        self._event = None
        self._id = None
        self._retry = None


class Stream(Generic[T]):
    """A streamed response: iterate it once with `for`. The connection is closed when the loop
    ends early (`break`, an exception), when the stream is closed (`close()`, or leaving a `with`
    block), and given back for reuse when the body was read to its end.

    `response` is the first response's status and headers (`status_code`, `headers`).
    """

    def __init__(self, items: Callable[[], Iterator[T]], response: "RawResponse", close: Callable[[], None]) -> None:
        self._items = items
        self.response = response
        self._close = close
        self._started = False
        # Held weakly: a `for` loop that breaks drops the last reference, and the generator's
        # `finally` closes the connection at once instead of whenever the stream is collected.
        self._loop: "Optional[weakref.ReferenceType[Generator[T, None, None]]]" = None
        self._next: Optional[Iterator[T]] = None

    def __iter__(self) -> Iterator[T]:
        if self._started:
            raise RuntimeError("A stream can be iterated once.")
        self._started = True
        loop = self._run()
        self._loop = weakref.ref(loop)
        return loop

    def __next__(self) -> T:
        if self._next is None:
            self._next = iter(self)
        return next(self._next)

    def _run(self) -> Generator[T, None, None]:
        try:
            yield from self._items()
        finally:
            # The end of the body, `break`, an exception: the connection is released or closed.
            self._close()

    def close(self) -> None:
        """Ends the stream and closes its connection (when it was not read to the end)."""
        loop = self._loop() if self._loop is not None else None
        if loop is not None:
            loop.close()
        self._close()

    def __enter__(self) -> "Stream[T]":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<Stream status_code={self.response.status_code}>"


def _text_chunks(raw: "RawResponse") -> Iterator[str]:
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    for chunk in raw.iter_bytes():
        text = decoder.decode(chunk)
        if text:
            yield text
    rest = decoder.decode(b"", final=True)
    if rest:
        yield rest


Reconnect = Callable[[str], "RawResponse"]
"""Reopens an event stream, given the Last-Event-ID to resume from; returns the new response."""


def sse_stream(
    raw: "RawResponse",
    parse: Callable[[str], D],
    *,
    reconnect: Optional[Reconnect] = None,
    max_reconnects: int = 3,
    sleep: Callable[[float], None] = time.sleep,
) -> Stream[ServerSentEvent[D]]:
    """Server-sent events from a response. `parse` turns an event's data into its type. With
    `reconnect`, a connection that drops mid-stream after an event with an ID is reopened (after
    the server's `retry`, default 1 s) up to `max_reconnects` times in a row."""
    current = [raw]

    def events() -> Iterator[ServerSentEvent[D]]:
        decoder = EventStreamDecoder()
        failures = 0
        while True:
            try:
                for text in _text_chunks(current[0]):
                    for event in decoder.push(text):
                        failures = 0
                        yield ServerSentEvent(_parsed(parse, event.data, current[0], "An event's data"), event.event, event.id, event.retry)
                decoder.end()
                return
            except APIConnectionError:
                if reconnect is None or decoder.last_event_id is None or failures >= max_reconnects:
                    raise
                failures += 1
                decoder.end()
                current[0].close()
                sleep((decoder.retry if decoder.retry is not None else 1000) / 1000)
                current[0] = reconnect(decoder.last_event_id)

    return Stream(events, raw, lambda: current[0].close())


def _parsed(parse: Callable[[str], D], text: str, raw: "RawResponse", what: str) -> D:
    try:
        return parse(text)
    except ValueError as error:
        raise APIError(f"{what} was not the JSON the spec declares: {text[:200]!r}", status_code=raw.status_code, body=text[:200], headers=raw.headers) from error


def ndjson_stream(raw: "RawResponse", parse: Callable[[Any], T]) -> Stream[T]:
    """NDJSON records: one JSON value per line (blank lines skipped), each through `parse`."""

    def records() -> Iterator[T]:
        pending = ""
        for text in _text_chunks(raw):
            pending += text
            lines = pending.split("\n")
            pending = lines.pop()
            for line in lines:
                if line.strip():
                    yield _parsed(lambda value: parse(json.loads(value)), line[:-1] if line.endswith("\r") else line, raw, "A line of the stream")
        if pending.strip():
            yield _parsed(lambda value: parse(json.loads(value)), pending, raw, "A line of the stream")

    return Stream(records, raw, raw.close)

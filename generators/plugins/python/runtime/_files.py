"""What a file can be when it is sent (a multipart part or a binary body), and how its bytes are
read: `bytes` (or `bytearray`, `memoryview`), a binary file object (`open(path, "rb")`, read in
chunks as the request is sent, never whole), or, for binary bodies and parts, any iterable of
bytes (a generator: sent once, so the call is not retried). A multipart file may be named and
typed with a tuple, as in `requests` and `httpx`: `(filename, content)`,
`(filename, content, content_type)` or `(filename, content, content_type, headers)`.
`with_part_headers(value, headers)` gives any multipart part headers of its own (the spec's
`encoding.headers`).
"""

from __future__ import annotations

import io
import os
import stat
from dataclasses import dataclass, field
from typing import IO, Any, Generic, Iterable, Iterator, List, Mapping, Optional, Tuple, TypeVar, Union, cast

from ._errors import ClientError

CHUNK_SIZE = 64 * 1024

FileContent = Union[bytes, bytearray, memoryview, IO[bytes], Iterable[bytes]]
"""The bytes of a file: in memory, a binary file object (read as it is sent), or an iterable of chunks."""

FileTypes = Union[
    FileContent,
    Tuple[Optional[str], FileContent],
    Tuple[Optional[str], FileContent, Optional[str]],
    Tuple[Optional[str], FileContent, Optional[str], Mapping[str, str]],
]
"""A multipart file: its content, or a tuple (filename, content[, content_type[, headers]])."""

BinaryContent = FileContent
"""A binary request body."""

V = TypeVar("V")


@dataclass(frozen=True)
class PartWithHeaders(Generic[V]):
    """A multipart part value with headers of its own (`X-Checksum: ...`); see `with_part_headers`."""

    value: V
    headers: Mapping[str, str] = field(default_factory=lambda: {})


def with_part_headers(value: V, headers: Mapping[str, str]) -> PartWithHeaders[V]:
    """Attaches headers to one multipart part: `upload(file=with_part_headers(data, {"X-Checksum": sum}))`."""
    return PartWithHeaders(value, dict(headers))


@dataclass
class FilePart:
    """A file to send: its name, media type (None: the spec's), own headers and content."""

    filename: Optional[str]
    content: Any
    content_type: Optional[str] = None
    headers: Mapping[str, str] = field(default_factory=lambda: {})


def is_file_content(value: Any) -> bool:
    """bytes-like, a file object, or an iterable of bytes (strings and containers of data are not files)."""
    if isinstance(value, (bytes, bytearray, memoryview)) or hasattr(value, "read"):
        return True
    return isinstance(value, Iterator)


def file_part(value: Any) -> FilePart:
    """A file value (content, tuple or part with headers) taken apart."""
    headers: Mapping[str, str] = {}
    if isinstance(value, PartWithHeaders):
        wrapped = cast(PartWithHeaders[Any], value)
        headers, value = wrapped.headers, wrapped.value
    if isinstance(value, tuple):
        items: List[Any] = list(cast(Tuple[Any, ...], value))
        if not 2 <= len(items) <= 4:
            raise ClientError("A file tuple is (filename, content), (filename, content, content_type) or (filename, content, content_type, headers).")
        filename = items[0]
        content_type = items[2] if len(items) > 2 else None
        own: Mapping[str, str] = cast(Mapping[str, str], items[3]) if len(items) > 3 and items[3] is not None else {}
        return FilePart(None if filename is None else str(filename), _bytes_if_text(items[1]), content_type, {**own, **headers})
    return FilePart(_name_of(value), _bytes_if_text(value), None, headers)


def _bytes_if_text(content: Any) -> Any:
    return content.encode("utf-8") if isinstance(content, str) else content


def _name_of(content: Any) -> Optional[str]:
    name = getattr(content, "name", None)
    return os.path.basename(name) if isinstance(name, str) and name and not name.startswith("<") else None


def size_of(content: Any) -> Optional[int]:
    """How many bytes content holds from where it stands now; None when that cannot be known without reading."""
    if isinstance(content, (bytes, bytearray)):
        return len(content)
    if isinstance(content, memoryview):
        return content.nbytes
    if hasattr(content, "read"):
        stream = cast(IO[bytes], content)
        try:
            mode = os.fstat(stream.fileno()).st_mode
            if stat.S_ISREG(mode):
                return max(0, os.fstat(stream.fileno()).st_size - stream.tell())
        except (OSError, AttributeError, ValueError, io.UnsupportedOperation):
            pass
        try:
            if stream.seekable():
                position = stream.tell()
                end = stream.seek(0, io.SEEK_END)
                stream.seek(position)
                return max(0, end - position)
        except (OSError, AttributeError, ValueError):
            return None
    return None


class Rewind:
    """Where each file object of a body started, so a retry can send the same bytes again."""

    def __init__(self) -> None:
        self._marks: "list[Tuple[IO[bytes], int]]" = []
        self.replayable = True

    def note(self, content: Any) -> None:
        if isinstance(content, (bytes, bytearray, memoryview)):
            return
        if hasattr(content, "read"):
            stream = cast(IO[bytes], content)
            try:
                if stream.seekable():
                    self._marks.append((stream, stream.tell()))
                    return
            except (OSError, ValueError):
                pass
        self.replayable = False

    def rewind(self) -> None:
        for stream, position in self._marks:
            stream.seek(position)


def iter_content(content: Any, chunk_size: int = CHUNK_SIZE) -> Iterator[bytes]:
    """The bytes of content in chunks, read as they are asked for."""
    if isinstance(content, (bytes, bytearray)):
        if content:
            yield bytes(content)
        return
    if isinstance(content, memoryview):
        if content.nbytes:
            yield content.tobytes()
        return
    if hasattr(content, "read"):
        stream = cast(IO[bytes], content)
        while True:
            chunk = stream.read(chunk_size)
            if not chunk:
                return
            if isinstance(chunk, str):
                raise ClientError("A file must be opened in binary mode (open(path, 'rb')).")
            yield chunk
    for chunk in cast(Iterable[Any], content):
        if isinstance(chunk, str):
            raise ClientError("An iterable body yields bytes, not str.")
        if chunk:
            yield bytes(chunk)

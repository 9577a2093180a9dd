"""multipart/form-data bodies (RFC 7578), written as they are sent: file contents are read in
chunks while the request goes out (a file object is never read whole), and the boundary is made
here, in the same call that writes the Content-Type. The parts follow the spec's `encoding`:
files with their type, objects as JSON parts, arrays one part per item, styled properties
(`encoding.style`) one text part per name=value pair, and per-part headers.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field
from typing import Any, Iterator, List, Mapping, Optional, Sequence, Tuple, Union, cast

from ._errors import ClientError
from ._files import PartWithHeaders, Rewind, file_part, is_file_content, iter_content, size_of
from ._params import Param, query_pairs, raw_text
from ._serde import NotGiven, primitive_text, to_json


@dataclass(frozen=True)
class Part:
    """One property of a multipart or form body as the generator describes it (the spec's `encoding`)."""

    name: str
    # "primitive", "array", "object", "unknown", "file" or "files".
    shape: str = "unknown"
    # The part's Content-Type when it is not plain text (files: when the value brings none).
    content_type: Optional[str] = None
    # Declared headers of the part (values come from `with_part_headers` or a file tuple).
    headers: Tuple[str, ...] = ()
    # Spelled by style as query parameters are (multipart: one text part per name=value pair).
    styled: bool = False
    style: str = ""
    explode: Optional[bool] = None
    allow_reserved: bool = False

    def as_param(self) -> Param:
        style = self.style or "form"
        shape = "primitive" if self.shape in ("file", "files") else self.shape
        explode = self.explode if self.explode is not None else style == "form"
        return Param(self.name, "query", style=style, explode=explode, shape=shape, allow_reserved=self.allow_reserved)


@dataclass
class _Piece:
    name: str
    headers: Mapping[str, str]
    content: Union[bytes, Any]
    filename: Optional[str] = None
    content_type: Optional[str] = None
    extra: List[Tuple[str, str]] = field(default_factory=lambda: [])


def _unwrap(value: Any) -> Tuple[Any, Mapping[str, str]]:
    if isinstance(value, PartWithHeaders):
        wrapped = cast(PartWithHeaders[Any], value)
        return wrapped.value, wrapped.headers
    return value, {}


def concrete_type(declared: Optional[str], fallback: str) -> str:
    """A concrete type from an encoding's contentType (a comma-separated list, maybe with wildcards)."""
    for candidate in (declared or "").split(","):
        candidate = candidate.strip()
        if candidate and "*" not in candidate:
            return candidate
    return fallback


def _is_structured(value: Any) -> bool:
    return isinstance(value, (Mapping, list))


def _pieces(name: str, value: Any, spec: Optional[Part]) -> List[_Piece]:
    """The parts one property makes, in order."""
    if value is None or isinstance(value, NotGiven):
        return []
    if spec is not None and spec.styled:
        inner, _ = _unwrap(value)
        return [_Piece(key, {}, text.encode("utf-8")) for key, text in query_pairs(spec.as_param(), inner, raw_text)]
    inner_value, _ = _unwrap(value)
    shape = spec.shape if spec is not None and spec.shape != "unknown" else ("file" if is_file_content(inner_value) else "unknown")
    declared = spec.content_type if spec is not None and spec.content_type and not re.match(r"text/plain\b", spec.content_type, re.I) else None

    def one(item: Any) -> _Piece:
        inner, headers = _unwrap(item)
        if shape in ("file", "files") or is_file_content(inner):
            part = file_part(item)
            content_type = part.content_type or concrete_type(spec.content_type if spec else None, "application/octet-stream")
            return _Piece(name, part.headers, part.content, part.filename if part.filename is not None else name, content_type)
        if _is_structured(inner) or (declared is not None and re.search("json", declared, re.I)):
            return _Piece(name, headers, to_json(inner).encode("utf-8"), None, concrete_type(spec.content_type if spec else None, "application/json"))
        return _Piece(name, headers, primitive_text(inner).encode("utf-8"), None, declared)

    # A list given as it is is one part per item; a list wrapped with headers is one (JSON) part.
    if shape == "files" and isinstance(value, list) or shape == "array" and isinstance(value, (list, tuple)):
        items = cast(Sequence[Any], value)
        return [one(item) for item in items if item is not None and not isinstance(item, NotGiven)]
    return [one(value)]


def _quoted(text: str) -> str:
    """A name or file name for Content-Disposition as browsers write it: `"` and line breaks percent-encoded."""
    return '"' + text.replace("\r", "%0D").replace("\n", "%0A").replace('"', "%22") + '"'


def _head(boundary: str, piece: _Piece) -> bytes:
    disposition = f"form-data; name={_quoted(piece.name)}"
    if piece.filename is not None:
        disposition += f"; filename={_quoted(piece.filename)}"
    lines = [f"--{boundary}", f"Content-Disposition: {disposition}"]
    if piece.content_type:
        lines.append(f"Content-Type: {piece.content_type}")
    for header, text in piece.headers.items():
        if re.search(r"[\r\n]", header) or re.search(r"[\r\n]", text):
            raise ClientError(f"Multipart part header {header!r} must not contain line breaks.")
        lines.append(f"{header}: {text}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("utf-8")


def new_boundary() -> str:
    return f"----openapi-client-{secrets.token_hex(16)}"


@dataclass
class MultipartBody:
    """A multipart body ready to send: its Content-Type, its length when every part's is known, and its bytes as chunks."""

    content_type: str
    length: Optional[int]
    segments: List[Any]
    rewind: Rewind

    def chunks(self) -> Iterator[bytes]:
        """The body's bytes, from the start (file objects are rewound to where they stood)."""
        self.rewind.rewind()
        for segment in self.segments:
            yield from iter_content(segment)


def encode_multipart(value: Mapping[str, Any], parts: Sequence[Part] = ()) -> MultipartBody:
    """The body and Content-Type of a multipart/form-data request for `value` (its properties are
    the parts), following the part specs in `parts`; properties the spec does not name are sent
    by what they are (files, JSON for objects and lists, text otherwise)."""
    by_name = {part.name: part for part in parts}
    ordered = [part.name for part in parts if part.name in value] + [name for name in value if name not in by_name]
    pieces = [piece for name in ordered for piece in _pieces(name, value[name], by_name.get(name))]
    boundary = new_boundary()
    marker = boundary.encode("ascii")
    while any(isinstance(piece.content, bytes) and marker in piece.content for piece in pieces):
        boundary = new_boundary()
        marker = boundary.encode("ascii")
    segments: List[Any] = []
    rewind = Rewind()
    length: Optional[int] = 0
    for piece in pieces:
        head = _head(boundary, piece)
        size = size_of(piece.content)
        length = None if length is None or size is None else length + len(head) + size + 2
        rewind.note(piece.content)
        segments += [head, piece.content, b"\r\n"]
    closing = f"--{boundary}--\r\n".encode("ascii")
    segments.append(closing)
    if length is not None:
        length += len(closing)
    return MultipartBody(f"multipart/form-data; boundary={boundary}", length, segments, rewind)

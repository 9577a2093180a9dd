"""Request bodies: which of an operation's media types a call sends (the default, JSON when the
spec declares it, or the one the caller names with `content_type=`), and the bytes and
Content-Type for it: JSON (any `+json`), multipart (_multipart.py), form-urlencoded with the
spec's `encoding`, text, and binary sent as given (a file object or an iterable is streamed,
never read whole).
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Any, Callable, Iterator, List, Mapping, Optional, Sequence, Tuple, cast

from ._errors import ClientError
from ._files import Rewind, iter_content, size_of
from ._multipart import Part, encode_multipart
from ._params import Param, query_pairs
from ._serde import NotGiven, primitive_text, to_json


@dataclass(frozen=True)
class Body:
    """One request media type of an operation."""

    media_type: str
    # "json", "multipart", "form", "text", "binary", "event-stream" or "ndjson".
    kind: str
    # Multipart and form: the properties with their `encoding`, in schema order.
    parts: Tuple[Part, ...] = ()
    # Where the value comes from: the call's keyword arguments ("fields") or its `body` argument ("body").
    mode: str = "body"
    # "fields" of an optional body: the properties its schema requires, needed once any field is given.
    required: Tuple[str, ...] = ()


def check_required_fields(spec: Body, given: Mapping[str, Any], label: str) -> None:
    """Refuses an optional body sent without a property its schema requires (all of them or no body)."""
    missing = [name for name in spec.required if name not in given]
    if given and missing:
        raise TypeError(f"{label}: a request body, when sent, needs {', '.join(missing)}; give them, or no body fields at all.")


@dataclass
class EncodedBody:
    """A body ready to send. `chunks()` starts it over (file objects rewound) for each attempt."""

    content_type: Optional[str]
    # Known length in bytes, or None: sent with chunked transfer encoding.
    length: Optional[int]
    # False when the body can be sent once only (an iterator): the call is then not retried.
    replayable: bool
    _data: Optional[bytes] = None
    _chunks: Optional[Callable[[], Iterator[bytes]]] = None
    # The body's kind ("json", "form", "text", "multipart"; "binary" for bytes the caller gave):
    # a Content-Encoding compresses the ones this SDK serialised, and refuses multipart.
    kind: str = "binary"

    def content(self) -> Any:
        """What the transport sends: the bytes, or an iterator of chunks."""
        if self._data is not None:
            return self._data
        assert self._chunks is not None
        return self._chunks()


def choose_body(bodies: Sequence[Body], chosen: Optional[str]) -> Body:
    """The body spec a call uses: the one `chosen` names (case-insensitive), else the first (the default)."""
    if chosen is None or isinstance(chosen, NotGiven):
        return bodies[0]
    for body in bodies:
        if body.media_type.lower() == chosen.lower():
            return body
    raise ClientError(f"This operation does not take {chosen}; it takes {', '.join(body.media_type for body in bodies)}.")


def _fields(value: Any, kind: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ClientError(f"A {kind} body is a mapping whose keys are its fields.")
    entries = cast(Mapping[str, Any], value)
    return {name: item for name, item in entries.items() if item is not None and not isinstance(item, NotGiven)}


def encode_form(value: Mapping[str, Any], parts: Sequence[Part] = ()) -> str:
    """A form-urlencoded body: every property by its encoding (style-based when the spec says so;
    otherwise objects as JSON text, each item of an array its own field)."""
    by_name = {part.name: part for part in parts}
    names = [part.name for part in parts if part.name in value] + [name for name in value if name not in by_name]
    pairs: List[Tuple[str, str]] = []
    for name in names:
        part = by_name.get(name)
        raw = value[name]
        if part is not None and part.styled:
            pairs += query_pairs(part.as_param(), raw)
            continue
        # A field of no known shape whose content type is JSON: the whole value as JSON text, one field.
        if part is not None and part.shape == "unknown" and part.content_type and "json" in part.content_type.lower():
            if raw is not None and not isinstance(raw, NotGiven):
                pairs += query_pairs(Param(name, "query"), to_json(raw))
            continue
        items: Sequence[Any] = cast(Sequence[Any], raw) if isinstance(raw, (list, tuple)) else [raw]
        for item in items:
            if item is None or isinstance(item, NotGiven):
                continue
            text = to_json(item) if isinstance(item, (Mapping, list, tuple)) else primitive_text(item)
            pairs += query_pairs(Param(name, "query"), text)
    return "&".join(f"{name}={text}" for name, text in pairs)


def _binary(media_type: str, value: Any) -> EncodedBody:
    content_type = "application/octet-stream" if "*" in media_type else media_type
    if isinstance(value, str):
        value = value.encode("utf-8")
    if isinstance(value, (bytes, bytearray, memoryview)):
        data = bytes(cast(Any, value))
        return EncodedBody(content_type, len(data), True, _data=data)
    if hasattr(value, "read") or hasattr(value, "__iter__"):
        rewind = Rewind()
        rewind.note(value)

        def chunks() -> Iterator[bytes]:
            rewind.rewind()
            return iter_content(value)

        return EncodedBody(content_type, size_of(value), rewind.replayable, _chunks=chunks)
    raise ClientError(f"A {media_type} body is bytes, a binary file object, an iterable of bytes or a str.")


def encode_body(spec: Body, value: Any) -> EncodedBody:
    """The bytes and Content-Type of `value` as the media type `spec` says."""
    if spec.kind == "multipart":
        body = encode_multipart(_fields(value, "multipart/form-data"), spec.parts)
        return EncodedBody(body.content_type, body.length, body.rewind.replayable, _chunks=body.chunks, kind="multipart")
    if spec.kind == "form":
        data = encode_form(_fields(value, "form-urlencoded"), spec.parts).encode("ascii")
        return EncodedBody(spec.media_type, len(data), True, _data=data, kind="form")
    if spec.kind == "text":
        data = primitive_text(value).encode("utf-8")
        return EncodedBody(spec.media_type, len(data), True, _data=data, kind="text")
    if spec.kind in ("binary", "event-stream", "ndjson"):
        return _binary(spec.media_type, value)
    data = to_json(value).encode("utf-8")
    return EncodedBody(spec.media_type, len(data), True, _data=data, kind="json")


# The codings this SDK applies to a body it serialises, by Content-Encoding name: zlib's window bits.
_CODINGS = {"gzip": 31, "x-gzip": 31, "deflate": 15}


def in_content_coding(encoded: EncodedBody, coding: Optional[str]) -> EncodedBody:
    """The body in the coding its Content-Encoding names, where the call sends one (a `Content-Encoding`
    header parameter: here.com positioning's gzip). A body this SDK serialises (JSON, a form, text) is
    compressed; bytes, a file or an iterator the caller gives are sent as given, already in their
    coding. A coding this SDK cannot apply, or a multipart body in any coding, is refused before
    anything is sent."""
    name = (coding or "").strip().lower()
    if name in ("", "identity"):
        return encoded
    if encoded.kind == "multipart":
        raise ClientError(
            f"A multipart/form-data body is not sent in a content coding ({name!r}): servers read its parts "
            "as they arrive. Send it without a Content-Encoding."
        )
    if encoded.kind not in ("json", "form", "text"):
        return encoded
    bits = _CODINGS.get(name)
    if bits is None:
        raise ClientError(
            f"This SDK compresses a {encoded.content_type} body with gzip or deflate, not {name!r}: "
            "send another Content-Encoding, or none."
        )
    content = encoded.content()
    assert isinstance(content, bytes)  # every body this SDK serialises, but multipart, is bytes
    compressor = zlib.compressobj(wbits=bits)
    data = compressor.compress(content) + compressor.flush()
    return EncodedBody(encoded.content_type, len(data), encoded.replayable, _data=data, kind=encoded.kind)

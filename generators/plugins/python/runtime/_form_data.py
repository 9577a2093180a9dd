"""multipart/form-data answers (RFC 7578) read into a `FormData`: every part by name, in order,
as the web platform's `FormData` holds them: a part with a filename is a `FormFile` (its bytes,
name and media type as sent), any other is text, read as UTF-8 as browsers read it. Names
and filenames are read as browsers write them (WHATWG: quoted, `%22`, `%0D` and `%0A` for a quote,
CR and LF, no backslash escapes). The body is split on its boundary as bytes: a part's content is
never parsed as MIME itself (a `message/rfc822` file stays its bytes).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from email.message import Message
from typing import Dict, Iterator, List, Optional, Tuple, Union


@dataclass(frozen=True)
class FormFile:
    """A file part of a multipart answer."""

    filename: str
    content: bytes
    # As the part's Content-Type header gives it, parameters included (text/plain when it gives none, RFC 7578).
    content_type: str


FormValue = Union[str, FormFile]


class FormData:
    """The parts of a multipart/form-data answer by name, in the order they came."""

    def __init__(self, entries: List[Tuple[str, FormValue]]) -> None:
        self._entries = list(entries)

    def get(self, name: str) -> Optional[FormValue]:
        """The first part of that name (None: no such part)."""
        for key, value in self._entries:
            if key == name:
                return value
        return None

    def get_all(self, name: str) -> List[FormValue]:
        """Every part of that name, in order (an array is one part per item)."""
        return [value for key, value in self._entries if key == name]

    def keys(self) -> List[str]:
        """The part names, each once, in order."""
        return list(dict.fromkeys(key for key, _ in self._entries))

    def items(self) -> List[Tuple[str, FormValue]]:
        """Every part as (name, value), in order."""
        return list(self._entries)

    def __contains__(self, name: object) -> bool:
        return any(key == name for key, _ in self._entries)

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys())

    def __len__(self) -> int:
        return len(self._entries)

    def __repr__(self) -> str:
        return f"FormData({self._entries!r})"


class MalformedMultipart(ValueError):
    """The answer claimed multipart/form-data but its parts could not be read."""


def _parameters(value: str) -> Tuple[str, Message]:
    """A header value's first item and its parameters, read by the standard library."""
    message = Message()
    message["content-type"] = value
    return value.split(";")[0].strip(), message


_ESCAPED = re.compile(r"%(22|0D|0A)", re.I)
_UNESCAPED = {"%22": '"', "%0D": "\r", "%0A": "\n"}


def _disposition(value: str) -> Dict[str, str]:
    """Content-Disposition's parameters as browsers read them: `name="..."` with no backslash escapes, `%22`/`%0D`/`%0A` decoded."""
    found: Dict[str, str] = {}
    for match in re.finditer(r';\s*([\w*.-]+)\s*=\s*(?:"([^"]*)"|([^;\s]*))', value):
        key = match.group(1).lower()
        if key not in found:
            text = match.group(2) if match.group(2) is not None else match.group(3)
            found[key] = _ESCAPED.sub(lambda escape: _UNESCAPED[escape.group(0).upper()], text)
    return found


def _text(content: bytes) -> str:
    """A text part as the web platform's FormData reads it: UTF-8, whatever charset it names."""
    return content.decode("utf-8", "replace")


def _part(raw: bytes) -> Tuple[str, FormValue]:
    head, separator, content = raw.partition(b"\r\n\r\n")
    if not separator:
        # A part with no header lines at all starts with the blank line.
        if raw.startswith(b"\r\n"):
            head, content = b"", raw[2:]
        else:
            raise MalformedMultipart("a part's headers do not end in a blank line")
    headers: Dict[str, str] = {}
    for line in head.decode("utf-8", "replace").split("\r\n") if head else []:
        name, colon, value = line.partition(":")
        if not colon or not name.strip():
            raise MalformedMultipart(f"a part's header line is not `Name: value` ({line[:60]!r})")
        headers.setdefault(name.strip().lower(), value.strip())
    disposition = headers.get("content-disposition")
    if disposition is None or disposition.split(";")[0].strip().lower() != "form-data":
        raise MalformedMultipart("a part is not Content-Disposition: form-data")
    parameters = _disposition(disposition)
    if "name" not in parameters:
        raise MalformedMultipart("a part has no name (Content-Disposition: form-data; name=...)")
    content_type = headers.get("content-type")
    if "filename" in parameters:
        # A part that names no type is text/plain (RFC 7578 §4.4), as browsers read it.
        return parameters["name"], FormFile(parameters["filename"], content, content_type or "text/plain")
    return parameters["name"], _text(content)


def decode_form_data(content: bytes, content_type: str) -> FormData:
    """The parts of a multipart/form-data body whose Content-Type (with its boundary) is given."""
    boundary = _parameters(content_type)[1].get_param("boundary")
    if not isinstance(boundary, str) or not boundary:
        raise MalformedMultipart("the Content-Type names no boundary")
    delimiter = b"--" + boundary.encode("latin-1", "replace")
    # The first delimiter opens the body (after a preamble, if any); each later one follows a CRLF.
    if content.startswith(delimiter):
        at = len(delimiter)
    else:
        start = content.find(b"\r\n" + delimiter)
        if start < 0:
            raise MalformedMultipart("the body holds no boundary")
        at = start + 2 + len(delimiter)
    entries: List[Tuple[str, FormValue]] = []
    while True:
        if content.startswith(b"--", at):
            return FormData(entries)  # the close delimiter; an epilogue after it is ignored
        line_end = content.find(b"\r\n", at)
        if line_end < 0 or content[at:line_end].strip(b" \t"):
            raise MalformedMultipart("a boundary line does not end in CRLF")
        start = line_end + 2
        end = _next_delimiter(content, b"\r\n" + delimiter, start)
        entries.append(_part(content[start:end]))
        at = end + 2 + len(delimiter)


_PADDING_AND_CRLF = re.compile(rb"[ \t]*\r\n")


def _next_delimiter(content: bytes, marker: bytes, start: int) -> int:
    """Where the next delimiter line starts: CRLF, `--boundary`, then `--` or padding and CRLF (anything else is content)."""
    at = start
    while True:
        end = content.find(marker, at)
        if end < 0:
            raise MalformedMultipart("the body ends before its close delimiter")
        after = end + len(marker)
        if content.startswith(b"--", after) or _PADDING_AND_CRLF.match(content, after):
            return end
        at = end + 1

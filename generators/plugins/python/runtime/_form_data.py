"""multipart/form-data answers (RFC 7578) read into a `FormData`: every part by name, in order,
as the web platform's `FormData` holds them: a part with a filename is a `FormFile` (its bytes,
name and media type), any other is text, decoded by its charset (UTF-8 by default). Parsed with
the standard library's `email` parser, which reads MIME as RFC 2046 writes it.
"""

from __future__ import annotations

import email.parser
import email.policy
from dataclasses import dataclass
from email.message import Message
from typing import Iterator, List, Optional, Tuple, Union


@dataclass(frozen=True)
class FormFile:
    """A file part of a multipart answer."""

    filename: str
    content: bytes
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


def _text(part: Message) -> str:
    payload = part.get_payload(decode=True)
    data = payload if isinstance(payload, bytes) else b""
    charset = part.get_content_charset() or "utf-8"
    try:
        return data.decode(charset, "replace")
    except LookupError:
        return data.decode("utf-8", "replace")


def decode_form_data(content: bytes, content_type: str) -> FormData:
    """The parts of a multipart/form-data body whose Content-Type (with its boundary) is given."""
    if "boundary=" not in content_type.lower():
        raise MalformedMultipart("the Content-Type names no boundary")
    head = f"Content-Type: {content_type}\r\nMIME-Version: 1.0\r\n\r\n".encode("latin-1", "replace")
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(head + content)
    boundary = message.get_boundary()
    # No parts at all (an empty FormData, as the web platform writes it): the close delimiter alone.
    if boundary is not None and content.strip() == f"--{boundary}--".encode("latin-1", "replace"):
        return FormData([])
    if not message.is_multipart() or message.defects:
        raise MalformedMultipart("the body is not multipart as its Content-Type says")
    entries: List[Tuple[str, FormValue]] = []
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        if not isinstance(name, str):
            raise MalformedMultipart("a part has no name (Content-Disposition: form-data; name=...)")
        filename = part.get_filename()
        if filename is None:
            entries.append((name, _text(part)))
        else:
            payload = part.get_payload(decode=True)
            entries.append(
                (name, FormFile(filename, payload if isinstance(payload, bytes) else b"", part.get_content_type()))
            )
    return FormData(entries)

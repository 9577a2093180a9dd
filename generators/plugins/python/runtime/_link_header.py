"""RFC 8288 `Link` headers, read the way a list that pages by links needs them (rel="next")."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Dict, List, Tuple


@dataclass(frozen=True)
class WebLink:
    """One link of an RFC 8288 `Link` header: its target, relation types (lower-cased) and parameters."""

    uri: str
    rel: Tuple[str, ...] = ()
    params: Dict[str, str] = field(default_factory=lambda: {})


_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
_BARE_VALUE = re.compile(r"[^,;\s]*")


def parse_link_header(header: str) -> List[WebLink]:
    """An RFC 8288 `Link` header's links, in order: `<uri>` then `; name=value` parameters (tokens
    or quoted strings with backslash escapes, so commas and semicolons inside quotes do not split).
    A malformed link is skipped up to the next comma outside quotes; `rel` may name several types."""
    links: List[WebLink] = []
    at, end = 0, len(header)

    def skip(chars: str) -> None:
        nonlocal at
        while at < end and header[at] in chars:
            at += 1

    def to_comma() -> None:
        nonlocal at
        quoted = False
        while at < end:
            char = header[at]
            if quoted and char == "\\":
                at += 1
            elif char == '"':
                quoted = not quoted
            elif char == "," and not quoted:
                return
            at += 1

    while at < end:
        skip(" \t\r\n,")
        if at >= end:
            break
        if header[at] != "<":
            to_comma()
            continue
        close = header.find(">", at)
        if close < 0:
            break
        uri = header[at + 1 : close].strip()
        at = close + 1
        params: Dict[str, str] = {}
        while True:
            skip(" \t")
            if at >= end or header[at] != ";":
                break
            at += 1
            skip(" \t")
            name = _TOKEN.match(header, at)
            if name is None:
                break
            at = name.end()
            skip(" \t")
            value = ""
            if at < end and header[at] == "=":
                at += 1
                skip(" \t")
                if at < end and header[at] == '"':
                    at += 1
                    chars: List[str] = []
                    while at < end and header[at] != '"':
                        if header[at] == "\\" and at + 1 < end:
                            at += 1
                        chars.append(header[at])
                        at += 1
                    at += 1
                    value = "".join(chars)
                else:
                    bare = _BARE_VALUE.match(header, at)
                    value = bare.group(0) if bare else ""
                    at += len(value)
            # RFC 8288 section 3: a parameter after its first occurrence is ignored.
            params.setdefault(name.group(0).lower(), value)
        links.append(WebLink(uri, tuple(params.get("rel", "").lower().split()), params))
        to_comma()
    return links

"""Parameter serialisation (OAS 3.1 §4.8.12.4, "Style Values" and Appendices C to E): path
`simple`/`label`/`matrix`, query `form`/`spaceDelimited`/`pipeDelimited`/`deepObject`, header
`simple`, cookie `form`, each with `explode`, for primitives, arrays and objects; `allowReserved`;
parameters with JSON `content`. Form-urlencoded bodies use the query rules.

The bytes are those the TypeScript client sends for the same call (both follow the wire plan of
generators/sdk-shape/). The escape convention (OAS leaves it to the implementation, Appendix E):
a style's delimiters are sent as themselves (`,` `.` `;` `=` `|` `[` `]`, and `%20` for
spaceDelimited) and the same characters inside names and values are percent-encoded, so a server
that splits on delimiters before decoding gets every value back exactly. In query strings and
form bodies a space is `+`, so `%20` only ever means the spaceDelimited delimiter.
"""

from __future__ import annotations

import re
import urllib.parse
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Union, cast

from ._errors import ClientError
from ._serde import NotGiven, primitive_text, to_json

_DEFAULT_STYLE = {"path": "simple", "query": "form", "header": "simple", "cookie": "form"}


@dataclass(frozen=True)
class Param:
    """One parameter as the generator describes it; left-out fields take the location's defaults."""

    name: str
    # "path", "query", "header" or "cookie".
    location: str
    # "" means the location's default: simple in path and header, form in query and cookie.
    style: str = ""
    # None means the style's default: true for form, else false.
    explode: Optional[bool] = None
    # "primitive", "array", "object", or "unknown" (decided from the value).
    shape: str = "primitive"
    # The value is sent as JSON text (a parameter with JSON `content`).
    json: bool = False
    allow_reserved: bool = False
    allow_empty_value: bool = False

    @property
    def resolved_style(self) -> str:
        return self.style or _DEFAULT_STYLE[self.location]

    @property
    def resolved_explode(self) -> bool:
        return self.explode if self.explode is not None else self.resolved_style == "form"


# A value taken apart by its shape: ("primitive", text), ("array", [text]), ("object", [(key, text)]).
Shaped = Union[Tuple[str, str], Tuple[str, List[str]], Tuple[str, List[Tuple[str, str]]]]


def _absent(value: Any) -> bool:
    return value is None or isinstance(value, NotGiven)


def _shaped(param: Param, value: Any) -> Optional[Shaped]:
    """The value taken apart by its shape; None when it is not sent (None, NOT_GIVEN, an empty array or object)."""
    if _absent(value):
        return None
    if param.json:
        return ("primitive", to_json(value))
    shape = param.shape
    if shape == "unknown":
        shape = "array" if isinstance(value, (list, tuple)) else "object" if isinstance(value, Mapping) else "primitive"
    # An empty array or object is "undefined" to RFC 6570: not sent at all.
    if shape == "array":
        items: Sequence[Any] = cast(Sequence[Any], value) if isinstance(value, (list, tuple)) else [value]
        texts = [primitive_text(item) for item in items if not _absent(item)]
        return ("array", texts) if texts else None
    if shape == "object" and isinstance(value, Mapping):
        entries = cast(Mapping[Any, Any], value)
        pairs = [(str(key), primitive_text(item)) for key, item in entries.items() if not _absent(item)]
        return ("object", pairs) if pairs else None
    return ("primitive", primitive_text(value))


_UNRESERVED = re.compile(r"[A-Za-z0-9\-._~]")


def encode_component(text: str, also: str = "") -> str:
    """Percent-encodes all but RFC 3986 unreserved characters, plus any character in `also`."""
    encoded = urllib.parse.quote(text, safe="")
    for char in also:
        if _UNRESERVED.fullmatch(char):
            encoded = encoded.replace(char, f"%{ord(char):02X}")
    return encoded


_KEPT_RESERVED = re.compile(r"%(3A|2F|3F|40|21|24|27|28|29|2A|2C|3B)")


def encode_query_text(text: str, allow_reserved: bool = False, also: str = "") -> str:
    """Query and form text: like encode_component, but a space is `+`; with allowReserved, the
    RFC 3986 reserved characters that keep their meaning inside a query value stay as they are
    (`: / ? @ ! $ ' ( ) * , ;`), while `# [ ] & = +` are always encoded (OAS 3.1.1 §4.8.12.2.2)."""
    encoded = encode_component(text).replace("%20", "+")
    if allow_reserved:

        def keep(match: "re.Match[str]") -> str:
            char = chr(int(match.group(1), 16))
            return match.group(0) if char in also else char

        encoded = _KEPT_RESERVED.sub(keep, encoded)
    return encoded


# How query text is escaped: (text, allow_reserved, delimiters to escape too).
TextEncoder = Callable[[str, bool, str], str]


def raw_text(text: str, allow_reserved: bool = False, also: str = "") -> str:
    """No escaping: multipart's styled parts carry the text as it is."""
    return text


def query_pairs(param: Param, value: Any, encode: TextEncoder = encode_query_text) -> List[Tuple[str, str]]:
    """name=value pairs of one query parameter (or form field), encoded by `encode`; none when not sent."""
    parts = _shaped(param, value)
    if parts is None:
        return []
    style = param.resolved_style
    explode = param.resolved_explode
    reserved = param.allow_reserved

    def key(raw: str, delimiters: str = "") -> str:
        return encode(raw, False, delimiters)

    def text(raw: str, delimiters: str = "") -> str:
        return encode(raw, reserved, delimiters)

    name = key(param.name, "[]")
    kind, content = parts
    if kind == "primitive":
        return [(name, text(cast(str, content)))]
    items = cast(List[str], content) if kind == "array" else []
    entries = cast(List[Tuple[str, str]], content) if kind == "object" else []
    if style == "deepObject":
        # Brackets at any depth, arrays indexed (spec/DECISIONS.md): filter[tags][0]=a&filter[size][gt]=1.
        pairs: List[Tuple[str, str]] = []

        def walk(node: Any, path: str) -> None:
            if _absent(node):
                return
            if isinstance(node, (list, tuple)):
                for index, item in enumerate(cast(Sequence[Any], node)):
                    walk(item, f"{path}[{index}]")
            elif isinstance(node, Mapping):
                for entry, item in cast(Mapping[Any, Any], node).items():
                    walk(item, f"{path}[{key(str(entry), '[]')}]")
            else:
                pairs.append((path, text(primitive_text(node))))

        # A value of the declared array shape that is not one is its one item, as in every other style.
        walk([value] if kind == "array" and not isinstance(value, (list, tuple)) else value, name)
        return pairs
    if explode and style in ("form", "spaceDelimited", "pipeDelimited"):
        # Exploded, every style is repeated name=value pairs (objects: one pair per property).
        if kind == "array":
            return [(name, text(item)) for item in items]
        return [(key(entry), text(item)) for entry, item in entries]
    if style == "spaceDelimited":
        delimiter, escape = (" " if encode is raw_text else "%20"), " "
    elif style == "pipeDelimited":
        delimiter, escape = "|", "|"
    else:
        delimiter, escape = ",", ","
    values = items if kind == "array" else [piece for entry in entries for piece in entry]
    return [(name, delimiter.join(text(item, escape) for item in values))]


def query_string(params: Sequence[Param], values: Mapping[str, Any]) -> str:
    """The query string of the query parameters given, in spec order ("" when none). A key the
    operation does not declare is sent as a form parameter shaped by its value."""
    declared = {param.name for param in params if param.location == "query"}
    specs = [param for param in params if param.location == "query"]
    specs += [Param(name, "query", shape="unknown") for name in values if name not in declared]
    return "&".join(f"{name}={text}" for spec in specs for name, text in query_pairs(spec, values.get(spec.name)))


def path_text(param: Param, value: Any, next_literal: str = "") -> str:
    """One path parameter's text for its place in the template. Simple style escapes `,` inside
    values; label escapes `.`; matrix escapes `;`, `=` and `,`. The text also escapes the first
    character of the literal that follows the parameter (`/files/{name}.{ext}`: a `.` inside
    `name` is `%2E`), so the server can find where it ends."""
    parts = _shaped(param, value)
    if parts is None:
        raise ClientError(f'Missing path parameter "{param.name}".')
    style = param.resolved_style
    explode = param.resolved_explode
    follow = "" if next_literal[:1] == "/" else next_literal[:1]
    escapes = (".") + follow if style == "label" else ";=," + follow if style == "matrix" else "," + follow

    def enc(text: str) -> str:
        return encode_component(text, escapes)

    kind, content = parts
    if kind == "primitive" and content == "" and style == "simple":
        raise ClientError(f'Missing path parameter "{param.name}".')
    items = cast(List[str], content) if kind == "array" else []
    entries = cast(List[Tuple[str, str]], content) if kind == "object" else []
    if style == "matrix":
        name = enc(param.name)
        if kind == "primitive":
            return f";{name}" if content == "" else f";{name}={enc(cast(str, content))}"
        if kind == "array":
            return "".join(f";{name}={enc(item)}" for item in items) if explode else f";{name}={','.join(enc(item) for item in items)}"
        if explode:
            return "".join(f";{enc(entry)}={enc(item)}" for entry, item in entries)
        return f";{name}={','.join(enc(piece) for entry in entries for piece in entry)}"
    prefix = "." if style == "label" else ""
    separator = "." if style == "label" and explode else ","
    if kind == "primitive":
        return prefix + enc(cast(str, content))
    if kind == "array":
        return prefix + separator.join(enc(item) for item in items)
    return prefix + separator.join(f"{enc(entry)}={enc(item)}" if explode else f"{enc(entry)},{enc(item)}" for entry, item in entries)


_TEMPLATE_PIECES = re.compile(r"(\{[^}]+\})")

# What a path's literal text may keep as it is: the TypeScript client's URL percent-encodes the rest
# (WHATWG's path percent-encode set: controls, space, " # < > ? ` { } and non-ASCII), and
# http.client refuses a path with a space in it (apisetu: "/Your Pull DOC Request API Path").
_LITERAL_PATH_SAFE = "!$%&'()*+,/:;=@[]^|~"


def build_path(template: str, params: Sequence[Param], args: Sequence[Any]) -> str:
    """Fills a path template. Parameters are given positionally in template order; a segment that
    would be `.` or `..` is refused (URLs resolve those away, so the request would go elsewhere)."""
    pieces = _TEMPLATE_PIECES.split(re.sub(r"[?#].*$", "", template, flags=re.S))
    by_name = {param.name: param for param in params if param.location == "path"}
    filled: List[str] = []
    index = 0
    for at, piece in enumerate(pieces):
        if not (piece.startswith("{") and piece.endswith("}")):
            # Tabs and line breaks are dropped, as a URL parser drops them.
            filled.append(urllib.parse.quote(re.sub(r"[\t\n\r]", "", piece), safe=_LITERAL_PATH_SAFE))
            continue
        name = piece[1:-1]
        value = args[index] if index < len(args) else None
        index += 1
        if _absent(value) or value == "":
            raise ClientError(f'Missing path parameter "{name}" for {template}.')
        following = pieces[at + 1] if at + 1 < len(pieces) else ""
        filled.append(path_text(by_name.get(name, Param(name, "path")), value, following))
    path = "".join(filled)
    if any(segment in (".", "..") for segment in path.split("/")):
        raise ClientError(f'A path parameter of {template} makes a "." or ".." segment, which URLs resolve away.')
    return path


_HEADER_TEXT = re.compile(r"^[\t\x20-\x7e]*$")


def header_text(param: Param, value: Any) -> Optional[str]:
    """A header parameter's value (simple style; not percent-encoded, as OAS Appendix D says):
    arrays comma-separated, objects `k,v,...` or with explode `k=v,...`. None when not sent."""
    parts = _shaped(param, value)
    if parts is None:
        return None
    kind, content = parts
    if kind == "primitive":
        text = cast(str, content)
    elif kind == "array":
        text = ",".join(cast(List[str], content))
    else:
        entries = cast(List[Tuple[str, str]], content)
        text = ",".join(f"{key}={item}" if param.resolved_explode else f"{key},{item}" for key, item in entries)
    if not _HEADER_TEXT.match(text):
        raise ClientError(f"Header parameter {param.name!r} must be printable ASCII; got {text[:40]!r}.")
    return text


def cookie_pairs(param: Param, value: Any) -> List[str]:
    """Cookie pairs of one cookie parameter (form style, RFC 6265 `; `-separated): values
    percent-encoded as in a query (`,` stays the delimiter); explode repeats the name for arrays
    and sends each property as its own cookie for objects."""
    parts = _shaped(param, value)
    if parts is None:
        return []
    explode = param.resolved_explode

    def enc(text: str) -> str:
        return encode_component(text, ",")

    name = encode_component(param.name)
    kind, content = parts
    if kind == "primitive":
        return [f"{name}={enc(cast(str, content))}"]
    if kind == "array":
        items = cast(List[str], content)
        return [f"{name}={enc(item)}" for item in items] if explode else [f"{name}={','.join(enc(item) for item in items)}"]
    entries = cast(List[Tuple[str, str]], content)
    if explode:
        return [f"{encode_component(key)}={enc(item)}" for key, item in entries]
    return [f"{name}={','.join(enc(piece) for entry in entries for piece in entry)}"]


def request_headers(params: Sequence[Param], values: Mapping[str, Any]) -> Dict[str, str]:
    """Header parameters by lower-case name (those given)."""
    headers: Dict[str, str] = {}
    for param in params:
        if param.location == "header":
            text = header_text(param, values.get(param.name))
            if text is not None:
                headers[param.name.lower()] = text
    return headers


def request_cookies(params: Sequence[Param], values: Mapping[str, Any]) -> List[str]:
    """Cookie parameters as `name=value` pairs, in spec order."""
    return [pair for param in params if param.location == "cookie" for pair in cookie_pairs(param, values.get(param.name))]

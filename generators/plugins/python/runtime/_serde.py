"""JSON in and out: date-times in the spec's form (UTC with `Z`), omitted arguments left out,
response date-times parsed by a shape the generator derives from the schemas."""

from __future__ import annotations

import datetime as _dt
import json
import re
from typing import Any, Dict, List, Mapping, Optional, Union, cast


class NotGiven:
    """The default of every optional argument: "not sent", which is different from `None` (JSON null)."""

    _instance: Optional["NotGiven"] = None

    def __new__(cls) -> "NotGiven":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "NOT_GIVEN"


NOT_GIVEN = NotGiven()

# Where date-times and dates sit in a response: "datetime", "date", {"object": {name: shape}},
# {"array": shape}, {"map": shape}, {"ref": "SchemaName"} or {"union": [shape, ...]}. Only paths
# that hold one are described; everything else is returned as decoded JSON.
Shape = Union[str, Mapping[str, Any]]


def format_datetime(value: _dt.datetime) -> str:
    """RFC 3339 in UTC with a `Z` suffix (what `^...T...(\\.\\d{1,9})?Z$` patterns accept).

    A naive datetime is taken to be UTC already.
    """
    if value.tzinfo is not None:
        value = value.astimezone(_dt.timezone.utc).replace(tzinfo=None)
    text = value.strftime("%Y-%m-%dT%H:%M:%S")
    if value.microsecond:
        text += f".{value.microsecond:06d}".rstrip("0")
    return text + "Z"


_DATETIME = re.compile(r"^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2})(?:\.(\d+))?([Zz]|[+-]\d{2}:?\d{2})?$")


def parse_datetime(text: str) -> Optional[_dt.datetime]:
    """An RFC 3339 date-time as an aware datetime (fractions beyond microseconds dropped); None if it is not one."""
    match = _DATETIME.match(text)
    if match is None:
        return None
    date, clock, fraction, zone = match.groups()
    micros = (fraction or "").ljust(6, "0")[:6]
    offset = "+00:00" if zone is None or zone in ("Z", "z") else (zone if ":" in zone else f"{zone[:3]}:{zone[3:]}")
    try:
        return _dt.datetime.fromisoformat(f"{date}T{clock}.{micros}{offset}")
    except ValueError:
        return None


_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def parse_date(text: str) -> Optional[_dt.date]:
    """An RFC 3339 full-date (`2026-01-02`) as a date; None if it is not one."""
    if _DATE.match(text) is None:
        return None
    try:
        return _dt.date.fromisoformat(text)
    except ValueError:
        return None


def encode(value: Any) -> Any:
    """A value made of dicts, lists and scalars as JSON-ready data; NOT_GIVEN entries are left out."""
    if isinstance(value, _dt.datetime):
        return format_datetime(value)
    if isinstance(value, _dt.date):
        return value.isoformat()
    if isinstance(value, Mapping):
        result: Dict[str, Any] = {}
        for key, item in value.items():  # pyright: ignore[reportUnknownVariableType]
            if not isinstance(item, NotGiven):
                result[str(key)] = encode(item)  # pyright: ignore[reportUnknownArgumentType]
        return result
    if isinstance(value, (list, tuple)):
        return [encode(item) for item in value]  # pyright: ignore[reportUnknownVariableType]
    return value


def js_number(value: float) -> str:
    """A number as JavaScript's String(number) writes it (so both SDKs send the same bytes):
    integral values without ".0", exponents only below 1e-6 and from 1e21, "e-7" not "e-07"."""
    if value != value:
        return "NaN"
    if value in (float("inf"), float("-inf")):
        return "Infinity" if value > 0 else "-Infinity"
    if value == 0:
        return "0"
    sign = "-" if value < 0 else ""
    mantissa, _, exponent_text = repr(abs(value)).partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = (whole + fraction.rstrip("0")).lstrip("0") if fraction.rstrip("0") else whole.lstrip("0")
    # The position of the decimal point after the first significant digit, as ECMAScript's n.
    point = len(whole.lstrip("0")) if whole.lstrip("0") else -(len(fraction) - len(fraction.lstrip("0")))
    point += int(exponent_text or 0)
    digits = digits.rstrip("0") or "0"
    count = len(digits)
    if count <= point <= 21:
        return sign + digits + "0" * (point - count)
    if 0 < point <= 21:
        return sign + digits[:point] + "." + digits[point:]
    if -6 < point <= 0:
        return sign + "0." + "0" * -point + digits
    exponent = point - 1
    head = digits[0] + ("." + digits[1:] if count > 1 else "")
    return f"{sign}{head}e{'+' if exponent > 0 else '-'}{abs(exponent)}"


def primitive_text(value: Any) -> str:
    """A value as parameter text: strings as they are, booleans as true/false, numbers as
    JavaScript writes them, date-times in the spec's form, anything else as JSON."""
    if isinstance(value, str):
        return value
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return js_number(value)
    if isinstance(value, _dt.datetime):
        return format_datetime(value)
    if isinstance(value, _dt.date):
        return value.isoformat()
    return to_json(value)


def to_json(value: Any) -> str:
    """JSON text as JavaScript's JSON.stringify writes it (compact, UTF-8 as is, numbers as
    js_number, NaN and infinities as null), after `encode` (date-times, NOT_GIVEN left out)."""
    return _json_text(encode(value))


# A surrogate pair, or a lone surrogate (a str may hold either, as a JavaScript string may).
_SURROGATES = re.compile("[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]")


def _surrogate_text(match: "re.Match[str]") -> str:
    text = match.group(0)
    if len(text) == 2:
        return chr(0x10000 + ((ord(text[0]) - 0xD800) << 10) + (ord(text[1]) - 0xDC00))
    return "\\u%04x" % ord(text)


def _json_string(value: str) -> str:
    """A JSON string as JSON.stringify writes it: UTF-8 as is, a surrogate pair as the character it
    spells, and a lone surrogate escaped (`\\ud800`), since UTF-8 cannot carry one."""
    text = json.dumps(value, ensure_ascii=False)
    return _SURROGATES.sub(_surrogate_text, text) if _SURROGATES.search(text) else text


def _json_text(value: Any) -> str:
    if isinstance(value, str):
        return _json_string(value)
    if value is None or value is True or value is False:
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return js_number(value) if value == value and value not in (float("inf"), float("-inf")) else "null"
    if isinstance(value, Mapping):
        entries = cast(Mapping[str, Any], value)
        return "{" + ",".join(f"{_json_string(str(key))}:{_json_text(item)}" for key, item in entries.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(_json_text(item) for item in cast(List[Any], value)) + "]"
    return _json_string(str(value))


def decode(value: Any, shape: Optional[Shape], shapes: Mapping[str, Shape], depth: int = 0) -> Any:
    """Parses the date-times and dates a shape points at; leaves everything else (and anything unexpected) as it is."""
    if shape is None or depth > 64:
        return value
    if shape == "datetime" or shape == "date":
        if isinstance(value, str):
            parsed = parse_datetime(value) if shape == "datetime" else parse_date(value)
            return value if parsed is None else parsed
        return value
    if isinstance(shape, str):
        return value
    if "ref" in shape:
        return decode(value, shapes.get(str(shape["ref"])), shapes, depth + 1)
    if "union" in shape:
        for member in shape["union"]:
            value = decode(value, member, shapes, depth + 1)
        return value
    if "array" in shape:
        if isinstance(value, list):
            items = cast(List[Any], value)
            return [decode(item, shape["array"], shapes, depth + 1) for item in items]
        return value
    if "map" in shape:
        if isinstance(value, dict):
            entries = cast(Dict[str, Any], value)
            return {key: decode(item, shape["map"], shapes, depth + 1) for key, item in entries.items()}
        return value
    if "object" in shape and isinstance(value, dict):
        record = dict(cast(Dict[str, Any], value))
        properties: Mapping[str, Shape] = shape["object"]
        for name, inner in properties.items():
            if name in record:
                record[name] = decode(record[name], inner, shapes, depth + 1)
        return record
    return value

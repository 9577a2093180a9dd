"""Webhook signatures (Standard Webhooks): `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`,
keyed with the base64-decoded part of a `whsec_` secret, with a timestamp tolerance against replays.

An event whose `type` this SDK does not know (one the API added after it was generated) is
verified like any other and returned as an `UnknownWebhookEvent`, never refused: a receiver
must keep acknowledging deliveries when the API grows."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import time
from dataclasses import dataclass
from typing import AbstractSet, Any, Dict, Mapping, Optional, Union, cast

from ._errors import ClientError
from ._serde import Shape, decode


class WebhookVerificationError(ClientError):
    """A delivery that must not be trusted. Subclasses say why."""


class WebhookSignatureError(WebhookVerificationError):
    """Missing headers, or no signature matches the secret."""


class WebhookTimestampError(WebhookVerificationError):
    """The timestamp is outside the tolerance (an old delivery replayed, or a skewed clock)."""


class WebhookPayloadError(WebhookVerificationError):
    """The body is not the JSON object an event is."""


@dataclass(frozen=True)
class WebhookScheme:
    id_header: str = "webhook-id"
    timestamp_header: str = "webhook-timestamp"
    signature_header: str = "webhook-signature"
    secret_prefix: str = "whsec_"
    tolerance_seconds: int = 300


Payload = Union[str, bytes]


def _secret_bytes(secret: str, scheme: WebhookScheme) -> bytes:
    text = secret[len(scheme.secret_prefix) :] if scheme.secret_prefix and secret.startswith(scheme.secret_prefix) else secret
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError) as error:
        raise ClientError(f"The webhook secret is not {scheme.secret_prefix}<base64>.") from error


def _as_bytes(payload: Payload) -> bytes:
    return payload.encode("utf-8") if isinstance(payload, str) else payload


def sign(payload: Payload, *, secret: str, msg_id: str, timestamp: int, scheme: WebhookScheme = WebhookScheme()) -> str:
    """The signature header value for a delivery (for tests and for senders)."""
    signed = f"{msg_id}.{timestamp}.".encode("utf-8") + _as_bytes(payload)
    digest = hmac.new(_secret_bytes(secret, scheme), signed, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode("ascii")


def verify(payload: Payload, headers: Mapping[str, str], *, secret: str, scheme: WebhookScheme = WebhookScheme(), now: Optional[float] = None) -> None:
    """Raises a WebhookVerificationError unless one signature matches and the timestamp is fresh."""
    lowered = {name.lower(): value for name, value in headers.items()}
    msg_id = lowered.get(scheme.id_header.lower())
    stamp = lowered.get(scheme.timestamp_header.lower())
    signatures = lowered.get(scheme.signature_header.lower())
    if not msg_id or not stamp or not signatures:
        raise WebhookSignatureError(f"Missing webhook headers: {scheme.id_header}, {scheme.timestamp_header} and {scheme.signature_header} are all required.")
    if not stamp.isdigit():
        raise WebhookTimestampError(f"{scheme.timestamp_header} is not a Unix timestamp.")
    timestamp = int(stamp)
    current = time.time() if now is None else now
    if abs(current - timestamp) > scheme.tolerance_seconds:
        raise WebhookTimestampError(f"{scheme.timestamp_header} is more than {scheme.tolerance_seconds} s from now: refusing a possible replay.")
    expected = sign(payload, secret=secret, msg_id=msg_id, timestamp=timestamp, scheme=scheme).encode("ascii")
    for candidate in signatures.split(" "):
        version, _, _value = candidate.partition(",")
        if version == "v1" and hmac.compare_digest(candidate.encode("ascii", "replace"), expected):
            return
    raise WebhookSignatureError("No webhook signature matches the secret.")


def parse_event(payload: Payload) -> Any:
    """The body as a JSON object, or WebhookPayloadError."""
    try:
        value = json.loads(_as_bytes(payload))
    except (ValueError, UnicodeDecodeError) as error:
        raise WebhookPayloadError(f"The webhook body is not JSON: {error}") from error
    if not isinstance(value, dict):
        raise WebhookPayloadError("The webhook body is not a JSON object.")
    return cast(Dict[str, Any], value)


@dataclass(frozen=True)
class UnknownWebhookEvent:
    """A verified event of a type this SDK does not know yet: `type`, `id` and the whole `body` as
    JSON. Acknowledge it (2xx) and ignore it, or handle `body` by hand."""

    type: str
    id: Optional[str]
    body: Dict[str, Any]


def typed_event(payload: Payload, known_types: AbstractSet[str], shape: Optional[Shape], shapes: Mapping[str, Shape]) -> Any:
    """The body as a known event (date-times parsed), or an UnknownWebhookEvent for any other type."""
    body = parse_event(payload)
    kind = body.get("type")
    if isinstance(kind, str) and kind in known_types:
        return decode(body, shape, shapes)
    event_id = body.get("id")
    return UnknownWebhookEvent(kind if isinstance(kind, str) else "", event_id if isinstance(event_id, str) else None, body)

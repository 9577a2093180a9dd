/** `_webhooks.py`: `client.webhooks.verify` and `unwrap` for the events the spec declares (Standard Webhooks). */
import type { Ir } from '../../core/ir.js';
import { sdkShape } from '../../sdk-shape/index.js';
import { pyString } from './naming.js';

/** The `type` each declared event carries: its schema's `type` const (or single enum), else the webhook's name. */
export function eventTypes(ir: Ir): string[] {
  return (ir.webhooks?.events ?? []).map((event) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const flat: any = ir.model.flatten(event.schema) ?? {};
    const type = flat.properties?.type;
    const value =
      type?.const ?? (Array.isArray(type?.enum) && type.enum.length === 1 ? type.enum[0] : undefined);
    return typeof value === 'string' ? value : event.name;
  });
}

export function webhooksFile(ir: Ir, eventType: string): string {
  const webhooks = ir.webhooks!;
  const env = `${sdkShape(ir).names.envPrefix}_WEBHOOK_SECRET`;
  const scheme = `WebhookScheme(id_header=${pyString(webhooks.headers.id)}, timestamp_header=${pyString(webhooks.headers.timestamp)}, signature_header=${pyString(webhooks.headers.signature)}, secret_prefix=${pyString(webhooks.secretPrefix)}, tolerance_seconds=${webhooks.toleranceSeconds})`;
  const events = webhooks.events.map((event) => `\`${event.name}\``).join(', ') || 'none declared';
  const known = [...new Set(eventTypes(ir))].sort();
  return `"""Webhook deliveries: verify the signature (${webhooks.scheme}) and parse the event."""

from __future__ import annotations

from typing import Any, FrozenSet, Mapping, Optional, Union

from . import types as _types
from ._core import ClientCore, ClientError, UnknownWebhookEvent, WebhookScheme, typed_event
from ._core import verify as verify_signature
from ._operations import SHAPES, WEBHOOK_EVENT_SHAPE

SCHEME = ${scheme}

KNOWN_EVENT_TYPES: FrozenSet[str] = frozenset({${known.map(pyString).join(', ')}})
"""The event types this SDK was generated with; any other is returned as an UnknownWebhookEvent."""


class Webhooks:
    """\`client.webhooks\`: events ${events}.

    Pass the raw request body (bytes or str, exactly as received) and its headers.
    """

    def __init__(self, client: ClientCore[Any]) -> None:
        self._client = client

    def verify(self, payload: Union[str, bytes], headers: Mapping[str, str], *, secret: Optional[str] = None) -> None:
        """Raises WebhookSignatureError or WebhookTimestampError unless the delivery is authentic and fresh."""
        verify_signature(payload, headers, secret=self._secret(secret), scheme=SCHEME)

    def unwrap(self, payload: Union[str, bytes], headers: Mapping[str, str], *, secret: Optional[str] = None) -> Union[_types.${eventType}, UnknownWebhookEvent]:
        """Verifies the delivery, then returns its event (date-times parsed). An event type this SDK
        does not know yet (added to the API later) comes back as an UnknownWebhookEvent, never an
        error; WebhookPayloadError only if the body is not a JSON object."""
        self.verify(payload, headers, secret=secret)
        return typed_event(payload, KNOWN_EVENT_TYPES, WEBHOOK_EVENT_SHAPE, SHAPES)

    def _secret(self, secret: Optional[str]) -> str:
        value = secret if secret is not None else self._client.webhook_secret
        if not value:
            raise ClientError("No webhook secret: pass secret=... or webhook_secret=... to the client, or set ${env}.")
        return value
`;
}

"""client.webhooks: Standard Webhooks signatures verified, stale timestamps and bad bodies refused."""

import base64
import json
import os
import time
import unittest
from datetime import datetime, timezone
from unittest import mock

import assessment_service as sdk
from assessment_service import AssessmentService
from assessment_service._core import sign

SECRET = "whsec_" + base64.b64encode(b"0123456789abcdef0123456789abcdef").decode()
OTHER = "whsec_" + base64.b64encode(b"another secret, another secret!!").decode()
EVENT = {
    "id": "evt_1",
    "object": "event",
    "type": "subject.deleted",
    "created_at": "2026-03-14T09:26:53Z",
    "livemode": False,
    "data": {"object": {"id": "subj_1", "created_at": "2026-03-14T09:00:00Z"}},
}


def delivery(body: bytes, secret: str = SECRET, timestamp: int = 0, msg_id: str = "msg_1") -> "dict[str, str]":
    stamp = timestamp or int(time.time())
    return {"Webhook-Id": msg_id, "Webhook-Timestamp": str(stamp), "Webhook-Signature": sign(body, secret=secret, msg_id=msg_id, timestamp=stamp)}


class WebhooksTest(unittest.TestCase):
    def setUp(self) -> None:
        self.client = AssessmentService(api_key="test_sk_" + "a" * 32, webhook_secret=SECRET)
        self.body = json.dumps(EVENT).encode()

    def test_unwrap_returns_the_event_with_date_times_parsed(self) -> None:
        event = self.client.webhooks.unwrap(self.body, delivery(self.body))
        self.assertEqual(event["type"], "subject.deleted")
        self.assertEqual(event["created_at"], datetime(2026, 3, 14, 9, 26, 53, tzinfo=timezone.utc))

    def test_accepts_a_str_body_and_any_one_of_several_signatures(self) -> None:
        headers = delivery(self.body)
        headers["Webhook-Signature"] = delivery(self.body, secret=OTHER)["Webhook-Signature"] + " " + headers["Webhook-Signature"]
        self.client.webhooks.verify(self.body.decode(), headers)

    def test_refuses_a_signature_made_with_another_secret(self) -> None:
        with self.assertRaises(sdk.WebhookSignatureError):
            self.client.webhooks.unwrap(self.body, delivery(self.body, secret=OTHER))

    def test_refuses_a_body_changed_after_signing(self) -> None:
        headers = delivery(self.body)
        with self.assertRaises(sdk.WebhookSignatureError):
            self.client.webhooks.verify(self.body.replace(b"evt_1", b"evt_2"), headers)

    def test_refuses_missing_headers(self) -> None:
        headers = delivery(self.body)
        del headers["Webhook-Signature"]
        with self.assertRaises(sdk.WebhookSignatureError):
            self.client.webhooks.verify(self.body, headers)

    def test_refuses_timestamps_outside_the_tolerance_both_ways(self) -> None:
        for offset in (-301, 301):
            with self.assertRaises(sdk.WebhookTimestampError):
                self.client.webhooks.verify(self.body, delivery(self.body, timestamp=int(time.time()) + offset))
        self.client.webhooks.verify(self.body, delivery(self.body, timestamp=int(time.time()) - 290))

    def test_refuses_a_malformed_payload_even_when_signed(self) -> None:
        for body in (b"{not json", b"[1, 2]"):
            with self.assertRaises(sdk.WebhookPayloadError):
                self.client.webhooks.unwrap(body, delivery(body))

    def test_every_failure_is_a_webhook_verification_error(self) -> None:
        for kind in (sdk.WebhookSignatureError, sdk.WebhookTimestampError, sdk.WebhookPayloadError):
            self.assertTrue(issubclass(kind, sdk.WebhookVerificationError))

    def test_reads_the_secret_from_the_environment_or_says_where_to_put_it(self) -> None:
        with mock.patch.dict(os.environ, {"ASSESSMENT_SERVICE_WEBHOOK_SECRET": SECRET}):
            client = AssessmentService(api_key="test_sk_" + "a" * 32)
            client.webhooks.verify(self.body, delivery(self.body))
        with mock.patch.dict(os.environ, {}, clear=True):
            client = AssessmentService(api_key="test_sk_" + "a" * 32)
            with self.assertRaises(sdk.ClientError) as caught:
                client.webhooks.verify(self.body, delivery(self.body))
        self.assertIn("ASSESSMENT_SERVICE_WEBHOOK_SECRET", str(caught.exception))


if __name__ == "__main__":
    unittest.main()

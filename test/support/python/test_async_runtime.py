"""AsyncAssessmentService against the scripted loopback server, mirroring test_runtime.py and
test_production.py for the sync client: the request on the wire, retries and backoff, exact
waits, one idempotency key, typed errors, timeouts over the whole answer, paging with `async for`,
raw and streaming responses, connection reuse, with_options, extras, injected transports,
logging without secrets, and webhooks (unknown types included)."""

import asyncio
import json
import logging
import time
import unittest
from dataclasses import replace
from datetime import datetime, timezone
from typing import Any, AsyncIterator, List

import assessment_service as sdk
from assessment_service import AsyncAssessmentService, AsyncRawResponse, TransportRequest
from assessment_service import _operations as operations
from assessment_service._core import sign
from loopback import Answer, Loopback

KEY = "test_sk_" + "A5" * 16
SECRET = "whsec_" + "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY="
SUBJECT = {"id": "subj_" + "b" * 24, "object": "subject", "livemode": False, "created_at": "2026-03-14T09:26:53.5Z", "metadata": {}, "latest_scores": None}
ERROR = {"object": "error", "code": "not_found", "message": "No such subject.", "param": None, "request_id": "req_123"}
CONSENT = {"consent_text_version": "2026-01", "consented_at": datetime(2026, 3, 14, 9, 26, 53, tzinfo=timezone.utc), "ui_snapshot_hash": "sha256:" + "9f" * 32}


class AsyncRuntimeTest(unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self) -> None:
        self.server = Loopback()
        self.waits: List[float] = []
        self.client = self.make()

    def make(self, **options: Any) -> AsyncAssessmentService:
        client = AsyncAssessmentService(**{"api_key": KEY, "base_url": self.server.url, **options})

        async def sleep(seconds: float) -> None:
            self.waits.append(seconds)

        client._random = lambda: 0.5  # pyright: ignore[reportPrivateUsage]
        client._sleep = sleep  # pyright: ignore[reportPrivateUsage]
        return client

    async def asyncTearDown(self) -> None:
        await self.client.close()
        self.server.close()

    async def test_sends_the_key_and_a_json_body_and_parses_date_times(self) -> None:
        self.server.answers.append(Answer(201, SUBJECT))
        subject = await self.client.nature.subjects.create(consent_artifact=CONSENT, metadata={"a": "b"})  # type: ignore[arg-type]
        seen = self.server.seen[0]
        self.assertEqual((seen.method, seen.path, seen.headers["authorization"]), ("POST", "/v1/nature/subjects", f"Bearer {KEY}"))
        self.assertEqual(seen.json()["consent_artifact"]["consented_at"], "2026-03-14T09:26:53Z")
        self.assertEqual(subject["created_at"], datetime(2026, 3, 14, 9, 26, 53, 500000, tzinfo=timezone.utc))

    async def test_retries_with_backoff_and_one_idempotency_key(self) -> None:
        self.server.answers += [Answer(503, ERROR), Answer(429, ERROR, {"Retry-After": "2"}), Answer(201, SUBJECT)]
        response = await self.client.nature.subjects.with_raw_response.create(consent_artifact=CONSENT)  # type: ignore[arg-type]
        self.assertEqual((response.status_code, response.retries_taken), (201, 2))
        self.assertEqual(self.waits, [0.25, 2.0])
        keys = {seen.headers["idempotency-key"] for seen in self.server.seen}
        self.assertEqual(len(keys), 1)

    async def test_server_retry_headers_and_the_cap(self) -> None:
        self.server.answers += [Answer(503, ERROR, {"retry-after-ms": "750"}), Answer(400, ERROR, {"x-should-retry": "true"}), Answer(200, SUBJECT)]
        await self.client.nature.subjects.retrieve("subj_1")
        self.assertEqual(self.waits, [0.75, 0.5])
        self.server.answers.append(Answer(429, dict(ERROR, code="rate_limited"), {"Retry-After": "3600"}))
        with self.assertRaises(sdk.RateLimitError) as caught:
            await self.client.nature.subjects.retrieve("subj_1")
        self.assertEqual(caught.exception.retry_after, 3600.0)
        self.server.answers.append(Answer(502, ERROR, {"x-should-retry": "false"}))
        with self.assertRaises(sdk.InternalServerError):
            await self.client.nature.subjects.retrieve("subj_1")
        self.assertEqual(len(self.server.seen), 5)

    async def test_maps_each_status_to_its_error_class(self) -> None:
        for status, kind in [(400, sdk.BadRequestError), (401, sdk.AuthenticationError), (404, sdk.NotFoundError), (409, sdk.ConflictError), (500, sdk.InternalServerError)]:
            self.server.route = lambda seen, status=status: Answer(status, ERROR, {"X-Request-Id": "req_h"})
            with self.assertRaises(kind) as caught:
                await self.client.nature.subjects.retrieve("subj_1", max_retries=0)
            self.assertEqual((caught.exception.status_code, caught.exception.code, caught.exception.request_id), (status, "not_found", "req_123"))

    async def test_times_out_a_stalled_or_trickling_body_and_retries_connection_errors(self) -> None:
        self.server.answers.append(Answer(200, chunks=[b"{}"], chunk_delay=5.0, headers={"content-type": "application/json"}))
        started = time.monotonic()
        with self.assertRaises(sdk.APITimeoutError):
            await self.client.nature.subjects.retrieve("subj_1", timeout=0.5, max_retries=0)
        self.server.answers.append(Answer(200, chunks=[b" "] * 30 + [b"{}"], chunk_delay=0.2, headers={"content-type": "application/json"}))
        with self.assertRaises(sdk.APITimeoutError):
            await self.client.nature.subjects.retrieve("subj_1", timeout=1.0, max_retries=0)
        self.assertLess(time.monotonic() - started, 6.0)
        closed = Loopback()
        closed.close()
        client = self.make(base_url=closed.url, max_retries=2)
        with self.assertRaises(sdk.APIConnectionError):
            await client.nature.subjects.retrieve("subj_1")
        self.assertEqual(len(self.waits), 2)

    async def test_pages_with_async_for_and_await(self) -> None:
        items = [dict(SUBJECT, id=f"subj_{index}") for index in range(5)]

        def route(seen: Any) -> Answer:
            start = int(seen.path.split("starting_after=")[1].split("&")[0]) if "starting_after=" in seen.path else 0
            more = start + 2 < len(items)
            return Answer(200, {"object": "list", "data": items[start : start + 2], "has_more": more, "next_cursor": str(start + 2) if more else None, "previous_cursor": None, "request_id": "r"})

        self.server.route = route
        seen_ids = [item["id"] async for item in self.client.nature.subjects.list(limit=2, extra_query={"x": "1"})]
        self.assertEqual(seen_ids, [item["id"] for item in items])
        self.assertTrue(all("x=1" in seen.path for seen in self.server.seen))
        first = await self.client.nature.subjects.list(limit=2)
        self.assertEqual((len(first.data), first.has_more), (2, True))
        second = await first.next_page()
        self.assertEqual(second.data[0]["id"], "subj_2")
        raw = await self.client.with_raw_response.nature.subjects.list(limit=2)
        self.assertEqual(len((await raw.parse()).data), 2)

    async def test_raw_and_streaming_responses(self) -> None:
        self.server.answers.append(Answer(200, SUBJECT, {"X-Request-Id": "req_abc", "X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "59"}))
        response = await self.client.nature.subjects.with_raw_response.retrieve("subj_1")
        self.assertEqual((response.status_code, response.request_id, response.rate_limit.limit, response.rate_limit.remaining), (200, "req_abc", 60, 59))
        self.assertEqual((await response.parse())["id"], SUBJECT["id"])
        self.server.answers.append(Answer(200, chunks=[b'{"id": ', b'"subj_s"}\n', b"tail"], chunk_delay=0.05, headers={"content-type": "application/json"}))
        async with self.client.nature.subjects.with_streaming_response.retrieve("subj_1") as streamed:
            self.assertFalse(streamed.is_closed)
            lines = [line async for line in streamed.iter_lines()]
        self.assertEqual(lines, ['{"id": "subj_s"}', "tail"])
        self.assertTrue(streamed.is_closed)

    async def test_reuses_one_connection_and_with_options_shares_it(self) -> None:
        self.server.route = lambda seen: Answer(200, SUBJECT)
        for _ in range(3):
            await self.client.nature.subjects.retrieve("subj_1")
        copy = self.client.with_options(max_retries=0, default_headers={"X-Team": "b"})
        self.assertIsInstance(copy, AsyncAssessmentService)
        await copy.nature.subjects.retrieve("subj_1")
        self.assertEqual(len({seen.connection for seen in self.server.seen}), 1)
        self.assertEqual(self.server.seen[-1].headers["x-team"], "b")
        self.assertEqual((copy.max_retries, self.client.max_retries), (0, 3))

    async def test_an_injected_async_transport_and_one_that_misbehaves(self) -> None:
        requests: List[TransportRequest] = []

        async def chunks() -> AsyncIterator[bytes]:
            yield json.dumps(SUBJECT).encode()

        class Fake:
            def __init__(self, answer: Any) -> None:
                self.answer = answer

            async def send(self, request: TransportRequest) -> Any:
                requests.append(request)
                if isinstance(self.answer, Exception):
                    raise self.answer
                return self.answer

            async def close(self) -> None:
                pass

        good = AsyncAssessmentService(api_key=KEY, base_url="http://api.invalid", transport=Fake(AsyncRawResponse(200, {"content-type": "application/json"}, stream=chunks())))
        self.assertEqual((await good.nature.subjects.retrieve("subj_1"))["id"], SUBJECT["id"])
        self.assertEqual(requests[0].url, "http://api.invalid/v1/nature/subjects/subj_1")
        for answer, cause in [(OSError("boom"), OSError), (None, TypeError), (AsyncRawResponse(42, {}, b""), ValueError)]:
            bad = AsyncAssessmentService(api_key=KEY, base_url="http://api.invalid", transport=Fake(answer), max_retries=0)
            with self.assertRaises(sdk.APIConnectionError) as caught:
                await bad.nature.subjects.retrieve("subj_1")
            self.assertIsInstance(caught.exception.__cause__, cause)

    async def test_a_redirect_the_operation_documents_as_its_answer_is_its_result(self) -> None:
        class Redirecting:
            async def send(self, request: TransportRequest) -> AsyncRawResponse:
                return AsyncRawResponse(302, {"Location": "https://codeload.example/archive.zip"}, b"")

            async def close(self) -> None:
                pass

        client = AsyncAssessmentService(api_key=KEY, base_url="http://api.invalid", transport=Redirecting(), max_retries=0)
        archive = replace(operations.RETRIEVE_SUBJECT, responses=(), redirects=(302,))
        self.assertEqual((await client.request_raw(archive, ("subj_1",))).headers["location"], "https://codeload.example/archive.zip")
        with self.assertRaises(sdk.APIStatusError):
            await client.request_raw(operations.RETRIEVE_SUBJECT, ("subj_1",))

    async def test_debug_logs_without_the_key_and_a_raising_logger_is_a_logger_error(self) -> None:
        records: List[logging.LogRecord] = []
        handler = logging.Handler()
        handler.emit = records.append  # type: ignore[method-assign]
        logger = logging.getLogger("assessment_service.async_test")
        logger.addHandler(handler)
        client = self.make(log_level="debug", logger=logger)
        self.server.answers += [Answer(500, ERROR), Answer(200, SUBJECT, {"X-Request-Id": "req_z"})]
        await client.nature.subjects.retrieve("subj_1")
        messages = [record.getMessage() for record in records]
        self.assertTrue(any("-> 500" in message and "retrying in 0.25 s" in message for message in messages))
        self.assertTrue(any("-> 200 (request_id req_z)" in message for message in messages))
        self.assertNotIn(KEY, "\n".join(messages + [repr(vars(record)) for record in records]))

        def explode(record: logging.LogRecord) -> bool:
            raise RuntimeError("sink down")

        logger.addFilter(explode)
        with self.assertRaises(sdk.LoggerError) as caught:
            await client.nature.subjects.retrieve("subj_1")
        self.assertIsInstance(caught.exception.__cause__, RuntimeError)

    async def test_webhooks_unwrap_known_and_unknown_events(self) -> None:
        client = self.make(webhook_secret=SECRET)
        for event_type, known in (("subject.deleted", True), ("subject.archived", False)):
            body = json.dumps({"id": "evt_9", "object": "event", "type": event_type, "created_at": "2026-03-14T09:26:53Z", "data": {"object": {}}}).encode()
            stamp = int(time.time())
            event = client.webhooks.unwrap(body, {"webhook-id": "m", "webhook-timestamp": str(stamp), "webhook-signature": sign(body, secret=SECRET, msg_id="m", timestamp=stamp)})
            if known:
                self.assertNotIsInstance(event, sdk.UnknownWebhookEvent)
                assert not isinstance(event, sdk.UnknownWebhookEvent)
                self.assertEqual(event["created_at"], datetime(2026, 3, 14, 9, 26, 53, tzinfo=timezone.utc))
            else:
                self.assertIsInstance(event, sdk.UnknownWebhookEvent)
                assert isinstance(event, sdk.UnknownWebhookEvent)
                self.assertEqual((event.type, event.id, event.body["created_at"]), ("subject.archived", "evt_9", "2026-03-14T09:26:53Z"))

    async def test_concurrent_calls_on_one_client(self) -> None:
        self.server.route = lambda seen: Answer(200, dict(SUBJECT, id=seen.path.rsplit("/", 1)[1]), delay=0.1)
        results = await asyncio.gather(*(self.client.nature.subjects.retrieve(f"subj_{index}") for index in range(8)))
        self.assertEqual([result["id"] for result in results], [f"subj_{index}" for index in range(8)])


if __name__ == "__main__":
    unittest.main()

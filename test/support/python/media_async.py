"""The media fixture's AsyncMediaFixture on the loopback server, mirroring media_responses.py:
text and binary bodies, streaming responses read as they arrive, event streams (typed data,
id/event/retry, reconnection with Last-Event-ID), NDJSON records, `break` closing the connection,
and the stream idle timeout (on the sync client too): a stream may outlive the call timeout while
data flows, and fails once it goes silent for longer than `stream_idle_timeout`."""

import asyncio
import threading
import time
import unittest
from typing import Any, List

from loopback import Answer, Loopback, Seen
from media_fixture import APIConnectionError, APITimeoutError, AsyncMediaFixture, MediaFixture, NotFoundError, ServerSentEvent

SSE = {"content-type": "text/event-stream"}


class AsyncResponsesTest(unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self) -> None:
        self.server = Loopback()
        self.waits: List[float] = []
        self.client = self.make()

    def make(self, **options: Any) -> AsyncMediaFixture:
        client = AsyncMediaFixture(**{"base_url": self.server.url, "max_retries": 2, **options})

        async def sleep(seconds: float) -> None:
            self.waits.append(seconds)

        client._sleep = sleep  # pyright: ignore[reportPrivateUsage]
        return client

    async def asyncTearDown(self) -> None:
        await self.client.close()
        self.server.close()

    def last(self) -> Seen:
        return self.server.seen[-1]

    async def test_text_binary_and_accept(self) -> None:
        self.server.answers.append(Answer(200, raw="Grüße".encode("latin-1"), headers={"content-type": "text/plain; charset=iso-8859-1"}))
        self.assertEqual(await self.client.responses.text.retrieve(), "Grüße")
        image = bytes(range(256)) * 40
        self.server.answers.append(Answer(200, raw=image, headers={"content-type": "image/png"}))
        self.assertEqual(await self.client.responses.binary.retrieve(size=64), image)
        self.assertEqual((self.last().path, self.last().headers["accept"]), ("/responses/binary?size=64", "image/png"))
        self.server.answers.append(Answer(200, raw=b"a,b\r\n", headers={"content-type": "text/csv"}))
        self.assertEqual(await self.client.responses.report.retrieve(accept="text/csv"), "a,b\r\n")

    async def test_a_streaming_response_gives_chunks_before_the_server_has_finished_then_reuses_the_connection(self) -> None:
        # The second chunk is sent once the first has arrived (or after HOLD_LIMIT, too late).
        first_arrived = threading.Event()
        answer = Answer(200, headers={"content-type": "image/png"}, chunks=[b"a" * 1000, b"b" * 1000], chunk_delay=0.2, hold=first_arrived)
        self.server.answers.append(answer)
        received: List[bytes] = []
        early: List[bool] = []
        async with self.client.responses.binary.with_streaming_response.retrieve() as response:
            async for chunk in response.iter_bytes():
                if not received:
                    early.append(not answer.finished.is_set())
                    first_arrived.set()
                received.append(chunk)
        self.assertEqual((early, b"".join(received)), ([True], b"a" * 1000 + b"b" * 1000))
        self.server.answers.append(Answer(200, raw=b"x", headers={"content-type": "text/plain"}))
        await self.client.responses.text.retrieve()
        self.assertEqual(self.server.seen[0].connection, self.server.seen[1].connection)

    async def test_event_streams_are_typed_and_keep_id_event_and_retry(self) -> None:
        raw = "\ufeff: c\r\nretry: 250\r\nid: 1\r\nevent: tick\r\ndata: {\"seq\": 1,\r\ndata:  \"label\": \"a\"}\r\n\r\ndata:{\"seq\":2}\n\n".encode()
        self.server.answers.append(Answer(200, headers=SSE, chunks=[raw[:2], raw[2:18], raw[18:]]))
        events = [event async for event in await self.client.events.retrieve(topic="t", last_event_id="0")]
        self.assertEqual(events, [ServerSentEvent({"seq": 1, "label": "a"}, "tick", "1", 250), ServerSentEvent({"seq": 2})])
        self.assertEqual(self.last().headers["last-event-id"], "0")

    async def test_ndjson_records(self) -> None:
        self.server.answers.append(Answer(200, headers={"content-type": "application/x-ndjson"}, chunks=[b'{"title": "a"}\r\n\n{"ti', b'tle": "b"}\n']))
        async with await self.client.records.retrieve() as records:
            self.assertEqual([record async for record in records], [{"title": "a"}, {"title": "b"}])

    async def test_reconnects_with_last_event_id_after_the_connection_drops(self) -> None:
        self.server.answers.append(Answer(200, headers=SSE, chunks=[b'retry: 1500\nid: 7\ndata: {"seq": 7}\n\n', b'data: {"seq": 8'], drop=True))
        self.server.answers.append(Answer(200, headers=SSE, chunks=[b'id: 8\ndata: {"seq": 8}\n\n']))
        events = [event async for event in await self.client.events.retrieve()]
        self.assertEqual([(event.id, event.data["seq"]) for event in events], [("7", 7), ("8", 8)])
        self.assertEqual((self.server.seen[1].headers["last-event-id"], self.waits), ("7", [1.5]))

    async def test_a_stream_that_cannot_resume_raises_when_it_drops(self) -> None:
        self.server.answers.append(Answer(200, headers=SSE, chunks=[b"id: 1\ndata: a\n\n", b"data: b"], drop=True))
        received: List[Any] = []
        with self.assertRaises(APIConnectionError):
            async for event in await self.client.events.text.retrieve():
                received.append(event.data)
        self.assertEqual(received, ["a"])

    async def test_breaking_out_of_an_event_stream_closes_its_connection(self) -> None:
        answer = Answer(200, headers=SSE, chunks=[b"data: 1\n\n"] * 200, chunk_delay=0.005)
        self.server.answers.append(answer)
        async with await self.client.events.text.retrieve() as stream:
            async for event in stream:
                self.assertEqual(event.data, "1")
                break
        self.assertTrue(stream.response.is_closed)
        self.assertTrue(await asyncio.to_thread(answer.finished.wait, 5))

    async def test_error_answers_of_stream_operations_are_raised(self) -> None:
        self.server.answers.append(Answer(404, {"error": {"code": "not_found", "message": "No such topic."}}))
        with self.assertRaises(NotFoundError):
            await self.client.events.retrieve(topic="missing")

    async def test_streams_outlive_the_call_timeout_while_data_flows_and_fail_when_idle(self) -> None:
        client = self.make(timeout=0.5, stream_idle_timeout=1.0)
        self.server.answers.append(Answer(200, headers=SSE, chunks=[b"data: x\n\n"] * 5, chunk_delay=0.3))
        self.assertEqual([event.data async for event in await client.events.text.retrieve()], ["x"] * 5)
        # The headers, then 2.5 s of silence.
        self.server.answers.append(Answer(200, headers=SSE, chunks=[b"data: late\n\n"], chunk_delay=2.5))
        received: List[str] = []
        started = time.monotonic()
        with self.assertRaises(APITimeoutError):
            async for event in await client.events.text.retrieve():
                received.append(event.data)
        self.assertEqual(received, [])
        self.assertLess(time.monotonic() - started, 2.4)
        await client.close()


class SyncStreamIdleTimeoutTest(unittest.TestCase):
    def test_a_sync_stream_outlives_the_call_timeout_while_data_flows_and_fails_when_idle(self) -> None:
        server = Loopback()
        client = MediaFixture(base_url=server.url, timeout=0.5, stream_idle_timeout=1.0, max_retries=0)
        try:
            server.answers.append(Answer(200, headers=SSE, chunks=[b"data: x\n\n"] * 5, chunk_delay=0.3))
            self.assertEqual([event.data for event in client.events.text.retrieve()], ["x"] * 5)
            server.answers.append(Answer(200, headers=SSE, chunks=[b"data: late\n\n"], chunk_delay=2.5))
            started = time.monotonic()
            with self.assertRaises(APITimeoutError) as caught:
                list(client.events.text.retrieve())
            self.assertLess(time.monotonic() - started, 2.4)
            self.assertIn("No data arrived on the stream after 1 s", str(caught.exception))
        finally:
            client.close()
            server.close()


if __name__ == "__main__":
    unittest.main()

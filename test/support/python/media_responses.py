"""Responses through the SDK generated from test/fixtures/specs/media-python-3.1.yaml, on a
loopback server that streams with chunked transfer encoding: text, binary bytes, a streaming
response read before the server has finished, Accept per media type, event streams (typed data,
id/event/retry kept, awkward chunk boundaries, reconnection with Last-Event-ID only where the
operation takes it) and NDJSON records."""

import threading
import unittest
from datetime import datetime, timezone
from typing import Any, List

from loopback import Answer, Loopback, Seen
from media_fixture import APIConnectionError, APIError, MediaFixture, NotFoundError, ServerSentEvent
from media_fixture._core import EventStreamDecoder

SSE = {"content-type": "text/event-stream"}


class ResponsesTest(unittest.TestCase):
    def setUp(self) -> None:
        self.server = Loopback()
        self.client = MediaFixture(base_url=self.server.url, max_retries=2)
        self.waits: List[float] = []
        self.client._sleep = self.waits.append  # pyright: ignore[reportPrivateUsage]

    def tearDown(self) -> None:
        self.client.close()
        self.server.close()

    def last(self) -> Seen:
        return self.server.seen[-1]

    def test_text_binary_and_the_accept_header_of_each_media_type(self) -> None:
        self.server.answers.append(Answer(200, raw="Grüße".encode("latin-1"), headers={"content-type": "text/plain; charset=iso-8859-1"}))
        self.assertEqual(self.client.responses.text.retrieve(), "Grüße")
        self.assertEqual(self.last().headers["accept"], "text/plain")
        image = bytes(range(256)) * 40
        self.server.answers.append(Answer(200, raw=image, headers={"content-type": "image/png"}))
        self.assertEqual(self.client.responses.binary.retrieve(size=64), image)
        self.assertEqual((self.last().path, self.last().headers["accept"]), ("/responses/binary?size=64", "image/png"))

    def test_several_response_media_types_by_accept(self) -> None:
        self.server.answers.append(Answer(200, {"rows": [["a"]]}))
        self.assertEqual(self.client.responses.report.retrieve(), {"rows": [["a"]]})
        self.assertEqual(self.last().headers["accept"], "application/json")
        self.server.answers.append(Answer(200, raw=b"a,b\r\n1,2\r\n", headers={"content-type": "text/csv"}))
        self.assertEqual(self.client.responses.report.retrieve(accept="text/csv"), "a,b\r\n1,2\r\n")
        self.assertEqual(self.last().headers["accept"], "text/csv")
        self.server.answers.append(Answer(200, {"width": 1, "height": 2, "updated_at": "2026-01-02T03:04:05Z"}))
        self.assertEqual(self.client.responses.avatar.retrieve()["updated_at"], datetime(2026, 1, 2, 3, 4, 5, tzinfo=timezone.utc))
        self.server.answers.append(Answer(200, raw=b"RIFF....WEBP", headers={"content-type": "image/webp"}))
        self.assertEqual(self.client.responses.avatar.retrieve(accept="image/webp"), b"RIFF....WEBP")

    def test_a_streaming_response_gives_chunks_before_the_server_has_finished(self) -> None:
        # The later chunks are sent once the first has arrived (or after HOLD_LIMIT, too late).
        first_arrived = threading.Event()
        answer = Answer(200, headers={"content-type": "image/png"}, chunks=[b"a" * 1000, b"b" * 1000, b"c" * 1000], chunk_delay=0.2, hold=first_arrived)
        self.server.answers.append(answer)
        received: List[bytes] = []
        finished_when_first_arrived: List[bool] = []
        with self.client.responses.binary.with_streaming_response.retrieve() as response:
            self.assertEqual(response.status_code, 200)
            for chunk in response.iter_bytes():
                if not received:
                    finished_when_first_arrived.append(answer.finished.is_set())
                    first_arrived.set()
                received.append(chunk)
        self.assertEqual(finished_when_first_arrived, [False])
        self.assertEqual(b"".join(received), b"a" * 1000 + b"b" * 1000 + b"c" * 1000)
        # Read to the end: the connection goes back to the pool and carries the next call.
        self.server.answers.append(Answer(200, raw=b"x", headers={"content-type": "text/plain"}))
        self.client.responses.text.retrieve()
        self.assertEqual(self.server.seen[0].connection, self.server.seen[1].connection)

    def test_leaving_a_streaming_response_early_closes_its_connection(self) -> None:
        answer = Answer(200, headers={"content-type": "image/png"}, chunks=[b"a" * 10] * 50, chunk_delay=0.01)
        self.server.answers.append(answer)
        with self.client.responses.binary.with_streaming_response.retrieve() as response:
            self.assertEqual(next(response.iter_bytes()), b"a" * 10)
        self.assertTrue(response.is_closed)
        self.server.answers.append(Answer(200, raw=b"x", headers={"content-type": "text/plain"}))
        self.client.responses.text.retrieve()
        self.assertNotEqual(self.server.seen[0].connection, self.server.seen[1].connection)
        self.server.answers.append(Answer(200, raw=b"line one\r\nline two\rthree\n", headers={"content-type": "text/plain"}))
        with self.client.responses.text.with_streaming_response.retrieve() as response:
            self.assertEqual(list(response.iter_lines()), ["line one", "line two", "three"])

    def test_event_stream_events_are_typed_and_keep_id_event_and_retry(self) -> None:
        stream_text = "\ufeff: comment\r\nretry: 250\r\nid: 1\r\nevent: tick\r\ndata: {\"seq\": 1,\r\ndata:  \"label\": \"a\"}\r\n\r\ndata:{\"seq\":2}\n\nid: 3\rdata: {\"seq\": 3}\r\r"
        raw = stream_text.encode()
        # Cut everywhere awkward: inside CRLF, inside a multi-byte character, inside the BOM.
        cuts = [1, 2, 17, 18, 40, 41, len(raw) - 1]
        chunks = [raw[start:end] for start, end in zip([0] + cuts, cuts + [len(raw)])]
        self.server.answers.append(Answer(200, headers=SSE, chunks=chunks))
        events = list(self.client.events.retrieve(topic="t", last_event_id="0"))
        self.assertEqual(self.last().path, "/events?topic=t")
        self.assertEqual((self.last().headers["accept"], self.last().headers["last-event-id"]), ("text/event-stream", "0"))
        self.assertEqual(events, [
            ServerSentEvent({"seq": 1, "label": "a"}, "tick", "1", 250),
            ServerSentEvent({"seq": 2}),
            ServerSentEvent({"seq": 3}, None, "3"),
        ])

    def test_the_decoder_follows_whatwg_where_parsers_differ(self) -> None:
        decoder = EventStreamDecoder()
        events = decoder.push("id: 1\nid: 2\u0000\ndata: a\n\nretry: 1x\nevent: e\n\ndata\n\n:only a comment\n\n")
        # An id containing NUL is ignored (the earlier id stands); a block without data dispatches
        # nothing; a retry that is not all digits is ignored; a lone `data` is an empty data line.
        self.assertEqual(events, [ServerSentEvent("a", None, "1"), ServerSentEvent("")])
        self.assertEqual((decoder.last_event_id, decoder.retry), ("1", None))
        self.assertEqual(decoder.push("data: x\r"), [])
        self.assertEqual(decoder.push("\ndata: y\n\n"), [ServerSentEvent("x\ny")])  # CR and LF across chunks: one line end

    def test_text_data_and_date_times_inside_event_data_and_records(self) -> None:
        self.server.answers.append(Answer(200, headers=SSE, chunks=[b"data: line 1\ndata: line 2\n\n"]))
        self.assertEqual([event.data for event in self.client.events.text.retrieve()], ["line 1\nline 2"])
        self.server.answers.append(Answer(200, headers=SSE, chunks=[b'data: {"seq": 1, "at": "2026-03-14T09:26:53Z"}\n\n']))
        (event,) = list(self.client.events.timed.retrieve())
        self.assertEqual(event.data["at"], datetime(2026, 3, 14, 9, 26, 53, tzinfo=timezone.utc))
        self.server.answers.append(Answer(200, headers={"content-type": "application/x-ndjson"}, chunks=[b'{"seq": 1, "at": "2026-03-14T09:26:53Z"}\n{"seq"', b': 2, "at": "2026-03-14T09:26:54Z"}']))
        records = list(self.client.records.stamped.retrieve())
        self.assertEqual([record["at"].second for record in records], [53, 54])

    def test_ndjson_records_across_chunks_blank_lines_and_crlf(self) -> None:
        self.server.answers.append(Answer(200, headers={"content-type": "application/x-ndjson"}, chunks=[b'{"title": "a"}\r\n\n{"ti', b'tle": "b", "stars": 2}\n', b'{"title": "c"}']))
        with self.client.records.retrieve() as records:
            self.assertEqual(list(records), [{"title": "a"}, {"title": "b", "stars": 2}, {"title": "c"}])
        self.server.answers.append(Answer(200, headers={"content-type": "application/jsonl"}, chunks=[b'{"seq": 1}\nnot json\n']))
        with self.assertRaisesRegex(APIError, "A line of the stream was not the JSON"):
            list(self.client.records.jsonl.retrieve())

    def test_reconnects_with_last_event_id_after_the_connection_drops_mid_stream(self) -> None:
        self.server.answers.append(Answer(200, headers=SSE, chunks=[b'retry: 1500\nid: 7\ndata: {"seq": 7}\n\n', b'data: {"seq": 8'], drop=True))
        self.server.answers.append(Answer(200, headers=SSE, chunks=[b'id: 8\ndata: {"seq": 8}\n\n']))
        events = list(self.client.events.retrieve())
        self.assertEqual([(event.id, event.data["seq"]) for event in events], [("7", 7), ("8", 8)])
        self.assertNotIn("last-event-id", self.server.seen[0].headers)
        self.assertEqual(self.server.seen[1].headers["last-event-id"], "7")
        self.assertEqual(self.waits, [1.5])

    def test_a_stream_that_does_not_say_it_can_resume_raises_when_it_drops(self) -> None:
        self.server.answers.append(Answer(200, headers=SSE, chunks=[b"id: 1\ndata: a\n\n", b"data: b"], drop=True))
        received: List[Any] = []
        with self.assertRaises(APIConnectionError):
            for event in self.client.events.text.retrieve():
                received.append(event.data)
        self.assertEqual((received, len(self.server.seen)), (["a"], 1))

    def test_breaking_out_of_an_event_stream_closes_its_connection(self) -> None:
        answer = Answer(200, headers=SSE, chunks=[b"data: 1\n\n"] * 200, chunk_delay=0.005)
        self.server.answers.append(answer)
        stream = self.client.events.text.retrieve()
        for event in stream:
            self.assertEqual(event.data, "1")
            break
        self.assertTrue(stream.response.is_closed)
        self.assertTrue(answer.finished.wait(5))  # the server saw the connection go away and stopped writing

    def test_error_answers_of_stream_operations_are_read_and_raised(self) -> None:
        self.server.answers.append(Answer(404, {"error": {"code": "not_found", "message": "No such topic."}}))
        with self.assertRaises(NotFoundError) as caught:
            self.client.events.retrieve(topic="missing")
        self.assertEqual(caught.exception.code, "not_found")
        self.server.answers.append(Answer(200, headers=SSE, chunks=[b"data: {not json}\n\n"]))
        with self.assertRaisesRegex(APIError, "An event's data was not the JSON the spec declares"):
            list(self.client.events.retrieve())

    def test_streams_are_safe_to_read_from_another_thread(self) -> None:
        self.server.answers.append(Answer(200, headers=SSE, chunks=[b"data: x\n\n"] * 3))
        stream = self.client.events.text.retrieve()
        seen: List[str] = []
        worker = threading.Thread(target=lambda: seen.extend(event.data for event in stream))
        worker.start()
        worker.join(5)
        self.assertEqual(seen, ["x", "x", "x"])


if __name__ == "__main__":
    unittest.main()

"""The sync client where production hurts (issue 23), through the generated package for our spec,
on loopback servers that misbehave on purpose: logging (and that no secret reaches any record),
timeouts over the whole answer and idle timeouts on streamed downloads, the server's retry
headers and the cap on its waits, per-call extras, `with_options`, injected transports that
misbehave, and a logger that raises."""

import io
import json
import logging
import os
import subprocess
import sys
import time
import unittest
from dataclasses import replace
from typing import Any, List
from unittest import mock

import assessment_service as sdk
from assessment_service import AssessmentService, RawResponse, TransportRequest
from assessment_service import _operations as operations
from assessment_service._core import RequestOptions, sign
from loopback import Answer, Loopback

KEY = "test_sk_" + "Q7" * 16
SECRET = "whsec_" + "c2VjcmV0LXNpZ25pbmcta2V5LWZvci10ZXN0cy0zMg=="
SUBJECT = {"id": "subj_" + "b" * 24, "object": "subject", "livemode": False, "created_at": "2026-03-14T09:26:53Z", "metadata": {}, "latest_scores": None}
PAGE = {"object": "list", "data": [SUBJECT], "has_more": False, "next_cursor": None, "previous_cursor": None, "request_id": "req_1"}
ERROR = {"object": "error", "code": "rate_limited", "message": "Slow down.", "param": None, "request_id": "req_429"}


class Capture(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: List[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


class ProductionTest(unittest.TestCase):
    def setUp(self) -> None:
        self.server = Loopback()
        self.waits: List[float] = []
        self.client = self.make()

    def make(self, **options: Any) -> AssessmentService:
        client = AssessmentService(api_key=KEY, base_url=self.server.url, **options)
        client._random = lambda: 0.5  # pyright: ignore[reportPrivateUsage]
        client._sleep = self.waits.append  # pyright: ignore[reportPrivateUsage]
        return client

    def tearDown(self) -> None:
        self.client.close()
        self.server.close()

    # -- logging ---------------------------------------------------------------------------

    def test_debug_logs_each_attempt_and_no_record_holds_the_key_the_secret_or_a_cookie(self) -> None:
        capture = Capture()
        logger = logging.getLogger("assessment_service")
        logger.addHandler(capture)
        self.addCleanup(logger.removeHandler, capture)
        client = self.make(log_level="debug", webhook_secret=SECRET, default_headers={"Cookie": "session=cookie-value-42"})
        self.server.answers += [Answer(503, ERROR, {"X-Request-Id": "req_a"}), Answer(200, SUBJECT, {"X-Request-Id": "req_b"})]
        client.nature.subjects.retrieve(SUBJECT["id"])
        self.server.answers.append(Answer(429, ERROR, {"Retry-After": "600", "X-Request-Id": "req_c"}))
        with self.assertRaises(sdk.RateLimitError):
            client.nature.subjects.list()
        self.server.answers.append(Answer(404, dict(ERROR, code="not_found"), {"X-Request-Id": "req_d"}))
        with self.assertRaises(sdk.NotFoundError):
            client.nature.subjects.retrieve("subj_missing", max_retries=0)
        body = json.dumps({"id": "evt_1", "type": "subject.deleted", "created_at": "2026-03-14T09:26:53Z", "data": {"object": {}}}).encode()
        stamp = int(time.time())
        client.webhooks.unwrap(body, {"webhook-id": "msg_1", "webhook-timestamp": str(stamp), "webhook-signature": sign(body, secret=SECRET, msg_id="msg_1", timestamp=stamp)})
        with self.assertRaises(sdk.WebhookVerificationError):
            client.webhooks.unwrap(body, {"webhook-id": "msg_1", "webhook-timestamp": str(stamp), "webhook-signature": "v1,AAAA"})
        client.close()

        formatter = logging.Formatter("%(levelname)s %(name)s %(message)s %(sdk)s")
        texts = [formatter.format(record) + repr(vars(record)) for record in capture.records if hasattr(record, "sdk")]
        everything = "\n".join(texts + [repr(vars(record)) for record in capture.records])
        for secret in (KEY, KEY[8:], SECRET, SECRET[6:], "cookie-value-42"):
            self.assertNotIn(secret, everything)
        messages = [record.getMessage() for record in capture.records]
        attempt = next(message for message in messages if "-> 503" in message)
        self.assertRegex(attempt, r"^GET /v1/nature/subjects/subj_b+ -> 503 \(request_id req_a\) in \d+ ms, attempt 1: retrying in 0\.25 s \(503 is retryable; backoff\)$")
        self.assertTrue(any("-> 200 (request_id req_b)" in message and "attempt 2: done" in message for message in messages))
        self.assertTrue(any("'authorization': '[redacted]'" in message and "'cookie': '[redacted]'" in message for message in messages))
        levels = {record.levelname for record in capture.records}
        self.assertEqual(levels, {"DEBUG", "INFO", "WARNING"})
        warning = next(record for record in capture.records if record.levelname == "WARNING")
        self.assertIn("asked to wait 600 s, longer than max_retry_wait (60 s)", warning.getMessage())
        fields = next(record for record in capture.records if "-> 503" in record.getMessage()).__dict__["sdk"]
        self.assertEqual((fields["status"], fields["request_id"], fields["retry"], fields["wait"]), (503, "req_a", True, 0.25))

    def test_the_environment_variable_sets_the_level_and_shows_records_without_any_logging_setup(self) -> None:
        self.server.route = lambda seen: Answer(200, SUBJECT, {"X-Request-Id": "req_env"})
        script = f"import sys\nsys.path.insert(0, {os.path.abspath(os.path.dirname(sdk.__file__) + '/..')!r})\nfrom assessment_service import AssessmentService\nAssessmentService(api_key={KEY!r}, base_url={self.server.url!r}).nature.subjects.retrieve('subj_1')\n"
        for level, shown in (("debug", True), ("warn", False), ("off", False)):
            result = subprocess.run([sys.executable, "-S", "-E", "-B", "-c", script], env={"ASSESSMENT_SERVICE_LOG": level}, capture_output=True, text=True, timeout=60)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertEqual("-> 200 (request_id req_env)" in result.stderr, shown, result.stderr)
            self.assertNotIn(KEY, result.stderr)
        with mock.patch.dict(os.environ, {"ASSESSMENT_SERVICE_LOG": "verbose"}):
            with self.assertRaises(sdk.ClientError) as caught:
                AssessmentService(api_key=KEY)
        self.assertIn("ASSESSMENT_SERVICE_LOG is 'verbose'", str(caught.exception))

    def test_without_a_level_the_logging_configuration_decides(self) -> None:
        capture = Capture()
        logger = logging.getLogger("assessment_service")
        logger.addHandler(capture)
        self.addCleanup(logger.removeHandler, capture)
        self.server.route = lambda seen: Answer(200, SUBJECT)
        self.client.nature.subjects.retrieve("subj_1")
        self.assertEqual(capture.records, [])  # logging's default level: warnings only
        logger.setLevel(logging.DEBUG)
        self.addCleanup(logger.setLevel, logging.NOTSET)
        self.client.nature.subjects.retrieve("subj_1")
        self.assertTrue(any("-> 200" in record.getMessage() for record in capture.records))

    def test_a_logger_that_raises_surfaces_as_logger_error_with_the_cause(self) -> None:
        class Broken(logging.Filter):
            def filter(self, record: logging.LogRecord) -> bool:
                raise RuntimeError("log sink is down")

        logger = logging.getLogger("assessment_service.broken")
        logger.addFilter(Broken())
        client = self.make(log_level="debug", logger=logger)
        self.server.route = lambda seen: Answer(200, SUBJECT)
        with self.assertRaises(sdk.LoggerError) as caught:
            client.nature.subjects.retrieve("subj_1")
        self.assertIsInstance(caught.exception.__cause__, RuntimeError)
        self.assertIsInstance(caught.exception, sdk.ClientError)

    # -- timeouts --------------------------------------------------------------------------

    def test_a_body_that_stalls_after_the_headers_times_out(self) -> None:
        self.server.answers.append(Answer(200, chunks=[b'{"id": "x"}'], chunk_delay=5.0, headers={"content-type": "application/json"}))
        started = time.monotonic()
        with self.assertRaises(sdk.APITimeoutError) as caught:
            self.client.nature.subjects.retrieve("subj_1", timeout=0.5, max_retries=0)
        self.assertLess(time.monotonic() - started, 3.0)
        self.assertIn("the whole call, body included", str(caught.exception))

    def test_a_body_that_trickles_times_out_over_the_whole_call(self) -> None:
        # One byte every 0.2 s: no single read waits long, but the whole answer takes 6 s.
        self.server.answers.append(Answer(200, chunks=[b" "] * 30 + [b"{}"], chunk_delay=0.2, headers={"content-type": "application/json"}))
        started = time.monotonic()
        with self.assertRaises(sdk.APITimeoutError):
            self.client.nature.subjects.retrieve("subj_1", timeout=1.0, max_retries=0)
        self.assertLess(time.monotonic() - started, 4.0)

    def test_a_streamed_download_takes_the_idle_timeout_not_the_call_timeout(self) -> None:
        client = self.make(timeout=0.5, stream_idle_timeout=1.0)
        # Data every 0.3 s for 1.5 s: longer than the call timeout, never idle long.
        self.server.answers.append(Answer(200, chunks=[b'{"a":'] + [b" "] * 4 + [b"1}"], chunk_delay=0.3, headers={"content-type": "application/json"}))
        with client.nature.subjects.with_streaming_response.retrieve("subj_1") as response:
            self.assertEqual(b"".join(response.iter_bytes()).replace(b" ", b""), b'{"a":1}')
        self.server.answers.append(Answer(200, chunks=[b"{", b"}"], chunk_delay=2.5, headers={"content-type": "application/json"}))
        with self.assertRaises(sdk.APITimeoutError) as caught:
            with client.nature.subjects.with_streaming_response.retrieve("subj_1") as response:
                response.read()
        self.assertIn("No data arrived on the stream after 1 s", str(caught.exception))

    # -- retries ---------------------------------------------------------------------------

    def test_retry_after_ms_wins_over_retry_after(self) -> None:
        self.server.answers += [Answer(429, ERROR, {"retry-after-ms": "1500", "Retry-After": "9"}), Answer(200, SUBJECT)]
        self.client.nature.subjects.retrieve("subj_1")
        self.assertEqual(self.waits, [1.5])

    def test_x_should_retry_overrides_the_policy_both_ways(self) -> None:
        self.server.answers += [Answer(400, ERROR, {"x-should-retry": "true"}), Answer(200, SUBJECT)]
        self.client.nature.subjects.retrieve("subj_1")
        self.assertEqual((len(self.server.seen), self.waits), (2, [0.25]))
        self.server.answers += [Answer(503, ERROR, {"x-should-retry": "false", "Retry-After": "1"})]
        with self.assertRaises(sdk.InternalServerError):
            self.client.nature.subjects.retrieve("subj_1")
        self.assertEqual(len(self.server.seen), 3)

    def test_a_wait_over_the_cap_raises_rate_limit_error_with_the_wait_and_the_cap_is_per_call(self) -> None:
        self.server.answers.append(Answer(429, ERROR, {"Retry-After": "120"}))
        with self.assertRaises(sdk.RateLimitError) as caught:
            self.client.nature.subjects.retrieve("subj_1")
        self.assertEqual((caught.exception.retry_after, self.waits, len(self.server.seen)), (120.0, [], 1))
        self.assertIn("asked to wait 120 s, longer than max_retry_wait", str(caught.exception))
        self.server.answers += [Answer(429, ERROR, {"Retry-After": "120"}), Answer(200, SUBJECT)]
        self.client.nature.subjects.retrieve("subj_1", max_retry_wait=300)
        self.assertEqual(self.waits, [120.0])
        capped = self.make(max_retry_wait=1.0)
        self.server.answers.append(Answer(503, ERROR, {"retry-after-ms": "2500"}))
        with self.assertRaises(sdk.InternalServerError) as second:
            capped.nature.subjects.retrieve("subj_1")
        self.assertEqual(second.exception.retry_after, 2.5)

    # -- escape hatches --------------------------------------------------------------------

    def test_extra_query_body_and_headers_reach_the_wire_on_every_page(self) -> None:
        pages = [dict(PAGE, has_more=True, next_cursor="c2"), PAGE]
        self.server.route = lambda seen: Answer(200, pages[len(self.server.seen) - 1])
        items = list(self.client.nature.subjects.list(limit=1, extra_query={"beta": "on"}, extra_headers={"X-Trace": "t1"}))
        self.assertEqual(len(items), 2)
        self.assertEqual([seen.path for seen in self.server.seen], ["/v1/nature/subjects?limit=1&beta=on", "/v1/nature/subjects?limit=1&starting_after=c2&beta=on"])
        self.assertEqual({seen.headers["x-trace"] for seen in self.server.seen}, {"t1"})
        self.server.route = lambda seen: Answer(201, SUBJECT)
        consent = {"consent_text_version": "v", "consented_at": "2026-01-01T00:00:00Z", "ui_snapshot_hash": "h"}
        self.client.nature.subjects.create(consent_artifact=consent, extra_body={"future_field": [1, 2]})  # type: ignore[arg-type]
        self.assertEqual(self.server.seen[-1].json(), {"consent_artifact": consent, "future_field": [1, 2]})
        with self.assertRaises(sdk.ClientError):
            self.client.request(operations.GET_HEALTH, (), options=RequestOptions(extra_body={"x": 1}))

    def test_with_options_changes_defaults_and_shares_the_connection_pool(self) -> None:
        self.server.route = lambda seen: Answer(200, SUBJECT)
        self.client.nature.subjects.retrieve("subj_1")
        other_key = "test_sk_" + "Z" * 32
        copy = self.client.with_options(api_key=other_key, timeout=5.0, max_retries=1, default_headers={"X-Team": "a"})
        self.assertEqual((copy.timeout, copy.max_retries, self.client.timeout, self.client.max_retries), (5.0, 1, 60.0, 3))
        self.assertIsInstance(copy, AssessmentService)
        copy.nature.subjects.retrieve("subj_1")
        first, second = self.server.seen
        self.assertEqual(second.headers["authorization"], f"Bearer {other_key}")
        self.assertEqual(second.headers["x-team"], "a")
        self.assertNotIn("x-team", first.headers)
        self.assertEqual(first.connection, second.connection)  # the copy reused the original's kept-alive connection
        with self.assertRaises(sdk.ClientError):
            self.client.with_options(timeout=-1)

    # -- transports ------------------------------------------------------------------------

    def test_an_injected_transport_sees_every_request_and_can_answer_for_the_network(self) -> None:
        sent: List[TransportRequest] = []

        class Fake:
            def send(self, request: TransportRequest) -> RawResponse:
                sent.append(request)
                return RawResponse(200, {"Content-Type": "application/json", "X-Request-Id": "req_fake"}, json.dumps(SUBJECT).encode())

            def close(self) -> None:
                pass

        client = AssessmentService(api_key=KEY, base_url="http://api.invalid", transport=Fake())
        response = client.nature.subjects.with_raw_response.retrieve("subj_1")
        self.assertEqual((response.request_id, response.parse()["id"]), ("req_fake", SUBJECT["id"]))
        self.assertEqual((sent[0].method, sent[0].url, sent[0].headers["authorization"]), ("GET", "http://api.invalid/v1/nature/subjects/subj_1", f"Bearer {KEY}"))
        self.assertEqual(sent[0].timeout, 60.0)

    def test_a_redirect_the_operation_documents_as_its_answer_is_its_result_and_any_other_is_an_error(self) -> None:
        # GitHub's archive downloads document only a 302: the Location is the answer.
        class Redirecting:
            def send(self, request: TransportRequest) -> RawResponse:
                return RawResponse(302, {"Location": "https://codeload.example/archive.zip", "X-Request-Id": "req_302"}, b"")

            def close(self) -> None:
                pass

        client = AssessmentService(api_key=KEY, base_url="http://api.invalid", transport=Redirecting(), max_retries=0)
        archive = replace(operations.RETRIEVE_SUBJECT, responses=(), redirects=(302,))
        response = client.request_raw(archive, ("subj_1",))
        self.assertEqual((response.status_code, response.headers["location"], response.request_id), (302, "https://codeload.example/archive.zip", "req_302"))
        with self.assertRaises(sdk.APIStatusError) as caught:
            client.request_raw(operations.RETRIEVE_SUBJECT, ("subj_1",))  # documents a 200: a 302 is not its answer
        self.assertEqual(caught.exception.status_code, 302)

    def test_a_transport_that_raises_or_answers_garbage_gives_api_connection_error_with_the_cause(self) -> None:
        class Garbage:
            def __init__(self, answer: Any) -> None:
                self.answer = answer

            def send(self, request: TransportRequest) -> Any:
                if isinstance(self.answer, Exception):
                    raise self.answer
                return self.answer

            def close(self) -> None:
                pass

        def body() -> Any:
            yield "not bytes"

        cases = [
            (ValueError("socket on fire"), ValueError),
            (None, TypeError),
            ("HTTP/1.1 200 OK", TypeError),
            (RawResponse(999, {}, b"{}"), ValueError),
            (RawResponse(200, {"content-type": "application/json"}, stream=body()), TypeError),
        ]
        for answer, cause in cases:
            client = AssessmentService(api_key=KEY, base_url="http://api.invalid", transport=Garbage(answer), max_retries=0)  # type: ignore[arg-type]
            with self.assertRaises(sdk.APIConnectionError, msg=repr(answer)) as caught:
                client.nature.subjects.retrieve("subj_1")
            self.assertIsInstance(caught.exception.__cause__, cause, repr(answer))
        broken = AssessmentService(api_key=KEY, base_url="http://api.invalid", transport=Garbage(RawResponse(200, {"content-type": "application/json"}, b"{not json")), max_retries=0)  # type: ignore[arg-type]
        with self.assertRaises(sdk.APIError) as caught:
            broken.nature.subjects.retrieve("subj_1")
        self.assertIsInstance(caught.exception.__cause__, ValueError)

    def test_the_default_logger_is_quiet_until_logging_is_configured(self) -> None:
        self.server.route = lambda seen: Answer(503, ERROR)
        stderr = io.StringIO()
        with mock.patch.object(sys, "stderr", stderr):
            with self.assertRaises(sdk.InternalServerError):
                self.client.nature.subjects.retrieve("subj_1", max_retries=1)
        self.assertEqual(stderr.getvalue(), "")


if __name__ == "__main__":
    unittest.main()

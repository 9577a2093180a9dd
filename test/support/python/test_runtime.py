"""The runtime through the generated package for our spec, against a scripted loopback server:
retries and backoff, exact Retry-After, one Idempotency-Key per call, timeouts, typed errors,
paging, raw responses, keys and base URL from the environment, date-times on the wire."""

import json
import os
import unittest
from datetime import datetime, timedelta, timezone
from typing import List
from unittest import mock

import assessment_service as sdk
from assessment_service import AssessmentService
from assessment_service._core import format_datetime
from loopback import Answer, Loopback

KEY = "test_sk_" + "a" * 32
SUBJECT = {
    "id": "subj_" + "b" * 24,
    "object": "subject",
    "livemode": False,
    "created_at": "2026-03-14T09:26:53.123456789Z",
    "consent_artifact": {"consent_text_version": "2026-01", "consented_at": "2026-03-14T09:26:53Z", "ui_snapshot_hash": "sha256:" + "9f" * 32},
    "metadata": {},
    "latest_scores": None,
}
ERROR = {"object": "error", "code": "not_found", "message": "No such subject.", "param": None, "request_id": "req_123"}
CONSENT = {"consent_text_version": "2026-01", "consented_at": datetime(2026, 3, 14, 9, 26, 53, tzinfo=timezone.utc), "ui_snapshot_hash": "sha256:" + "9f" * 32}


class RuntimeTest(unittest.TestCase):
    def setUp(self) -> None:
        self.server = Loopback()
        self.waits: List[float] = []
        self.client = AssessmentService(api_key=KEY, base_url=self.server.url)
        self.client._random = lambda: 0.5  # pyright: ignore[reportPrivateUsage]
        self.client._sleep = self.waits.append  # pyright: ignore[reportPrivateUsage]

    def tearDown(self) -> None:
        self.client.close()
        self.server.close()

    def test_sends_the_key_the_spec_digest_and_a_json_body_with_z_date_times(self) -> None:
        self.server.answers.append(Answer(201, SUBJECT))
        local = timezone(timedelta(hours=2))
        consent = dict(CONSENT, consented_at=datetime(2026, 3, 14, 11, 26, 53, 500000, tzinfo=local))
        self.client.nature.subjects.create(consent_artifact=consent)  # type: ignore[arg-type]
        seen = self.server.seen[0]
        self.assertEqual(seen.method, "POST")
        self.assertEqual(seen.path, "/v1/nature/subjects")
        self.assertEqual(seen.headers["authorization"], f"Bearer {KEY}")
        self.assertRegex(seen.headers["x-spec-digest"], r"^sha256:[0-9a-f]{64}$|^[0-9a-f]{64}$")
        self.assertEqual(seen.headers["content-type"], "application/json")
        self.assertEqual(seen.json(), {"consent_artifact": {"consent_text_version": "2026-01", "consented_at": "2026-03-14T09:26:53.5Z", "ui_snapshot_hash": "sha256:" + "9f" * 32}})

    def test_parses_response_date_times_into_aware_datetimes(self) -> None:
        self.server.answers.append(Answer(200, SUBJECT))
        subject = self.client.nature.subjects.retrieve(SUBJECT["id"])
        self.assertEqual(subject["created_at"], datetime(2026, 3, 14, 9, 26, 53, 123456, tzinfo=timezone.utc))
        self.assertEqual(subject["consent_artifact"]["consented_at"], datetime(2026, 3, 14, 9, 26, 53, tzinfo=timezone.utc))
        self.assertIsNone(subject["latest_scores"])

    def test_sends_an_empty_required_body_as_an_empty_object_and_leaves_out_omitted_arguments(self) -> None:
        self.server.answers.append(Answer(201, {"id": "asmt_1"}))
        self.client.nature.subjects.assessments.create(SUBJECT["id"])
        self.assertEqual(self.server.seen[0].body, b"{}")
        self.server.answers.append(Answer(200, {"object": "list", "data": [], "has_more": False, "next_cursor": None, "previous_cursor": None, "request_id": "req_1"}))
        self.client.nature.subjects.list(limit=5)
        self.assertEqual(self.server.seen[1].path, "/v1/nature/subjects?limit=5")
        self.assertEqual(self.server.seen[1].body, b"")

    def test_quotes_path_parameters(self) -> None:
        self.server.answers.append(Answer(200, SUBJECT))
        self.client.nature.subjects.retrieve("a/b c")
        self.assertEqual(self.server.seen[0].path, "/v1/nature/subjects/a%2Fb%20c")

    def test_retries_a_503_with_full_jitter_backoff_then_succeeds(self) -> None:
        self.server.answers += [Answer(503, ERROR), Answer(503, ERROR), Answer(200, SUBJECT)]
        response = self.client.nature.subjects.with_raw_response.retrieve(SUBJECT["id"])
        self.assertEqual(response.status_code, 200)
        self.assertEqual(response.retries_taken, 2)
        self.assertEqual(self.waits, [0.25, 0.5])  # random 0.5 x 0.5 s, then x 1 s
        self.assertEqual(len(self.server.seen), 3)

    def test_waits_retry_after_exactly_and_repeats_the_identical_request_with_one_idempotency_key(self) -> None:
        self.server.answers += [Answer(429, dict(ERROR, code="rate_limited"), {"Retry-After": "2"}), Answer(201, SUBJECT)]
        self.client.nature.subjects.create(consent_artifact=CONSENT)  # type: ignore[arg-type]
        self.assertEqual(self.waits, [2.0])
        first, second = self.server.seen
        self.assertEqual(first.body, second.body)
        self.assertTrue(first.headers["idempotency-key"])
        self.assertEqual(first.headers["idempotency-key"], second.headers["idempotency-key"])

    def test_each_call_gets_its_own_idempotency_key_unless_one_is_given(self) -> None:
        self.server.answers += [Answer(201, SUBJECT), Answer(201, SUBJECT), Answer(201, SUBJECT)]
        self.client.nature.subjects.create(consent_artifact=CONSENT)  # type: ignore[arg-type]
        self.client.nature.subjects.create(consent_artifact=CONSENT)  # type: ignore[arg-type]
        self.client.nature.subjects.create(consent_artifact=CONSENT, idempotency_key="mine")  # type: ignore[arg-type]
        keys = [seen.headers["idempotency-key"] for seen in self.server.seen]
        self.assertNotEqual(keys[0], keys[1])
        self.assertEqual(keys[2], "mine")

    def test_raises_rate_limit_error_with_retry_after_once_retries_run_out(self) -> None:
        self.server.route = lambda seen: Answer(429, dict(ERROR, code="rate_limited", message="Slow down."), {"Retry-After": "7"})
        with self.assertRaises(sdk.RateLimitError) as caught:
            self.client.nature.subjects.retrieve(SUBJECT["id"], max_retries=1)
        self.assertEqual(caught.exception.retry_after, 7.0)
        self.assertEqual(caught.exception.status_code, 429)
        self.assertEqual(self.waits, [7.0])
        self.assertEqual(len(self.server.seen), 2)

    def test_does_not_wait_out_a_retry_after_longer_than_a_minute(self) -> None:
        self.server.route = lambda seen: Answer(429, ERROR, {"Retry-After": "3600"})
        with self.assertRaises(sdk.RateLimitError):
            self.client.nature.subjects.retrieve(SUBJECT["id"])
        self.assertEqual(self.waits, [])

    def test_maps_each_status_to_its_error_class_with_a_one_line_message(self) -> None:
        cases = [(400, sdk.BadRequestError), (401, sdk.AuthenticationError), (403, sdk.PermissionDeniedError), (404, sdk.NotFoundError), (409, sdk.ConflictError), (500, sdk.InternalServerError)]
        for status, kind in cases:
            self.server.route = lambda seen, status=status: Answer(status, ERROR, {"X-Request-Id": "req_header", "X-Secret-Looking": "do-not-print"})
            with self.assertRaises(kind) as caught:
                self.client.nature.subjects.retrieve(SUBJECT["id"], max_retries=0)
            error = caught.exception
            self.assertIsInstance(error, sdk.APIStatusError)
            self.assertEqual((error.status_code, error.code, error.request_id, error.message), (status, "not_found", "req_123", "No such subject."))
            self.assertEqual(str(error), f"{status} not_found: No such subject. (request_id req_123)")
            self.assertNotIn("do-not-print", str(error))

    def test_error_bodies_of_other_apis_give_their_message(self) -> None:
        # Before: only `message` (flat or under `error`) was read; a problem-details 404 said nothing.
        cases = [
            ({"type": "https://example.com/errors/not-found", "title": "Not Found", "status": 404, "detail": "No such planet."}, "https://example.com/errors/not-found", "No such planet."),
            ({"type": "about:blank", "title": "Not Found", "status": 404}, None, "Not Found"),
            ({"errors": [{"code": "missing", "detail": "No such planet."}, {"detail": "second"}]}, "missing", "No such planet."),
            ({"error": "invalid_token", "error_description": "The token expired."}, "invalid_token", "The token expired."),
            ({"message": "Not Found", "documentation_url": "https://docs.github.com"}, None, "Not Found"),
            # Postmark: capitalised names and a numeric code ("request failed" before).
            ({"ErrorCode": 600, "Message": "Server 1 not found."}, "600", "Server 1 not found."),
        ]
        for body, code, message in cases:
            self.server.answers.append(Answer(404, body))
            with self.assertRaises(sdk.NotFoundError) as caught:
                self.client.nature.subjects.retrieve(SUBJECT["id"], max_retries=0)
            self.assertEqual((caught.exception.code, caught.exception.message), (code, message), body)

    def test_a_non_json_error_body_still_gives_a_typed_error(self) -> None:
        self.server.answers.append(Answer(502, raw=b"<html>bad gateway</html>", headers={"content-type": "text/html"}))
        with self.assertRaises(sdk.InternalServerError) as caught:
            self.client.nature.subjects.retrieve(SUBJECT["id"], max_retries=0)
        self.assertEqual(caught.exception.body, "<html>bad gateway</html>")

    def test_times_out_each_attempt_and_raises_api_timeout_error(self) -> None:
        self.server.route = lambda seen: Answer(200, SUBJECT, delay=3.0)
        with self.assertRaises(sdk.APITimeoutError):
            self.client.nature.subjects.retrieve(SUBJECT["id"], timeout=0.3, max_retries=1)
        self.assertEqual(len(self.waits), 1)  # two attempts, one backoff between them (counted here: a loaded server may log late)
        self.assertIsInstance(sdk.APITimeoutError(1.0), sdk.APIConnectionError)

    def test_raises_api_connection_error_when_nothing_listens(self) -> None:
        closed = Loopback()
        url = closed.url
        closed.close()
        client = AssessmentService(api_key=KEY, base_url=url, max_retries=2)
        client._sleep = self.waits.append  # pyright: ignore[reportPrivateUsage]
        with self.assertRaises(sdk.APIConnectionError):
            client.nature.subjects.retrieve(SUBJECT["id"])
        self.assertEqual(len(self.waits), 2)  # connection errors are retried too

    def test_reuses_one_connection_for_consecutive_calls(self) -> None:
        self.server.route = lambda seen: Answer(200, SUBJECT)
        for _ in range(3):
            self.client.nature.subjects.retrieve(SUBJECT["id"])
        self.assertEqual(len({seen.connection for seen in self.server.seen}), 1)

    def test_pages_iterate_every_item_and_expose_has_more_and_next_page(self) -> None:
        items = [dict(SUBJECT, id=f"subj_{index:024d}") for index in range(5)]

        def route(seen: object) -> Answer:
            path = getattr(seen, "path")
            start = int(path.split("starting_after=")[1]) if "starting_after=" in path else 0
            page = items[start : start + 2]
            more = start + 2 < len(items)
            return Answer(200, {"object": "list", "data": page, "has_more": more, "next_cursor": str(start + 2) if more else None, "previous_cursor": str(start) if start else None, "request_id": "req_1"})

        self.server.route = route
        first = self.client.nature.subjects.list(limit=2)
        self.assertEqual(len(first.data), 2)
        self.assertTrue(first.has_more)
        self.assertEqual(first.next_page().data[0]["id"], items[2]["id"])
        self.assertEqual([item["id"] for item in first], [item["id"] for item in items])
        self.assertEqual(first.data[0]["created_at"].tzinfo, timezone.utc)
        self.assertIn("limit=2&starting_after=4", self.server.seen[-1].path)

    def test_with_raw_response_gives_headers_request_id_and_rate_limit(self) -> None:
        self.server.answers.append(Answer(200, SUBJECT, {"X-Request-Id": "req_abc", "X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "59"}))
        response = self.client.with_raw_response.nature.subjects.retrieve(SUBJECT["id"])
        self.assertEqual((response.status_code, response.request_id, response.rate_limit.limit, response.rate_limit.remaining), (200, "req_abc", 60, 59))
        self.assertEqual(response.headers["x-ratelimit-limit"], "60")
        self.assertEqual(response.parse()["id"], SUBJECT["id"])

    def test_reads_key_and_base_url_from_the_environment_and_the_environment_from_the_prefix(self) -> None:
        self.server.answers.append(Answer(200, SUBJECT))
        self.server.answers.append(Answer(200, {"status": "ok"}))
        live = "live_pk_" + "c" * 32
        with mock.patch.dict(os.environ, {"ASSESSMENT_SERVICE_API_KEY": live, "ASSESSMENT_SERVICE_BASE_URL": self.server.url}):
            client = AssessmentService()
            self.assertEqual((client.api_key, client.base_url, client.environment), (live, self.server.url, "live"))
            client.nature.subjects.retrieve(SUBJECT["id"])
            client.health.retrieve()
        self.assertEqual(self.server.seen[0].headers["authorization"], f"Bearer {live}")
        # GET /health declares `security: []`: no key goes with it.
        self.assertNotIn("authorization", self.server.seen[1].headers)
        self.assertEqual(self.client.environment, "test")

    def test_without_a_key_says_how_to_give_one(self) -> None:
        with mock.patch.dict(os.environ, {}, clear=True):
            with self.assertRaises(sdk.ClientError) as caught:
                AssessmentService()
        self.assertIn("ASSESSMENT_SERVICE_API_KEY", str(caught.exception))

    def test_never_shows_the_key_in_its_repr(self) -> None:
        self.assertNotIn(KEY, repr(self.client))

    def test_date_time_formats_match_the_spec_pattern(self) -> None:
        pattern = json.loads('"^\\\\d{4}-\\\\d{2}-\\\\d{2}T\\\\d{2}:\\\\d{2}:\\\\d{2}(\\\\.\\\\d{1,9})?Z$"')
        for value in [datetime(2026, 1, 2, 3, 4, 5), datetime(2026, 1, 2, 3, 4, 5, 10, tzinfo=timezone(timedelta(hours=-5)))]:
            self.assertRegex(format_datetime(value), pattern)


if __name__ == "__main__":
    unittest.main()

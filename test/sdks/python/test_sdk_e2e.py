"""The generated Python SDK, end to end on loopback.

Against the reference service (SERVICE_URL, API_KEY): create a subject, page through subjects,
start and submit an assessment. Against a local server that answers 429 with Retry-After and then
201: the SDK waits the Retry-After, repeats the identical request with the same Idempotency-Key,
and exactly one resource results.
"""

import json
import os
import threading
import time
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import assessment_service
from assessment_service.rest import backoff_delay, retry_after_seconds

CONSENT = {
    "consent_text_version": "2026-01",
    "consented_at": "2026-03-14T09:26:53Z",
    "ui_snapshot_hash": "sha256:" + "9f" * 32,
}


def client(host, key):
    configuration = assessment_service.Configuration(host=host)
    configuration.access_token = key
    return assessment_service.ApiClient(configuration)


class AgainstTheReferenceService(unittest.TestCase):
    def setUp(self):
        self.api = client(os.environ["SERVICE_URL"], os.environ["API_KEY"])
        self.subjects = assessment_service.SubjectsApi(self.api)
        self.assessments = assessment_service.AssessmentsApi(self.api)

    def test_creates_pages_and_submits(self):
        created = [self.subjects.create_subject(assessment_service.SubjectCreate(consent_artifact=CONSENT)) for _ in range(5)]
        self.assertTrue(all(subject.id.startswith("subj_") for subject in created))
        self.assertFalse(created[0].livemode)

        seen, cursor = [], None
        while True:
            page = self.subjects.list_subjects(limit=2, **({"starting_after": cursor} if cursor else {}))
            seen.extend(subject.id for subject in page.data)
            if not page.has_more:
                self.assertIsNone(page.next_cursor)
                break
            cursor = page.next_cursor
        for subject in created:
            self.assertIn(subject.id, seen)
        self.assertEqual(len(seen), len(set(seen)))

        started = self.assessments.create_assessment(created[0].id, assessment_create=assessment_service.AssessmentCreate())
        self.assertEqual(started.status, "in_progress")
        submitted = self.assessments.submit_assessment(
            started.id,
            assessment_service.AssessmentSubmission(answers=[assessment_service.Answer(item_id="n01", value=4)], status="completed"),
        )
        self.assertEqual(submitted.status, "completed")
        self.assertIsNotNone(submitted.scores)

    def test_reads_the_key_from_the_environment(self):
        os.environ["ASSESSMENT_SERVICE_API_KEY"] = os.environ["API_KEY"]
        try:
            anonymous = client(os.environ["SERVICE_URL"], None)
            page = assessment_service.SubjectsApi(anonymous).list_subjects(limit=1)
            self.assertEqual(page.object, "list")
        finally:
            del os.environ["ASSESSMENT_SERVICE_API_KEY"]

    def test_errors_carry_status_and_the_error_body(self):
        with self.assertRaises(assessment_service.ApiException) as raised:
            self.subjects.retrieve_subject("subj_missing")
        self.assertEqual(raised.exception.status, 404)
        self.assertEqual(json.loads(raised.exception.body)["code"], "not_found")


class Flaky(BaseHTTPRequestHandler):
    """Answers the first POST with 429 and Retry-After: 1, then creates the resource once per key."""

    requests = []
    created = {}

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        Flaky.requests.append({"at": time.monotonic(), "key": self.headers.get("Idempotency-Key"), "body": body})
        if len(Flaky.requests) == 1:
            self.send_response(429)
            self.send_header("Retry-After", "1")
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(b'{"object":"error","code":"rate_limited","message":"slow down","param":null,"request_id":"req_1"}')
            return
        subject_id = Flaky.created.setdefault(self.headers.get("Idempotency-Key"), "subj_%d" % (len(Flaky.created) + 1))
        self.send_response(201)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(json.dumps({
            "id": subject_id, "object": "subject", "livemode": False, "created_at": "2026-01-01T00:00:00Z",
            "consent_artifact": CONSENT, "metadata": {}, "latest_scores": None,
        }).encode())

    def log_message(self, *args):
        pass


class AgainstARateLimitingServer(unittest.TestCase):
    def setUp(self):
        Flaky.requests, Flaky.created = [], {}
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Flaky)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.host = "http://127.0.0.1:%d" % self.server.server_address[1]

    def tearDown(self):
        self.server.shutdown()
        self.server.server_close()

    def test_waits_retry_after_and_repeats_the_identical_request_once(self):
        subjects = assessment_service.SubjectsApi(client(self.host, "test_sk_" + "a" * 32))
        subject = subjects.create_subject(assessment_service.SubjectCreate(consent_artifact=CONSENT))
        self.assertEqual(subject.id, "subj_1")
        self.assertEqual(len(Flaky.requests), 2)
        first, second = Flaky.requests
        self.assertGreaterEqual(second["at"] - first["at"], 1.0)  # Retry-After: 1
        self.assertLess(second["at"] - first["at"], 3.0)
        self.assertEqual(first["body"], second["body"])
        self.assertIsNotNone(first["key"])
        self.assertEqual(first["key"], second["key"])
        self.assertEqual(len(Flaky.created), 1)


class RetryPolicy(unittest.TestCase):
    def test_backoff_is_exponential_capped_and_jittered(self):
        self.assertEqual(backoff_delay(0, rand=lambda: 1.0), 0.5)
        self.assertEqual(backoff_delay(2, rand=lambda: 1.0), 2.0)
        self.assertEqual(backoff_delay(9, rand=lambda: 1.0), 8.0)
        self.assertEqual(backoff_delay(3, rand=lambda: 0.0), 0.0)

    def test_reads_retry_after_as_seconds_or_a_date(self):
        self.assertEqual(retry_after_seconds("12"), 12.0)
        self.assertIsNone(retry_after_seconds(None))
        self.assertAlmostEqual(retry_after_seconds("Thu, 01 Jan 2026 00:00:10 GMT", now=1767225600.0), 10.0)

    def test_retry_count_is_configurable(self):
        configuration = assessment_service.Configuration(host="http://127.0.0.1:9")
        configuration.retries = 0
        self.assertEqual(assessment_service.ApiClient(configuration).rest_client.max_retries, 0)


if __name__ == "__main__":
    unittest.main()

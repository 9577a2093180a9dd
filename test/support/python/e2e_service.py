"""The Python SDK end to end against the reference service (started by python-sdk.test.ts, which
sets ASSESSMENT_SERVICE_API_KEY and ASSESSMENT_SERVICE_BASE_URL): the user's path, for real."""

import unittest
from datetime import datetime, timezone

import assessment_service as sdk
from assessment_service import AssessmentService
from assessment_service._client import CONFIG

CONSENT: sdk.types.ConsentArtifact = {
    "consent_text_version": "2026-01",
    "consented_at": datetime(2026, 3, 14, 9, 26, 53, tzinfo=timezone.utc),
    "ui_snapshot_hash": "sha256:" + "9f" * 32,
}


class ServiceTest(unittest.TestCase):
    client: AssessmentService

    @classmethod
    def setUpClass(cls) -> None:
        cls.client = AssessmentService()  # key and address from the environment, as the README says

    @classmethod
    def tearDownClass(cls) -> None:
        cls.client.close()

    def test_health_reports_the_digest_this_client_was_generated_from(self) -> None:
        health = self.client.health.retrieve()
        self.assertEqual(health["status"], "ok")
        self.assertEqual(health.get("spec_digest"), CONFIG.spec_digest)

    def test_creates_a_subject_with_a_datetime_and_reads_it_back(self) -> None:
        subject = self.client.nature.subjects.create(consent_artifact=CONSENT, metadata={"cohort": "a"})
        self.assertEqual(subject["object"], "subject")
        self.assertEqual(subject["consent_artifact"]["consented_at"], CONSENT["consented_at"])
        self.assertIsInstance(subject["created_at"], datetime)
        again = self.client.nature.subjects.retrieve(subject["id"])
        self.assertEqual(again["metadata"], {"cohort": "a"})
        self.assertEqual(self.client.environment, "test")

    def test_a_repeated_idempotency_key_returns_the_same_subject(self) -> None:
        first = self.client.nature.subjects.create(consent_artifact=CONSENT, idempotency_key="e2e-python-1")
        second = self.client.nature.subjects.create(consent_artifact=CONSENT, idempotency_key="e2e-python-1")
        self.assertEqual(first["id"], second["id"])

    def test_pages_through_every_subject(self) -> None:
        created = {self.client.nature.subjects.create(consent_artifact=CONSENT)["id"] for _ in range(5)}
        first = self.client.nature.subjects.list(limit=2)
        self.assertEqual(len(first.data), 2)
        self.assertTrue(first.has_more)
        self.assertEqual(len(first.next_page().data), 2)
        seen = [subject["id"] for subject in self.client.nature.subjects.list(limit=2)]
        self.assertEqual(len(seen), len(set(seen)))
        self.assertTrue(created <= set(seen))

    def test_runs_an_assessment_from_an_empty_body_to_completed(self) -> None:
        subject = self.client.nature.subjects.create(consent_artifact=CONSENT)
        assessment = self.client.nature.subjects.assessments.create(subject["id"])  # the required body is sent as {}
        self.assertEqual(assessment["status"], "in_progress")
        self.client.nature.assessments.update(assessment["id"], answers=[{"item_id": "q1", "value": 4}, {"item_id": "q2", "value": 2}])
        done = self.client.nature.assessments.update(assessment["id"], status="completed")
        self.assertEqual(done["status"], "completed")
        self.assertIsInstance(done["completed_at"], datetime)
        self.assertIsNotNone(done["scores"])
        with self.assertRaises(sdk.ConflictError) as caught:
            self.client.nature.assessments.update(assessment["id"], status="completed")
        self.assertEqual(caught.exception.code, "invalid_state_transition")
        listed = [item["id"] for item in self.client.nature.subjects.assessments.list(subject["id"])]
        self.assertEqual(listed, [assessment["id"]])

    def test_errors_are_typed_with_code_and_request_id(self) -> None:
        with self.assertRaises(sdk.NotFoundError) as missing:
            self.client.nature.subjects.retrieve("subj_" + "0" * 24)
        self.assertEqual(missing.exception.code, "not_found")
        self.assertTrue(missing.exception.request_id)
        with self.assertRaises(sdk.BadRequestError) as bad:
            self.client.nature.subjects.list(limit=101)
        self.assertEqual(bad.exception.param, "limit")
        stranger = AssessmentService(api_key="test_sk_" + "x" * 32, max_retries=0)
        with self.assertRaises(sdk.AuthenticationError):
            stranger.nature.subjects.list()

    def test_raw_responses_carry_the_rate_limit_and_the_request_id(self) -> None:
        self.client.nature.subjects.create(consent_artifact=CONSENT)
        response = self.client.nature.subjects.with_raw_response.list(limit=1)
        self.assertEqual(response.status_code, 200)
        self.assertIsNotNone(response.rate_limit.limit)
        self.assertIsNotNone(response.rate_limit.remaining)
        self.assertTrue(response.request_id)
        self.assertEqual(len(response.parse().data), 1)

    def test_deletes_a_subject(self) -> None:
        subject = self.client.nature.subjects.create(consent_artifact=CONSENT)
        deleted = self.client.nature.subjects.delete(subject["id"])
        self.assertEqual(deleted["deleted"], True)
        with self.assertRaises(sdk.NotFoundError):
            self.client.nature.subjects.retrieve(subject["id"])


if __name__ == "__main__":
    unittest.main()

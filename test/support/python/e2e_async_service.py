"""AsyncAssessmentService end to end against the reference service (started by sdk.test.ts, which
sets ASSESSMENT_SERVICE_API_KEY and ASSESSMENT_SERVICE_BASE_URL), mirroring e2e_service.py."""

import asyncio
import unittest
from datetime import datetime, timezone

import assessment_service as sdk
from assessment_service import AsyncAssessmentService
from assessment_service._client import CONFIG

CONSENT: sdk.types.ConsentArtifact = {
    "consent_text_version": "2026-01",
    "consented_at": datetime(2026, 3, 14, 9, 26, 53, tzinfo=timezone.utc),
    "ui_snapshot_hash": "sha256:" + "9f" * 32,
}


class AsyncServiceTest(unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self) -> None:
        self.client = AsyncAssessmentService()  # key and address from the environment

    async def asyncTearDown(self) -> None:
        await self.client.close()

    async def test_health_reports_the_digest_this_client_was_generated_from(self) -> None:
        health = await self.client.health.retrieve()
        self.assertEqual(health.get("spec_digest"), CONFIG.spec_digest)

    async def test_creates_reads_and_deletes_a_subject(self) -> None:
        subject = await self.client.nature.subjects.create(consent_artifact=CONSENT, metadata={"cohort": "async"})
        self.assertEqual(subject["consent_artifact"]["consented_at"], CONSENT["consented_at"])
        again = await self.client.nature.subjects.retrieve(subject["id"])
        self.assertEqual(again["metadata"], {"cohort": "async"})
        deleted = await self.client.nature.subjects.delete(subject["id"])
        self.assertTrue(deleted["deleted"])
        with self.assertRaises(sdk.NotFoundError):
            await self.client.nature.subjects.retrieve(subject["id"])

    async def test_a_repeated_idempotency_key_returns_the_same_subject(self) -> None:
        first = await self.client.nature.subjects.create(consent_artifact=CONSENT, idempotency_key="e2e-async-1")
        second = await self.client.nature.subjects.create(consent_artifact=CONSENT, idempotency_key="e2e-async-1")
        self.assertEqual(first["id"], second["id"])

    async def test_pages_through_every_subject_with_async_for(self) -> None:
        created = {(await self.client.nature.subjects.create(consent_artifact=CONSENT))["id"] for _ in range(5)}
        first = await self.client.nature.subjects.list(limit=2)
        self.assertTrue(first.has_more)
        seen = [subject["id"] async for subject in self.client.nature.subjects.list(limit=2)]
        self.assertEqual(len(seen), len(set(seen)))
        self.assertTrue(created <= set(seen))

    async def test_runs_an_assessment_to_completed_concurrently_with_other_calls(self) -> None:
        subject = await self.client.nature.subjects.create(consent_artifact=CONSENT)
        assessment = await self.client.nature.subjects.assessments.create(subject["id"])
        await self.client.nature.assessments.update(assessment["id"], answers=[{"item_id": "q1", "value": 4}])
        done, health = await asyncio.gather(self.client.nature.assessments.update(assessment["id"], status="completed"), self.client.health.retrieve())
        self.assertEqual((done["status"], health["status"]), ("completed", "ok"))
        with self.assertRaises(sdk.ConflictError) as caught:
            await self.client.nature.assessments.update(assessment["id"], status="completed")
        self.assertEqual(caught.exception.code, "invalid_state_transition")

    async def test_errors_and_raw_responses(self) -> None:
        with self.assertRaises(sdk.BadRequestError) as bad:
            await self.client.nature.subjects.list(limit=101)
        self.assertEqual(bad.exception.param, "limit")
        response = await self.client.nature.subjects.with_raw_response.list(limit=1)
        self.assertTrue(response.request_id)
        self.assertIsNotNone(response.rate_limit.remaining)
        async with AsyncAssessmentService(api_key="test_sk_" + "x" * 32, max_retries=0) as stranger:
            with self.assertRaises(sdk.AuthenticationError):
                await stranger.nature.subjects.list()


if __name__ == "__main__":
    unittest.main()

"""``assay.webhooks.verify`` on a real delivery, and its refusals."""

from __future__ import annotations

import time

import pytest

import assay
from assay import Assay, WebhookVerificationError

from .conftest import REPO_ROOT, Recorder


def test_verify_accepts_a_real_delivery_and_refuses_tampering_and_old_timestamps(
    client: Assay, essay_workflow_id: str, recorder: Recorder
) -> None:
    endpoint = client.webhook_endpoints.create(url=f"{recorder.url}/hook", events=["run.succeeded"])
    try:
        doc = client.documents.upload(REPO_ROOT / "examples" / "essay.txt")
        run = client.runs.create(essay_workflow_id, input_documents=[doc.id])
        delivery = recorder.wait_for(lambda r: run.id.encode() in r.body)
        header = delivery.headers["X-Service-Signature"]

        event = assay.webhooks.verify(delivery.body, header, endpoint.secret)
        assert event["type"] == "run.succeeded"
        assert event["data"]["run"]["id"] == run.id
        assert Assay.webhooks.verify(delivery.body, header, ["whsec_old", endpoint.secret])["id"] == event["id"]

        tampered = delivery.body.replace(b'"succeeded"', b'"failed"')
        assert tampered != delivery.body
        with pytest.raises(WebhookVerificationError):
            assay.webhooks.verify(tampered, header, endpoint.secret)
        with pytest.raises(WebhookVerificationError, match="tolerance 300"):
            assay.webhooks.verify(delivery.body, header, endpoint.secret, now=delivery.at + 360)
        with pytest.raises(WebhookVerificationError):
            assay.webhooks.verify(delivery.body, header, "whsec_not_the_secret")
    finally:
        client.webhook_endpoints.delete(endpoint.id)


def test_rotate_secret_answers_a_new_secret_and_when_the_replaced_one_stops(client: Assay, recorder: Recorder) -> None:
    endpoint = client.webhook_endpoints.create(url=f"{recorder.url}/hook", events=["run.succeeded"])
    try:
        rotated = client.webhook_endpoints.rotate_secret(endpoint.id)
        assert rotated.secret.startswith("whsec_") and rotated.secret != endpoint.secret
        assert rotated.previous_secret_expires_at is not None
        leaked = client.webhook_endpoints.rotate_secret(endpoint.id, previous_secret_expires_in_s=0)
        assert leaked.id == endpoint.id and leaked.previous_secret_expires_at is None
    finally:
        client.webhook_endpoints.delete(endpoint.id)


def test_verify_refuses_missing_and_malformed_headers() -> None:
    body = b'{"id":"evt_1","type":"run.succeeded"}'
    now = int(time.time())
    assert assay.webhooks.verify(body, assay.webhooks.sign(body, "whsec_a", now), "whsec_a")["id"] == "evt_1"
    old = assay.webhooks.sign(body, "whsec_a", now - 360)
    assert assay.webhooks.verify(body, old, "whsec_a", tolerance_s=400)["id"] == "evt_1"
    for header in (None, "", "t=abc,v1=zz", "v1=" + "0" * 64):
        with pytest.raises(WebhookVerificationError):
            assay.webhooks.verify(body, header, "whsec_a")

"""Retries on 429/503 with Retry-After, against a scripted loopback server (no API needed)."""

from __future__ import annotations

import json

import pytest

from assay import Assay, RateLimitError, ServiceUnavailableError

from .conftest import Recorder

RUN = {
    "id": "run_1",
    "object": "run",
    "workflow_id": "wf_1",
    "batch_id": None,
    "external_id": None,
    "status": "queued",
    "mode": "async",
    "livemode": False,
    "quoted_credits": 1,
    "charged_credits": None,
    "input_documents": [],
    "metadata": {},
    "batch_id": None,
    "external_id": None,
    "result_url": "http://127.0.0.1:8080/v1/runs/run_1",
    "output_format": "json",
    "usage": {
        "input_tokens": None,
        "output_tokens": None,
        "model": None,
        "rag_strategy": None,
        "unverified_citations": None,
    },
    "output_file": None,
    "citations": None,
    "error": None,
    "created_at": "2026-01-01T00:00:00Z",
    "started_at": None,
    "finished_at": None,
}


def envelope(code: str) -> bytes:
    return json.dumps({"error": {"code": code, "message": code, "request_id": "req_01TEST"}}).encode()


def test_a_429_is_retried_after_retry_after_seconds(recorder: Recorder) -> None:
    recorder.answers = [(429, {"Retry-After": "1"}, envelope("rate_limited")), (200, {}, json.dumps(RUN).encode())]
    with Assay(api_key="ak_test_x", base_url=f"{recorder.url}/v1", base_delay=0.001) as client:
        assert client.runs.get("run_1").id == "run_1"
    assert len(recorder.received) == 2
    assert recorder.received[1].at - recorder.received[0].at >= 0.95


def test_a_retried_run_creation_keeps_its_idempotency_key(recorder: Recorder) -> None:
    recorder.answers = [(503, {}, envelope("service_unavailable")), (202, {}, json.dumps(RUN).encode())]
    with Assay(api_key="ak_test_x", base_url=f"{recorder.url}/v1", base_delay=0.005) as client:
        client.runs.create("wf_1", input_documents=["doc_1"])
    keys = [r.headers["Idempotency-Key"] for r in recorder.received]
    assert len(keys) == 2 and keys[0] == keys[1] and keys[0].startswith("sdk-")


def test_retries_run_out_into_a_typed_error(recorder: Recorder) -> None:
    recorder.answers = [(503, {}, envelope("service_unavailable"))] * 3
    with Assay(api_key="ak_test_x", base_url=f"{recorder.url}/v1", max_retries=2, base_delay=0.005) as client:
        with pytest.raises(ServiceUnavailableError) as err:
            client.runs.get("run_1")
    assert (err.value.status, err.value.code, err.value.request_id) == (503, "service_unavailable", "req_01TEST")
    assert len(recorder.received) == 3

    recorder.answers = [(429, {"Retry-After": "0"}, envelope("rate_limited"))]
    with Assay(api_key="ak_test_x", base_url=f"{recorder.url}/v1", max_retries=0) as client:
        with pytest.raises(RateLimitError):
            client.runs.get("run_1")

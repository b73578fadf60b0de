"""Batches against a scripted loopback server (no API needed): the generated Idempotency-Key kept across a retried
creation, ``wait`` pausing longer between reads and reporting each, its timeout, and the results download from the
signed link without the API key. The flows against the real API are in test_batches.py."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from assay import AsyncAssay, Assay, Batch, ConflictError, WaitTimeoutError

from .conftest import Recorder


def batch(status: str, **counts: int) -> bytes:
    c = {"queued": 0, "running": 0, "succeeded": 0, "failed": 0, "canceled": 0, "refunded": 0, **counts}
    body: dict[str, Any] = {
        "id": "bat_1",
        "object": "batch",
        "workflow_id": "wf_1",
        "status": status,
        "livemode": False,
        "max_concurrency": 10,
        "counts": {"total": sum(c.values()), **c},
        "quoted_credits": sum(c.values()),
        "charged_credits": c["succeeded"],
        "metadata": {},
        "created_at": "2026-01-01T00:00:00Z",
        "started_at": None,
        "finished_at": None,
    }
    return json.dumps(body).encode()


def envelope(code: str) -> bytes:
    return json.dumps({"error": {"code": code, "message": code, "request_id": "req_01TEST"}}).encode()


ITEMS = [{"input_documents": ["doc_a"], "external_id": "a.txt"}, {"input_documents": ["doc_b"]}]


def test_a_retried_batch_creation_keeps_its_idempotency_key(recorder: Recorder) -> None:
    recorder.answers = [(503, {}, envelope("service_unavailable")), (202, {}, batch("queued", queued=2))]
    with Assay(api_key="ak_test_x", base_url=f"{recorder.url}/v1", base_delay=0.005) as client:
        created = client.batches.create("wf_1", items=ITEMS, max_concurrency=3, metadata={"term": "autumn"})
        assert (created.id, created.status, created.counts.total) == ("bat_1", "queued", 2)
        recorder.answers = [(409, {}, envelope("limit_reached"))]
        with pytest.raises(ConflictError) as refused:
            client.batches.create("wf_1", items=ITEMS, idempotency_key="mine")
    assert refused.value.code == "limit_reached"
    assert [(r.method, r.path) for r in recorder.received] == [("POST", "/v1/workflows/wf_1/batches")] * 3
    keys = [r.headers["Idempotency-Key"] for r in recorder.received]
    assert keys[0] == keys[1] and keys[0].startswith("sdk-") and keys[2] == "mine"
    assert json.loads(recorder.received[0].body) == {
        "items": ITEMS,
        "max_concurrency": 3,
        "metadata": {"term": "autumn"},
    }


def test_wait_pauses_longer_each_time_and_reports_every_read(recorder: Recorder) -> None:
    recorder.answers = [
        (200, {}, batch("queued", queued=3)),
        (200, {}, batch("running", queued=1, running=2)),
        (200, {}, batch("running", running=1, succeeded=1, failed=1)),
        (200, {}, batch("completed_with_failures", succeeded=2, failed=1)),
    ]
    seen: list[tuple[str, int]] = []
    with Assay(api_key="ak_test_x", base_url=f"{recorder.url}/v1") as client:
        done = client.batches.wait("bat_1", interval=0.05, on_progress=lambda b: seen.append((b.status, b.counts.done)))
    assert done.status == "completed_with_failures"
    assert seen == [("queued", 0), ("running", 0), ("running", 2), ("completed_with_failures", 3)]
    at = [r.at for r in recorder.received]
    gaps = [b - a for a, b in zip(at, at[1:])]
    assert gaps[0] >= 0.045 and gaps[1] >= 0.07 and gaps[2] >= 0.11  # 0.05, × 1.5, × 1.5²
    assert {r.path for r in recorder.received} == {"/v1/batches/bat_1"}


def test_async_wait_awaits_a_coroutine_callback_and_times_out_naming_the_batch(recorder: Recorder) -> None:
    recorder.answers = [(200, {}, batch("running", running=1))] * 20
    reads: list[Batch] = []

    async def progress(b: Batch) -> None:
        await asyncio.sleep(0)
        reads.append(b)

    async def scenario() -> None:
        async with AsyncAssay(api_key="ak_test_x", base_url=f"{recorder.url}/v1") as client:
            with pytest.raises(WaitTimeoutError) as late:
                await client.batches.wait("bat_1", timeout=0.2, interval=0.05, on_progress=progress)
            assert (late.value.id, late.value.resource, late.value.last_status) == ("bat_1", "batch", "running")
            assert str(late.value) == "batch bat_1 still running after 0.2 s"

    asyncio.run(scenario())
    assert len(reads) == len(recorder.received) >= 2
    assert all(r.method == "GET" for r in recorder.received)  # waiting never cancels


def test_download_results_fetches_the_signed_link_without_the_api_key(recorder: Recorder, tmp_path: Any) -> None:
    csv = "\ufeffexternal_id,run_id,status\na.txt,run_1,succeeded\n".encode()  # a BOM, as the API's CSV
    link = {"url": f"{recorder.url}/signed/results.csv?sig=1", "expires_at": "2026-01-01T01:00:00Z"}
    recorder.answers = [(200, {}, json.dumps({**link, "mime_type": "text/csv"}).encode()), (200, {}, csv)]
    with Assay(api_key="ak_test_x", base_url=f"{recorder.url}/v1") as client:
        results = client.batches.download_results("bat_1")
        assert (results.format, results.mime_type) == ("csv", "text/csv")
        assert results.text() == "external_id,run_id,status\na.txt,run_1,succeeded\n" and results.content == csv
        assert results.save(tmp_path / "r.csv").read_bytes() == csv
        with pytest.raises(ValueError, match="format must be one of csv, xlsx, jsonl"):
            client.batches.results("bat_1", format="xls")  # type: ignore[arg-type]
    first, second = recorder.received
    assert (first.path, "Authorization" in first.headers) == ("/v1/batches/bat_1/results?format=csv", True)
    assert (second.path, "Authorization" in second.headers) == ("/signed/results.csv?sig=1", False)

"""Batches through the sync and async clients against the API: idempotent creation, waiting with progress, paging,
the runs of a batch, the results file in each format, and cancelation."""

from __future__ import annotations

import asyncio
import csv
import io
import json

import pytest

from assay import AsyncAssay, Assay, Batch, NotFoundError


def counts_sum(b: Batch) -> int:
    c = b.counts
    return c.queued + c.running + c.succeeded + c.failed + c.canceled + c.refunded


def test_sync_batch_waits_with_progress_and_its_results_match_its_runs(client: Assay, essay_workflow_id: str) -> None:
    docs = [
        client.documents.upload(f"Essay {name}. It cites one peer-reviewed source.".encode(), filename=f"{name}.txt")
        for name in ("ada", "grace")
    ]
    items = [{"input_documents": [d.id], "external_id": d.filename} for d in docs]
    created = client.batches.create(
        essay_workflow_id,
        items=items,
        metadata={"via": "python"},
        max_concurrency=2,
        idempotency_key=f"py-{docs[0].id}",
    )
    assert (created.object, created.workflow_id, created.counts.total, created.metadata) == (
        "batch",
        essay_workflow_id,
        2,
        {"via": "python"},
    )
    again = client.batches.create(  # the same request again: the same batch
        essay_workflow_id,
        items=items,
        metadata={"via": "python"},
        max_concurrency=2,
        idempotency_key=f"py-{docs[0].id}",
    )
    assert again.id == created.id

    reads: list[Batch] = []
    done = client.batches.wait(created.id, interval=0.1, timeout=120, on_progress=reads.append)
    assert (done.status, done.counts.succeeded, done.counts.done) == ("succeeded", 2, 2)
    assert reads[-1] == done and all(counts_sum(b) == 2 for b in reads)
    assert created.id in {b.id for b in client.batches.list(limit=1)}

    runs = list(client.runs.list(batch_id=created.id, limit=1))
    by_name = {getattr(r, "external_id", None): r.id for r in runs}
    assert sorted(by_name) == ["ada.txt", "grace.txt"]

    rows = list(csv.DictReader(io.StringIO(client.batches.download_results(created.id, format="csv").text())))
    assert sorted((r["external_id"], r["run_id"], r["status"]) for r in rows) == sorted(
        (name, run_id, "succeeded") for name, run_id in by_name.items()
    )
    jsonl = client.batches.download_results(created.id, format="jsonl")
    assert sorted(json.loads(line)["run_id"] for line in jsonl.text().splitlines() if line) == sorted(by_name.values())
    xlsx = client.batches.download_results(created.id, format="xlsx")
    assert xlsx.content[:2] == b"PK" and "spreadsheetml" in xlsx.mime_type

    with pytest.raises(NotFoundError):
        client.batches.get("bat_00000000000000000000000000")


def test_async_batch_is_canceled_before_its_queued_items_start(
    api_key: str, base_url: str, essay_workflow_id: str
) -> None:
    async def scenario() -> None:
        async with AsyncAssay(api_key=api_key, base_url=base_url) as client:
            doc = await client.documents.upload(b"An essay to copy.", filename="copy.txt")
            items = [{"input_documents": [doc.id], "external_id": f"copy-{i}"} for i in range(6)]
            created = await client.batches.create(essay_workflow_id, items=items, max_concurrency=1)
            await client.batches.cancel(created.id)
            seen: list[int] = []

            async def progress(b: Batch) -> None:
                seen.append(counts_sum(b))

            done = await client.batches.wait(created.id, interval=0.1, timeout=120, on_progress=progress)
            assert done.status == "canceled" and done.counts.canceled > 0
            assert done.counts.queued + done.counts.running == 0
            assert set(seen) == {6}
            statuses = [r.status async for r in client.runs.list(batch_id=created.id)]
            assert len(statuses) <= 6 and "queued" not in statuses and "running" not in statuses

    asyncio.run(scenario())

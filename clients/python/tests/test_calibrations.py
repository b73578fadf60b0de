"""Calibrations through the sync and async clients: create once per key, wait for the report, list, compare."""

from __future__ import annotations

import asyncio

from assay import AsyncAssay, Assay, NotFoundError, models

CRITERIA = [{"key": "score", "pointer": "/overall_score", "kind": "ordinal", "min": 1, "max": 5}]


def _set_with_one_item(client: Assay, name: str) -> str:
    doc = client.documents.upload(b"An essay about rivers.", filename="rivers.txt")
    created = client.calibration_sets.create(name=name, criteria=CRITERIA)
    client.calibration_sets.add_items(created.id, [{"input_documents": [doc.id], "labels": {"score": 3}}])
    return created.id


def test_calibrations_sync(client: Assay, essay_workflow_id: str) -> None:
    set_id = _set_with_one_item(client, "Sync")
    key = f"py-cal-{set_id}"
    created = client.calibrations.create(essay_workflow_id, calibration_set_id=set_id, idempotency_key=key)
    assert isinstance(created, models.Calibration)
    assert created.id.startswith("cal_") and created.status == "running" and created.livemode is False
    again = client.calibrations.create(essay_workflow_id, calibration_set_id=set_id, idempotency_key=key)
    assert again.id == created.id
    done = client.calibrations.wait(created.id, timeout=60)
    assert done.status == "succeeded"
    assert done.criteria is not None and done.criteria[0].key == "score"
    assert created.id in [c.id for c in client.calibrations.list(limit=5)]
    comparison = client.calibrations.compare(created.id, created.id)
    assert comparison.criteria[0].key == "score"
    try:
        client.calibrations.get("cal_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T")
        raise AssertionError("expected NotFoundError")
    except NotFoundError:
        pass


def test_calibrations_async(client: Assay, api_key: str, base_url: str, essay_workflow_id: str) -> None:
    set_id = _set_with_one_item(client, "Async")

    async def main() -> None:
        async with AsyncAssay(api_key=api_key, base_url=base_url) as c:
            created = await c.calibrations.create(essay_workflow_id, calibration_set_id=set_id)
            done = await c.calibrations.wait(created.id, timeout=60)
            assert done.status == "succeeded"
            assert created.id in [x.id async for x in c.calibrations.list(limit=1)]

    asyncio.run(main())

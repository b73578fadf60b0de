"""Calibration sets through the sync and async clients: create, add items, page, refusals, delete."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from assay import AsyncAssay, Assay, ConflictError, InvalidRequestError, NotFoundError, models

CRITERIA: list[dict[str, Any]] = [
    {"key": "score", "pointer": "/score", "kind": "ordinal", "min": 1, "max": 6},
    {"key": "tone", "pointer": "/tone", "kind": "categorical", "labels": ["formal", "casual"]},
]


def test_calibration_sets_sync(client: Assay) -> None:
    doc = client.documents.upload(b"An essay about rivers.", filename="rivers.txt")
    created = client.calibration_sets.create(
        name="Essays",
        criteria=[CRITERIA[0], models.CalibrationCriterionInput.model_validate(CRITERIA[1])],
        idempotency_key=f"py-cset-{doc.id}",
    )
    assert isinstance(created, models.CalibrationSet)
    assert created.id.startswith("cset_") and created.item_count == 0
    assert [c.key for c in created.criteria] == ["score", "tone"]
    again = client.calibration_sets.create(name="Essays", criteria=CRITERIA, idempotency_key=f"py-cset-{doc.id}")
    assert again.id == created.id

    added = client.calibration_sets.add_items(
        created.id,
        [
            {"input_documents": [doc.id], "external_id": "e1", "labels": {"score": 4, "tone": "formal"}},
            models.CalibrationItemInput.model_validate(
                {"input_documents": [doc.id], "labels": {"score": [{"rater": "ana", "value": 5}]}}
            ),
            {"input_documents": [doc.id], "labels": {"tone": "casual"}},
        ],
    )
    assert added.item_count == 3
    assert [i.external_id for i in added.data] == ["e1", None, None]
    assert client.calibration_sets.get(created.id).item_count == 3
    items = list(client.calibration_sets.list_items(created.id, limit=2))
    assert [i.id for i in items] == [i.id for i in reversed(added.data)]
    assert items[-1].labels["score"] == 4
    assert created.id in {s.id for s in client.calibration_sets.list(limit=1)}

    with pytest.raises(InvalidRequestError) as refused:
        client.calibration_sets.add_items(created.id, [{"input_documents": [doc.id], "labels": {"score": 9}}])
    assert (refused.value.status, refused.value.code) == (400, "invalid_request")
    assert refused.value.details[0]["path"] == "body.items.0.labels.score"
    assert client.calibration_sets.get(created.id).item_count == 3

    client.calibration_sets.delete(created.id)
    with pytest.raises(NotFoundError):
        client.calibration_sets.get(created.id)


def test_calibration_sets_async(api_key: str, base_url: str) -> None:
    async def scenario() -> None:
        async with AsyncAssay(api_key=api_key, base_url=base_url) as client:
            doc = await client.documents.upload(b"An essay about lakes.", filename="lakes.txt")
            created = await client.calibration_sets.create(name="Async", criteria=CRITERIA)
            added = await client.calibration_sets.add_items(
                created.id, [{"input_documents": [doc.id], "labels": {"score": 2}}]
            )
            assert added.item_count == 1
            assert [i.id async for i in client.calibration_sets.list_items(created.id)] == [added.data[0].id]
            assert created.id in [s.id async for s in client.calibration_sets.list()]
            assert (await client.calibration_sets.get(created.id)).item_count == 1
            with pytest.raises(InvalidRequestError) as unknown:
                await client.calibration_sets.add_items(
                    created.id, [{"input_documents": ["doc_nope"], "labels": {"score": 2}}]
                )
            assert unknown.value.details[0]["path"] == "body.items.0.input_documents"
            with pytest.raises(ConflictError) as reused:
                await client.calibration_sets.create(name="A", criteria=CRITERIA, idempotency_key=f"py-{doc.id}")
                await client.calibration_sets.create(name="B", criteria=CRITERIA, idempotency_key=f"py-{doc.id}")
            assert reused.value.code == "idempotency_key_reused"
            await client.calibration_sets.delete(created.id)
            with pytest.raises(NotFoundError):
                await client.calibration_sets.get(created.id)

    asyncio.run(scenario())

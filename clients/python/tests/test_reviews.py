"""The review queue through the sync and async clients: the iterator, claim_next (None when empty), claim, release,
submit once per idempotency key, and the run's reviewed output."""

from __future__ import annotations

import asyncio
from typing import Any

from assay import AsyncAssay, Assay, ConflictError, models

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "score": {"type": "integer", "minimum": 1, "maximum": 5},
        "label": {"type": "string", "enum": ["weak", "fair", "strong"]},
        "pass": {"type": "boolean"},
    },
    "required": ["score", "label", "pass"],
}
CRITERIA: list[dict[str, Any]] = [
    {"key": "score", "pointer": "/score", "kind": "ordinal", "min": 1, "max": 5},
    {"key": "label", "pointer": "/label", "kind": "categorical", "labels": ["weak", "fair", "strong"]},
    {"key": "pass", "pointer": "/pass", "kind": "boolean"},
]


def _reviewed_runs(client: Assay, runs: int, *, blind: bool) -> tuple[str, list[str]]:
    """A workflow that sends every succeeded run to review, and ``runs`` succeeded runs of it."""
    doc = client.documents.upload(b"Street trees cool cities. Shade is cheap.", filename="trees.txt")
    workflow = client.workflows.create(
        product_code="general_evaluation",
        name="Python reviews",
        output_schema=SCHEMA,
        criteria=CRITERIA,
        review={"mode": "all", "blind": blind},
    )
    run_ids = []
    for _ in range(runs):
        run = client.runs.wait(client.runs.create(workflow.id, input_documents=[doc.id]).id, timeout=120)
        assert run.status == "succeeded", run.error
        run_ids.append(run.id)
    return workflow.id, run_ids


def test_reviews_sync(client: Assay) -> None:
    workflow_id, run_ids = _reviewed_runs(client, 2, blind=False)
    pending = list(client.reviews.list(status="pending", workflow_id=workflow_id, limit=1))
    assert all(isinstance(r, models.Review) for r in pending)
    assert sorted(r.run_id for r in pending) == sorted(run_ids)

    first = client.reviews.claim_next(reviewer="ana", workflow_id=workflow_id)
    assert first is not None and first.id == pending[0].id and first.status == "claimed"
    assert first.claimed_by == "ana"
    second = client.reviews.claim_next(reviewer="ben", workflow_id=workflow_id)
    assert second is not None and second.id != first.id
    assert client.reviews.claim_next(reviewer="cy", workflow_id=workflow_id) is None

    try:
        client.reviews.claim(first.id, reviewer="ben")
        raise AssertionError("expected ConflictError")
    except ConflictError as err:
        assert err.code == "review_claimed"
    assert client.reviews.release(second.id, reviewer="ben").status == "pending"
    assert client.reviews.retrieve(second.id).status == "pending"
    assert client.reviews.claim(second.id, reviewer="cy").claimed_by == "cy"

    key = f"py-review-{first.id}"
    done = client.reviews.submit(first.id, reviewer="ana", values={"label": "strong"}, idempotency_key=key)
    again = client.reviews.submit(first.id, reviewer="ana", values={"label": "strong"}, idempotency_key=key)
    assert done.status == "completed" and done.reviewer == "ana"
    assert done.values is not None and done.values["label"] == "strong"
    assert again.model_dump() == done.model_dump()


def test_reviews_async(client: Assay, api_key: str, base_url: str) -> None:
    workflow_id, run_ids = _reviewed_runs(client, 1, blind=True)

    async def main() -> None:
        async with AsyncAssay(api_key=api_key, base_url=base_url) as c:
            listed = [r async for r in c.reviews.list(workflow_id=workflow_id)]
            assert [r.run_id for r in listed] == run_ids
            claimed = await c.reviews.claim_next(reviewer="dee", workflow_id=workflow_id)
            assert claimed is not None and claimed.blind is True
            assert all(c.model_value is None and c.confidence is None for c in claimed.criteria)
            assert await c.reviews.claim_next(reviewer="dee", workflow_id=workflow_id) is None
            values = {"score": 5, "label": "fair", "pass": True}
            done = await c.reviews.submit(claimed.id, reviewer="dee", values=values)
            assert done.status == "completed" and done.values == values

    asyncio.run(main())

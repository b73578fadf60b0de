"""The sync and async clients against the API: uploads, idempotent run creation, paging, waiting, output, errors."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from assay import AsyncAssay, Assay, ConflictError, NotFoundError, models

from .conftest import REPO_ROOT


def test_sync_client_uploads_runs_pages_and_downloads(client: Assay, essay_workflow_id: str) -> None:
    doc = client.documents.upload(b"A short essay that cites one source.", filename="short.txt")
    assert isinstance(doc, models.Document)
    assert (doc.filename, doc.mime_type, doc.extracted) == ("short.txt", "text/plain", True)

    first = client.runs.create(essay_workflow_id, input_documents=[doc.id], idempotency_key=f"py-{doc.id}")
    replay = client.runs.create(essay_workflow_id, input_documents=[doc.id], idempotency_key=f"py-{doc.id}")
    assert replay.id == first.id
    second = client.runs.create(essay_workflow_id, input_documents=[doc.id])  # a generated key: a new run
    assert second.id != first.id

    listed = {run.id for run in client.runs.list(workflow_id=essay_workflow_id, limit=1)}
    assert {first.id, second.id} <= listed

    finished = client.runs.wait(first.id, timeout=60)
    assert finished.status == "succeeded"
    output = client.runs.output(first.id)
    assert output.mime_type.startswith("application/json")
    assert json.loads(output.text()) == finished.output


def test_reference_documents_upload_is_indexed_and_listed(client: Assay) -> None:
    rubric = b"Criterion 1: the essay cites peer-reviewed sources.\nCriterion 2: it weighs a counter-argument.\n"
    ref = client.reference_documents.upload(rubric, filename="rubric.txt", name="Rubric")
    assert (ref.name, ref.status) == ("Rubric", "processing")
    deadline = time.monotonic() + 60
    current = client.reference_documents.get(ref.id)
    while current.status == "processing" and time.monotonic() < deadline:
        time.sleep(0.25)
        current = client.reference_documents.get(ref.id)
    assert current.status == "ready"
    assert ref.id in {r.id for r in client.reference_documents.list(limit=1)}


def test_errors_carry_code_status_and_request_id(client: Assay, essay_workflow_id: str) -> None:
    with pytest.raises(NotFoundError) as missing:
        client.runs.get("run_00000000000000000000000000")
    assert (missing.value.status, missing.value.code) == (404, "not_found")
    assert missing.value.request_id and missing.value.request_id.startswith("req_")

    doc = client.documents.upload(REPO_ROOT / "examples" / "essay.txt")
    run = client.runs.wait(client.runs.create(essay_workflow_id, input_documents=[doc.id]).id, timeout=60)
    with pytest.raises(ConflictError) as refused:
        client.runs.cancel(run.id)
    assert (refused.value.status, refused.value.code) == (409, "run_not_cancelable")


def test_async_client_has_the_same_surface(api_key: str, base_url: str, essay_workflow_id: str) -> None:
    async def scenario() -> None:
        async with AsyncAssay(api_key=api_key, base_url=base_url) as client:
            doc = await client.documents.upload(REPO_ROOT / "examples" / "essay.txt")
            assert doc.extracted
            run = await client.runs.create(essay_workflow_id, input_documents=[doc.id], metadata={"via": "async"})
            finished = await client.runs.wait(run.id, timeout=60)
            assert finished.status == "succeeded"
            assert finished.metadata == {"via": "async"}
            output = await client.runs.output(run.id)
            assert json.loads(output.text()) == finished.output
            seen = [r.id async for r in client.runs.list(workflow_id=essay_workflow_id, limit=2)]
            assert run.id in seen
            with pytest.raises(NotFoundError):
                await client.runs.get("run_00000000000000000000000000")

    asyncio.run(scenario())

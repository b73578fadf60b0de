"""The request layer both clients share: for each operation of the API, the request it sends (method, path, query,
body, Idempotency-Key) and how its answer is read. ``AsyncAssay`` (and ``Assay``, generated from it) only sends
these, waits and sleeps, so an operation's wire form is written once. An operation that is a path and a model is
built where it is called (``req.get(path, Model)``); one whose body, query or answer needs shaping has a builder
here."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

import httpx
from pydantic import BaseModel

from . import models
from ._base import check, drop_none, new_idempotency_key, plain
from ._batch import Batch, BatchItem, BatchResultsFile, BatchResultsFormat, batch_body, check_format

RunStatus = Literal["queued", "running", "succeeded", "failed", "canceled", "refunded"]
ReviewStatus = Literal["pending", "claimed", "completed", "canceled"]
T = TypeVar("T")
M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class Call(Generic[T]):
    """One request, and how its answer becomes what the method returns (raising the typed error on a refusal)."""

    method: str
    path: str
    read: Callable[[httpx.Response], T]
    json: Any = None
    params: dict[str, Any] | None = None
    headers: dict[str, str] | None = None


@dataclass(frozen=True)
class Pages(Generic[T]):
    """A paged list: its path and filters, and how each item is read."""

    path: str
    params: dict[str, Any]
    read: Callable[[Any], T]

    def page(self, cursor: str | None) -> Call[Any]:
        return Call("GET", self.path, check, params=drop_none({**self.params, "cursor": cursor}))


def model(cls: type[M]) -> Callable[[httpx.Response], M]:
    return lambda response: cls.model_validate(check(response))


def nothing(response: httpx.Response) -> None:
    check(response)


def get(path: str, cls: type[M]) -> Call[M]:
    return Call("GET", path, model(cls))


def delete(path: str) -> Call[None]:
    return Call("DELETE", path, nothing)


def post(path: str, cls: type[M], json: Any = None, headers: dict[str, str] | None = None) -> Call[M]:
    return Call("POST", path, model(cls), json=json, headers=headers)


def idempotency(key: str | None) -> dict[str, str]:
    """The caller's key, or one generated, so the client's own retries never do the thing twice."""
    return {"Idempotency-Key": key or new_idempotency_key()}


def pages(path: str, cls: type[M], **params: Any) -> Pages[M]:
    return Pages(path, params, cls.model_validate)


def optional_list(values: Sequence[str] | None) -> list[str] | None:
    return None if values is None else list(values)


# Documents and reference documents.


def create_document(filename: str, mime_type: str, size: int) -> Call[models.DocumentUpload]:
    body = {"filename": filename, "mime_type": mime_type, "size_bytes": size}
    return post("/documents", models.DocumentUpload, body)


def _extracted(response: httpx.Response) -> models.Document | None:
    # 202: extraction still running after the API's wait; completing again answers once it is done.
    document = models.Document.model_validate(check(response))
    return None if response.status_code == 202 else document


def complete_document(doc_id: str) -> Call[models.Document | None]:
    return Call("POST", f"/documents/{doc_id}/complete", _extracted)


def create_reference_document(
    name: str, filename: str, mime_type: str, size: int
) -> Call[models.ReferenceDocumentUpload]:
    body = {"name": name, "filename": filename, "mime_type": mime_type, "size_bytes": size}
    return post("/reference-documents", models.ReferenceDocumentUpload, body)


def complete_reference_document(ref_id: str) -> Call[models.ReferenceDocument]:
    return post(f"/reference-documents/{ref_id}/complete", models.ReferenceDocument)


# Workflows and runs.


def create_workflow(body: dict[str, Any]) -> Call[models.Workflow]:
    return post("/workflows", models.Workflow, body)


def create_run(
    workflow_id: str,
    input_documents: Sequence[str] | None,
    mode: Literal["async", "sync"] | None,
    metadata: dict[str, Any] | None,
    idempotency_key: str | None,
) -> Call[models.Run]:
    body = drop_none({"input_documents": optional_list(input_documents), "mode": mode, "metadata": metadata})
    return post(f"/workflows/{workflow_id}/runs", models.Run, body, idempotency(idempotency_key))


def list_runs(
    workflow_id: str | None, status: RunStatus | None, batch_id: str | None, limit: int | None
) -> Pages[models.Run]:
    return pages("/runs", models.Run, workflow_id=workflow_id, status=status, batch_id=batch_id, limit=limit)


# Batches.


def create_batch(
    workflow_id: str,
    items: Sequence[BatchItem],
    metadata: dict[str, Any] | None,
    max_concurrency: int | None,
    idempotency_key: str | None,
) -> Call[Batch]:
    body = batch_body(items, metadata, max_concurrency)
    return post(f"/workflows/{workflow_id}/batches", Batch, body, idempotency(idempotency_key))


def batch_results(batch_id: str, format: BatchResultsFormat) -> Call[BatchResultsFile]:
    params = {"format": check_format(format)}
    return Call("GET", f"/batches/{batch_id}/results", model(BatchResultsFile), params=params)


# Webhook endpoints.


def create_webhook_endpoint(url: str, events: Sequence[str] | None) -> Call[models.CreatedWebhookEndpoint]:
    body = drop_none({"url": url, "events": optional_list(events)})
    return post("/webhook-endpoints", models.CreatedWebhookEndpoint, body)


def list_webhook_endpoints() -> Call[list[models.WebhookEndpoint]]:
    return Call("GET", "/webhook-endpoints", lambda r: models.WebhookEndpointList.model_validate(check(r)).data)


def rotate_webhook_secret(endpoint_id: str, expires_in_s: int | None) -> Call[models.RotatedWebhookEndpoint]:
    body = drop_none({"previous_secret_expires_in_s": expires_in_s})
    return post(f"/webhook-endpoints/{endpoint_id}/rotate-secret", models.RotatedWebhookEndpoint, body)


# Calibration sets and calibrations.


def create_calibration_set(
    name: str,
    criteria: Sequence[Mapping[str, Any] | models.CalibrationCriterionInput],
    idempotency_key: str | None,
) -> Call[models.CalibrationSet]:
    body = {"name": name, "criteria": [plain(c) for c in criteria]}
    return post("/calibration-sets", models.CalibrationSet, body, idempotency(idempotency_key))


def add_calibration_items(
    set_id: str,
    items: Sequence[Mapping[str, Any] | models.CalibrationItemInput],
    idempotency_key: str | None,
) -> Call[models.AddedCalibrationItems]:
    body = {"items": [plain(i) for i in items]}
    return post(f"/calibration-sets/{set_id}/items", models.AddedCalibrationItems, body, idempotency(idempotency_key))


def create_calibration(
    workflow_id: str,
    calibration_set_id: str,
    repeats: int | None,
    thresholds: Mapping[str, float] | None,
    idempotency_key: str | None,
) -> Call[models.Calibration]:
    body = drop_none({"calibration_set_id": calibration_set_id, "repeats": repeats, "thresholds": thresholds})
    return post(f"/workflows/{workflow_id}/calibrations", models.Calibration, body, idempotency(idempotency_key))


def _comparison(response: httpx.Response) -> models.CalibrationComparison | None:
    # None while a worker still computes it (202, pending): the client asks again.
    body = check(response)
    if isinstance(body, dict) and body.get("object") == "calibration_comparison_pending":
        return None
    return models.CalibrationComparison.model_validate(body)


def compare_calibrations(calibration_id: str, other: str) -> Call[models.CalibrationComparison | None]:
    return Call("GET", f"/calibrations/{calibration_id}/compare", _comparison, params={"with": other})


# Reviews.


def list_reviews(
    status: ReviewStatus | None, workflow_id: str | None, batch_id: str | None, limit: int | None
) -> Pages[models.Review]:
    return pages("/reviews", models.Review, status=status, workflow_id=workflow_id, batch_id=batch_id, limit=limit)


def _claimed(response: httpx.Response) -> models.Review | None:
    # 204: the queue is empty.
    return None if response.status_code == 204 else models.Review.model_validate(check(response))


def claim_next_review(reviewer: str, workflow_id: str | None) -> Call[models.Review | None]:
    body = drop_none({"reviewer": reviewer, "workflow_id": workflow_id})
    return Call("POST", "/reviews/claim-next", _claimed, json=body)


def submit_review(
    review_id: str, reviewer: str, values: Mapping[str, Any], note: str | None, idempotency_key: str | None
) -> Call[models.Review]:
    body = drop_none({"reviewer": reviewer, "values": dict(values), "note": note})
    return post(f"/reviews/{review_id}/submit", models.Review, body, idempotency(idempotency_key))

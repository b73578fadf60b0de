# Generated from _async.py (the asynchronous client). Do not edit; run `npm run generate:clients`.
"""The synchronous client: ``Assay(api_key=..., base_url=...)``."""

from __future__ import annotations

import os
import time  # unused here: the synchronous client generated from this file sleeps with time.sleep
from collections.abc import Callable, Iterator
import builtins
from collections.abc import Mapping, Sequence
from typing import Any, Literal, TypeVar

import httpx

from . import _requests as req
from . import models, webhooks
from ._base import (
    RETRY_STATUSES,
    TERMINAL_RUN_STATUSES,
    Poll,
    RunOutput,
    Settings,
    backoff_seconds,
    downloaded,
    output_file_of,
    put_headers,
    read_source,
    repeatable,
    uploaded,
)
from ._batch import FINAL_BATCH_STATUSES, Batch, BatchItem, BatchResults, BatchResultsFile, BatchResultsFormat
from ._requests import ReviewStatus, RunStatus

T = TypeVar("T")


class _Resource:
    def __init__(self, client: Assay) -> None:
        self._client = client
        self._call = client._call
        self._pages = client._pages


class Documents(_Resource):
    def upload(
        self,
        source: str | os.PathLike[str] | bytes,
        *,
        filename: str | None = None,
        mime_type: str | None = None,
    ) -> models.Document:
        """Request an upload URL, PUT the bytes, complete: the extracted document."""
        data, name, mime = read_source(source, filename, mime_type)
        created = self._call(req.create_document(name, mime, len(data)))
        self._client._put(str(created.upload_url), created.upload_headers, data)
        while True:
            document = self._call(req.complete_document(created.id))
            if document is not None:
                return document


class ReferenceDocuments(_Resource):
    def upload(
        self,
        source: str | os.PathLike[str] | bytes,
        *,
        name: str | None = None,
        filename: str | None = None,
        mime_type: str | None = None,
    ) -> models.ReferenceDocument:
        """Request an upload URL, PUT the bytes, complete: the document, ``processing`` until indexed."""
        data, fname, mime = read_source(source, filename, mime_type)
        created = self._call(req.create_reference_document(name or fname, fname, mime, len(data)))
        self._client._put(str(created.upload_url), created.upload_headers, data)
        return self._call(req.complete_reference_document(created.id))

    def get(self, ref_id: str) -> models.ReferenceDocument:
        return self._call(req.get(f"/reference-documents/{ref_id}", models.ReferenceDocument))

    def list(self, *, limit: int | None = None) -> Iterator[models.ReferenceDocument]:
        for item in self._pages(req.pages("/reference-documents", models.ReferenceDocument, limit=limit)):
            yield item


class Workflows(_Resource):
    def create(self, *, product_code: str, name: str, **fields: Any) -> models.Workflow:
        body = {"product_code": product_code, "name": name, **fields}
        return self._call(req.post("/workflows", models.Workflow, body))

    def get(self, workflow_id: str) -> models.Workflow:
        return self._call(req.get(f"/workflows/{workflow_id}", models.Workflow))

    def list(self, *, limit: int | None = None) -> Iterator[models.Workflow]:
        for item in self._pages(req.pages("/workflows", models.Workflow, limit=limit)):
            yield item


class Runs(_Resource):
    def create(
        self,
        workflow_id: str,
        *,
        input_documents: Sequence[str] | None = None,
        mode: Literal["async", "sync"] | None = None,
        metadata: dict[str, Any] | None = None,
        idempotency_key: str | None = None,
    ) -> models.Run:
        """Starts a run. Without ``idempotency_key`` one is generated, so retries never start a second run."""
        return self._call(req.create_run(workflow_id, input_documents, mode, metadata, idempotency_key))

    def get(self, run_id: str) -> models.Run:
        return self._call(req.get(f"/runs/{run_id}", models.Run))

    def cancel(self, run_id: str) -> models.Run:
        return self._call(req.post(f"/runs/{run_id}/cancel", models.Run))

    def list(
        self,
        *,
        workflow_id: str | None = None,
        status: RunStatus | None = None,
        batch_id: str | None = None,
        limit: int | None = None,
    ) -> Iterator[models.Run]:
        """``batch_id``: the runs of one batch's items."""
        for item in self._pages(req.list_runs(workflow_id, status, batch_id, limit)):
            yield item

    def wait(self, run_id: str, *, timeout: float = 300.0, interval: float = 0.25) -> models.Run:
        """Polls until the run is succeeded, failed, canceled or refunded; WaitTimeoutError after ``timeout`` s."""
        poll = Poll(timeout, interval)
        while True:
            run = self.get(run_id)
            if run.status in TERMINAL_RUN_STATUSES:
                return run
            time.sleep(poll.pause(run_id, run.status))

    def output_url(self, run_id: str) -> models.RunOutputFile:
        return self._call(req.get(f"/runs/{run_id}/output", models.RunOutputFile))

    def output(self, run_id: str) -> RunOutput:
        """Downloads a succeeded run's output file."""
        run = self.get(run_id)
        file = output_file_of(run) or self.output_url(run_id)
        content = self._client._download(str(file.url), "output")
        return RunOutput(content=content, mime_type=file.mime_type, run=run)


class Batches(_Resource):
    def create(
        self,
        workflow_id: str,
        *,
        items: Sequence[BatchItem],
        metadata: dict[str, Any] | None = None,
        max_concurrency: int | None = None,
        idempotency_key: str | None = None,
    ) -> Batch:
        """Creates a batch: one run per item (``{"input_documents": [...], "external_id"?, "metadata"?}``), admitted
        ``max_concurrency`` at a time. Without ``idempotency_key`` one is generated, so retries never create a second
        batch."""
        return self._call(req.create_batch(workflow_id, items, metadata, max_concurrency, idempotency_key))

    def get(self, batch_id: str) -> Batch:
        return self._call(req.get(f"/batches/{batch_id}", Batch))

    def cancel(self, batch_id: str) -> Batch:
        """Cancels the items not yet started; running items finish."""
        return self._call(req.post(f"/batches/{batch_id}/cancel", Batch))

    def list(self, *, limit: int | None = None) -> Iterator[Batch]:
        for item in self._pages(req.pages("/batches", Batch, limit=limit)):
            yield item

    def wait(
        self,
        batch_id: str,
        *,
        timeout: float | None = None,
        interval: float = 1.0,
        max_interval: float = 10.0,
        on_progress: Callable[[Batch], object] | None = None,
    ) -> Batch:
        """Polls until the batch is succeeded, completed_with_failures or canceled, pausing ``interval`` seconds at
        first and 1.5 times longer each time up to ``max_interval``. ``on_progress`` sees every read, the final one
        included. With ``timeout`` (seconds; none by default) raises WaitTimeoutError when it passes first; the batch
        goes on."""
        poll = Poll(timeout, min(interval, max_interval), max_interval)
        while True:
            batch = self.get(batch_id)
            if on_progress is not None:
                on_progress(batch)
            if batch.status in FINAL_BATCH_STATUSES:
                return batch
            time.sleep(poll.pause(batch_id, batch.status, resource="batch"))

    def results(self, batch_id: str, *, format: BatchResultsFormat = "csv") -> BatchResultsFile:
        """A fresh signed link to the batch's results file, at any time (unfinished items show their status)."""
        return self._call(req.batch_results(batch_id, format))

    def download_results(self, batch_id: str, *, format: BatchResultsFormat = "csv") -> BatchResults:
        """Downloads the batch's results file (csv unless told; xlsx or jsonl). ``.save(path)`` writes it."""
        file = self.results(batch_id, format=format)
        content = self._client._download(file.url, "results")
        return BatchResults(content=content, mime_type=file.mime_type, format=format)


class WebhookEndpoints(_Resource):
    def create(self, *, url: str, events: Sequence[str] | None = None) -> models.CreatedWebhookEndpoint:
        return self._call(req.create_webhook_endpoint(url, events))

    def delete(self, endpoint_id: str) -> None:
        self._call(req.delete(f"/webhook-endpoints/{endpoint_id}"))

    def list(self) -> builtins.list[models.WebhookEndpoint]:
        return self._call(req.list_webhook_endpoints())

    def rotate_secret(
        self, endpoint_id: str, *, previous_secret_expires_in_s: int | None = None
    ) -> models.RotatedWebhookEndpoint:
        """A new signing secret; the replaced one keeps signing for ``previous_secret_expires_in_s`` (24 h unless given)."""
        return self._call(req.rotate_webhook_secret(endpoint_id, previous_secret_expires_in_s))


class Events(_Resource):
    def get(self, event_id: str) -> models.Event:
        return self._call(req.get(f"/events/{event_id}", models.Event))

    def list(self, *, type: str | None = None, limit: int | None = None) -> Iterator[models.Event]:
        for item in self._pages(req.pages("/events", models.Event, type=type, limit=limit)):
            yield item


class CalibrationSets(_Resource):
    def create(
        self,
        *,
        name: str,
        criteria: Sequence[Mapping[str, Any] | models.CalibrationCriterionInput],
        idempotency_key: str | None = None,
    ) -> models.CalibrationSet:
        """Creates a set. Without ``idempotency_key`` one is generated, so retries never create two."""
        return self._call(req.create_calibration_set(name, criteria, idempotency_key))

    def get(self, set_id: str) -> models.CalibrationSet:
        return self._call(req.get(f"/calibration-sets/{set_id}", models.CalibrationSet))

    def delete(self, set_id: str) -> None:
        self._call(req.delete(f"/calibration-sets/{set_id}"))

    def list(self, *, limit: int | None = None) -> Iterator[models.CalibrationSet]:
        for item in self._pages(req.pages("/calibration-sets", models.CalibrationSet, limit=limit)):
            yield item

    def add_items(
        self,
        set_id: str,
        items: Sequence[Mapping[str, Any] | models.CalibrationItemInput],
        *,
        idempotency_key: str | None = None,
    ) -> models.AddedCalibrationItems:
        """Adds up to 1,000 items, all or none. Without ``idempotency_key`` one is generated, so a retry adds nothing twice."""
        return self._call(req.add_calibration_items(set_id, items, idempotency_key))

    def list_items(self, set_id: str, *, limit: int | None = None) -> Iterator[models.CalibrationItem]:
        """Newest first, as the API pages them."""
        pages = req.pages(f"/calibration-sets/{set_id}/items", models.CalibrationItem, limit=limit)
        for item in self._pages(pages):
            yield item


class Calibrations(_Resource):
    def create(
        self,
        workflow_id: str,
        *,
        calibration_set_id: str,
        repeats: int | None = None,
        thresholds: Mapping[str, float] | None = None,
        idempotency_key: str | None = None,
    ) -> models.Calibration:
        """Runs a calibration set on a workflow (items × ``repeats`` as one batch). Needs ``calibrations:write`` and
        ``runs:write``. Without ``idempotency_key`` one is generated, so retries never start two."""
        return self._call(
            req.create_calibration(workflow_id, calibration_set_id, repeats, thresholds, idempotency_key)
        )

    def get(self, calibration_id: str) -> models.Calibration:
        return self._call(req.get(f"/calibrations/{calibration_id}", models.Calibration))

    def list(self, *, limit: int | None = None) -> Iterator[models.Calibration]:
        """Newest first, as the API pages them."""
        for item in self._pages(req.pages("/calibrations", models.Calibration, limit=limit)):
            yield item

    def compare(
        self, calibration_id: str, other: str, *, timeout: float = 1800.0, interval: float = 5.0
    ) -> models.CalibrationComparison:
        """This calibration's metrics minus ``other``'s, per criterion, with paired bootstrap intervals.

        A worker computes it: while the API answers it pending (202), polls; WaitTimeoutError after ``timeout`` s.
        """
        poll = Poll(timeout, interval, max_interval=interval)  # a fixed pause
        while True:
            comparison = self._call(req.compare_calibrations(calibration_id, other))
            if comparison is not None:
                return comparison
            time.sleep(poll.pause(calibration_id, "comparing", resource="comparison of calibration"))

    def wait(self, calibration_id: str, *, timeout: float = 1800.0, interval: float = 0.5) -> models.Calibration:
        """Polls until the calibration has finished; WaitTimeoutError after ``timeout`` s."""
        poll = Poll(timeout, interval)
        while True:
            calibration = self.get(calibration_id)
            if calibration.status != "running":
                return calibration
            time.sleep(poll.pause(calibration_id, calibration.status))


class Reviews(_Resource):
    def list(
        self,
        *,
        status: ReviewStatus | None = None,
        workflow_id: str | None = None,
        batch_id: str | None = None,
        limit: int | None = None,
    ) -> Iterator[models.Review]:
        """Pending reviews oldest first (the queue's order); filter by status, workflow or batch."""
        for item in self._pages(req.list_reviews(status, workflow_id, batch_id, limit)):
            yield item

    def retrieve(self, review_id: str) -> models.Review:
        return self._call(req.get(f"/reviews/{review_id}", models.Review))

    def claim_next(self, *, reviewer: str, workflow_id: str | None = None) -> models.Review | None:
        """Claims the oldest pending review for ``reviewer`` for 15 minutes; None when the queue is empty (204)."""
        return self._call(req.claim_next_review(reviewer, workflow_id))

    def claim(self, review_id: str, *, reviewer: str) -> models.Review:
        """Claims this review (or renews ``reviewer``'s own claim); ConflictError ``review_claimed`` while another's runs."""
        return self._call(req.post(f"/reviews/{review_id}/claim", models.Review, {"reviewer": reviewer}))

    def release(self, review_id: str, *, reviewer: str) -> models.Review:
        """Gives ``reviewer``'s claim back to the queue."""
        return self._call(req.post(f"/reviews/{review_id}/release", models.Review, {"reviewer": reviewer}))

    def submit(
        self,
        review_id: str,
        *,
        reviewer: str,
        values: Mapping[str, Any],
        note: str | None = None,
        idempotency_key: str | None = None,
    ) -> models.Review:
        """Answers the review. An open review takes a missing key as the model's value standing; a blind one needs
        every criterion. Without ``idempotency_key`` one is generated, so a retry completes it once."""
        return self._call(req.submit_review(review_id, reviewer, values, note, idempotency_key))


class Assay:
    """The Assay API. ``api_key`` defaults to ASSAY_API_KEY, ``base_url`` (with ``/v1``) to ASSAY_BASE_URL.

    429 and 503 answers are retried ``max_retries`` times with exponential backoff, honouring ``Retry-After``.
    """

    webhooks = webhooks

    def __init__(
        self,
        api_key: str | None = None,
        base_url: str | None = None,
        *,
        max_retries: int = 3,
        base_delay: float = 0.5,
        max_delay: float = 30.0,
        timeout: float = 120.0,
        http_client: httpx.Client | None = None,
    ) -> None:
        self._settings = Settings.resolve(api_key, base_url, max_retries, base_delay, max_delay, timeout)
        self._http = http_client or httpx.Client(timeout=timeout)
        self.documents = Documents(self)
        self.reference_documents = ReferenceDocuments(self)
        self.workflows = Workflows(self)
        self.runs = Runs(self)
        self.batches = Batches(self)
        self.webhook_endpoints = WebhookEndpoints(self)
        self.events = Events(self)
        self.calibration_sets = CalibrationSets(self)
        self.calibrations = Calibrations(self)
        self.reviews = Reviews(self)

    @property
    def base_url(self) -> str:
        return self._settings.base_url

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Assay:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _send(self, call: req.Call[Any]) -> httpx.Response:
        headers = {**self._settings.headers(), **(call.headers or {})}
        url = f"{self._settings.base_url}{call.path}"
        attempt = 0
        while True:
            try:
                response = self._http.request(
                    call.method, url, json=call.json, params=call.params, headers=headers
                )
            except httpx.TransportError:
                if not repeatable(call.method, headers) or attempt >= self._settings.max_retries:
                    raise
                time.sleep(backoff_seconds(attempt, self._settings, None))
                attempt += 1
                continue
            if response.status_code not in RETRY_STATUSES or attempt >= self._settings.max_retries:
                return response
            time.sleep(backoff_seconds(attempt, self._settings, response.headers.get("retry-after")))
            attempt += 1

    def _call(self, call: req.Call[T]) -> T:
        return call.read(self._send(call))

    def _pages(self, pages: req.Pages[T]) -> Iterator[T]:
        cursor: str | None = None
        while True:
            page = self._call(pages.page(cursor))
            for item in page["data"]:
                yield pages.read(item)
            cursor = page.get("next_cursor")
            if not cursor:
                return

    def _put(self, url: str, upload_headers: dict[str, str], data: bytes) -> None:
        uploaded(self._http.put(url, content=data, headers=put_headers(upload_headers)))

    def _download(self, url: str, what: str) -> bytes:
        """GETs a signed URL (no API key: the signature is the authority)."""
        return downloaded(self._http.get(url), what)

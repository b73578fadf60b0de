"""The asynchronous client: ``AsyncAssay(api_key=..., base_url=...)``, the same surface as ``Assay`` awaited."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable
import builtins
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import httpx

from . import models, webhooks
from ._batch import (
    FINAL_BATCH_STATUSES,
    Batch,
    BatchItem,
    BatchList,
    BatchResults,
    BatchResultsFile,
    BatchResultsFormat,
    batch_body,
    check_format,
    next_interval,
)
from ._base import (
    RETRY_STATUSES,
    TERMINAL_RUN_STATUSES,
    RunOutput,
    Settings,
    backoff_seconds,
    check,
    download_failed,
    drop_none,
    new_idempotency_key,
    output_file_of,
    plain,
    put_headers,
    read_source,
    repeatable,
    upload_failed,
)
from .errors import WaitTimeoutError

RunStatus = Literal["queued", "running", "succeeded", "failed", "canceled", "refunded"]


class _Resource:
    def __init__(self, client: AsyncAssay) -> None:
        self._client = client


class Documents(_Resource):
    async def upload(
        self,
        source: str | os.PathLike[str] | bytes,
        *,
        filename: str | None = None,
        mime_type: str | None = None,
    ) -> models.Document:
        """Request an upload URL, PUT the bytes, complete: the extracted document."""
        data, name, mime = read_source(source, filename, mime_type)
        created = models.DocumentUpload.model_validate(
            await self._client._request(
                "POST", "/documents", json={"filename": name, "mime_type": mime, "size_bytes": len(data)}
            )
        )
        await self._client._put(str(created.upload_url), created.upload_headers, data)
        # 202: extraction still running after the API's wait; completing again answers once it is done.
        while True:
            response = await self._client._send("POST", f"/documents/{created.id}/complete")
            document = models.Document.model_validate(check(response))
            if response.status_code != 202:
                return document


class ReferenceDocuments(_Resource):
    async def upload(
        self,
        source: str | os.PathLike[str] | bytes,
        *,
        name: str | None = None,
        filename: str | None = None,
        mime_type: str | None = None,
    ) -> models.ReferenceDocument:
        """Request an upload URL, PUT the bytes, complete: the document, ``processing`` until indexed."""
        data, fname, mime = read_source(source, filename, mime_type)
        created = models.ReferenceDocumentUpload.model_validate(
            await self._client._request(
                "POST",
                "/reference-documents",
                json={"name": name or fname, "filename": fname, "mime_type": mime, "size_bytes": len(data)},
            )
        )
        await self._client._put(str(created.upload_url), created.upload_headers, data)
        return models.ReferenceDocument.model_validate(
            await self._client._request("POST", f"/reference-documents/{created.id}/complete")
        )

    async def get(self, ref_id: str) -> models.ReferenceDocument:
        return models.ReferenceDocument.model_validate(
            await self._client._request("GET", f"/reference-documents/{ref_id}")
        )

    async def list(self, *, limit: int | None = None) -> AsyncIterator[models.ReferenceDocument]:
        async for item in self._client._paginate("/reference-documents", {"limit": limit}):
            yield models.ReferenceDocument.model_validate(item)


class Workflows(_Resource):
    async def create(self, *, product_code: str, name: str, **fields: Any) -> models.Workflow:
        body = {"product_code": product_code, "name": name, **fields}
        return models.Workflow.model_validate(await self._client._request("POST", "/workflows", json=body))

    async def get(self, workflow_id: str) -> models.Workflow:
        return models.Workflow.model_validate(await self._client._request("GET", f"/workflows/{workflow_id}"))

    async def list(self, *, limit: int | None = None) -> AsyncIterator[models.Workflow]:
        async for item in self._client._paginate("/workflows", {"limit": limit}):
            yield models.Workflow.model_validate(item)


class Runs(_Resource):
    async def create(
        self,
        workflow_id: str,
        *,
        input_documents: Sequence[str] | None = None,
        mode: Literal["async", "sync"] | None = None,
        metadata: dict[str, Any] | None = None,
        idempotency_key: str | None = None,
    ) -> models.Run:
        """Starts a run. Without ``idempotency_key`` one is generated, so retries never start a second run."""
        body = drop_none(
            {
                "input_documents": None if input_documents is None else builtins.list(input_documents),
                "mode": mode,
                "metadata": metadata,
            }
        )
        headers = {"Idempotency-Key": idempotency_key or new_idempotency_key()}
        return models.Run.model_validate(
            await self._client._request("POST", f"/workflows/{workflow_id}/runs", json=body, headers=headers)
        )

    async def get(self, run_id: str) -> models.Run:
        return models.Run.model_validate(await self._client._request("GET", f"/runs/{run_id}"))

    async def cancel(self, run_id: str) -> models.Run:
        return models.Run.model_validate(await self._client._request("POST", f"/runs/{run_id}/cancel"))

    async def list(
        self,
        *,
        workflow_id: str | None = None,
        status: RunStatus | None = None,
        batch_id: str | None = None,
        limit: int | None = None,
    ) -> AsyncIterator[models.Run]:
        """``batch_id``: the runs of one batch's items."""
        params = {"workflow_id": workflow_id, "status": status, "batch_id": batch_id, "limit": limit}
        async for item in self._client._paginate("/runs", params):
            yield models.Run.model_validate(item)

    async def wait(self, run_id: str, *, timeout: float = 300.0, interval: float = 0.25) -> models.Run:
        """Polls until the run is succeeded, failed, canceled or refunded; WaitTimeoutError after ``timeout`` s."""
        deadline = time.monotonic() + timeout
        while True:
            run = await self.get(run_id)
            if run.status in TERMINAL_RUN_STATUSES:
                return run
            if time.monotonic() + interval > deadline:
                raise WaitTimeoutError(run_id, run.status, timeout)
            await asyncio.sleep(interval)
            interval = min(interval * 1.5, 5.0)

    async def output_url(self, run_id: str) -> models.RunOutputFile:
        return models.RunOutputFile.model_validate(await self._client._request("GET", f"/runs/{run_id}/output"))

    async def output(self, run_id: str) -> RunOutput:
        """Downloads a succeeded run's output file."""
        run = await self.get(run_id)
        file = output_file_of(run) or await self.output_url(run_id)
        response = await self._client._http.get(str(file.url))
        if response.status_code >= 400:
            raise download_failed(response)
        return RunOutput(content=response.content, mime_type=file.mime_type, run=run)


class Batches(_Resource):
    async def create(
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
        headers = {"Idempotency-Key": idempotency_key or new_idempotency_key()}
        return Batch.model_validate(
            await self._client._request(
                "POST",
                f"/workflows/{workflow_id}/batches",
                json=batch_body(items, metadata, max_concurrency),
                headers=headers,
            )
        )

    async def get(self, batch_id: str) -> Batch:
        return Batch.model_validate(await self._client._request("GET", f"/batches/{batch_id}"))

    async def cancel(self, batch_id: str) -> Batch:
        """Cancels the items not yet started; running items finish."""
        return Batch.model_validate(await self._client._request("POST", f"/batches/{batch_id}/cancel"))

    async def list(self, *, limit: int | None = None) -> AsyncIterator[Batch]:
        async for item in self._client._paginate("/batches", {"limit": limit}):
            yield Batch.model_validate(item)

    async def wait(
        self,
        batch_id: str,
        *,
        timeout: float | None = None,
        interval: float = 1.0,
        max_interval: float = 10.0,
        on_progress: Callable[[Batch], Awaitable[None] | None] | None = None,
    ) -> Batch:
        """Polls until the batch is succeeded, completed_with_failures or canceled, pausing ``interval`` seconds at
        first and 1.5 times longer each time up to ``max_interval``. ``on_progress`` (a function or a coroutine
        function) sees every read, the final one included. With ``timeout`` (seconds; none by default) raises
        WaitTimeoutError when it passes first; the batch goes on."""
        deadline = None if timeout is None else time.monotonic() + timeout
        interval = min(interval, max_interval)
        while True:
            batch = await self.get(batch_id)
            if on_progress is not None:
                answer = on_progress(batch)
                if answer is not None:
                    await answer
            if batch.status in FINAL_BATCH_STATUSES:
                return batch
            if deadline is not None and time.monotonic() + interval > deadline:
                raise WaitTimeoutError(batch_id, batch.status, timeout or 0.0, resource="batch")
            await asyncio.sleep(interval)
            interval = next_interval(interval, max_interval)

    async def results(self, batch_id: str, *, format: BatchResultsFormat = "csv") -> BatchResultsFile:
        """A fresh signed link to the batch's results file, at any time (unfinished items show their status)."""
        return BatchResultsFile.model_validate(
            await self._client._request("GET", f"/batches/{batch_id}/results", params={"format": check_format(format)})
        )

    async def download_results(self, batch_id: str, *, format: BatchResultsFormat = "csv") -> BatchResults:
        """Downloads the batch's results file (csv unless told; xlsx or jsonl). ``.save(path)`` writes it."""
        file = await self.results(batch_id, format=format)
        response = await self._client._http.get(file.url)
        if response.status_code >= 400:
            raise download_failed(response, "results")
        return BatchResults(content=response.content, mime_type=file.mime_type, format=format)


class WebhookEndpoints(_Resource):
    async def create(self, *, url: str, events: Sequence[str] | None = None) -> models.CreatedWebhookEndpoint:
        body = drop_none({"url": url, "events": None if events is None else builtins.list(events)})
        return models.CreatedWebhookEndpoint.model_validate(
            await self._client._request("POST", "/webhook-endpoints", json=body)
        )

    async def delete(self, endpoint_id: str) -> None:
        await self._client._request("DELETE", f"/webhook-endpoints/{endpoint_id}")

    async def list(self) -> builtins.list[models.WebhookEndpoint]:
        return models.WebhookEndpointList.model_validate(await self._client._request("GET", "/webhook-endpoints")).data

    async def rotate_secret(
        self, endpoint_id: str, *, previous_secret_expires_in_s: int | None = None
    ) -> models.RotatedWebhookEndpoint:
        """A new signing secret; the replaced one keeps signing for ``previous_secret_expires_in_s`` (24 h unless given)."""
        body = drop_none({"previous_secret_expires_in_s": previous_secret_expires_in_s})
        return models.RotatedWebhookEndpoint.model_validate(
            await self._client._request("POST", f"/webhook-endpoints/{endpoint_id}/rotate-secret", json=body)
        )


class Events(_Resource):
    async def get(self, event_id: str) -> models.Event:
        return models.Event.model_validate(await self._client._request("GET", f"/events/{event_id}"))

    async def list(self, *, type: str | None = None, limit: int | None = None) -> AsyncIterator[models.Event]:
        async for item in self._client._paginate("/events", {"type": type, "limit": limit}):
            yield models.Event.model_validate(item)


class CalibrationSets(_Resource):
    async def create(
        self,
        *,
        name: str,
        criteria: Sequence[Mapping[str, Any] | models.CalibrationCriterionInput],
        idempotency_key: str | None = None,
    ) -> models.CalibrationSet:
        """Creates a set. Without ``idempotency_key`` one is generated, so retries never create two."""
        body = {"name": name, "criteria": [plain(c) for c in criteria]}
        headers = {"Idempotency-Key": idempotency_key or new_idempotency_key()}
        return models.CalibrationSet.model_validate(
            await self._client._request("POST", "/calibration-sets", json=body, headers=headers)
        )

    async def get(self, set_id: str) -> models.CalibrationSet:
        return models.CalibrationSet.model_validate(await self._client._request("GET", f"/calibration-sets/{set_id}"))

    async def delete(self, set_id: str) -> None:
        await self._client._request("DELETE", f"/calibration-sets/{set_id}")

    async def list(self, *, limit: int | None = None) -> AsyncIterator[models.CalibrationSet]:
        async for item in self._client._paginate("/calibration-sets", {"limit": limit}):
            yield models.CalibrationSet.model_validate(item)

    async def add_items(
        self,
        set_id: str,
        items: Sequence[Mapping[str, Any] | models.CalibrationItemInput],
        *,
        idempotency_key: str | None = None,
    ) -> models.AddedCalibrationItems:
        """Adds up to 1,000 items, all or none. Without ``idempotency_key`` one is generated, so a retry adds nothing twice."""
        headers = {"Idempotency-Key": idempotency_key or new_idempotency_key()}
        return models.AddedCalibrationItems.model_validate(
            await self._client._request(
                "POST", f"/calibration-sets/{set_id}/items", json={"items": [plain(i) for i in items]}, headers=headers
            )
        )

    async def list_items(self, set_id: str, *, limit: int | None = None) -> AsyncIterator[models.CalibrationItem]:
        """Newest first, as the API pages them."""
        async for item in self._client._paginate(f"/calibration-sets/{set_id}/items", {"limit": limit}):
            yield models.CalibrationItem.model_validate(item)


class Calibrations(_Resource):
    async def create(
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
        body = drop_none({"calibration_set_id": calibration_set_id, "repeats": repeats, "thresholds": thresholds})
        headers = {"Idempotency-Key": idempotency_key or new_idempotency_key()}
        return models.Calibration.model_validate(
            await self._client._request("POST", f"/workflows/{workflow_id}/calibrations", json=body, headers=headers)
        )

    async def get(self, calibration_id: str) -> models.Calibration:
        return models.Calibration.model_validate(await self._client._request("GET", f"/calibrations/{calibration_id}"))

    async def list(self, *, limit: int | None = None) -> AsyncIterator[models.Calibration]:
        """Newest first, as the API pages them."""
        async for item in self._client._paginate("/calibrations", {"limit": limit}):
            yield models.Calibration.model_validate(item)

    async def compare(
        self, calibration_id: str, other: str, *, timeout: float = 1800.0, interval: float = 5.0
    ) -> models.CalibrationComparison:
        """This calibration's metrics minus ``other``'s, per criterion, with paired bootstrap intervals.

        A worker computes it: while the API answers it pending (202), polls; WaitTimeoutError after ``timeout`` s.
        """
        deadline = time.monotonic() + timeout
        while True:
            body = await self._client._request("GET", f"/calibrations/{calibration_id}/compare", params={"with": other})
            if not (isinstance(body, dict) and body.get("object") == "calibration_comparison_pending"):
                return models.CalibrationComparison.model_validate(body)
            if time.monotonic() + interval > deadline:
                raise WaitTimeoutError(calibration_id, "comparing", timeout, resource="comparison of calibration")
            await asyncio.sleep(interval)

    async def wait(self, calibration_id: str, *, timeout: float = 1800.0, interval: float = 0.5) -> models.Calibration:
        """Polls until the calibration has finished; WaitTimeoutError after ``timeout`` s."""
        deadline = time.monotonic() + timeout
        while True:
            calibration = await self.get(calibration_id)
            if calibration.status != "running":
                return calibration
            if time.monotonic() + interval > deadline:
                raise WaitTimeoutError(calibration_id, calibration.status, timeout)
            await asyncio.sleep(interval)
            interval = min(interval * 1.5, 5.0)


ReviewStatus = Literal["pending", "claimed", "completed", "canceled"]


class Reviews(_Resource):
    async def list(
        self,
        *,
        status: ReviewStatus | None = None,
        workflow_id: str | None = None,
        batch_id: str | None = None,
        limit: int | None = None,
    ) -> AsyncIterator[models.Review]:
        """Pending reviews oldest first (the queue's order); filter by status, workflow or batch."""
        params = {"status": status, "workflow_id": workflow_id, "batch_id": batch_id, "limit": limit}
        async for item in self._client._paginate("/reviews", params):
            yield models.Review.model_validate(item)

    async def retrieve(self, review_id: str) -> models.Review:
        return models.Review.model_validate(await self._client._request("GET", f"/reviews/{review_id}"))

    async def claim_next(self, *, reviewer: str, workflow_id: str | None = None) -> models.Review | None:
        """Claims the oldest pending review for ``reviewer`` for 15 minutes; None when the queue is empty (204)."""
        body = drop_none({"reviewer": reviewer, "workflow_id": workflow_id})
        response = await self._client._send("POST", "/reviews/claim-next", json=body)
        if response.status_code == 204:
            return None
        return models.Review.model_validate(check(response))

    async def claim(self, review_id: str, *, reviewer: str) -> models.Review:
        """Claims this review (or renews ``reviewer``'s own claim); ConflictError ``review_claimed`` while another's runs."""
        return models.Review.model_validate(
            await self._client._request("POST", f"/reviews/{review_id}/claim", json={"reviewer": reviewer})
        )

    async def release(self, review_id: str, *, reviewer: str) -> models.Review:
        """Gives ``reviewer``'s claim back to the queue."""
        return models.Review.model_validate(
            await self._client._request("POST", f"/reviews/{review_id}/release", json={"reviewer": reviewer})
        )

    async def submit(
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
        body = drop_none({"reviewer": reviewer, "values": dict(values), "note": note})
        headers = {"Idempotency-Key": idempotency_key or new_idempotency_key()}
        return models.Review.model_validate(
            await self._client._request("POST", f"/reviews/{review_id}/submit", json=body, headers=headers)
        )


class AsyncAssay:
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
        http_client: httpx.AsyncClient | None = None,
    ) -> None:
        self._settings = Settings.resolve(api_key, base_url, max_retries, base_delay, max_delay, timeout)
        self._http = http_client or httpx.AsyncClient(timeout=timeout)
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

    async def close(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> AsyncAssay:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def _send(
        self,
        method: str,
        path: str,
        *,
        json: Any = None,
        params: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> httpx.Response:
        all_headers = {**self._settings.headers(), **(headers or {})}
        attempt = 0
        while True:
            try:
                response = await self._http.request(
                    method, f"{self._settings.base_url}{path}", json=json, params=params, headers=all_headers
                )
            except httpx.TransportError:
                if not repeatable(method, all_headers) or attempt >= self._settings.max_retries:
                    raise
                await asyncio.sleep(backoff_seconds(attempt, self._settings, None))
                attempt += 1
                continue
            if response.status_code not in RETRY_STATUSES or attempt >= self._settings.max_retries:
                return response
            await asyncio.sleep(backoff_seconds(attempt, self._settings, response.headers.get("retry-after")))
            attempt += 1

    async def _request(self, method: str, path: str, **kwargs: Any) -> Any:
        return check(await self._send(method, path, **kwargs))

    async def _put(self, url: str, upload_headers: dict[str, str], data: bytes) -> None:
        response = await self._http.put(url, content=data, headers=put_headers(upload_headers))
        if response.status_code >= 400:
            raise upload_failed(response)

    async def _paginate(self, path: str, params: dict[str, Any]) -> AsyncIterator[dict[str, Any]]:
        cursor: str | None = None
        while True:
            page = await self._request("GET", path, params=drop_none({**params, "cursor": cursor}))
            for item in page["data"]:
                yield item
            cursor = page.get("next_cursor")
            if not cursor:
                return

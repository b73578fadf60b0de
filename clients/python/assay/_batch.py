"""Batches: their models (written by hand beside the generated ``models``, and open to fields the API adds later)
and what the sync and async clients share to create and download them."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

BatchStatus = Literal["queued", "running", "succeeded", "completed_with_failures", "canceled"]
BatchResultsFormat = Literal["csv", "xlsx", "jsonl"]
FINAL_BATCH_STATUSES = frozenset({"succeeded", "completed_with_failures", "canceled"})
RESULTS_FORMATS: tuple[BatchResultsFormat, ...] = ("csv", "xlsx", "jsonl")


class BatchCounts(BaseModel):
    """How many of a batch's items are in each state; they always sum to ``total``."""

    model_config = ConfigDict(extra="allow")
    total: int
    queued: int
    running: int
    succeeded: int
    failed: int
    canceled: int
    refunded: int

    @property
    def done(self) -> int:
        """Items in a final state."""
        return self.succeeded + self.failed + self.canceled + self.refunded


class Batch(BaseModel):
    """Many runs of one workflow, one per item, admitted ``max_concurrency`` at a time."""

    model_config = ConfigDict(extra="allow")
    id: str
    object: Literal["batch"]
    workflow_id: str
    status: BatchStatus
    livemode: bool
    max_concurrency: int
    counts: BatchCounts
    quoted_credits: float
    charged_credits: float
    metadata: dict[str, Any] = {}
    created_at: datetime
    started_at: datetime | None = None
    finished_at: datetime | None = None


class BatchResultsFile(BaseModel):
    """A signed link to a batch's results file, one row per item (unfinished items show their status)."""

    model_config = ConfigDict(extra="allow")
    url: str
    expires_at: datetime
    mime_type: str


class BatchList(BaseModel):
    model_config = ConfigDict(extra="allow")
    data: list[Batch]
    next_cursor: str | None = None


@dataclass(frozen=True)
class BatchResults:
    """A downloaded results file."""

    content: bytes
    mime_type: str
    format: BatchResultsFormat

    def text(self) -> str:
        """The file as text (csv, jsonl), without the byte-order mark the CSV starts with for spreadsheet programs."""
        return self.content.decode("utf-8-sig")

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Writes the file to ``path`` and answers it."""
        target = Path(path)
        target.write_bytes(self.content)
        return target


BatchItem = Mapping[str, Any]
"""``{"input_documents": [...], "metadata"?: {...}, "external_id"?: "..."}``"""


def batch_body(
    items: Sequence[BatchItem], metadata: dict[str, Any] | None, max_concurrency: int | None
) -> dict[str, Any]:
    body: dict[str, Any] = {"items": [dict(item) for item in items]}
    if metadata is not None:
        body["metadata"] = metadata
    if max_concurrency is not None:
        body["max_concurrency"] = max_concurrency
    return body


def check_format(format: str) -> BatchResultsFormat:
    if format not in RESULTS_FORMATS:
        raise ValueError(f"format must be one of {', '.join(RESULTS_FORMATS)}, not {format!r}")
    return format

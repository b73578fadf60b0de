"""What the sync and async clients share: configuration, retry timing, the pacing of waits, uploads' file handling,
output objects."""

from __future__ import annotations

import email.utils
import mimetypes
import os
import random
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from pydantic import BaseModel

from . import models
from ._version import __version__
from .errors import AssayError, WaitTimeoutError

DEFAULT_BASE_URL = "http://127.0.0.1:8080/v1"
TERMINAL_RUN_STATUSES = frozenset({"succeeded", "failed", "canceled", "refunded"})
RETRY_STATUSES = frozenset({429, 503})
USER_AGENT = f"assay-python/{__version__}"

_MIME_TYPES = {
    ".pdf": "application/pdf",
    ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ".xls": "application/vnd.ms-excel",
    ".pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ".txt": "text/plain",
    ".md": "text/markdown",
    ".csv": "text/csv",
    ".json": "application/json",
    ".xml": "application/xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".tif": "image/tiff",
    ".tiff": "image/tiff",
}


@dataclass(frozen=True)
class Settings:
    api_key: str
    base_url: str
    max_retries: int
    base_delay: float
    max_delay: float
    timeout: float

    @staticmethod
    def resolve(
        api_key: str | None,
        base_url: str | None,
        max_retries: int,
        base_delay: float,
        max_delay: float,
        timeout: float,
    ) -> Settings:
        key = api_key or os.environ.get("ASSAY_API_KEY")
        if not key:
            raise ValueError("an API key is required: pass api_key=... or set ASSAY_API_KEY")
        url = (base_url or os.environ.get("ASSAY_BASE_URL") or DEFAULT_BASE_URL).rstrip("/")
        return Settings(key, url, max_retries, base_delay, max_delay, timeout)

    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.api_key}", "User-Agent": USER_AGENT}


def retry_after_seconds(value: str | None, now: float | None = None) -> float | None:
    """Seconds a ``Retry-After`` value asks for (seconds or an HTTP date), or None."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        at = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, at.timestamp() - (time.time() if now is None else now))


def backoff_seconds(attempt: int, settings: Settings, retry_after: str | None) -> float:
    asked = retry_after_seconds(retry_after)
    if asked is not None:
        return min(asked, settings.max_delay)
    base: float = settings.base_delay * 2.0**attempt
    return min(settings.max_delay, base / 2 + random.random() * base / 2)


def repeatable(method: str, headers: dict[str, str]) -> bool:
    """Network failures are retried only where repeating cannot do something twice."""
    return method in ("GET", "HEAD") or any(k.lower() == "idempotency-key" for k in headers)


def new_idempotency_key() -> str:
    return f"sdk-{uuid.uuid4()}"


def read_source(
    source: str | os.PathLike[str] | bytes, filename: str | None, mime_type: str | None
) -> tuple[bytes, str, str]:
    if isinstance(source, bytes):
        if not filename:
            raise ValueError("uploading bytes needs filename=")
        data = source
    else:
        path = Path(source)
        data = path.read_bytes()
        filename = filename or path.name
    suffix = Path(filename).suffix.lower()
    guessed = _MIME_TYPES.get(suffix) or mimetypes.guess_type(filename)[0] or "application/octet-stream"
    return data, filename, mime_type or guessed


def put_headers(upload_headers: dict[str, str]) -> dict[str, str]:
    # httpx sets Content-Length from the body itself.
    return {k: v for k, v in upload_headers.items() if k.lower() != "content-length"}


def check(response: httpx.Response) -> Any:
    if response.status_code >= 400:
        raise AssayError.from_response(response)
    return response.json()


def uploaded(response: httpx.Response) -> None:
    """Raises when the object store refused an upload."""
    if response.status_code >= 400:
        raise AssayError(
            status=response.status_code,
            code="upload_failed",
            message=f"the object store refused the upload: {response.text[:300]}",
        )


def downloaded(response: httpx.Response, what: str) -> bytes:
    """A signed URL's content, or the error saying its download failed."""
    if response.status_code >= 400:
        raise AssayError(
            status=response.status_code,
            code="download_failed",
            message=f"the {what} download failed: {response.text[:300]}",
        )
    return response.content


def output_file_of(run: models.Run) -> models.RunOutputFile | None:
    # Runs carry `output_file` once the API includes it; older servers need GET /runs/{id}/output.
    return getattr(run, "output_file", None)


@dataclass(frozen=True)
class RunOutput:
    """A succeeded run's output file."""

    content: bytes
    mime_type: str
    run: models.Run

    def text(self) -> str:
        return self.content.decode("utf-8")


def drop_none(values: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in values.items() if v is not None}


def plain(value: Any) -> Any:
    """A request body part as JSON-ready data: generated models dumped (unset fields left out), dicts as they are."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", exclude_none=True)
    return value


class Poll:
    """The pauses of a wait, shared by every ``wait``: ``interval`` seconds first, then ``growth`` times longer each
    time up to ``max_interval``. ``pause`` raises WaitTimeoutError when the next pause would end past ``timeout``."""

    def __init__(self, timeout: float | None, interval: float, max_interval: float = 5.0, growth: float = 1.5) -> None:
        self.timeout = timeout
        self.deadline = None if timeout is None else time.monotonic() + timeout
        self.interval = interval
        self.max_interval = max_interval
        self.growth = growth

    def pause(self, waited_for: str, last_status: str, resource: str = "run") -> float:
        if self.deadline is not None and time.monotonic() + self.interval > self.deadline:
            raise WaitTimeoutError(waited_for, last_status, self.timeout or 0.0, resource=resource)
        pause = self.interval
        self.interval = min(self.interval * self.growth, self.max_interval)
        return pause

"""Assay: the Python client of the Assay API.

    from assay import Assay
    client = Assay(api_key="ak_test_…", base_url="http://127.0.0.1:8080/v1")
    doc = client.documents.upload("essay.txt")
    run = client.runs.wait(client.runs.create(workflow_id, input_documents=[doc.id]).id)
    print(client.runs.output(run.id).text())

``AsyncAssay`` has the same surface, awaited. ``assay.webhooks.verify(raw_body, header, secret)`` checks deliveries.
"""

from . import models, webhooks
from ._async import AsyncAssay
from ._batch import (
    FINAL_BATCH_STATUSES,
    Batch,
    BatchCounts,
    BatchResults,
    BatchResultsFile,
    BatchResultsFormat,
    BatchStatus,
)
from ._base import DEFAULT_BASE_URL, TERMINAL_RUN_STATUSES, RunOutput
from ._sync import Assay
from ._version import __version__
from .errors import (
    AssayError,
    AuthenticationError,
    ConflictError,
    InsufficientCreditsError,
    InvalidRequestError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    ServiceUnavailableError,
    WaitTimeoutError,
    WebhookVerificationError,
)

__all__ = [
    "Assay",
    "AsyncAssay",
    "AssayError",
    "Batch",
    "BatchCounts",
    "BatchResults",
    "BatchResultsFile",
    "BatchResultsFormat",
    "BatchStatus",
    "AuthenticationError",
    "ConflictError",
    "DEFAULT_BASE_URL",
    "FINAL_BATCH_STATUSES",
    "InsufficientCreditsError",
    "InvalidRequestError",
    "NotFoundError",
    "PermissionDeniedError",
    "RateLimitError",
    "RunOutput",
    "ServiceUnavailableError",
    "TERMINAL_RUN_STATUSES",
    "WaitTimeoutError",
    "WebhookVerificationError",
    "__version__",
    "models",
    "webhooks",
]

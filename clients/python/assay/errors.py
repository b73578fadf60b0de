"""The errors the SDK raises: one class for every API refusal, carrying what the API's error envelope says."""

from __future__ import annotations

from typing import Any

import httpx


class AssayError(Exception):
    """An answer the API gave on purpose: ``{"error": {"code", "message", "request_id", "details"?}}``."""

    def __init__(
        self,
        *,
        status: int,
        code: str,
        message: str,
        request_id: str | None = None,
        details: list[dict[str, Any]] | None = None,
    ) -> None:
        suffix = f" (request {request_id})" if request_id else ""
        super().__init__(f"{status} {code}: {message}{suffix}")
        self.status = status
        self.code = code
        self.message = message
        self.request_id = request_id
        self.details = details or []

    @staticmethod
    def from_response(response: httpx.Response) -> AssayError:
        envelope: dict[str, Any] = {}
        try:
            body = response.json()
            if isinstance(body, dict) and isinstance(body.get("error"), dict):
                envelope = body["error"]
        except ValueError:
            pass
        request_id = envelope.get("request_id") or response.headers.get("x-request-id")
        kind = _BY_STATUS.get(response.status_code, AssayError)
        return kind(
            status=response.status_code,
            code=str(envelope.get("code") or f"http_{response.status_code}"),
            message=str(envelope.get("message") or response.reason_phrase or "request failed"),
            request_id=request_id,
            details=envelope.get("details") if isinstance(envelope.get("details"), list) else None,
        )


class InvalidRequestError(AssayError):
    pass


class AuthenticationError(AssayError):
    pass


class InsufficientCreditsError(AssayError):
    pass


class PermissionDeniedError(AssayError):
    pass


class NotFoundError(AssayError):
    pass


class ConflictError(AssayError):
    pass


class RateLimitError(AssayError):
    pass


class ServiceUnavailableError(AssayError):
    pass


_BY_STATUS: dict[int, type[AssayError]] = {
    400: InvalidRequestError,
    401: AuthenticationError,
    402: InsufficientCreditsError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    413: InvalidRequestError,
    415: InvalidRequestError,
    422: InvalidRequestError,
    429: RateLimitError,
    503: ServiceUnavailableError,
}


class WaitTimeoutError(Exception):
    """``runs.wait`` or ``batches.wait`` gave up before the run or batch settled; it goes on."""

    def __init__(self, run_id: str, last_status: str, timeout: float, resource: str = "run") -> None:
        super().__init__(f"{resource} {run_id} still {last_status} after {timeout} s")
        #: The id waited for: a run's, or a batch's when ``resource`` is ``"batch"`` (also as ``run_id``).
        self.id = run_id
        self.run_id = run_id
        self.last_status = last_status
        self.resource = resource


class WebhookVerificationError(Exception):
    """A webhook delivery whose signature is missing, wrong or too old."""

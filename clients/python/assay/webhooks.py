"""Webhook verification.

``X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>``. The same rules as the API's
own helper: any of several ``v1`` values may match, unknown schemes are ignored, comparisons are constant-time, and a
timestamp further than the tolerance from now is refused even when the signature is right (that stops replays).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import time
from typing import Any

from .errors import WebhookVerificationError

DEFAULT_TOLERANCE_S = 300
SIGNATURE_HEADER = "X-Service-Signature"

_HEX64 = re.compile(r"^[0-9a-fA-F]{64}$")
_TIMESTAMP = re.compile(r"^\d{1,12}$")


def _parse(header: str) -> tuple[int, list[str]] | None:
    timestamp: int | None = None
    signatures: list[str] = []
    for part in header.split(","):
        key, eq, value = part.partition("=")
        if not eq:
            continue
        key, value = key.strip(), value.strip()
        if key == "t" and _TIMESTAMP.match(value):
            timestamp = int(value)
        elif key == "v1" and _HEX64.match(value):
            signatures.append(value.lower())
    if timestamp is None or not signatures:
        return None
    return timestamp, signatures


def verify(
    raw_body: bytes | str,
    header: str | None,
    secret: str | list[str],
    *,
    tolerance_s: int = DEFAULT_TOLERANCE_S,
    now: float | None = None,
) -> dict[str, Any]:
    """The parsed event when ``header`` signs ``raw_body`` under ``secret`` (or one of several, during a rotation)
    within ``tolerance_s`` seconds; raises WebhookVerificationError otherwise. Pass the body exactly as received."""
    if not header:
        raise WebhookVerificationError(f"missing {SIGNATURE_HEADER} header")
    parsed = _parse(header)
    if parsed is None:
        raise WebhookVerificationError(f"malformed {SIGNATURE_HEADER} header")
    timestamp, signatures = parsed
    now_s = int(time.time() if now is None else now)
    if abs(now_s - timestamp) > tolerance_s:
        raise WebhookVerificationError(
            f"signature timestamp is {now_s - timestamp} s from now (tolerance {tolerance_s} s)"
        )
    body = raw_body.encode("utf-8") if isinstance(raw_body, str) else raw_body
    secrets = [secret] if isinstance(secret, str) else list(secret)
    matched = False
    for s in (s for s in secrets if s):
        expected = hmac.new(s.encode("utf-8"), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
        for candidate in signatures:
            if hmac.compare_digest(expected, candidate):
                matched = True
    if not matched:
        raise WebhookVerificationError("signature does not match the body")
    try:
        event = json.loads(body)
    except ValueError as err:
        raise WebhookVerificationError("body is not JSON") from err
    if not isinstance(event, dict):
        raise WebhookVerificationError("body is not a JSON object")
    return event


def sign(raw_body: bytes | str, secret: str, timestamp: int | None = None) -> str:
    """A header for ``raw_body`` (tests)."""
    t = int(time.time()) if timestamp is None else timestamp
    body = raw_body.encode("utf-8") if isinstance(raw_body, str) else raw_body
    mac = hmac.new(secret.encode("utf-8"), f"{t}.".encode() + body, hashlib.sha256).hexdigest()
    return f"t={t},v1={mac}"

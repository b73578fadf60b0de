"""Fixtures: the API under test (ASSAY_BASE_URL, ASSAY_API_KEY: a test-mode key, given by the jest test that runs
this suite) and loopback HTTP servers that record requests and answer from a script."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from assay import Assay

REPO_ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def api_key() -> str:
    return os.environ["ASSAY_API_KEY"]


@pytest.fixture(scope="session")
def base_url() -> str:
    return os.environ["ASSAY_BASE_URL"]


@pytest.fixture()
def client(api_key: str, base_url: str) -> Iterator[Assay]:
    with Assay(api_key=api_key, base_url=base_url) as c:
        yield c


@pytest.fixture(scope="session")
def essay_workflow_id(api_key: str, base_url: str) -> str:
    with Assay(api_key=api_key, base_url=base_url) as c:
        return c.workflows.create(
            product_code="essay_grading", name="Python SDK test", prompt_template_id="tpl_rubric_scoring"
        ).id


@dataclass
class Received:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    at: float


@dataclass
class Recorder:
    url: str
    received: list[Received] = field(default_factory=list)
    answers: list[tuple[int, dict[str, str], bytes]] = field(default_factory=list)
    arrived: threading.Condition = field(default_factory=threading.Condition)

    def wait_for(self, predicate: Any, timeout: float = 60.0) -> Received:
        with self.arrived:
            found = self.arrived.wait_for(lambda: next((r for r in self.received if predicate(r)), None), timeout)
        if found is None:
            raise AssertionError(f"no matching request in {timeout} s; got {len(self.received)}")
        return found  # type: ignore[no-any-return]


@pytest.fixture()
def recorder() -> Iterator[Recorder]:
    """A loopback server: each request is recorded; answers come from ``answers`` in order, then 200."""
    state: dict[str, Recorder] = {}

    class Handler(BaseHTTPRequestHandler):
        def _handle(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            rec = state["r"]
            import time

            with rec.arrived:
                rec.received.append(Received(self.command, self.path, dict(self.headers.items()), body, time.time()))
                rec.arrived.notify_all()
            status, headers, payload = rec.answers.pop(0) if rec.answers else (200, {}, b"{}")
            self.send_response(status)
            for k, v in headers.items():
                self.send_header(k, v)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        do_GET = do_POST = do_PUT = _handle

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    state["r"] = Recorder(url=f"http://127.0.0.1:{server.server_address[1]}")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield state["r"]
    finally:
        server.shutdown()
        server.server_close()

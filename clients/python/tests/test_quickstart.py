"""The README's Python quickstart (examples/quickstart.py), run as a user runs it."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

from assay import Assay

from .conftest import REPO_ROOT


def test_quickstart_uploads_runs_waits_and_prints_the_output(client: Assay, api_key: str, base_url: str) -> None:
    result = subprocess.run(
        [sys.executable, "examples/quickstart.py"],
        cwd=REPO_ROOT,
        env={**os.environ, "ASSAY_API_KEY": api_key, "ASSAY_BASE_URL": base_url},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    first, _, rest = result.stdout.partition("\n")
    match = re.fullmatch(r"(run_\w+) succeeded \(application/json(; charset=utf-8)?\)", first)
    assert match, result.stdout
    run = client.runs.get(match.group(1))
    assert run.status == "succeeded"
    assert json.loads(rest) == run.output

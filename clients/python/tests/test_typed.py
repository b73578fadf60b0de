"""The package is typed: mypy --strict accepts it, and py.typed ships with it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "assay"


def test_mypy_strict_accepts_the_package() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(PACKAGE)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_py_typed_marker_is_present() -> None:
    assert (PACKAGE / "py.typed").is_file()

"""The analysis's benchmarks run (a smoke run of each, ``--quick``, one game): they measure,
they assert nothing; the measured figures are in docs/analysis.rst. (The calibration's plot
needs the ``bench`` extra's matplotlib, which the tests do not install.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from games import BUILT_IN

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


@pytest.mark.parametrize(
    ("script", "heading"),
    [
        ("calibration.py", "Brier"),
        ("review_speed.py", "seat mean s"),
        ("review_quality.py", "random loss"),
    ],
)
def test_each_benchmark_runs(script: str, heading: str) -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), "--quick", "--game", BUILT_IN[0]],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert heading in done.stdout and BUILT_IN[0] in done.stdout

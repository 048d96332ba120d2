"""bench/tables.py at a small size: tables of people played by scripted clients over
loopback lose no choice, take none twice, and record every game."""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import ROOT

pytestmark = pytest.mark.slow


def test_two_tables_of_three_people_lose_and_duplicate_nothing():
    result = subprocess.run([sys.executable, str(ROOT / "bench" / "tables.py"), "--tables", "2", "--players", "3",
                             "--deadline", "300"], cwd=ROOT, capture_output=True, text=True, timeout=400)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 games recorded" in result.stdout
    assert "lost 0  duplicated 0  refused 0" in result.stdout
    assert "choice to acknowledgement: median" in result.stdout

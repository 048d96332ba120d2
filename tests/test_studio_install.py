"""`pip install .` gives a working studio with no npm: the wheel carries the built browser
code (and not its sources nor node_modules), and the studio started from the unpacked wheel,
away from this checkout, serves its page and its code."""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

import pytest

from conftest import ROOT

STATIC = "interpreter/studio/static/"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    # the Python wheel: what it carries is the point here, and compiling the engine would add
    # about 40 s (tests/test_compiled_build.py tests the compiled one)
    result = subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(out)],
                            cwd=ROOT, capture_output=True, text=True, timeout=300,
                            env={**os.environ, "WONDERS_COMPILE": "no"})
    if result.returncode != 0:
        pytest.skip(f"the wheel could not be built here: {result.stderr[-300:]}")
    [built] = out.glob("*.whl")
    return built


def test_the_wheel_carries_the_built_browser_code_and_not_its_sources(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    for name in ("index.html", "studio.css", "studio.js"):
        assert STATIC + name in names
    assert not [n for n in names if "node_modules" in n or n.startswith("studio/") or "web-src" in n]


@pytest.mark.slow
def test_the_studio_runs_from_the_installed_package(wheel, tmp_path):
    installed = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(installed)
    env = dict(os.environ, PYTHONPATH=str(installed))
    env.pop("WONDERS_DEBUG", None)
    process = subprocess.Popen([sys.executable, "-u", "-c", "import cli; cli.run()", "studio", "--no-browser"],
                               cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        lines = [process.stdout.readline() for _ in range(2)]
        assert lines[0].startswith("wonders studio: ") and str(installed) in lines[0]    # the shipped content
        url = lines[1].split()[1]
        with urllib.request.urlopen(url, timeout=60) as page:
            cookie = page.headers["Set-Cookie"].split(";")[0]
            assert b"/static/studio.js" in page.read()
        base = url.split("/?")[0]
        request = urllib.request.Request(base + "/static/studio.js", headers={"Cookie": cookie})
        with urllib.request.urlopen(request, timeout=60) as code:
            assert code.read() == (ROOT / STATIC / "studio.js").read_bytes()
    finally:
        process.terminate()
        process.wait(30)


@pytest.mark.slow
def test_the_installed_package_carries_the_expansion_packs(wheel, tmp_path):
    """content/expansions/ ships in the wheel: `--expansion` works away from this checkout."""
    names = zipfile.ZipFile(wheel).namelist()
    assert [n for n in names if n.startswith("interpreter/content/expansions/leaders/") and n.endswith(".wonders")]
    installed = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(installed)
    env = dict(os.environ, PYTHONPATH=str(installed))
    env.pop("WONDERS_DEBUG", None)
    checked = subprocess.run([sys.executable, "-c", "import cli; cli.run()", "check", "--expansion", "leaders"],
                             cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "expansions: leaders" in checked.stdout

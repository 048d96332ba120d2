"""The compiled engine (hatch_build.py; docs/performance.md, "The compiled engine"): the
wheel's build compiles the engine's busiest modules with mypyc where the machine can and
ships Python where it cannot, and the compiled engine plays what the Python plays.

README's test command installs the package before it tests it: on a machine with a C
compiler and Python's headers (CI's), compiled.  The last test runs the checkout's engine
tests on that installed copy (WONDERS_TEST_INSTALLED, tests/conftest.py); on a machine that
installed Python, or with an editable install, it says so and is skipped."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

import hatch_build
from tests.conftest import ROOT

HOOK = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]["build"]["targets"][
    "wheel"]["hooks"]["custom"]

# The checkout's tests run on the installed compiled engine: the recorded games of every
# rule set and variant, bots that must leave the game as it was, games and searches that
# leave no reference cycles, saves, clones and the search's copies.  (Tests that hand the
# engine stand-ins of its own classes, or read a class's `__slots__` or `vars`, test the
# Python and are not run on the compiled copy.)
ENGINE_TESTS = ["test_same_games.py", "test_bots.py", "test_no_cycles.py", "test_bots_mcts.py",
                "test_compiled_program.py", "test_games.py", "test_triggers.py", "test_two_players.py",
                "test_cities.py", "test_phases.py", "test_table_cards.py", "test_age_phases.py", "test_leaders.py",
                "test_effect_kinds.py", "test_table_zones.py", "test_bots_rules.py", "test_second_edition.py",
                "test_priced_choices.py", "test_house_laws.py", "test_order_removal.py"]


def _build(out: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(out)], cwd=ROOT,
                          capture_output=True, text=True, env={**os.environ, **env}, timeout=600)


def test_a_machine_without_a_c_compiler_ships_python(monkeypatch):
    monkeypatch.setenv("CC", "/nonexistent/cc")
    why = hatch_build.missing_for_compiling()
    assert why is not None and "no C compiler" in why and "apt install gcc python3-dev" in why


def test_a_machine_without_pythons_headers_ships_python(monkeypatch, tmp_path):
    monkeypatch.setenv("CC", sys.executable)            # a program that is there
    monkeypatch.setattr(hatch_build.sysconfig, "get_paths", lambda *args, **kwargs: {"include": str(tmp_path)})
    why = hatch_build.missing_for_compiling()
    assert why is not None and "no Python headers" in why and "python3-dev" in why


def test_wonders_compile_is_auto_yes_or_no(monkeypatch):
    monkeypatch.delenv("WONDERS_COMPILE", raising=False)
    assert hatch_build.mode() == "auto"
    for chosen in ("yes", "NO", " auto "):
        monkeypatch.setenv("WONDERS_COMPILE", chosen)
        assert hatch_build.mode() == chosen.strip().lower()
    monkeypatch.setenv("WONDERS_COMPILE", "maybe")
    with pytest.raises(ValueError, match="WONDERS_COMPILE='maybe': expected one of auto, yes, no"):
        hatch_build.mode()


def test_a_reference_the_collector_would_count_twice_fails_the_compile(tmp_path):
    """mypyc emits a visit per class that annotates an attribute: annotated again in a
    subclass, it is counted twice, and the collector could free what is still held."""
    (tmp_path / "engine.c").write_text(
        "static int\nGame_traverse(GameObject *self, visitproc visit, void *arg)\n{\n"
        "    Py_VISIT(self->_tables);\n    Py_VISIT(self->_cities);\n    Py_VISIT(self->_tables);\n"
        "    return 0;\n}\n"
        "static int\nCity_traverse(CityObject *self, visitproc visit, void *arg)\n{\n"
        "    Py_VISIT(self->_tables);\n    return 0;\n}\n", encoding="utf-8")
    assert hatch_build.doubly_visited(tmp_path) == ["Game_traverse: self->_tables"]


def test_the_compiled_modules_are_strictly_typed():
    """mypyc compiles from the annotations; the strict check (tests/test_typed_interfaces.py)
    holds each compiled module to them."""
    strict = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]["files"]
    assert HOOK["modules"] and [m for m in HOOK["modules"] if m not in strict] == []


@pytest.mark.slow
def test_a_wheel_built_where_nothing_compiles_is_python_and_yes_refuses_it(tmp_path):
    built = _build(tmp_path / "auto", CC="/nonexistent/cc", WONDERS_COMPILE="auto")
    assert built.returncode == 0, built.stderr[-2000:]
    assert "the engine ships as Python" in built.stderr + built.stdout
    [wheel] = (tmp_path / "auto").glob("*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "interpreter/engine/city.py" in names and not [n for n in names if n.endswith((".so", ".pyd"))]
    refused = _build(tmp_path / "yes", CC="/nonexistent/cc", WONDERS_COMPILE="yes")
    assert refused.returncode != 0
    assert "WONDERS_COMPILE=yes, but the engine cannot be compiled: no C compiler" in refused.stderr + refused.stdout
    assert not list((tmp_path / "yes").glob("*.whl"))


def _environment(*without: str, **extra: str) -> dict[str, str]:
    """This environment without PYTHONPATH (which could name the checkout) and `without`."""
    return {**{k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", *without)}, **extra}


def _installed_package(cwd: Path) -> Path | None:
    found = subprocess.run([sys.executable, "-c", "import interpreter; print(interpreter.__file__)"], cwd=cwd,
                           capture_output=True, text=True, env=_environment(), timeout=120)
    return Path(found.stdout.strip()).resolve().parent if found.returncode == 0 else None


@pytest.mark.slow
def test_the_installed_compiled_engine_passes_the_engine_tests(tmp_path):
    package = _installed_package(tmp_path)
    if package is None:
        pytest.skip("the package is not installed (README's test command installs it)")
    if package == ROOT / "interpreter":                 # (the virtual environment may be inside the checkout)
        pytest.skip("the installed package is this checkout (an editable install, which is never compiled)")
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    compiled = [m for m in HOOK["modules"] if (package.parent / (m[: -len(".py")] + suffix)).is_file()]
    if not compiled:
        pytest.skip(f"the installed engine is Python ({hatch_build.missing_for_compiling() or 'built so'})")
    assert compiled == HOOK["modules"], "some of the listed modules were not compiled"
    ours = {p.relative_to(ROOT / "interpreter") for p in (ROOT / "interpreter").rglob("*.py")}
    changed = sorted(str(p) for p in ours if not (package / p).is_file()
                     or (package / p).read_bytes() != (ROOT / "interpreter" / p).read_bytes())
    if changed:
        pytest.skip(f"the installed package is not this checkout's ({', '.join(changed[:3])} differ): "
                    "pip install . again")
    said = subprocess.run([sys.executable, "-c", "import cli; cli.run()", "--version"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120,
                          env=_environment("LANG", "LANGUAGE", "LC_ALL"))
    assert said.stdout.splitlines()[1:] == ["engine: compiled (mypyc)"], said.stdout + said.stderr
    # -P: the checkout's folder is not put first on the path (its tests still run from it)
    run = subprocess.run([sys.executable, "-P", "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "-q", "-x",
                          *[f"tests/{name}" for name in ENGINE_TESTS]],
                         cwd=ROOT, capture_output=True, text=True, timeout=1200,
                         env=_environment(WONDERS_TEST_INSTALLED="1"))
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]

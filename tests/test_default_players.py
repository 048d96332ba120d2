"""Issue 38: `simulate`, `compare`, `ladder` and the studio's Weigh play adaptive players,
fitted to the rules under test, unless --bots says otherwise, and say which players played
and how they were fitted; Ctrl-C during their fit stops the command cleanly.

Each test has its own cache folder (tests/conftest.py); the fits the default players read
are made first by `wonders train` at a tiny size (a generation of two games a candidate),
so no test runs a full fit, except the Ctrl-C test, which stops the default fit after its
first generation.  The commands run in this process (conftest.call_cli: a first use's fit on
one core); the Ctrl-C test runs the command, with its pool, in a process of its own."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, call_cli, call_json, default_signals

pytestmark = pytest.mark.slow       # (pyproject.toml: what `slow` means)

TINY = ("--players", "3", "--generations", "1", "--games", "2", "--workers", "1", "--quiet")


def cache_folder() -> Path:
    return Path(os.environ["WONDERS_CACHE_DIR"]) / "adaptive"


def tiny_fits(*variants: str) -> None:
    """The fits the default players of these rules read, made small: the rules without
    variants, then each variant against them."""
    for args in ((),) + tuple(("--variant", v) for v in variants):
        result = call_cli("train", *TINY, *args)
        assert result.returncode == 0, result.stderr


def test_the_default_players_are_adaptive():
    from interpreter.commands.ladder import LADDER_BOTS
    from interpreter.commands.sim_common import DEFAULT_BOTS
    assert DEFAULT_BOTS == "adaptive" and LADDER_BOTS.split(",")[0] == "adaptive"
    from interpreter.studio.weigh_socket import weighing_options
    options = weighing_options(ROOT / "content", {"variant": "variants/harsh-defeats.wonders"})
    assert options[5] == ("adaptive",)                                  # the studio's Weigh: its bots


def test_compare_plays_adaptive_players_by_default_and_says_how_they_were_fitted():
    tiny_fits("harsh-defeats")
    kept = sorted(p.name for p in cache_folder().iterdir())
    args = ("compare", "--players", "3", "--games", "2", "--workers", "1", "--quiet", "--variant", "harsh-defeats")
    result, data = call_json(*args)
    assert result.returncode == 0, result.stderr
    assert data["options"]["bots"] == ["adaptive"] and data["not_adapting"] == []
    assert [f["rules"] for f in data["fits"]] == ["7 Wonders, first edition",
                                                  "7 Wonders, first edition + Harsh defeats"]
    base, variant = data["fits"]
    assert base["start"] == "prior" and base["reference"] == "heuristic"
    assert variant["start"] == variant["reference"] != "heuristic"          # from, and against, the base fit
    assert all(f["games_per_candidate"] == 2 and f["generations"] == 1 for f in data["fits"])
    assert sorted(p.name for p in cache_folder().iterdir()) == kept         # read from the cache, not fitted again
    text = call_cli(*args)
    assert "Fitted players (adaptive, seed 0)" in text.stdout
    assert "  7 Wonders, first edition: 1 generation of 2 games a candidate in " in text.stdout
    assert "from the shipped fit of the first edition" in text.stdout
    assert "does not adapt" not in text.stdout


def test_simulate_and_ladder_play_adaptive_players_by_default():
    tiny_fits()
    result, data = call_json("simulate", "--players", "3", "--games", "2", "--workers", "1", "--quiet")
    assert result.returncode == 0, result.stderr
    assert data["options"]["bots"] == ["adaptive"] and [f["rules"] for f in data["fits"]] == [
        "7 Wonders, first edition"]
    ladder = call_cli("ladder", "--players", "3", "--games", "4", "--workers", "1", "--quiet")
    assert ladder.returncode == 0, ladder.stderr
    rows = ladder.stdout.split("mu - 3 sigma")[1]
    assert all(bot in rows for bot in ("adaptive", "heuristic", "greedy", "random"))
    assert "Fitted players (adaptive, seed 0)" in ladder.stdout


def test_bots_random_is_still_played_when_asked_and_fits_nothing():
    result, data = call_json("compare", "--players", "3", "--games", "2", "--workers", "1", "--quiet",
                            "--variant", "harsh-defeats", "--bots", "random")
    assert result.returncode == 0, result.stderr
    assert data["options"]["bots"] == ["random"] and data["not_adapting"] == ["random"] and "fits" not in data
    assert not cache_folder().exists() or list(cache_folder().iterdir()) == []
    text = call_cli("simulate", "--players", "3", "--games", "2", "--workers", "1", "--quiet", "--bots", "random")
    assert text.returncode == 0 and text.stderr == "" and "Fitted players" not in text.stdout


def test_quiet_hides_the_fit_s_progress_as_it_hides_the_games():
    result = call_cli("simulate", "--players", "3", "--games", "2", "--workers", "1", "--quiet",
                     "--bots", "adaptive:generations=1,games=2")
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert [p.suffix for p in cache_folder().iterdir()] == [".json"]        # fitted, and kept
    shown = call_cli("simulate", "--players", "3", "--games", "2", "--workers", "1", "--quiet",
                    "--bots", "adaptive:generations=1,games=2,fit_seed=1")
    assert shown.returncode == 0 and shown.stderr == ""
    loud = call_cli("simulate", "--players", "3", "--games", "2", "--workers", "1",
                   "--bots", "adaptive:generations=1,games=2,fit_seed=2")
    assert "fitting adaptive to 7 Wonders, first edition, 3 players: 1 generations at most" in loud.stderr


def test_a_usage_error_comes_before_the_fit():
    """A minute's fit is never followed by an error that could have been given before it."""
    taken = Path(os.environ["WONDERS_CACHE_DIR"]) / "run.jsonl"
    taken.write_text("")
    result = call_cli("simulate", "--players", "3", "--games", "2", "--out", str(taken))
    assert result.returncode == 2 and "already exists" in result.stderr
    assert "fitting" not in result.stderr and not cache_folder().exists()


def test_ctrl_c_during_the_default_players_fit_stops_cleanly():
    """Exit 130 before any game; the cache holds whole files only (written to a temporary,
    then moved into place), and the interrupted fit, which no acceptance check judged, is not
    played: the next run fits again."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    process = subprocess.Popen([sys.executable, "-c", "import cli; cli.run()", "simulate", "--players", "3",
                                "--games", "2", "--workers", "2", "--format", "json"],
                               cwd=str(ROOT), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=default_signals)
    seen = []
    for line in process.stderr:                   # the fit's progress, then Ctrl-C: no fixed sleep
        seen.append(line)
        if line.startswith("generation 1/"):
            break
    assert seen and seen[0].startswith("fitting adaptive to 7 Wonders, first edition, 3 players"), seen
    process.send_signal(signal.SIGINT)
    out, tail = process.communicate(timeout=120)
    assert process.returncode == 130, "".join(seen) + tail
    assert out == "" and "Traceback" not in tail
    assert "interrupted: the players' fit was stopped before any game was played" in tail
    files = list(cache_folder().iterdir())
    assert [p.suffix for p in files] == [".json"]                 # no temporary left beside it
    stored = json.loads(files[0].read_text())
    assert stored["stopped"] == "interrupted" and stored["check"] is None
    from interpreter.bots.fitcache import load
    from interpreter.check.load import check_paths
    from interpreter.compile import compile_rules
    tables = compile_rules(check_paths(None, []).ruleset)
    said = []
    assert load(tables, 3, warn=said.append, checked=True) is None
    assert "stopped by Ctrl-C before its acceptance check; fitting again" in said[0]
    assert load(tables, 3, warn=said.append) is not None          # `wonders train`'s reading keeps it


def test_a_cluster_s_workers_play_the_fits_of_the_run_s_process(tmp_path, monkeypatch):
    """The fits travel with the games (sim/dask_engine.py): a worker whose cache folder lacks
    them plays them, neither reading its cache nor fitting."""
    tiny_fits()
    from interpreter.bots import fitcache
    from interpreter.check.load import check_paths
    from interpreter.compile import compile_rules
    from interpreter.sim.records import RunOptions
    from interpreter.sim.worker import play_chunk, play_chunk_fitted
    tables = compile_rules(check_paths(None, []).ruleset)
    monkeypatch.setattr(fitcache, "_memo", {})
    monkeypatch.setattr(fitcache, "_played", {})
    weights = fitcache.fitted_weights(tables, 3)                    # the run's process: read from its cache
    fits = fitcache.fits_known()
    assert fits == {fitcache.fit_key(tables, 3): weights}
    monkeypatch.setenv("WONDERS_CACHE_DIR", str(tmp_path / "a worker's own, empty"))
    monkeypatch.setattr(fitcache, "_memo", {})
    monkeypatch.setattr(fitcache, "train", lambda *a, **k: pytest.fail("a worker must not fit"))
    options = RunOptions(3, ("adaptive",), "random", 0, False, (), (), None)
    from interpreter.engine.saves import content_digest
    records = play_chunk_fitted(options, [0, 1], content_digest(tables), fits)
    assert [r["game"] for r in records] == [0, 1] and all("error" not in r for r in records)
    assert not (tmp_path / "a worker's own, empty").exists()          # its cache was never read nor made
    assert play_chunk(options, [0], content_digest(tables)) == records[:1]   # the same players, the same game

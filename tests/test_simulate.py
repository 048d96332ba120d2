"""`wonders simulate`: seeds, records, workers, the records file, resume, Ctrl-C, bad input."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest

from conftest import ROOT, call_cli, start_cli, wait_until

from interpreter.sim import runner, worker
from interpreter.sim.records import RunOptions, game_seed, seat_bots
from interpreter.sim.store import read_records

pytestmark = pytest.mark.slow       # (pyproject.toml: what `slow` means)


def simulate(*args, **kwargs):
    return call_cli("simulate", "--bots", "random", "--quiet", *args, **kwargs)


def test_results_are_the_same_whatever_the_workers():
    outputs = []
    for workers in ("1", "2", "4"):
        result = simulate("--players", "3", "--games", "24", "--bots", "greedy,random", "--seed", "7",
                          "--workers", workers, "--format", "json")
        assert result.returncode == 0, result.stderr
        outputs.append(result.stdout)
    assert outputs[0] == outputs[1] == outputs[2]
    data = json.loads(outputs[0])
    assert data["games"] == 24 and data["players"] == 3
    assert sum(s["win"]["n"] for s in data["seats"]) == 72


def test_game_seeds_depend_on_the_run_seed_and_the_game_only():
    assert game_seed(3, 5) == game_seed(3, 5)
    assert len({game_seed(s, i) for s in range(3) for i in range(50)}) == 150
    options = RunOptions(4, ("greedy", "random"), rotate_bots=True)
    assert seat_bots(options, 0) == ["greedy", "random", "random", "random"]
    assert seat_bots(options, 1) == ["random", "greedy", "random", "random"]


def collect(options, indexes, workers=1):
    records = []
    runner.run_games(options, indexes, records.extend, workers)
    return sorted(records, key=lambda r: r["game"])


def test_a_record_holds_the_whole_game():
    options = RunOptions(4, ("greedy", "random"), "random", 11)
    record, = collect(options, [3])
    assert record["game"] == 3 and record["seed"] == game_seed(11, 3) and record["players"] == 4
    assert len(record["rules"]) == 16 and record["variants"] == [] and record["turns"] == 18
    assert sum(s["win"] for s in record["seats"]) == pytest.approx(1)
    for seat in record["seats"]:
        assert set(seat) >= {"seat", "wonder", "side", "bot", "scores", "total", "coins", "rank", "win", "built"}
        assert seat["total"] == sum(seat["scores"].values())
        assert {"military", "treasury", "science", "guilds"} <= set(seat["scores"])
        assert all(age in (1, 2, 3) for _name, age in seat["built"])
        assert seat["rank"] == 1 + sum(other["total"] > seat["total"] for other in record["seats"]) \
            or seat["total"] == max(o["total"] for o in record["seats"])
    assert [s["bot"] for s in record["seats"]] == ["greedy", "random", "random", "random"]


def test_the_replay_command_plays_the_same_game():
    options = RunOptions(3, ("greedy", "random"), "B", 5)
    record, = collect(options, [2])
    failure = runner.failure(options, 2, "for the command")
    args = failure["replay"].split()[1:]
    result = call_cli(*args, "--format", "json")
    assert result.returncode == 0, result.stderr
    played = json.loads(result.stdout)
    assert [p["total"] for p in played["players"]] == [s["total"] for s in record["seats"]]
    assert [p["city"]["wonder"] for p in played["players"]] == [s["wonder"] for s in record["seats"]]


def test_a_game_that_crashes_is_reported_with_its_seed_and_the_run_goes_on(monkeypatch):
    real = worker.play_game

    def broken(tables, options, index, digest=None):
        if index == 4:
            raise KeyError("a bug")
        return real(tables, options, index, digest)

    monkeypatch.setattr(worker, "play_game", broken)
    options = RunOptions(3)
    for workers in (1, 2):                         # the pool forks, so it sees the patch too
        records = collect(options, range(8), workers)
        assert [r["game"] for r in records] == list(range(8))
        bad = records[4]
        assert bad["seed"] == game_seed(0, 4) and "KeyError: 'a bug'" in bad["error"]
        assert f"--seed {bad['seed']}" in bad["replay"]
        assert all("error" not in r for r in records if r["game"] != 4)


def test_out_writes_a_header_and_one_line_per_game(tmp_path):
    out = tmp_path / "run.jsonl"
    result = simulate("--players", "3", "--games", "12", "--workers", "2", "--out", str(out))
    assert result.returncode == 0, result.stderr
    head, records, _ = read_records(str(out))
    assert head["format"] == "wonders-sim/1" and head["options"]["players"] == 3
    assert sorted(r["game"] for r in records) == list(range(12))
    again = simulate("--workers", "1", "--players", "3", "--games", "12", "--out", str(out))
    assert again.returncode == 2 and "already exists" in again.stderr and "--resume" in again.stderr
    forced = simulate("--workers", "1", "--players", "3", "--games", "5", "--out", str(out), "--force")
    assert forced.returncode == 0
    assert len(read_records(str(out))[1]) == 5


def test_resume_repairs_a_cut_last_line_and_plays_only_the_missing_games(tmp_path):
    out = tmp_path / "run.jsonl"
    whole = simulate("--workers", "1", "--players", "4", "--games", "10", "--seed", "3", "--format", "json")
    assert simulate("--workers", "1", "--players", "4", "--games", "6", "--seed", "3", "--out", str(out)).returncode == 0
    text = out.read_text()
    lines = text.splitlines(keepends=True)
    out.write_text("".join(lines[:-1]) + lines[-1][:40])      # a crash in the middle of the last line
    kept = [json.loads(line) for line in lines[1:-1]]
    resumed = simulate("--workers", "1", "--players", "4", "--games", "10", "--seed", "3", "--out", str(out), "--resume",
                       "--format", "json")
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads(resumed.stdout)["seats"] == json.loads(whole.stdout)["seats"]
    _head, records, _ = read_records(str(out))
    assert sorted(r["game"] for r in records) == list(range(10))
    assert records[:5] == kept                      # the finished games were not played again


def test_resume_refuses_a_file_from_other_rules_or_options(tmp_path):
    out = tmp_path / "run.jsonl"
    assert simulate("--workers", "1", "--players", "3", "--games", "4", "--out", str(out)).returncode == 0
    other_rules = simulate("--workers", "1", "--players", "3", "--games", "8", "--out", str(out), "--resume",
                           "--variant", "science-sets-worth-10")
    assert other_rules.returncode == 2 and "other rules" in other_rules.stderr
    other_options = simulate("--workers", "1", "--players", "3", "--games", "8", "--out", str(out), "--resume", "--seed", "9")
    assert other_options.returncode == 2 and "seed 0 (now 9)" in other_options.stderr
    (tmp_path / "junk.jsonl").write_text("hello\n")
    junk = simulate("--workers", "1", "--players", "3", "--games", "8", "--out", str(tmp_path / "junk.jsonl"), "--resume")
    assert junk.returncode == 2 and "line 1" in junk.stderr


@pytest.mark.parametrize("args, message", [
    (["--games", "0"], "--games"),
    (["--games", "-3"], "--games"),
    (["--workers", "0"], "--workers"),
    (["--bots", "random,clever"], "unknown bot 'clever'"),
    (["--players", "9"], "players"),
    (["--out", "/no/such/folder/run.jsonl"], "does not exist"),
    (["--resume"], "--out"),
    (["--workers", "2", "--cluster", "tcp://127.0.0.1:1"], "cannot be used together"),
])
def test_bad_input_is_a_usage_error(args, message):
    one = [] if "--workers" in args else ["--workers", "1"]      # in this process, unless --workers is the question
    result = simulate("--players", "3", "--games", "5", *one, *args)
    assert result.returncode == 2, result.stderr
    assert message in result.stderr and "Traceback" not in result.stderr


def test_ctrl_c_keeps_and_summarises_the_finished_games(tmp_path):
    out = tmp_path / "run.jsonl"
    process = start_cli("simulate", "--bots", "random", "--players", "4", "--games", "100000", "--workers", "2", "--out", str(out),
                        "--format", "json", stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wait_until(lambda: out.exists() and out.read_text().count("\n") >= 30, "30 records")
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr
    assert "interrupted" in stderr and "--resume" in stderr and "Traceback" not in stderr
    summary = json.loads(stdout)
    _head, records, _ = read_records(str(out))
    assert summary["games"] == len(records) >= 29


def test_the_progress_bar_shows_only_on_a_terminal():
    import pty
    quiet = call_cli("simulate", "--bots", "random", "--players", "3", "--games", "5")
    assert quiet.returncode == 0 and quiet.stderr == ""
    main, secondary = pty.openpty()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-c", "import cli; cli.run()", "simulate", "--players", "3",
                             "--games", "5", "--workers", "1", "--bots", "random"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=secondary, timeout=60)
    os.close(secondary)
    chunks = []
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:                            # the terminal is closed once all is read
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(main)
    shown = b"".join(chunks).decode(errors="replace")
    assert result.returncode == 0
    assert "5/5" in shown and "games/s" in shown


@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_a_side_some_board_lacks_is_refused_before_any_game(tmp_path, command):
    variant = tmp_path / "one-sided.wonders"
    variant.write_text('variant "One-sided Alexandria" {\n    changes "7 Wonders, first edition"\n'
                       '    replace wonder "Alexandria" {\n        side A {\n            produces glass\n'
                       '            stage { cost 2 stone; points 3 }\n        }\n    }\n}\n', encoding="utf-8")
    result = call_cli(command, "--bots", "random", "--players", "3", "--games", "20", "--workers", "1", "--sides", "B",
                     "--variant", str(variant), "--out", str(tmp_path / "runs"))
    assert result.returncode == 2, result.stderr
    assert "'Alexandria' has no side 'B'" in result.stderr and "--sides" in result.stderr
    assert not (tmp_path / "runs").exists()

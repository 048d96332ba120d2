"""The balance lab's records under interruption and misuse (issue 21): each game recorded
once whatever stops the run, one writer per records file, damaged records refused with
their line and field, special files refused, Ctrl-C and SIGTERM always stop the run."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import textwrap
from pathlib import Path

import pytest

from conftest import call_cli, call_json, start_cli, wait_until, run_cli

from interpreter.sim.store import read_records

pytestmark = pytest.mark.slow       # (pyproject.toml: what `slow` means)

HANG_BOT = textwrap.dedent('''
    import os
    from interpreter.bots import Bot

    class Hang(Bot):
        """Writes its process id to the folder named by $HANG_DIR, then never answers; when
        its worker is asked to stop (the run's first Ctrl-C) it says so in a .asked file."""
        def choose(self, view, options):
            from interpreter.sim import worker
            folder = os.environ["HANG_DIR"]
            with open(os.path.join(folder, f"{os.getpid()}.pid"), "w") as out:
                out.write("hanging")
            told = False
            while True:
                if not told and worker._stopping():
                    told = True
                    open(os.path.join(folder, f"{os.getpid()}.asked"), "w").close()
''')

ILLEGAL_BOT = textwrap.dedent('''
    from interpreter.bots import Bot

    class Illegal(Bot):
        """Answers an option that does not exist: the game stops with an error."""
        def choose(self, view, options):
            return len(options) + 5
''')


def start(*args, env=None, **popen):
    """`wonders ARGS` in its own process, with pipes for its output."""
    return start_cli(*args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **popen)


def lines_in(path: Path) -> int:
    return path.read_text().count("\n") if path.exists() else 0


def games_in(path: Path) -> list[int]:
    return [json.loads(line)["game"] for line in path.read_text().splitlines()[1:]]


# --- each game recorded once ---------------------------------------------------------------

def test_ctrl_c_with_workers_records_each_game_once_and_summarises_them(tmp_path):
    out = tmp_path / "run.jsonl"
    process = start("simulate", "--bots", "random", "--players", "3", "--games", "100000", "--workers", "2", "--out", str(out),
                    "--format", "json")
    wait_until(lambda: lines_in(out) > 60, "60 records")
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 130, stderr
    games = games_in(out)
    assert len(games) == len(set(games)), "a game recorded twice"
    assert json.loads(stdout)["games"] == len(games)


def test_ctrl_c_in_compare_records_each_game_once(tmp_path):
    out = tmp_path / "cmp"
    process = start("compare", "--bots", "random", "--variant", "science-sets-worth-10", "--players", "3", "--games", "100000",
                    "--workers", "2", "--out", str(out), "--quiet")
    wait_until(lambda: lines_in(out / "a.jsonl") > 60, "60 records")
    process.send_signal(signal.SIGINT)
    _stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 130, stderr
    games = games_in(out / "a.jsonl")
    assert len(games) == len(set(games)), "a game recorded twice"


def test_resume_counts_a_game_recorded_twice_once(tmp_path):
    out = tmp_path / "run.jsonl"
    assert call_cli("simulate", "--workers", "1", "--bots", "random", "--quiet", "--players", "3", "--games", "10", "--out", str(out)).returncode == 0
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines + lines[1:4]))               # three games twice, as an old run left them
    resumed = call_cli("simulate", "--workers", "1", "--bots", "random", "--quiet", "--players", "3", "--games", "10", "--out", str(out), "--resume",
                      "--format", "json")
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads(resumed.stdout)["games"] == 10
    assert "recorded twice" in resumed.stderr
    _head, records, _ = read_records(str(out))               # the copies stay, and are read once
    assert sorted(r["game"] for r in records) == list(range(10))


def test_a_game_recorded_twice_with_different_results_is_refused(tmp_path):
    out = tmp_path / "run.jsonl"
    assert call_cli("simulate", "--workers", "1", "--bots", "random", "--quiet", "--players", "3", "--games", "4", "--out", str(out)).returncode == 0
    lines = out.read_text().splitlines(keepends=True)
    other = json.loads(lines[1])
    other["seats"][0]["coins"] += 1          # a well-formed record (one turn more would not fit its arc)
    out.write_text("".join(lines) + json.dumps(other) + "\n")
    resumed = call_cli("simulate", "--workers", "1", "--bots", "random", "--quiet", "--players", "3", "--games", "4", "--out", str(out), "--resume")
    assert resumed.returncode == 1, resumed.stderr
    assert f"{out}:{len(lines) + 1}" in resumed.stderr and f"game {other['game']} " in resumed.stderr


def test_a_cut_last_line_is_dropped_with_a_message(tmp_path):
    out = tmp_path / "run.jsonl"
    assert call_cli("simulate", "--workers", "1", "--bots", "random", "--quiet", "--players", "3", "--games", "4", "--out", str(out)).returncode == 0
    text = out.read_text()
    out.write_text(text[:-30])
    resumed = call_cli("simulate", "--workers", "1", "--bots", "random", "--quiet", "--players", "3", "--games", "4", "--out", str(out), "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert "line 5" in resumed.stderr and "cut off" in resumed.stderr
    assert sorted(games_in(out)) == [0, 1, 2, 3]


def test_a_killed_run_resumes_and_its_workers_do_not_hold_the_lock(tmp_path):
    """SIGKILL of the run (not its workers): the file is usable at once, each game once."""
    out = tmp_path / "run.jsonl"
    process = start("simulate", "--bots", "random", "--quiet", "--players", "3", "--games", "100000", "--workers", "2",
                    "--out", str(out), start_new_session=True)
    try:
        wait_until(lambda: lines_in(out) > 40, "40 records")
        process.kill()
        process.wait(timeout=60)                         # (the orphaned workers still hold its pipes)
        done = len(read_records(str(out))[1])
        resumed = call_cli("simulate", "--bots", "random", "--quiet", "--players", "3", "--games", str(done + 20), "--out", str(out),
                          "--resume", "--format", "json")
        assert resumed.returncode == 0, resumed.stderr
        assert json.loads(resumed.stdout)["games"] == done + 20
        games = [r["game"] for r in read_records(str(out))[1]]
        assert len(games) == len(set(games)), "a game recorded twice"
        # two workers finish chunks out of order: the killed run may hold games past done + 20
        assert sorted(g for g in games if g < done + 20) == list(range(done + 20))
        wait_until(lambda: not _in_group(process.pid), "the killed run's workers to end", deadline=60)
    finally:
        try:
            os.killpg(process.pid, signal.SIGKILL)      # the orphaned workers
        except ProcessLookupError:
            pass


@pytest.mark.parametrize("second", [["--force"], ["--resume"]])
def test_a_second_writer_to_the_same_records_file_is_refused(tmp_path, second):
    out = tmp_path / "run.jsonl"
    assert call_cli("simulate", "--workers", "1", "--bots", "random", "--quiet", "--players", "3", "--games", "2", "--out", str(out)).returncode == 0
    first = start("simulate", "--bots", "random", "--quiet", "--players", "3", "--games", "100000", "--workers", "1",
                  "--out", str(out), "--resume")
    try:
        wait_until(lambda: lines_in(out) > 10, "the first run's records")
        other = call_cli("simulate", "--bots", "random", "--quiet", "--players", "3", "--games", "100000", "--out", str(out), *second)
        assert other.returncode == 2, other.stderr
        assert "another run is writing" in other.stderr and "Traceback" not in other.stderr
    finally:
        first.send_signal(signal.SIGINT)
        first.communicate(timeout=120)
    assert first.returncode == 130
    games = games_in(out)
    assert len(games) == len(set(games)) and sorted(games) == list(range(len(games)))


def test_a_second_compare_on_the_same_folder_is_refused(tmp_path):
    out = tmp_path / "cmp"
    first = start("compare", "--bots", "random", "--variant", "science-sets-worth-10", "--players", "3", "--games", "100000",
                  "--workers", "1", "--out", str(out), "--quiet")
    try:
        wait_until(lambda: lines_in(out / "a.jsonl") > 5, "the first run's records")
        other = call_cli("compare", "--bots", "random", "--variant", "science-sets-worth-10", "--players", "3", "--games", "50",
                        "--out", str(out), "--quiet", "--force")
        assert other.returncode == 2 and "another run is writing" in other.stderr, other.stderr
    finally:
        first.send_signal(signal.SIGINT)
        first.communicate(timeout=120)


# --- damaged records and bad files ---------------------------------------------------------

@pytest.fixture(scope="module")
def three_records(tmp_path_factory) -> str:
    """The records file of a run of 3 games, made once for the module (each test damages a copy)."""
    out = tmp_path_factory.mktemp("records") / "run.jsonl"
    assert call_cli("simulate", "--workers", "1", "--bots", "random", "--quiet", "--players", "3", "--games", "3", "--out", str(out)).returncode == 0
    return out.read_text()


def _damage(record: dict, how: str) -> dict:
    seat = record["seats"][0]
    if how == "no seats":
        del record["seats"]
    elif how == "a win of 5":
        seat["win"] = 5
    elif how == "built of three items":
        seat["built"][0] = [seat["built"][0][0], 1, 2]
    elif how == "a score that is text":
        seat["scores"]["military"] = "lots"
    elif how == "a seat too many":
        record["seats"].append(dict(seat))
    elif how == "a negative game":
        record["game"] = -1
    elif how == "a failure without its replay":
        record = {"game": record["game"], "seed": record["seed"], "error": "boom"}
    elif how == "cards dealt that are text":
        record["dealt"]["red cards"] = "many"
    return record


@pytest.mark.parametrize("how, field", [
    ("no seats", '"seats"'),
    ("a win of 5", '"seats"[0]."win"'),
    ("built of three items", '"seats"[0]."built"[0]'),
    ("a score that is text", '"seats"[0]."scores"."military"'),
    ("a seat too many", '"seats"'),
    ("a negative game", '"game"'),
    ("a failure without its replay", '"replay"'),
    ("cards dealt that are text", '"dealt"."red cards"'),
])
def test_a_damaged_record_is_refused_with_its_line_and_field(tmp_path, three_records, how, field):
    out = tmp_path / "run.jsonl"
    lines = three_records.splitlines(keepends=True)
    lines[2] = json.dumps(_damage(json.loads(lines[2]), how)) + "\n"
    out.write_text("".join(lines))
    result = call_cli("simulate", "--workers", "1", "--bots", "random", "--quiet", "--players", "3", "--games", "6", "--out", str(out), "--resume")
    assert result.returncode == 1, result.stderr
    assert f"{out}:3" in result.stderr and field in result.stderr, result.stderr
    assert "internal error" not in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("option", ["--out", "--force", "--resume"])
def test_a_fifo_is_refused_not_waited_on(tmp_path, option):
    fifo = tmp_path / "run.jsonl"
    os.mkfifo(fifo)
    args = ["--out", str(fifo)] + ([option] if option != "--out" else [])
    result = run_cli("simulate", "--bots", "random", "--quiet", "--players", "3", "--games", "2", *args, timeout=60)
    assert result.returncode == 2 and "not a regular file" in result.stderr, result.stderr
    assert fifo.exists() and not fifo.is_file()                  # left as it was


def test_a_compare_folder_holding_a_fifo_is_refused(tmp_path):
    out = tmp_path / "cmp"
    out.mkdir()
    os.mkfifo(out / "a.jsonl")
    result = run_cli("compare", "--bots", "random", "--variant", "science-sets-worth-10", "--players", "3", "--games", "2",
                     "--out", str(out), "--resume", "--quiet", timeout=60)
    assert result.returncode == 2 and "not a regular file" in result.stderr, result.stderr


def test_a_records_file_that_cannot_be_written_stops_the_run_with_a_message(tmp_path):
    """A file-size limit makes the writes fail part-way, as a full disk does."""
    import resource
    out = tmp_path / "run.jsonl"

    def small_files():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (20000, 20000))
    process = start("simulate", "--bots", "random", "--quiet", "--players", "3", "--games", "200", "--workers", "1",
                    "--out", str(out), preexec_fn=small_files)
    _stdout, stderr = process.communicate(timeout=300)
    assert process.returncode == 1, stderr
    assert f"{out}: cannot write" in stderr and "--resume" in stderr and "internal error" not in stderr
    head, records, _ = read_records(str(out))                   # what was written is whole
    assert head["format"] == "wonders-sim/1" and records


# --- the cluster address --------------------------------------------------------------------

@pytest.mark.parametrize("address", ["garbage", "tls://127.0.0.1:1", "tcp://127.0.0.1:1/x", "inproc://x",
                                     "http://127.0.0.1:1", "tcp://127.0.0.1:99999", "tcp://:8786"])
def test_a_malformed_cluster_address_is_a_usage_error(address):
    result = run_cli("simulate", "--bots", "random", "--quiet", "--players", "3", "--games", "2", "--cluster", address, timeout=60)
    assert result.returncode == 2, result.stderr
    assert "--cluster" in result.stderr and "internal error" not in result.stderr


# --- workers and memory ---------------------------------------------------------------------

def test_never_more_workers_than_games(monkeypatch):
    from interpreter.sim import runner
    from interpreter.sim.records import RunOptions
    sizes = []
    real = runner.ProcessPool.__init__

    def counted(self, options, fingerprint, workers):
        sizes.append(workers)
        real(self, options, fingerprint, workers)
    monkeypatch.setattr(runner.ProcessPool, "__init__", counted)
    records = []
    runner.run_games(RunOptions(3), range(2), records.extend, workers=65)
    assert sorted(r["game"] for r in records) == [0, 1]
    assert sizes == [2]                               # two games: two processes, not 65
    assert runner.worker_count(500, 10 ** 6) == runner.MAX_WORKERS


def test_a_huge_games_count_starts_playing_at_once(tmp_path):
    out = tmp_path / "run.jsonl"
    process = start("simulate", "--bots", "random", "--quiet", "--players", "3", "--games", str(10 ** 15), "--workers", "2",
                    "--out", str(out), "--format", "json")
    wait_until(lambda: lines_in(out) > 3 or process.poll() is not None, "the first games")
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 130, stderr
    assert json.loads(stdout)["games"] >= 3


# --- hangs ----------------------------------------------------------------------------------

@pytest.mark.parametrize("second, status", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_hanging_bot_does_not_stop_ctrl_c(tmp_path, second, status):
    (tmp_path / "hang.py").write_text(HANG_BOT)
    process = start("simulate", "--quiet", "--players", "3", "--games", "4", "--workers", "2",
                    "--bots", f"{tmp_path / 'hang.py'}:Hang", env={"HANG_DIR": str(tmp_path)},
                    start_new_session=True)
    try:
        wait_until(lambda: len(list(tmp_path.glob("*.pid"))) == 2, "both workers to hang")
        process.send_signal(signal.SIGINT)
        wait_until(lambda: len(list(tmp_path.glob("*.asked"))) == 2, "both workers to be asked to stop")
        assert process.poll() is None                  # the first Ctrl-C waits for the games in hand
        process.send_signal(second)
        _stdout, stderr = process.communicate(timeout=60)
    finally:
        try:
            os.killpg(process.pid, signal.SIGKILL)        # whatever is left of the run (a failed test)
        except ProcessLookupError:
            pass
    assert process.returncode == status, stderr
    for pid_file in tmp_path.glob("*.pid"):            # the hanging workers are gone
        pid = int(pid_file.stem)
        wait_until(lambda: not _alive(pid), f"worker {pid} to end", deadline=30)


def _in_group(group: int) -> list[int]:
    """The live processes of a process group (Linux's /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().split(")")[-1].split()
        except OSError:
            continue
        if fields[0] != "Z" and int(fields[2]) == group:
            found.append(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


# --- smaller --------------------------------------------------------------------------------

def test_resume_accepts_the_default_rules_named_or_not(tmp_path):
    out = tmp_path / "run.jsonl"
    made = call_cli("simulate", "--workers", "1", "--bots", "random", "--quiet", "--players", "3", "--games", "2", "--out", str(out))
    assert made.returncode == 0, made.stderr
    named = call_cli("simulate", "--workers", "1", "--bots", "random", "--quiet", "--players", "3", "--games", "4", "--out", str(out), "--resume",
                    "--rules", "first-edition")
    assert named.returncode == 0, named.stderr
    again = call_cli("simulate", "--workers", "1", "--bots", "random", "--quiet", "--players", "3", "--games", "5", "--out", str(out), "--resume")
    assert again.returncode == 0, again.stderr


def test_compare_lists_each_failed_game_with_its_seed_and_replay(tmp_path):
    (tmp_path / "illegal.py").write_text(ILLEGAL_BOT)
    result = call_cli("compare", "--quiet", "--variant", "science-sets-worth-10", "--players", "3", "--games", "2",
                     "--workers", "1", "--bots", f"greedy,{tmp_path / 'illegal.py'}:Illegal")
    assert result.returncode == 1, result.stderr
    assert "game 0 under base (seed " in result.stdout and "game 1 under base (seed " in result.stdout
    assert result.stdout.count("replay: wonders play") == 4       # each game, under each rule set
    assert "replay: wonders play" not in result.stderr            # listed once, not on both streams
    _, data = call_json("compare", "--quiet", "--variant", "science-sets-worth-10", "--players", "3", "--games", "2",
                       "--workers", "1", "--bots", f"greedy,{tmp_path / 'illegal.py'}:Illegal")
    assert len(data["failed"]) == 4


# --- ladder ---------------------------------------------------------------------------------

def test_ladder_refuses_an_impossible_player_count_before_playing():
    result = call_cli("ladder", "--bots", "random,greedy", "--players", "3,9", "--games", "100000",
                     "--quiet", timeout=60)
    assert result.returncode == 2 and "not 9" in result.stderr, result.stderr


@pytest.mark.parametrize("players", ["0", "3-1000000000000", "-5-3", "1000000000000"])
def test_ladder_player_counts_are_checked_against_the_rules(players):
    result = call_cli("ladder", "--bots", "random,greedy", "--players", players, "--games", "2", "--quiet",
                     timeout=60)
    assert result.returncode == 2, result.stderr
    assert "players" in result.stderr and "bot" not in result.stderr.lower(), result.stderr


def test_ladder_takes_the_rules_and_variants_like_the_other_commands():
    second = call_cli("ladder", "--bots", "random,greedy", "--games", "2", "--players", "3", "--quiet",
                     "--rules", "second-edition", "--format", "json")
    assert second.returncode == 0, second.stderr
    unknown = call_cli("ladder", "--bots", "random,greedy", "--games", "2", "--quiet", "--rules", "third-edition")
    assert unknown.returncode == 2 and "third-edition" in unknown.stderr

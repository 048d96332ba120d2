"""Exit statuses as documented (docs/cli.md): Ctrl-C is 130 on every command, a closed pipe
ends quietly with 0, and no input makes a command fail with 70 (an internal error).  Signals,
pipes and inputs deep or large enough to strain the interpreter (its stack, its numbers)
run the command in a process of its own (run_cli); refused options and files in this
process (conftest.call_cli: the same entry point and its last line of defence)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from conftest import ROOT, call_cli, run_cli, start_cli

pytestmark = pytest.mark.slow       # (pyproject.toml: what `slow` means)

COMMANDS = [["check"], ["cards"], ["rules"], ["play", "--players", "3"],
            ["replay", "{log}"], ["moves", "{position}"],
            ["score", "docs/examples/table.json"]]


@pytest.fixture(scope="module")
def game_files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("game")
    log, position = folder / "game.json", folder / "position.json"
    assert call_cli("play", "--players", "3", "--seed", "2", "--log", str(log)).returncode == 0
    assert call_cli("replay", str(log), "--to", "4", "--save", str(position)).returncode == 0
    return {"log": str(log), "position": str(position)}


@pytest.mark.parametrize("args", COMMANDS, ids=[c[0] for c in COMMANDS])
def test_ctrl_c_exits_130_on_every_command(args, game_files, monkeypatch, capsys):
    """Ctrl-C while the content loads (every command loads it) ends with 130, not click's
    "Aborted!" and 1."""
    import cli
    import interpreter.check.folder as folder
    import interpreter.check.load as load
    args = [a.format(**game_files) for a in args]

    def interrupted(*_a, **_k):
        raise KeyboardInterrupt
    monkeypatch.setattr(load, "check_paths", interrupted)
    monkeypatch.setattr(folder, "check_folder", interrupted)     # `check`: the folder and its variants
    monkeypatch.setattr(sys, "argv", ["wonders", *args])
    monkeypatch.chdir(ROOT)
    with pytest.raises(SystemExit) as exit_:
        cli.run()
    assert exit_.value.code == 130
    err = capsys.readouterr().err
    assert "interrupted" in err and "Aborted" not in err


def test_ctrl_c_at_the_prompt_exits_130_and_keeps_the_log(tmp_path):
    """Ctrl-C at the third turn's prompt, two turns played.  Standard input stays open until
    the game has ended: closed at once, the game could read its end before it handles the
    interrupt, and stop for that reason instead (status 1)."""
    log = tmp_path / "game.json"
    game = start_cli("play", "--players", "3", "--human", "1", "--log", str(log),
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    output = _Output(game)
    try:
        game.stdin.write(b"1\n1\n")
        game.stdin.flush()
        output.wait_for("out", "Your choice", times=3)
        game.send_signal(signal.SIGINT)
        game.wait(timeout=120)
    finally:
        game.kill() if game.poll() is None else None
        game.stdin.close()
        output.join()
    err = output.text("err")
    assert game.returncode == 130, err
    assert "Aborted" not in err and "Traceback" not in err
    assert len(json.loads(log.read_text())["choices"]) == 6


class _Output:
    """A process's stdout and stderr, read as they come by two threads; a test waits for a
    text to arrive (woken by each chunk read), never for a fixed time."""

    def __init__(self, process):
        self.parts = {"out": [], "err": []}
        self.arrived = threading.Condition()
        self.threads = [threading.Thread(target=self._read, args=(stream, self.parts[name]), daemon=True)
                        for name, stream in (("out", process.stdout), ("err", process.stderr))]
        for thread in self.threads:
            thread.start()

    def _read(self, stream, parts):
        while chunk := stream.read1(65536):
            with self.arrived:
                parts.append(chunk)
                self.arrived.notify_all()

    def text(self, name: str) -> str:
        return b"".join(self.parts[name]).decode(errors="replace")

    def wait_for(self, name: str, text: str, deadline: float = 120, times: int = 1) -> None:
        """Until `text` has come `times` times on the stream `name` ("out" or "err")."""
        with self.arrived:
            found = self.arrived.wait_for(lambda: self.text(name).count(text) >= times, timeout=deadline)
        assert found, f"waited {deadline} s for {text!r} x{times}; {name} so far: {self.text(name)[-2000:]!r}"

    def join(self) -> None:
        for thread in self.threads:
            thread.join(60)


@pytest.mark.parametrize("signum, status", [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_sigterm_and_sighup_stop_a_game_and_keep_its_log(tmp_path, signum, status):
    """The signal is sent once the game waits at the prompt (its handlers are set and its
    log written), however long a loaded machine takes to get there."""
    log = tmp_path / "game.json"
    game = start_cli("play", "--players", "3", "--human", "2", "--log", str(log),
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    output = _Output(game)
    try:
        output.wait_for("out", "Your choice")
        assert log.exists()
        game.send_signal(signum)
        game.wait(timeout=120)
    finally:
        game.kill() if game.poll() is None else None
        output.join()
    assert game.returncode == status, output.text("err")
    assert json.loads(log.read_text())["format"] == "wonders-log/1"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]     # no temporary file left


@pytest.mark.parametrize("args", [["cards", "--format", "json"], ["play", "--players", "7"], ["check"],
                                  ["cards", "--wonders"]])
def test_a_closed_pipe_ends_quietly_with_0(args):
    reader = start_cli(*args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    reader.stdout.close()                    # like `| head -1` having exited
    err = reader.stderr.read()
    assert reader.wait(timeout=120) == 0
    assert err == b""


@pytest.mark.parametrize("age", ["²", "٣", "IV", "0", "", "9" * 10_000, "\x1b[2J"])
def test_an_age_that_is_not_one_is_a_usage_error(age):
    result = call_cli("cards", "--age", age)
    assert result.returncode == 2, result.stderr
    assert "is not an age of these rules" in result.stderr and "\x1b" not in result.stderr


@pytest.mark.parametrize("age", ["3", "III", "iii", " 3 "])
def test_ages_are_numbers_or_roman_numerals(age):
    result = call_cli("cards", "--age", age)
    assert result.returncode == 0 and "Arena" in result.stdout


def test_a_flat_sum_of_500_terms_is_an_error_not_a_crash(tmp_path):
    variant = tmp_path / "sum.wonders"
    variant.write_text('variant "Sum" {\n    changes "7 Wonders, first edition"\n'
                       '    add trigger "s" on turn end: gain (' + " + ".join(["coins"] * 500) + ") coins\n}\n")
    result = run_cli("check", "--variant", str(variant))
    assert result.returncode == 1 and "error[E0008]" in result.stdout, result.stderr
    result = run_cli("play", "--players", "3", "--variant", str(variant))
    assert result.returncode == 1 and "E0008" in result.stderr


def test_a_score_of_thousands_of_digits_is_held_within_the_limit(tmp_path):
    expr = "999999"
    for _ in range(10):                      # 1,024 factors: a number of about 6,000 digits
        expr = f"({expr} * {expr})"
    variant = tmp_path / "big.wonders"
    variant.write_text('variant "Big" {\n    changes "7 Wonders, first edition"\n'
                       f"    add score civilian: {expr}\n}}\n")
    result = run_cli("play", "--players", "3", "--variant", str(variant))
    assert result.returncode == 0, result.stderr
    assert "1000000000000" in result.stdout
    result = run_cli("score", "docs/examples/table.json", "--variant", str(variant))
    assert result.returncode == 0, result.stderr


def test_a_log_with_a_null_wonder_is_refused(tmp_path, game_files):
    data = json.loads(Path(game_files["log"]).read_text())
    data["options"]["wonders"] = [None]
    log = tmp_path / "game.json"
    log.write_text(json.dumps(data))
    result = call_cli("replay", str(log))
    assert result.returncode == 1 and '"options"."wonders"' in result.stderr


@pytest.mark.parametrize("damage", [lambda rng: rng[1].__setitem__(0, -5), lambda rng: rng.__setitem__(2, "x"),
                                    lambda rng: rng[1].pop(), lambda rng: rng[1].__setitem__(624, 10 ** 6)])
def test_a_save_with_a_broken_random_state_is_refused(tmp_path, game_files, damage):
    data = json.loads(Path(game_files["position"]).read_text())     # the game's position after 4 decisions
    damage(data["rng"])
    save = tmp_path / "position.json"
    save.write_text(json.dumps(data))
    result = call_cli("moves", str(save))
    assert result.returncode == 1 and '"rng"' in result.stderr, result.stderr

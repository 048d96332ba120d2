"""A person's game is never lost: the log is written before the first turn and after every
turn, whole (never half-written), kept on Ctrl-D, and a game goes on from it with
`replay LOG --save` then `play --load`.  Whatever is typed at the prompt is asked again,
never a crash; `play` refuses options it would otherwise ignore."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from conftest import ROOT, call_cli

pytestmark = pytest.mark.slow       # (pyproject.toml: what `slow` means)


def _play(*args, stdin: bytes = b"", cwd=ROOT):
    env = {k: v for k, v in os.environ.items() if k != "WONDERS_DEBUG"}
    env.update(PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-c", "import cli; cli.run()", "play", *args], input=stdin,
                          capture_output=True, cwd=str(cwd), env=env, timeout=120)


KEYBOARD = ["²", "٣", "9" * 10_000, "\x1b[31m", "\x07\x00", "1.0", "-1", "+1", "1 2", "0x1", "١"]


def test_anything_typed_at_the_prompt_is_asked_again():
    typed = "\n".join(KEYBOARD).encode("utf-8") + b"\n\xff\xfe not utf-8\n" + b"1\n" * 300
    result = _play("--players", "3", "--seed", "5", "--human", "2", stdin=typed)
    out = result.stdout.decode("utf-8", "replace")
    assert result.returncode == 0, result.stderr.decode()[-500:]
    assert out.count("Please type a number from 1 to") == len(KEYBOARD) + 1
    assert "Final scores" in out


def test_a_line_longer_than_any_answer_is_refused_whole():
    typed = b"1" * 100_000 + b"\n" + b"1\n" * 300
    result = _play("--players", "3", "--seed", "5", "--human", "2", stdin=typed)
    assert result.returncode == 0
    assert result.stdout.decode().count("Please type a number from 1 to") == 1


def test_ctrl_d_keeps_every_finished_turn_and_the_game_goes_on_from_it(tmp_path):
    log, position, rest = tmp_path / "game.json", tmp_path / "position.json", tmp_path / "rest.json"
    result = _play("--players", "3", "--seed", "5", "--human", "2", "--log", str(log), stdin=b"1\n" * 4)
    err = result.stderr.decode()
    assert result.returncode == 1 and "Traceback" not in err and "Aborted" not in err
    assert f"is in {log}" in err and "play --load" in err
    data = json.loads(log.read_text())
    assert data["result"] is None and len(data["choices"]) == 4 * 3   # four whole turns of three players

    replayed = call_cli("replay", str(log), "--save", str(position))
    assert replayed.returncode == 0, replayed.stderr
    assert "The log ends before the game does" in replayed.stdout and "turn 5" in replayed.stdout

    resumed = _play("--load", str(position), "--human", "2", "--log", str(rest), stdin=b"1\n" * 300)
    assert resumed.returncode == 0, resumed.stderr.decode()[-500:]
    assert "Final scores" in resumed.stdout.decode()
    whole = json.loads(rest.read_text())
    assert whole["choices"][:12] == data["choices"] and whole["result"] is not None
    assert call_cli("replay", str(rest)).returncode == 0


def test_load_refuses_options_the_save_already_fixes(tmp_path):
    log, position = tmp_path / "game.json", tmp_path / "position.json"
    assert call_cli("play", "--players", "3", "--log", str(log)).returncode == 0
    assert call_cli("replay", str(log), "--to", "2", "--save", str(position)).returncode == 0
    result = _play("--load", str(position), "--players", "4")
    assert result.returncode == 2 and b"leave out --players" in result.stderr
    for option in (["--seed", "7"], ["--sides", "B"], ["--seed", "0"]):     # given at all, even as the default
        result = _play("--load", str(position), *option)
        assert result.returncode == 2 and b"--seed and --sides" in result.stderr, option
    finished = tmp_path / "finished.json"
    assert call_cli("replay", str(log), "--save", str(finished)).returncode == 0
    result = _play("--load", str(finished))
    assert result.returncode == 1 and b"already over" in result.stderr


def test_the_log_grows_turn_by_turn(tmp_path, monkeypatch):
    """Every write is a whole log: the one after turn N holds N turns of choices."""
    from cli import main
    from interpreter.commands import common
    seen = []
    real = common.write_atomic

    def spy(path, text):
        real(path, text)
        seen.append(json.loads(open(path, encoding="utf-8").read()))
    monkeypatch.setattr(common, "write_atomic", spy)
    monkeypatch.setattr("interpreter.commands.play.write_atomic", spy)
    log = tmp_path / "game.json"
    result = CliRunner().invoke(main, ["play", "--players", "3", "--log", str(log)])
    assert result.exit_code == 0, result.output
    counts = [len(d["choices"]) for d in seen]
    assert counts[0] == 0 and counts == sorted(counts) and len(counts) > 18
    assert seen[-1]["result"] is not None and seen[-2]["result"] is None


def test_an_unwritable_log_is_reported_before_the_game_starts(tmp_path):
    blocker = tmp_path / "file.txt"
    blocker.write_text("not a folder")
    result = _play("--players", "3", "--log", str(blocker / "game.json"))
    assert result.returncode == 2
    assert b"cannot write the log" in result.stderr and result.stdout == b""


def test_a_full_disk_mid_game_keeps_the_last_log_and_the_score_pad(tmp_path, monkeypatch):
    from cli import main
    log = tmp_path / "game.json"
    calls = {"n": 0}
    real_fsync = os.fsync

    def fsync(fd):
        calls["n"] += 1
        if calls["n"] > 3:                    # the start and two turns are written, then the disk is full
            raise OSError(errno.ENOSPC, "No space left on device")
        real_fsync(fd)
    monkeypatch.setattr(os, "fsync", fsync)
    result = CliRunner().invoke(main, ["play", "--players", "3", "--log", str(log)])
    assert result.exit_code == 1
    assert "No space left on device" in result.output and "Final scores" in result.output
    kept = json.loads(log.read_text())
    assert len(kept["choices"]) == 2 * 3 and kept["result"] is None
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_failed_first_write_keeps_the_old_log(tmp_path, monkeypatch):
    from cli import main
    log = tmp_path / "game.json"
    log.write_text("the log of last night's game\n")

    def full(_fd):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, "fsync", full)
    result = CliRunner().invoke(main, ["play", "--players", "3", "--log", str(log)])
    assert result.exit_code == 2 and "No space left" in result.output
    assert log.read_text() == "the log of last night's game\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_replay_does_not_save_over_the_log_it_reads(tmp_path):
    log = tmp_path / "game.json"
    assert call_cli("play", "--players", "3", "--log", str(log)).returncode == 0
    before = log.read_text()
    for target in (str(log), str(tmp_path / "." / "game.json")):
        result = call_cli("replay", str(log), "--to", "3", "--save", target)
        assert result.returncode == 2 and "is the log being replayed" in result.stderr
        assert log.read_text() == before
    link = tmp_path / "link.json"
    link.symlink_to(log)
    assert call_cli("replay", str(log), "--save", str(link)).returncode == 2
    result = call_cli("replay", str(log), "--to", "3", "--save", str(log), "--force")
    assert result.returncode == 0 and json.loads(log.read_text())["format"] == "wonders-save/1"


def test_two_games_writing_one_log_never_leave_it_corrupt(tmp_path):
    log = tmp_path / "game.json"
    env = {k: v for k, v in os.environ.items() if k != "WONDERS_DEBUG"}
    env.update(PYTHONPATH=str(ROOT))
    games = [subprocess.Popen([sys.executable, "-c", "import cli; cli.run()", "play", "--players", str(n),
                               "--seed", str(n), "--log", str(log)], cwd=str(ROOT), env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for n in (3, 4, 5)]
    for game in games:
        assert game.wait(timeout=120) == 0, game.stderr.read()
    assert call_cli("replay", str(log)).returncode == 0         # whole: one of the three games
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


@pytest.mark.parametrize("option, value", [("--names", "a,b,c,d"), ("--wonders", "Rhodos,Gizah,Ephesos,Babylon"),
                                           ("--bots", "random,random,greedy,greedy"), ("--names", "a,a")])
def test_play_refuses_entries_it_would_ignore(option, value):
    result = _play("--players", "3", option, value)
    assert result.returncode == 2 and option.encode() in result.stderr


def test_replay_accepts_the_variant_path_the_game_was_played_with(tmp_path):
    variant = tmp_path / "house.wonders"
    variant.write_text('variant "House" {\n    changes "7 Wonders, first edition"\n    set starting coins 4\n}\n')
    log = tmp_path / "game.json"
    assert _play("--players", "3", "--variant", "house.wonders", "--log", "game.json", cwd=tmp_path).returncode == 0
    for given, cwd in (("house.wonders", tmp_path), ("./house.wonders", tmp_path), (str(variant), ROOT)):
        result = call_cli("replay", str(log), "--variant", given, cwd=cwd)
        assert result.returncode == 0, (given, result.stderr)
    other = tmp_path / "other.wonders"
    other.write_text(variant.read_text())
    result = call_cli("replay", str(log), "--variant", str(other))
    assert result.returncode == 2 and "was played with variants" in result.stderr

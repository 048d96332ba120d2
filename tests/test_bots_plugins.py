"""The plug-in interface: bots found by name, from a file, and from an installed package's
entry point; parameters; bad specs refused with a clear message (exit 2)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path

import pytest

from interpreter.bots import Bot, BotSpecError, make_bot, parse_bot_spec, split_bot_list
from interpreter.engine.game import Game
from tests.conftest import ROOT, call_cli, run_cli
from tests.scenario import tables

pytestmark = pytest.mark.slow       # (pyproject.toml: what `slow` means)


def test_specs_split_and_parse():
    assert split_bot_list("random, mcts:iterations=20,seconds=1,greedy,x.py:C:k=1,j=2") == \
        ["random", "mcts:iterations=20,seconds=1", "greedy", "x.py:C:k=1,j=2"]
    assert parse_bot_spec("x/my.py:Cls:k=1") == ("x/my.py:Cls", {"k": "1"})
    assert parse_bot_spec("greedy") == ("greedy", {})
    with pytest.raises(BotSpecError, match="key=value"):
        parse_bot_spec("greedy:fast")
    with pytest.raises(BotSpecError, match="given twice"):
        parse_bot_spec("mcts:iterations=1,iterations=2")


def test_unknown_bots_and_parameters_are_refused_with_their_name():
    with pytest.raises(BotSpecError, match="did you mean 'greedy'"):
        make_bot("gredy", 0)
    with pytest.raises(BotSpecError, match="takes no parameters"):
        make_bot("greedy:depth=2", 0)


def test_a_bot_sees_a_view_not_the_game():
    seen = []

    class Spy(Bot):
        def choose(self, view, options):
            seen.append(view)
            assert not isinstance(view, Game)
            assert view.hand == tuple(view.memory.hands[(view.age, view.turn)])
            assert view.discard is None or view.kind == "discard"
            for city in view.cities:                 # others' cards under their stages are hidden
                assert (city.under_stages is None) == (city.seat != view.player)
            with pytest.raises(AttributeError):
                view.cities[0].coins = 99
            return 0

    from interpreter.bots import BotSeat
    game = Game(tables(), 3, seed=2)
    game.play([BotSeat(Spy(seed=s)) for s in range(3)])
    assert game.finished and len(seen) == 3 * 18


def test_a_bot_answering_nonsense_is_an_error_naming_it():
    class Broken(Bot):
        def choose(self, view, options):
            return len(options)

    from interpreter.bots import BotError, BotSeat
    game = Game(tables(), 3, seed=2)
    with pytest.raises(BotError, match="not the index"):
        game.step([BotSeat(Broken(), "broken")] * 3)


def test_play_with_a_bot_from_a_file_and_its_parameters():
    result = run_cli("play", "--players", "3", "--seed", "4", "--format", "json",
                     "--bots", "docs/examples/first_bot.py:PointsFirst:coins=0.5,random")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["options"]["bots"] == ["docs/examples/first_bot.py:PointsFirst:coins=0.5", "random"]


@pytest.mark.parametrize("spec, message", [
    ("gredy", "unknown bot 'gredy'; did you mean 'greedy'?"),
    ("greedy:depth=3", "bot 'greedy' has no parameter 'depth'"),
    ("docs/examples/first_bot.py:PointsFirst:coins=lots", "parameter 'coins' must be a number, not 'lots'"),
    ("docs/examples/first_bot.py:Nope", "has no class 'Nope' (bot classes there: PointsFirst)"),
    ("missing.py:Bot", "no file missing.py"),
])
def test_bad_bot_specs_exit_2_with_a_clear_message(spec, message):
    result = call_cli("play", "--players", "3", "--bots", spec)
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr


def test_a_bot_file_with_a_syntax_error_names_the_line(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("class B:\n    def choose(self, view, options)\n        return 0\n")
    result = call_cli("play", "--players", "3", "--bots", f"{bad}:B")
    assert result.returncode == 2 and f"{bad}:2:" in result.stderr and "syntax error" in result.stderr


PLUGIN = {
    "pyproject.toml": """
        [build-system]
        requires = ["hatchling"]
        build-backend = "hatchling.build"

        [project]
        name = "wonders-cautious-bot"
        version = "1.0"

        [project.entry-points."wonders.bots"]
        cautious = "cautious_bot:Cautious"

        [tool.hatch.build.targets.wheel]
        only-include = ["cautious_bot.py"]
        """,
    "cautious_bot.py": """
        from interpreter.bots import Bot, Param

        class Cautious(Bot):
            '''Never pays a neighbour: the first option that costs no trade coins.'''
            name = "cautious"
            parameters = {"sell": Param(int, 0, "1: sell whenever it cannot build for free")}

            def choose(self, view, options):
                for i, o in enumerate(options):
                    if o.kind != "sell" and not o.left and not o.right and not self.sell:
                        return i
                return len(options) - 1
        """,
}


def test_an_installed_package_brings_a_bot_through_its_entry_point(tmp_path):
    """A third-party package installed with pip into a fresh virtual environment (which
    sees this one's packages and this checkout) is found by name and plays."""
    package = tmp_path / "plugin"
    package.mkdir()
    for name, text in PLUGIN.items():
        (package / name).write_text(textwrap.dedent(text))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(venv)],
                   check=True, capture_output=True)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    # the new environment sees this one's packages (wonders' dependencies, pip, hatchling) and this checkout
    Path(site, "parent.pth").write_text(f"{sysconfig.get_paths()['purelib']}\n{ROOT}\n")
    install = subprocess.run([str(python), "-m", "pip", "install", "--no-deps", "--no-build-isolation",
                              "--no-index", "-q", str(package)], capture_output=True, text=True)
    assert install.returncode == 0, install.stderr
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "WONDERS_DEBUG")}
    play = subprocess.run([str(python), "-c", "import cli; cli.run()", "play", "--players", "3", "--seed", "3",
                           "--bots", "cautious:sell=0,greedy", "--format", "json"],
                          cwd=str(tmp_path), capture_output=True, text=True, env=env, timeout=120)
    assert play.returncode == 0, play.stderr
    assert json.loads(play.stdout)["options"]["bots"] == ["cautious:sell=0", "greedy"]
    refused = subprocess.run([str(python), "-c", "import cli; cli.run()", "play", "--players", "3",
                              "--bots", "cautious:sel=1"], cwd=str(tmp_path), capture_output=True, text=True, env=env)
    assert refused.returncode == 2 and "bot 'cautious' has no parameter 'sel'" in refused.stderr


# ---------------------------------------------------------------- a plug-in's code misbehaving (issue 21)
MISBEHAVING = '''
import sys
from interpreter.bots import Bot


class Chatty(Bot):
    def __init__(self, seed=0, **params):
        print("chatty: warming up")
        super().__init__(seed, **params)

    def choose(self, view, options):
        print("chatty: thinking about", len(options), "options")
        return 0


class Quitter(Bot):
    def choose(self, view, options):
        sys.exit(5)


class Fragile(Bot):
    def __init__(self, seed=0, **params):
        raise RuntimeError("no model file")


class Illegal(Bot):
    def choose(self, view, options):
        return len(options)


class Moody(Bot):
    """Fails in every game whose seed is even (a bot's seed is the game's times 1000 plus the seat)."""
    def choose(self, view, options):
        if self.seed // 1000 % 2 == 0:
            raise ValueError("a bad day")
        return 0
'''


@pytest.fixture(scope="module")
def misbehaving(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("bots") / "misbehaving.py"
    path.write_text(MISBEHAVING, encoding="utf-8")
    return path


@pytest.mark.parametrize("command", [["play", "--players", "3"],
                                     ["simulate", "--players", "3", "--games", "4", "--workers", "2", "--quiet"]])
def test_what_a_bot_prints_goes_to_stderr_not_into_json(misbehaving, command):
    result = run_cli(*command, "--bots", f"{misbehaving}:Chatty", "--format", "json")
    assert result.returncode == 0, result.stderr
    json.loads(result.stdout)                                  # nothing else on stdout
    assert "chatty: thinking about" in result.stderr and "chatty: warming up" in result.stderr


def test_a_bot_calling_sys_exit_is_an_error_naming_it(misbehaving):
    result = run_cli("play", "--players", "3", "--bots", f"{misbehaving}:Quitter")
    assert result.returncode == 1, result.stderr
    assert f"{misbehaving}:Quitter" in result.stderr and "sys.exit(5)" in result.stderr
    result = run_cli("simulate", "--players", "3", "--games", "2", "--workers", "1", "--quiet",
                     "--bots", f"{misbehaving}:Quitter", "--format", "json")
    assert result.returncode == 1 and "sys.exit(5)" in json.loads(result.stdout)["failed"][0]["error"]


@pytest.mark.parametrize("command", [["play", "--players", "3"],
                                     ["simulate", "--players", "3", "--games", "2", "--quiet"]])
def test_a_bot_whose_constructor_raises_is_a_usage_error(misbehaving, command):
    result = call_cli(*command, "--bots", f"{misbehaving}:Fragile")
    assert result.returncode == 2, result.stderr
    assert "Fragile" in result.stderr and "no model file" in result.stderr and "Traceback" not in result.stderr


def test_a_bot_answering_an_illegal_option_in_play_exits_1(misbehaving, tmp_path):
    log = tmp_path / "game.json"
    result = run_cli("play", "--players", "3", "--bots", f"random,{misbehaving}:Illegal", "--log", str(log))
    assert result.returncode == 1, result.stderr
    assert "not the index" in result.stderr and "Illegal" in result.stderr and "internal error" not in result.stderr
    assert json.loads(log.read_text(encoding="utf-8"))["choices"] == []


def test_failed_games_make_a_loud_biased_summary_and_a_replay_play_accepts(misbehaving):
    import shlex
    result = run_cli("simulate", "--players", "3", "--games", "8", "--workers", "1", "--quiet",
                     "--bots", f"{misbehaving}:Moody")
    assert result.returncode == 1, result.stderr
    first = result.stdout.splitlines()[0]
    failed = int(first.split()[1])
    assert 0 < failed < 8
    assert first.startswith(f"WARNING: {failed} of 8 games failed") and "biased" in first
    assert f"error: {failed} game(s) failed" in result.stderr
    replay = next(line.split("replay: ", 1)[1] for line in result.stdout.splitlines() if "replay: " in line)
    again = run_cli(*shlex.split(replay)[1:])
    assert again.returncode == 1, again.stderr                 # accepted by play, and fails the same way
    assert "a bad day" in again.stderr and "Moody" in again.stderr
    compared = run_cli("compare", "--players", "3", "--games", "8", "--workers", "1", "--quiet",
                       "--bots", f"{misbehaving}:Moody", "--variant", "cheap-trade")
    assert compared.returncode == 1 and compared.stdout.startswith("WARNING: ")
    assert compared.stdout.count("replay: wonders play") == 2 * failed      # listed, as the message says


def test_a_ladder_with_failed_games_says_its_ratings_are_biased(misbehaving):
    result = run_cli("ladder", "--bots", f"random,{misbehaving}:Moody", "--players", "3", "--games", "6",
                     "--workers", "1", "--quiet")
    assert result.returncode == 1, result.stderr
    assert result.stdout.startswith("WARNING: ") and "biased" in result.stdout.splitlines()[0]

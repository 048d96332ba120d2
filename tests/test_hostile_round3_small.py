"""The smaller findings of the third hostile round (issue 36, item 7), each from its
reproduction: `replay --to` past the log's end, a translation file that is a pipe or a
device, braille that could only write an escape, a `WONDERS_LOUIS` that is no liblouis,
planted escapes and foreign wonders, sides and bots in a resumed records file, a card name
too long for a file name, an endless `fmt` input, and Dutch names in `cards --format json`."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, cli_env, call_cli, run_cli

POSIX_SPECIAL = pytest.mark.skipif(os.name != "posix" or not hasattr(os, "mkfifo"), reason="POSIX special files")


# ---------------------------------------------------------------- replay --to past the end
@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    """A finished game's log (3 players: 18 turns) and the log of the same game stopped
    after its 6th turn, as `play --log` leaves it while the game goes on."""
    folder = tmp_path_factory.mktemp("logs")
    finished = folder / "game.json"
    assert call_cli("play", "--players", "3", "--seed", "7", "--log", str(finished)).returncode == 0
    data = json.loads(finished.read_text())
    data["choices"] = [c for c in data["choices"] if (c["age"], c["turn"]) <= (1, 6)]
    data["result"] = None
    unfinished = folder / "unfinished.json"
    unfinished.write_text(json.dumps(data))
    return finished, unfinished


@pytest.mark.slow
def test_replay_to_past_the_end_of_a_finished_log_says_so_and_shows_the_last_state(logs, tmp_path):
    finished, _ = logs
    saved = tmp_path / "end.json"
    result = call_cli("replay", str(finished), "--to", "1000", "--save", str(saved))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "--to 1000 is past the end of the log, which holds 18 turns" in out, out[:400]
    assert "State at the end of the game:" in out and "Replay checked" not in out
    assert "hand: -" in out and "discard pile:" in out            # the cities as they ended
    state = json.loads(saved.read_text())
    assert state["cities"] and all(hand == [] for hand in state["hands"])
    exact = call_cli("replay", str(finished), "--to", "18")          # the end itself is not past it
    assert exact.returncode == 0 and "past the end" not in exact.stdout + exact.stderr


def test_replay_to_past_the_end_of_an_unfinished_log_says_so_and_shows_the_last_state(logs):
    _, unfinished = logs
    result = call_cli("replay", str(unfinished), "--to", "9")
    assert result.returncode == 0, result.stderr
    assert "--to 9 is past the end of the log, which holds 6 turns" in result.stdout
    assert "State before age II, turn 1:" in result.stdout
    inside = call_cli("replay", str(unfinished), "--to", "6")
    assert inside.returncode == 0 and "past the end" not in inside.stdout + inside.stderr


def test_replay_past_the_end_in_json_keeps_stdout_json(logs):
    finished, _ = logs
    result = call_cli("replay", str(finished), "--to", "1000", "--format", "json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["cities"]
    assert "--to 1000 is past the end of the log, which holds 18 turns" in result.stderr


# ---------------------------------------------------------------- a translation file that is not a file
@POSIX_SPECIAL
@pytest.mark.parametrize("kind", ["a pipe (FIFO)", "a character device"])
def test_names_read_reports_a_special_translation_file(tmp_path, kind):
    from interpreter.i18n.content_names import Names
    path = _special(tmp_path / "nl.po", kind)
    names, problems = Names.read("nl", [(path, "x/locales/nl.po")])
    assert problems == [f"x/locales/nl.po:1: cannot read it: it is {kind}, not a regular file"]
    assert names.card("Altar") == "Altar"


def _special(path: Path, kind: str) -> Path:
    if kind == "a pipe (FIFO)":
        os.mkfifo(path)
    else:
        if not Path("/dev/null").exists():
            pytest.skip("no /dev/null")
        path.symlink_to("/dev/null")
    return path


@POSIX_SPECIAL
@pytest.mark.slow
@pytest.mark.parametrize("kind", ["a pipe (FIFO)", "a character device"])
def test_check_and_cards_report_a_special_translation_file(tmp_path, kind):
    folder = tmp_path / "content"
    shutil.copytree(ROOT / "content", folder, ignore=shutil.ignore_patterns("second-edition"))
    (folder / "locales" / "nl.po").unlink()
    _special(folder / "locales" / "nl.po", kind)
    checked = run_cli("check", str(folder), timeout=60)
    assert checked.returncode == 1, checked.stdout[-500:]
    assert (f"error[E1603]: the translation file cannot be read: cannot read it: it is {kind}, not a regular "
            f"file\n --> {folder}/locales/nl.po:1:1") in checked.stdout
    shown = run_cli("cards", "--content", str(folder), "--lang", "nl", "--search", "Altar", timeout=60)
    assert shown.returncode == 0, shown.stderr
    assert f"waarschuwing: {folder}/locales/nl.po:1:" in shown.stderr and kind.split()[1] in shown.stderr
    assert " Altar " in shown.stdout


@POSIX_SPECIAL
@pytest.mark.slow
def test_a_pipe_among_a_variant_folders_translations_is_reported(tmp_path):
    folder = tmp_path / "content"
    shutil.copytree(ROOT / "content", folder, ignore=shutil.ignore_patterns("second-edition"))
    (folder / "variants" / "locales").mkdir(exist_ok=True)
    target = folder / "variants" / "locales" / "nl.po"
    target.unlink(missing_ok=True)
    os.mkfifo(target)
    checked = run_cli("check", str(folder), timeout=60)
    assert checked.returncode == 1, checked.stdout[-500:]
    assert f"it is a pipe (FIFO), not a regular file\n --> {folder}/variants/locales/nl.po:1:1" in checked.stdout


# ---------------------------------------------------------------- braille
def _louis():
    from interpreter.views.access import braille
    try:
        return braille.louis()
    except braille.BrailleUnavailable as err:
        pytest.skip(f"liblouis is not installed: {err}")


@pytest.mark.parametrize("table", ["en-ueb-g1.ctb", "nl-NL-g0.utb"])
def test_a_character_the_table_can_only_escape_is_refused(table):
    _louis()
    from interpreter.views.access.braille import BrailleTextError, to_braille
    with pytest.raises(BrailleTextError) as found:
        to_braille("Clay Poo\u4e2d", table)
    assert "'Clay Poo\u4e2d'" in str(found.value) and "'\u4e2d'" in str(found.value)
    assert to_braille("Clay Pool", table)                      # what the table writes passes


def test_render_refuses_a_name_braille_could_only_escape(tmp_path, content_copy):
    _louis()
    age1 = content_copy / "age1.wonders"
    age1.write_text(age1.read_text(encoding="utf-8").replace('"Clay Pool"', '"Clay Poo\u4e2d"'), encoding="utf-8")
    out = tmp_path / "x.brf"
    result = call_cli("render", "--braille", str(out), "--content", str(content_copy))
    assert result.returncode == 1, result.stderr
    assert "Clay Poo\u4e2d" in result.stderr and "'\u4e2d'" in result.stderr and "no file was written" in result.stderr
    assert not out.exists()


NOT_LIBLOUIS = {
    "a module without it": ("louis/__init__.py", "x = 1\n"),
    "a module that fails": ("louis/__init__.py", "raise ValueError('no')\n"),
    "a module that does not parse": ("louis/__init__.py", "def (:\n"),
    "not a Python file": ("louis.txt", "hello\n"),
    "a folder": ("louis", None),
}


@pytest.mark.slow
@pytest.mark.parametrize("case", NOT_LIBLOUIS)
def test_wonders_louis_naming_no_liblouis_exits_69(tmp_path, case):
    name, text = NOT_LIBLOUIS[case]
    place = tmp_path / name
    place.parent.mkdir(parents=True, exist_ok=True)
    if text is None:
        place.mkdir()
    else:
        place.write_text(text)
    result = subprocess.run([sys.executable, "-c", "import cli; cli.run()", "render", "--braille",
                             str(tmp_path / "x.brf")], cwd=ROOT, env=cli_env({"WONDERS_LOUIS": str(place)}),
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 69, result.stderr
    assert "python3-louis" in result.stderr and str(place) in result.stderr
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    assert not (tmp_path / "x.brf").exists()


# ---------------------------------------------------------------- a resumed records file
@pytest.fixture(scope="module")
def records(tmp_path_factory) -> str:
    out = tmp_path_factory.mktemp("records") / "run.jsonl"
    assert call_cli("simulate", "--workers", "1", "--quiet", "--players", "3", "--games", "3", "--bots", "random,greedy",
                   "--out", str(out)).returncode == 0
    return out.read_text()


def _resumed(tmp_path, text: str, edit, line: int = 2):
    lines = text.splitlines(keepends=True)
    record = json.loads(lines[line - 1])
    edit(record)
    lines[line - 1] = json.dumps(record) + "\n"
    out = tmp_path / "run.jsonl"
    out.write_text("".join(lines))
    return out, call_cli("simulate", "--workers", "1", "--quiet", "--players", "3", "--games", "5", "--bots", "random,greedy",
                        "--out", str(out), "--resume")


PLANTED = "\x1b]0;owned\x07\x1b[2J\x9b31m"


@pytest.mark.slow
@pytest.mark.parametrize("where, edit", [
    ("rules", lambda r: r.update(rules=PLANTED)),
    ("dealt", lambda r: r["dealt"].update({PLANTED: "x"})),
    ("scores", lambda r: r["seats"][0]["scores"].update({PLANTED: "x"})),
    ("header", lambda r: r["options"].update(bots=[PLANTED])),
])
def test_planted_escapes_in_a_records_file_are_not_echoed_raw(tmp_path, records, where, edit):
    _, result = _resumed(tmp_path, records, edit, line=1 if where == "header" else 2)
    assert result.returncode in (1, 2), result.stderr
    assert "\x1b" not in result.stderr and "\x07" not in result.stderr and "\x9b" not in result.stderr
    assert "\\x1b" in result.stderr or "\\u001b" in result.stderr, result.stderr      # shown escaped


@pytest.mark.slow
@pytest.mark.parametrize("field, edit, why", [
    ('"seats"[0]."wonder"', lambda r: r["seats"][0].update(wonder="Atlantis"), "the run's rules have no wonder"),
    ('"seats"[1]."side"', lambda r: r["seats"][1].update(side="C"), "has no side"),
    ('"seats"[2]."bot"', lambda r: r["seats"][2].update(bot="mcts"), "the run's bots are random, greedy"),
])
def test_a_record_naming_what_the_run_does_not_have_is_refused(tmp_path, records, field, edit, why):
    out, result = _resumed(tmp_path, records, edit)
    assert result.returncode == 1, result.stdout[-300:] + result.stderr
    assert f"{out}:2: {field} is " in result.stderr and why in result.stderr, result.stderr
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr


def test_record_check_holds_the_record_to_the_run():
    from interpreter.sim.record_check import Cast, cast_problem
    cast = Cast({"Gizah": ("A", "B"), "Rhodos": ("A", "B")}, ("random", "greedy"), "random")
    seat = {"wonder": "Gizah", "side": "A", "bot": "greedy"}
    assert cast_problem({"seats": [seat]}, cast) is None
    assert cast_problem({"seats": [dict(seat, side="B")]}, Cast(cast.wonders, cast.bots, "A")) == \
        '"seats"[0]."side" is "B", but the run plays side A'
    assert cast_problem({"seats": [dict(seat, wonder="\x1b]0")]}, cast) == \
        '"seats"[0]."wonder" is "\\u001b]0", but the run\'s rules have no wonder of that name'
    assert cast_problem({"error": "boom", "replay": "x"}, cast) is None


# ---------------------------------------------------------------- render: a name too long for a file name
def test_a_long_card_name_gets_a_short_distinct_file_name():
    from interpreter.views.render.build import OURS, slug
    long_a, long_b = "Clay Pool " * 40 + "A", "Clay Pool " * 40 + "B"
    assert len(slug(long_a)) <= 100 and slug(long_a) != slug(long_b)
    assert OURS.fullmatch(f"cards/age1-{slug(long_a)}.svg")
    assert slug("Clay Pool") == "clay-pool"                    # a short name keeps its file name


@pytest.mark.slow
def test_render_draws_a_card_whose_name_is_too_long_for_a_file_name(tmp_path, content_copy):
    name = "Lumber Yard of " + "the Very Long Forest " * 15
    age1 = content_copy / "age1.wonders"
    age1.write_text(age1.read_text(encoding="utf-8").replace('"Lumber Yard"', f'"{name}"'), encoding="utf-8")
    out = tmp_path / "out"
    result = call_cli("render", "--out", str(out), "--age", "1", "--content", str(content_copy))
    assert result.returncode == 0, result.stderr
    drawn = [p.name for p in (out / "cards").iterdir()]
    long = [f for f in drawn if f.startswith("age1-lumber-yard-of-the-very")]
    assert len(long) == 1 and len(long[0].encode()) <= 120
    assert name.strip() in (out / "index.html").read_text(encoding="utf-8")


# ---------------------------------------------------------------- fmt: an endless standard input
@pytest.mark.slow
def test_fmt_reads_no_more_of_an_endless_input_than_the_file_bound():
    endless = subprocess.Popen(["yes", "card"], stdout=subprocess.PIPE)
    try:
        result = subprocess.run([sys.executable, "-c", "import cli; cli.run()", "fmt"], cwd=ROOT, env=cli_env(),
                                stdin=endless.stdout, capture_output=True, text=True, timeout=120)
    finally:
        endless.kill()
        endless.wait()
    assert result.returncode == 1 and "E0005" in result.stderr and "Traceback" not in result.stderr


# ---------------------------------------------------------------- cards --format json in Dutch
def test_cards_json_in_dutch_keeps_the_name_and_adds_the_shown_name():
    result = call_cli("cards", "--format", "json", "--lang", "nl", "--search", "Stables")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    card = data["cards"][0]
    assert card["name"] == "Stables" and card["shown"] == "Stallen"
    alexandria = next(w for w in data["wonders"] if w["name"] == "Alexandria")
    assert alexandria["shown"] == "Alexandria: De Pharos van Alexandrië"
    english = json.loads(call_cli("cards", "--format", "json", "--search", "Stables").stdout)
    assert english["cards"][0]["shown"] == "Stables"

"""`wonders tune`: the tuning file (ranges and targets), the targets' measures, and the
command as a user runs it (a search that finds a setting meeting its targets, resuming,
refusals with their locations, Ctrl-C)."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

from interpreter.sim.tune_file import TuneFileError, read_tune_file
from interpreter.sim.tune_measure import SkillTally, TrialTally, share_figure, sides_figure, skill_figure
from tests.conftest import call_cli, run_cli, start_cli, wait_until

RICH = """\
# Richer starts: how many coins make the treasury a fifth of the winners' points?
variant "Rich start" {
    changes "7 Wonders, first edition"
    set starting coins 0..30
}
target share of treasury above 20
target share of treasury under 24
"""


def test_ranges_and_targets_are_read_with_their_places():
    text = RICH.replace("set starting coins 0..30", 'set starting coins 0..30  # not "1..2" here\n'
                        '    add card "Sign 1..2" { age I color blue copies 3+ points -3..-1 }')
    tuned = read_tune_file("rich.wonders", text)
    assert [(r.key, r.line, r.column, r.low, r.high) for r in tuned.ranges] == [
        ("line 4: set starting coins", 4, 24, 0, 30), ("line 5: blue copies 3+ points", 5, 62, -3, -1)]
    assert [(t.kind, t.category, t.above, t.bound, t.span.line) for t in tuned.targets] == [
        ("share", "treasury", True, 20.0, 7), ("share", "treasury", False, 24.0, 8)]
    setting = tuned.setting({"line 4: set starting coins": 7, "line 5: blue copies 3+ points": -2})
    assert 'set starting coins 7  # not "1..2" here' in setting
    assert 'card "Sign 1..2" { age I color blue copies 3+ points -2 }' in setting
    assert "# target share of treasury above 20" in setting and "\ntarget" not in setting


@pytest.mark.parametrize("line, code, words", [
    ("target sides near 5", "E2050", "target not understood"),
    ("target share of science under 120", "E2050", "at most 100"),
    ("", "E2050", "no target"),
])
def test_targets_that_are_not_understood_are_located(line, code, words):
    text = RICH.split("target")[0] + line + "\n"
    with pytest.raises(TuneFileError) as caught:
        read_tune_file("rich.wonders", text)
    found = caught.value.diagnostics[0]
    assert (found.code, words in found.message or words in found.label) == (code, True)
    if line:
        assert (found.span.line, found.span.column) == (6, 8)


@pytest.mark.parametrize("change, message", [("0..30", "nothing to tune"), ("0..0", "cannot be tuned"),
                                             ("5..2", "cannot be tuned"), ("0..5000", "cannot be tuned")])
def test_ranges_that_cannot_be_tuned_are_refused(change, message):
    text = RICH.replace("0..30", "12" if message == "nothing to tune" else change)
    with pytest.raises(TuneFileError) as caught:
        read_tune_file("rich.wonders", text)
    assert caught.value.diagnostics[0].code == "E2052" and message in caught.value.diagnostics[0].message


def _record(game, seats):
    return {"game": game, "seats": [{"wonder": w, "side": "A", "win": win, "total": total, "bot": bot,
                                     "scores": {"military": mil, "treasury": total - mil}}
                                    for w, win, total, mil, bot in seats]}


def test_measures_and_distances():
    tune = read_tune_file("t.wonders", 'variant "X" { changes "R"; set trade price 1..3 }\n'
                          "target sides within 10\ntarget share of military under 30\n"
                          "target skill heuristic over random above 15\n")
    sides_target, share_target, skill_target = tune.targets
    tally = TrialTally()
    tally.add(_record(0, [("Giza", 1.0, 50, 20, "r"), ("Rhodos", 0.0, 40, 0, "r")]))
    tally.add(_record(1, [("Giza", 1.0, 50, 10, "r"), ("Rhodos", 0.0, 40, 0, "r")]))
    tally.add({"game": 2, "error": "boom"})
    sides = sides_figure(sides_target, tally)          # 2 wins of 2: far from a fair 50 %, but no evidence
    assert (sides.about, sides.value, sides.distance, sides.plausible, tally.games) == ("Giza A", 100.0, 0.0, True, 2)
    assert sides.width > 10
    many = TrialTally()
    for game in range(40):
        many.add(_record(game, [("Giza", 1.0, 50, 20, "r"), ("Rhodos", 0.0, 40, 0, "r")]))
    sides = sides_figure(sides_target, many)           # 40 of 40: the interval's low edge 91.2 % is 31.2 beyond 60 %
    assert sides.about == "Giza A" and sides.distance == pytest.approx(31.24, abs=0.01) and not sides.plausible
    share = share_figure(share_target, tally)            # winners' military: 40 % then 20 %
    assert share.value == pytest.approx(30.0) and share.distance == 0.0 and share.plausible
    skill = SkillTally("heuristic")
    for game, win in enumerate([1.0, 1.0, 0.0, 0.5]):
        skill.add(_record(game, [("Giza", win, 50, 0, "heuristic"), ("Rhodos", 1 - win, 50, 0, "random")]))
    figure = skill_figure(skill_target, skill)           # 62.5 % against a fair 50 %: a gap of 12.5 points
    assert figure.value == pytest.approx(12.5) and figure.distance == pytest.approx(2.5) and figure.plausible


def _tune(tmp_path, *extra, text=RICH, trials="10"):
    path = tmp_path / "rich.wonders"
    path.write_text(text)
    return call_cli("tune", str(path), "--players", "3", "--games", "16", "--trials", trials, "--bots", "greedy",
                   "--workers", "1", "--seed", "3", "--study", str(tmp_path / "rich.study"),
                   "--out", str(tmp_path / "tuned.wonders"), *extra, timeout=600)


@pytest.mark.slow
def test_the_search_finds_a_setting_that_meets_its_targets_and_writes_a_checked_variant(tmp_path):
    done = _tune(tmp_path, "--format", "json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    coins = result["best"]["settings"]["line 4: set starting coins"]
    assert result["best"]["distance"] == 0.0 and result["trials"] == 10
    assert all(f["distance"] == 0.0 for f in result["best"]["figures"])
    low, high = result["region"]["line 4: set starting coins"]
    assert 0 < low <= coins <= high < 30               # neither end of the range meets both targets
    tuned = (tmp_path / "tuned.wonders").read_text()
    assert f"set starting coins {coins}\n" in tuned and "# target share of treasury above 20" in tuned
    checked = call_cli("check", "--variant", str(tmp_path / "tuned.wonders"))
    assert checked.returncode == 0, checked.stderr
    # the same deals and seed: the same search, to the last digit
    again = _tune(tmp_path, "--format", "json", "--fresh")
    assert json.loads(again.stdout)["best"] == result["best"]
    # resumed: the study holds its ten trials, two more are played
    more = _tune(tmp_path, "--format", "json", trials="12")
    assert more.returncode == 0 and json.loads(more.stdout)["trials"] == 12
    other = _tune(tmp_path, "--games", "17")
    assert other.returncode == 2 and "--fresh starts it again" in other.stderr


@pytest.mark.slow
def test_targets_it_cannot_measure_are_refused_at_their_line(tmp_path):
    text = RICH.replace("above 20", "above 20\ntarget share of tresury under 5\ntarget skill greedy over greedy above 5")
    done = _tune(tmp_path, text=text)
    assert done.returncode == 1
    assert "error[E2051]: no score category 'tresury' to measure" in done.stderr
    assert "rich.wonders:7:8" in done.stderr and "did you mean `treasury`?" in done.stderr
    assert "a player against itself measures no skill" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "rich.study").exists()


@pytest.mark.slow
def test_a_target_it_cannot_measure_is_refused_before_the_default_players_fit(tmp_path):
    """The default players are adaptive (issue 38): their minute's fit is never followed by
    an error that could have been given before it."""
    path = tmp_path / "rich.wonders"
    path.write_text(RICH.replace("share of treasury above", "share of tresury above"))
    done = call_cli("tune", str(path), "--players", "3", "--study", str(tmp_path / "rich.study"))
    assert done.returncode == 1 and "error[E2051]" in done.stderr, done.stderr
    assert "fitting" not in done.stderr
    assert not (Path(os.environ["WONDERS_CACHE_DIR"]) / "adaptive").exists()


@pytest.mark.slow
def test_check_refuses_a_range_and_a_target_line(tmp_path):
    path = tmp_path / "rich.wonders"
    path.write_text(RICH)
    done = call_cli("check", "--variant", str(path))
    assert done.returncode == 1 and "error[E0009]: a range is for `wonders tune`" in done.stdout
    assert f"{path}:4:24" in done.stdout and "^^^^^" in done.stdout
    path.write_text(RICH.replace("0..30", "3"))
    done = call_cli("check", "--variant", str(path))
    assert done.returncode == 1 and "a `target` line is for `wonders tune`" in done.stdout


@pytest.mark.slow
def test_ctrl_c_keeps_the_trials_finished_and_the_run_resumes(tmp_path):
    path = tmp_path / "rich.wonders"
    path.write_text(RICH)
    study = tmp_path / "rich.study"
    args = ("tune", str(path), "--players", "3", "--games", "30", "--trials", "200", "--bots", "greedy",
            "--workers", "1", "--study", str(study), "--out", str(tmp_path / "tuned.wonders"))
    process = start_cli(*args, stdout=-1, stderr=-1, text=True)
    wait_until(lambda: study.exists() and study.read_text().count('"state":1') >= 2, "two finished trials")
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=300)
    assert process.returncode == 130, err
    assert "run the command again to resume" in err and "Best setting" in out and "Traceback" not in err
    assert (tmp_path / "tuned.wonders").read_text().startswith("# Tuned by `wonders tune`")
    resumed = run_cli(*args[:7], "3", *args[8:], "--format", "json", timeout=600)
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads(resumed.stdout)["trials"] >= 2


def test_the_docs_tuning_example_is_a_tuning_file_of_two_ranges_and_two_targets():
    from tests.conftest import ROOT
    path = ROOT / "docs" / "examples" / "tuning" / "harsh.wonders"
    tuned = read_tune_file(str(path), path.read_text(encoding="utf-8"))
    assert [(r.low, r.high) for r in tuned.ranges] == [(1, 6), (-6, -1)]
    assert [t.kind for t in tuned.targets] == ["sides", "share"]

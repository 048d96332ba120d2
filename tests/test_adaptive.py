"""The adaptive bot (issue 16): fitted to the rules in use by `wonders train` or on first
use, kept in a per-user cache keyed by the rules' fingerprint and player count.

Every test runs with its own cache folder (WONDERS_CACHE_DIR, set by tests/conftest.py) and
tiny fits (a generation or two of two games per candidate).  The commands run in this
process (conftest.call_cli), where a first use's fit sees one core and plays its games here;
the fit on two workers (a pool) and Ctrl-C run in processes of their own."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT, call_cli, call_json, default_signals, run_json

pytestmark = pytest.mark.slow       # (pyproject.toml: what `slow` means)

TINY = ("--generations", "1", "--games", "2", "--workers", "1")
TINY_BOT = "adaptive:generations=1,games=2"


def cache_files() -> list[Path]:
    folder = Path(os.environ["WONDERS_CACHE_DIR"]) / "adaptive"
    return sorted(folder.iterdir()) if folder.is_dir() else []


def train(*args):
    result, data = call_json("train", "--players", "3", *TINY, *args)
    assert result.returncode == 0, result.stderr
    return data


def test_the_same_seed_fits_the_same_weights_and_another_seed_others():
    first = train("--seed", "7", "--generations", "2")
    again = train("--seed", "7", "--generations", "2")
    other = train("--seed", "8", "--generations", "2")
    assert (first["weights"], first["check"]) == (again["weights"], again["check"])
    # (the acceptance check may keep the starting weights for both seeds: then its games differ)
    assert (first["weights"], first["check"]) != (other["weights"], other["check"])
    assert first["generations"] == 2 and first["games"] > 0


def test_train_keeps_the_fit_in_the_cache_and_play_reuses_it():
    data = train()
    path = Path(data["file"])
    assert [p.name for p in cache_files()] == [path.name]           # written whole: no temporary left
    stored = json.loads(path.read_text())
    assert stored["format"] == "wonders-adaptive-fit" and stored["players"] == 3
    assert stored["key"] == path.stem and len(stored["weights"]) == len(data["weights"])
    before = path.stat().st_mtime_ns
    result = call_cli("play", "--players", "3", "--seed", "2", "--bots", "adaptive")
    assert result.returncode == 0, result.stderr
    assert "fitting" not in result.stderr                          # reused, not fitted again
    assert path.stat().st_mtime_ns == before


def test_first_use_fits_with_progress_on_stderr_then_reuses():
    first = call_cli("simulate", "--players", "3", "--games", "2", "--workers", "1", "--bots", TINY_BOT)
    assert first.returncode == 0, first.stderr
    assert "fitting adaptive to 7 Wonders, first edition, 3 players" in first.stderr
    assert "generation 1/1" in first.stderr
    assert len(cache_files()) == 1
    second = call_cli("simulate", "--players", "3", "--games", "2", "--workers", "1", "--bots", TINY_BOT)
    assert second.returncode == 0 and "fitting" not in second.stderr
    assert first.stdout == second.stdout                            # the same fit, the same games


def test_a_dutch_table_sees_the_fit_s_progress_in_dutch():
    """A first use under --lang nl: the fit's lines are the catalog's (a Dutch run that
    bots fit in must not fall back to English halfway)."""
    first = call_cli("simulate", "--lang", "nl", "--players", "3", "--games", "2", "--workers", "1",
                    "--bots", TINY_BOT)
    assert first.returncode == 0, first.stderr
    assert "adaptive wordt aangepast aan 7 Wonders, first edition, 3 spelers" in first.stderr, first.stderr
    assert "generatie 1/1: gemiddelde beloning " in first.stderr and "aangepast in " in first.stderr
    assert "fitting" not in first.stderr and "generation " not in first.stderr


def test_a_fit_is_never_read_for_other_rules_or_another_player_count():
    base = Path(train()["file"])
    variant = Path(train("--variant", "harsh-defeats")["file"])
    four = Path(call_json("train", "--players", "4", *TINY)[1]["file"])
    assert len({base.name, variant.name, four.name}) == 3
    assert len(cache_files()) == 3
    # a variant not yet fitted is fitted on first use, whatever is kept for the base rules
    result = call_cli("play", "--players", "3", "--bots", TINY_BOT, "--variant", "science-sets-worth-10")
    assert result.returncode == 0, result.stderr
    assert "fitting adaptive" in result.stderr and len(cache_files()) == 4


def test_each_fit_seed_is_kept_apart_and_a_variant_of_seed_s_plays_against_the_base_fit_of_seed_s():
    """Two fits of the same rules are two draws: a designer judges a variant over several by
    naming the seed (`adaptive:fit_seed=S`), and no draw replaces another."""
    zero = Path(train()["file"])
    five = Path(train("--seed", "5")["file"])
    assert zero != five and five.stem == zero.stem + "-seed5"
    assert json.loads(zero.read_text())["seed"] == 0 and json.loads(five.read_text())["seed"] == 5
    variant = train("--seed", "5", "--variant", "harsh-defeats")
    assert json.loads(Path(variant["file"]).read_text())["reference"] == five.stem
    assert len(cache_files()) == 3
    before = five.stat().st_mtime_ns
    reused = call_cli("play", "--players", "3", "--seed", "2", "--bots", "adaptive:fit_seed=5")
    assert reused.returncode == 0 and "fitting" not in reused.stderr, reused.stderr
    assert five.stat().st_mtime_ns == before
    other = call_cli("play", "--players", "3", "--seed", "2", "--bots", TINY_BOT + ",fit_seed=6")
    assert other.returncode == 0 and "fitting adaptive" in other.stderr and len(cache_files()) == 4


def test_a_fit_file_of_another_seed_renamed_as_this_one_is_refused():
    five = Path(train("--seed", "5")["file"])
    data = json.loads(five.read_text())
    from interpreter.bots.fitcache import validate
    with pytest.raises(ValueError, match="seed"):
        validate({**data, "seed": 6}, data["key"], seed=5)


def test_compare_names_the_fits_it_played_so_a_verdict_can_be_weighed():
    """One draw of the fits per rule set: compare says which (seed, generations, check), what
    a refused fit means, and how to ask another draw."""
    args = ("compare", "--players", "3", "--games", "2", "--workers", "1", "--quiet",
            "--variant", "harsh-defeats", "--bots", TINY_BOT)
    text = call_cli(*args)
    assert text.returncode == 0, text.stderr
    assert "Fitted players (adaptive, seed 0): one draw of the fits; ask another with --bots " \
           "adaptive:fit_seed=1" in text.stdout
    assert "  7 Wonders, first edition: 1 generation of 2 games a candidate in " in text.stdout
    assert "  7 Wonders, first edition + Harsh defeats: 1 generation of 2 games a candidate in " in text.stdout
    assert "from the shipped fit of the first edition" in text.stdout     # where each fit started
    assert "from the fit of the rules without the variants" in text.stdout
    result, data = call_json(*args)
    assert [f["rules"] for f in data["fits"]] == ["7 Wonders, first edition",
                                                  "7 Wonders, first edition + Harsh defeats"]
    from interpreter.fitdefaults import CHECK
    assert all(f["seed"] == 0 and f["generations"] == 1 and f["check"]["games"] == 2 * round(CHECK * 2)
               for f in data["fits"])
    seeded = call_json(*args[:-1], TINY_BOT + ",fit_seed=3")[1]
    assert {f["seed"] for f in seeded["fits"]} == {3}
    assert "fits" not in call_json(*args[:-1], "heuristic")[1]
    report = Path(os.environ["WONDERS_CACHE_DIR"]) / "compare.html"        # this test's own folder
    reported = call_cli(*args, "--report", str(report))
    assert reported.returncode == 0, reported.stderr
    page = report.read_text(encoding="utf-8")
    assert "Fitted players (adaptive, seed 0)" in page and "7 Wonders, first edition + Harsh defeats: 1 generation" in page
    simulated = call_cli("simulate", "--players", "3", "--games", "2", "--workers", "1", "--quiet",
                        "--variant", "harsh-defeats", "--bots", TINY_BOT)
    assert simulated.returncode == 0, simulated.stderr
    assert "  7 Wonders, first edition + Harsh defeats: 1 generation of 2 games" in simulated.stdout
    assert "  7 Wonders, first edition: " not in simulated.stdout     # played against in fitting, not here


def _planted(text: str) -> subprocess.CompletedProcess:
    path = Path(train()["file"])
    path.write_text(text)
    result = call_cli("play", "--players", "3", "--bots", TINY_BOT)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return result, path


@pytest.mark.parametrize("text, reason", [
    ("not json at all", "not a fit this version of wonders wrote"),
    ('{"format": "pickle", "version": 1}', "its format is 'pickle'"),
    ('{"format": "wonders-adaptive-fit", "version": 3}', "its version is 3, not 10"),     # an older wonders'
    ("[1, 2, 3]", "it is not a JSON object"),
])
def test_a_file_it_did_not_write_is_refused_with_a_warning_and_fitted_again(text, reason):
    result, path = _planted(text)
    assert reason in result.stderr and str(path) in result.stderr
    assert "fitting again" in result.stderr and "fitting adaptive" in result.stderr
    assert json.loads(path.read_text())["format"] == "wonders-adaptive-fit"     # replaced by a good fit


def test_a_fit_of_other_rules_copied_under_this_name_is_refused():
    base = Path(train()["file"])
    other = Path(train("--variant", "harsh-defeats")["file"])
    base.write_text(other.read_text())
    result = call_cli("play", "--players", "3", "--bots", TINY_BOT)
    assert result.returncode == 0, result.stderr
    assert f"it is the fit of '{other.stem}', not of '{base.stem}'" in result.stderr


def test_every_field_is_validated():
    from interpreter.bots.adaptive import NAMES
    from interpreter.bots.fitcache import FORMAT, VERSION, validate
    good = {"format": FORMAT, "version": VERSION, "key": "k", "players": 4, "seed": 0, "generations": 3,
            "reference": "heuristic",
            "games": 10, "games_per_candidate": 2, "stopped": "", "names": list(NAMES),
            "weights": [1.0] * len(NAMES), "rules": "r", "seconds": 1.5, "history": [0.1, 0.2, 0.3],
            "check": {"games": 400, "gain": 0.02, "half": 0.04, "kept": "fit"}}
    assert validate(good, "k") == [1.0] * len(NAMES)
    assert validate({**good, "check": None}, "k") == [1.0] * len(NAMES)      # stopped by Ctrl-C: no check
    bad = [("version", 99), ("key", "other"), ("names", ["a"]), ("weights", [1.0]),
           ("weights", [float("nan")] + [1.0] * (len(NAMES) - 1)), ("weights", ["1"] * len(NAMES)),
           ("weights", [1e9] * len(NAMES)), ("players", -1), ("seed", "0"), ("generations", True),
           ("stopped", "maybe"), ("rules", 3), ("reference", None), ("seconds", -1), ("seconds", "1"), ("history", [0.1]),
           ("history", [0.1, 0.2, float("inf")]), ("history", None), ("check", "fit"),
           ("check", {"games": 400, "gain": 0.02, "half": 0.04, "kept": "both"}),
           ("check", {"games": 400, "gain": float("nan"), "half": 0.04, "kept": "fit"}),
           ("check", {"games": 400, "gain": 0.02, "kept": "fit"})]
    for field, value in bad:
        with pytest.raises(ValueError):
            validate({**good, field: value}, "k")


def test_the_acceptance_check_keeps_the_starting_weights_unless_the_fit_beats_them():
    from interpreter.bots import fitting
    from interpreter.bots.weighing import SIZE, start_weights
    from interpreter.check.load import check_paths
    from interpreter.compile import compile_rules
    fitting._WORKER["tables"] = compile_rules(check_paths(None, []).ruleset)
    serial = lambda tasks: [fitting._task(t) for t in tasks]       # noqa: E731 - the fit's own map, one process
    start, worst = start_weights(), [-1.0] * SIZE                 # -1: every part of a move counted against it
    same = fitting.accept(serial, 3, start, start, None, 0, 6)
    assert same == {"games": 12, "gain": 0.0, "half": 0.0, "kept": "start"}    # a tie is not a win
    assert fitting.accept(serial, 3, worst, start, None, 0, 6)["kept"] == "start"
    better = fitting.accept(serial, 3, start, worst, None, 0, 6)
    assert better["kept"] == "fit" and better["gain"] > 0


def test_a_fit_whose_gain_is_within_the_noise_is_not_kept():
    from interpreter.bots.fitting import judged
    noisy = judged([0.3, -0.2, 0.1, -0.1])                       # mean +0.025, the interval holds 0
    assert noisy["gain"] > 0 and noisy["half"] > noisy["gain"] and noisy["kept"] == "start"
    clear = judged([0.3, 0.2, 0.25, 0.35])
    assert clear["gain"] - clear["half"] > 0 and clear["kept"] == "fit" and clear["games"] == 8


def test_a_generation_plays_popsize_candidates_and_the_check_check_times_a_candidate_s_games(monkeypatch):
    """The budget's split (fitdefaults: POPSIZE, CHECK, CHECK_Z) is what the fit plays."""
    from interpreter.bots import fitting
    from interpreter.check.load import check_paths
    from interpreter.compile import compile_rules
    monkeypatch.setattr(fitting, "POPSIZE", 4)
    monkeypatch.setattr(fitting, "CHECK", 3)
    result = fitting.fit(compile_rules(check_paths(None, []).ruleset), 3, generations=1, games=2, workers=1,
                         budget=1000)
    assert (result.generations, result.games, result.check["games"]) == (1, 4 * 2, 2 * 3 * 2)
    wide = fitting.judged([0.3, 0.2, 0.25, 0.35])
    monkeypatch.setattr(fitting, "CHECK_Z", 2 * fitting.CHECK_Z)
    assert fitting.judged([0.3, 0.2, 0.25, 0.35])["half"] == pytest.approx(2 * wide["half"], abs=2e-4)


def test_train_reports_the_acceptance_check_and_keeps_it_in_the_cache():
    from interpreter.fitdefaults import CHECK, POPSIZE
    data = train()
    stored = json.loads(Path(data["file"]).read_text())
    assert stored["check"] == data["check"] and data["check"]["games"] == 2 * round(CHECK * 2)
    assert data["games"] == POPSIZE * 2                  # one generation of two games a candidate
    if data["check"]["kept"] == "start":                 # rules without variants start from the shipped fit
        from interpreter.fitdefaults import PRIOR
        assert stored["weights"] == list(PRIOR) and stored["start"] == "prior"


def test_train_says_when_the_budget_cut_the_fit_short_and_how_to_get_the_full_fit():
    """A fit is the same for the same seed only when it reaches the same generations: one cut
    by the budget depends on how busy the machine was, which the user must be told."""
    # (a budget under fitdefaults.SLACK, the seconds a fit leaves for the command's start and
    # end, ends any fit after its first generation, however fast the machine)
    result = call_cli("train", "--players", "3", *TINY, "--generations", "3", "--budget", "0.01", "--seed", "4")
    assert result.returncode == 0, result.stderr
    import re
    cut = re.search(r"stopped by the budget after (\d) of 3 generations", result.stdout)
    assert cut and int(cut.group(1)) < 3, result.stdout
    assert "--budget" in result.stdout.split("stopped by the budget")[1].splitlines()[0]
    whole = call_cli("train", "--players", "3", *TINY, "--seed", "4")
    assert whole.returncode == 0 and "stopped by the budget" not in whole.stdout


def test_a_variant_is_fitted_against_the_fit_of_the_rules_without_it_fitted_first_if_need_be():
    variant = train("--variant", "harsh-defeats")
    files = {p.stem: json.loads(p.read_text()) for p in cache_files()}
    assert len(files) == 2                                   # the rules without the variant, then the variant
    base = next(k for k, data in files.items() if data["reference"] == "heuristic")
    assert files[Path(variant["file"]).stem]["reference"] == base
    assert files[Path(variant["file"]).stem]["rules"] == "7 Wonders, first edition + Harsh defeats"
    again = call_json("train", "--players", "3", *TINY, "--variant", "harsh-defeats")[0]
    assert "without their variants are fitted first" not in again.stderr     # the base's fit is kept: reused


def test_the_rules_without_their_variants_are_those_of_the_plain_rules():
    from interpreter.bots.fitcache import fit_key, unchanged_tables
    from interpreter.check.load import check_paths
    from interpreter.compile import compile_rules
    plain = compile_rules(check_paths(None, []).ruleset)
    changed = compile_rules(check_paths(None, ["harsh-defeats", "cheap-trade"]).ruleset)
    assert changed.ruleset.variants == ("Harsh defeats", "Cheap trade")
    assert unchanged_tables(plain, 4) is None
    assert fit_key(unchanged_tables(changed, 4), 4) == fit_key(plain, 4) != fit_key(changed, 4)


def test_the_weights_played_stay_within_the_bounds_when_the_search_mean_leaves_them():
    import warnings
    from interpreter.bots.fitting import BOUNDS, bounded_mean
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import cma
    strategy = cma.CMAEvolutionStrategy([BOUNDS[1] - 0.1] * 3, 1.0, {"bounds": list(BOUNDS), "seed": 1, "verbose": -9})
    for _ in range(5):                       # every candidate better the higher it is: the mean runs past the bound
        candidates = strategy.ask()
        strategy.tell(candidates, [-sum(c) for c in candidates])
    assert max(strategy.mean) > BOUNDS[1]
    assert all(BOUNDS[0] <= w <= BOUNDS[1] for w in bounded_mean(strategy))


def test_a_cache_folder_that_cannot_be_written_is_a_usage_error(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("WONDERS_CACHE_DIR", str(blocker))
    result = call_cli("simulate", "--players", "3", "--games", "1", "--bots", TINY_BOT)
    assert result.returncode == 2
    assert "cache folder" in result.stderr and "WONDERS_CACHE_DIR" in result.stderr
    assert "Traceback" not in result.stderr


def test_ctrl_c_keeps_what_was_learnt():
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    process = subprocess.Popen([sys.executable, "-c", "import cli; cli.run()", "train", "--players", "3",
                                "--generations", "500", "--games", "2", "--workers", "1"],
                               cwd=str(ROOT), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=default_signals)       # Ctrl-C reaches it in a background run too
    seen = []
    for line in process.stderr:                   # wait for the progress, no fixed sleep
        seen.append(line)
        if line.startswith("generation 1/500"):
            break
    process.send_signal(signal.SIGINT)
    rest, tail = process.communicate(timeout=120)
    assert process.returncode == 130, "".join(seen) + tail
    assert "stopped by Ctrl-C" in tail
    files = cache_files()
    assert len(files) == 1
    stored = json.loads(files[0].read_text())
    assert stored["stopped"] == "interrupted" and 1 <= stored["generations"] < 500
    # what was learnt is kept, but no acceptance check judged it: a player is not played with
    # it (issue 38: adaptive players are the default), it is fitted again, saying why
    result = call_cli("play", "--players", "3", "--bots", TINY_BOT)
    assert result.returncode == 0, result.stderr
    assert "stopped by Ctrl-C before its acceptance check; fitting again" in result.stderr
    assert json.loads(files[0].read_text())["stopped"] == ""


def test_bad_options_are_usage_errors():
    result = call_cli("train", "--players", "9")
    assert result.returncode == 2 and "not 9" in result.stderr
    result = call_cli("train", "--budget", "0")
    assert result.returncode == 2
    result = call_cli("play", "--players", "3", "--bots", "adaptive:games=0")
    assert result.returncode == 2 and "games" in result.stderr


RULE_SETS = [("first edition", [], 3), ("first edition, 7 players", [], 7), ("Free City", [], 2),
             ("second edition", ["--rules", "second-edition"], 4)]
VARIANTS = sorted(p.stem for p in (ROOT / "content" / "variants").glob("*.wonders"))


@pytest.fixture(scope="module")
def base_fit_at_4(tmp_path_factory) -> Path:
    """A tiny fit of the first edition at 4 players, made once for the module: the cache
    folder (its `adaptive/`) that each variant's test starts from, so that the variant's
    first use fits the variant alone (fitting the rules without it first, when no fit of
    them is kept, is test_a_variant_is_fitted_against_the_fit_of_the_rules_without_it_...'s
    question, asked once, not again for each variant)."""
    folder = tmp_path_factory.mktemp("base-fit-4")
    saved = os.environ["WONDERS_CACHE_DIR"]
    os.environ["WONDERS_CACHE_DIR"] = str(folder)
    try:
        result = call_cli("train", "--players", "4", *TINY)
    finally:
        os.environ["WONDERS_CACHE_DIR"] = saved
    assert result.returncode == 0, result.stderr
    return folder / "adaptive"


@pytest.mark.parametrize("label, args, players", RULE_SETS + [(v, ["--variant", v], 4) for v in VARIANTS],
                         ids=[r[0] for r in RULE_SETS] + VARIANTS)
def test_adaptive_plays_every_shipped_rule_set_and_variant(label, args, players, request):
    if "--variant" in args:            # the rules without the variant fitted already (base_fit_at_4)
        import shutil
        shutil.copytree(request.getfixturevalue("base_fit_at_4"), Path(os.environ["WONDERS_CACHE_DIR"]) / "adaptive")
    result, data = call_json("play", "--players", str(players), "--seed", "3",
                            "--bots", f"{TINY_BOT},heuristic", *args)
    assert result.returncode == 0, result.stderr
    assert "fitting adaptive" in result.stderr
    assert "without their variants are fitted first" not in result.stderr     # (a variant: base_fit_at_4 kept)
    assert data["winners"]


def worked_example_commands() -> list[list[str]]:
    """The `wonders` commands of docs/simulate.md's worked example (an indented block)."""
    import shlex
    text = (ROOT / "docs" / "simulate.md").read_text(encoding="utf-8")
    section = text.split("## Worked example", 1)[1].split("\n## ", 1)[0].split("\n### ", 1)[0]
    commands = []
    for line in section.replace("\\\n", " ").splitlines():
        if line.startswith("    wonders "):
            commands.append(shlex.split(line.strip())[1:])
    return commands


def test_the_worked_example_of_simulate_md_runs_at_a_reduced_size():
    commands = worked_example_commands()
    kinds = [c[0] for c in commands]
    assert kinds.count("train") == 2 and kinds.count("compare") == 3, commands
    smaller = {"train": ["--generations", "2", "--games", "2", "--workers", "1", "--players", "3"],
               "compare": ["--games", "10", "--workers", "1", "--players", "3"]}    # (--quiet hides a fit)
    for command in commands:                   # click takes the last of a repeated option
        bots = command[command.index("--bots") + 1] if "--bots" in command else ""
        another_draw = "fit_seed=" in bots     # its first use fits that seed: a tiny fit here
        if another_draw:
            command = [a if a != bots else bots + ",generations=1,games=2" for a in command]
        result = call_cli(*command, *smaller[command[0]])
        assert result.returncode == 0, (command, result.stderr)
        if command[0] == "compare":
            # the seed-0 fits were made by the train commands; another draw fits its own
            assert ("fitting adaptive" in result.stderr) == another_draw, result.stderr
            assert "science points per city" in result.stdout
        if another_draw:
            assert "Fitted players (adaptive, seed 1)" in result.stdout


def test_ladder_seats_adaptive_bots_fitted_to_each_player_count():
    result = call_cli("ladder", "--bots", f"{TINY_BOT},heuristic", "--games", "4", "--players", "3,4",
                     "--workers", "1")
    assert result.returncode == 0, result.stderr
    assert all(f"fitting adaptive to 7 Wonders, first edition, {n} players" in result.stderr
               for n in (3, 4))                                           # one fit per player count
    assert len(cache_files()) == 2
    assert "adaptive" in result.stdout


def test_the_fit_does_not_depend_on_the_number_of_workers():
    one = train("--seed", "3", "--games", "4")
    two = run_json("train", "--players", "3", "--generations", "1", "--games", "4", "--workers", "2",
                   "--seed", "3")[1]
    assert one["weights"] == two["weights"]


def test_ctrl_c_inside_the_search_library_is_held_then_raised():
    """cma's `except:` clauses would swallow a Ctrl-C landing inside them; the fit holds it
    through each call into the library and raises it after, so `train` stops (status 130)."""
    from interpreter.bots.fitting import ctrl_c_deferred

    def swallowing_library_call():
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0)                                  # the handler runs here, in the bare except's reach
        except:                                            # noqa: E722 (what the library does)
            return "swallowed"
        return "done"

    before = signal.signal(signal.SIGINT, signal.default_int_handler)     # Ctrl-C as in `wonders train`
    try:
        with pytest.raises(KeyboardInterrupt):
            with ctrl_c_deferred():
                assert swallowing_library_call() == "done"
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler   # the handler is given back
    finally:
        signal.signal(signal.SIGINT, before)


def test_train_the_bot_s_first_fit_and_fitting_take_their_defaults_from_one_place():
    """A fit made by `wonders train`, by the adaptive bot's first use or by `fit` at the
    defaults is the same fit: 60 games a candidate, 20 generations, and a budget of the
    minute issue 38 allows the default players' first fit (lab/fastfit.md)."""
    import inspect
    from interpreter.bots.adaptive import AdaptiveBot
    from interpreter.bots.fitcache import fitted_weights
    from interpreter.bots.fitting import fit
    from interpreter.commands.train import train as command
    from interpreter.fitdefaults import BUDGET, GAMES, GENERATIONS
    assert (GAMES, GENERATIONS) == (60, 20) and BUDGET <= 60
    options = {p.name: p.default for p in command.params}
    for defaults in ({k: p.default for k, p in AdaptiveBot.parameters.items()},
                     {k: p.default for k, p in inspect.signature(fit).parameters.items()},
                     {k: p.default for k, p in inspect.signature(fitted_weights).parameters.items()}, options):
        assert (defaults["games"], defaults["generations"], defaults["budget"]) == (GAMES, GENERATIONS, BUDGET)
    help_text = call_cli("train", "--help").stdout
    assert f"default: {GAMES};" in help_text.replace("\n", " ").replace("  ", " ")

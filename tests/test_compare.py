"""`wonders compare`: the same games under two rule sets, paired figures, Holm, the verdict."""

from __future__ import annotations

import json

import pytest

from conftest import ROOT, call_cli

from interpreter.sim.stats import holm, paired_difference, proportion_difference, wilson

pytestmark = pytest.mark.slow       # (pyproject.toml: what `slow` means)


def test_wilson_and_holm_give_the_textbook_values():
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert wilson(0, 20)[0] == 0 and wilson(20, 20)[1] == 1
    # Holm: sorted p 0.01, 0.02, 0.04 times 3, 2, 1, kept non-decreasing
    assert holm([0.04, 0.01, 0.02]) == pytest.approx([0.04, 0.03, 0.04])
    diff, ci, p = proportion_difference(50, 100, 70, 100)
    assert diff == pytest.approx(0.2) and 0.1 < ci < 0.15 and p < 0.01
    assert paired_difference([1, 2, 3], [2, 3, 4]) == (1.0, 0.0, 0.0)      # the same change in every pair


def compare(*args):
    result = call_cli("compare", "--bots", "random", "--quiet", "--players", "4", "--games", "40", "--workers", "2", *args)
    return result


def test_a_scoring_variant_changes_only_the_scores_it_touches():
    result = compare("--variant", "science-sets-worth-10", "--format", "json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["a"] == "base" and data["b"] == "science-sets-worth-10" and data["correction"] == "Holm"
    figures = {f["figure"]: f for f in data["figures"]}
    science = figures["science points per city"]
    assert science["b"] > science["a"] and science["difference"] > 0 and science["test"] == "paired"
    # the bots here ignore scores, so the games are the same: nothing but scores moves
    for name in ("military points per city", "treasury points per city", "turns per game",
                 "cities building Lodge"):
        assert figures[name]["difference"] == 0 and not figures[name]["significant"], name
    assert all(0 <= f["p"] <= f["p_holm"] <= 1 for f in data["figures"])
    if science["significant"]:
        assert data["verdict"][0].startswith("science points per city: ")


def test_the_text_leads_with_the_verdict_and_shows_every_section():
    result = compare("--variant", "colosseum")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "colosseum against base: 40 games each, on the same seeds"
    assert lines[2].startswith(("The largest significant differences", "No figure differs significantly"))
    for title in ("The games", "Score categories", "By seat", "By wonder and side", "By bot",
                  "Share of the winners' points"):
        assert title in lines, title


def test_two_variants_are_compared_with_each_other():
    result = compare("--variant", "cheap-trade", "--against", "selling-gives-2", "--format", "json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["a"] == "selling-gives-2" and data["b"] == "cheap-trade"
    assert data["options"]["against"] == ["selling-gives-2"]


def test_the_same_workers_give_the_same_comparison():
    one = call_cli("compare", "--bots", "random", "--quiet", "--players", "3", "--games", "12", "--workers", "1",
                  "--variant", "cheap-trade", "--format", "json")
    two = call_cli("compare", "--bots", "random", "--quiet", "--players", "3", "--games", "12", "--workers", "2",
                  "--variant", "cheap-trade", "--format", "json")
    assert one.returncode == two.returncode == 0
    assert one.stdout == two.stdout


@pytest.mark.parametrize("args, message", [
    ([], "--variant"),
    (["--variant", "cheap-trade", "--against", "cheap-trade"], "nothing to compare"),
    (["--variant", "no-such-variant"], "no-such-variant"),
    (["--variant", "cheap-trade", "--games", "0"], "--games"),
    (["--variant", "cheap-trade", "--bots", "nobody"], "unknown bot"),
])
def test_bad_input_is_a_usage_error(args, message):
    result = call_cli("compare", "--bots", "random", "--quiet", "--players", "3", "--games", "5", *args)
    assert result.returncode == 2, result.stderr
    assert message in result.stderr and "Traceback" not in result.stderr


def test_out_keeps_both_sides_and_resume_plays_only_what_is_missing(tmp_path):
    """`--out DIR` keeps each side's games as they finish (a.jsonl, b.jsonl); a comparison
    cut short (here: side b lost its last games, side a its last line half-written) is
    finished by `--resume` without replaying a game, and gives the uninterrupted result."""
    from interpreter.sim.store import read_records
    args = ("--variant", "colosseum", "--games", "8", "--format", "json")
    whole = compare(*args)
    assert whole.returncode == 0, whole.stderr
    out = tmp_path / "cmp"
    first = compare(*args, "--out", str(out))
    assert first.returncode == 0, first.stderr
    assert json.loads(first.stdout)["figures"] == json.loads(whole.stdout)["figures"]
    a, b = out / "a.jsonl", out / "b.jsonl"
    assert read_records(str(a))[0]["options"]["variants"] == []
    assert read_records(str(b))[0]["options"]["variants"] == ["colosseum"]
    assert sorted(r["game"] for r in read_records(str(b))[1]) == list(range(8))

    again = compare(*args, "--out", str(out))
    assert again.returncode == 2 and "--resume" in again.stderr and "--force" in again.stderr
    lines = a.read_text().splitlines(keepends=True)
    a.write_text("".join(lines[:-1]) + lines[-1][:30])            # a crash in the middle of a line
    b.write_text("".join(b.read_text().splitlines(keepends=True)[:4]))
    kept = read_records(str(b))[1]
    resumed = compare(*args, "--out", str(out), "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads(resumed.stdout)["figures"] == json.loads(whole.stdout)["figures"]
    assert read_records(str(b))[1][:3] == kept                      # not played again
    assert sorted(r["game"] for r in read_records(str(a))[1]) == list(range(8))

    assert compare(*args, "--resume").returncode == 2                # --resume needs --out
    assert compare(*args, "--out", str(tmp_path / "none"), "--resume").returncode == 2
    forced = compare("--variant", "colosseum", "--games", "3", "--out", str(out), "--force")
    assert forced.returncode == 0, forced.stderr
    assert len(read_records(str(a))[1]) == 3 and len(read_records(str(b))[1]) == 3


def test_a_variant_file_is_named_by_its_file_name_not_its_path(tmp_path):
    """A designer's own variant file: the table's columns say `stipend`, not the whole path;
    two files of the same name (two versions of one variant) keep their paths apart."""
    shipped = (ROOT / "content" / "variants" / "age-stipend.wonders").read_text()
    (tmp_path / "old").mkdir(), (tmp_path / "new").mkdir()
    for path in (tmp_path / "stipend.wonders", tmp_path / "old" / "x.wonders", tmp_path / "new" / "x.wonders"):
        path.write_text(shipped)
    one = call_cli("compare", "--bots", "random", "--quiet", "--players", "3", "--games", "3", "--workers", "1",
                  "--variant", str(tmp_path / "stipend.wonders"))
    assert one.returncode == 0, one.stderr
    assert one.stdout.splitlines()[0] == "stipend against base: 3 games each, on the same seeds"
    two = call_cli("compare", "--bots", "random", "--quiet", "--players", "3", "--games", "3", "--workers", "1", "--format", "json",
                  "--variant", str(tmp_path / "new" / "x.wonders"), "--against", str(tmp_path / "old" / "x.wonders"))
    assert two.returncode == 0, two.stderr
    data = json.loads(two.stdout)
    assert (data["a"], data["b"]) == (str(tmp_path / "old" / "x.wonders"), str(tmp_path / "new" / "x.wonders"))

"""The adaptive players' fits that come with wonders (interpreter/bots/shipped_fits.py): one
for the shipped first edition at each player count, current with the content and the fit's
version; read below the user's cache; the shipped rules' default players play at once, and a
variant's first fit starts from the shipped fit and spends its budget on the variant alone."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from conftest import ROOT, run_cli
from interpreter.bots import fitcache
from interpreter.bots.fitcache import SHIPPED, fit_key
from interpreter.bots.shipped_fits import PLAYERS, shipped_rules

@pytest.fixture(scope="module")
def tables():
    """The shipped first edition, as the fits were made for it (compiled once, not at collection)."""
    return shipped_rules()


@pytest.fixture(autouse=True)
def the_shipped_fits(monkeypatch):
    """The fits that come with wonders, which the rest of the suite reads none of (conftest.py)."""
    monkeypatch.delenv(fitcache.SHIPPED_ENV, raising=False)


@pytest.mark.parametrize("players", PLAYERS)
def test_each_player_count_of_the_shipped_rules_has_a_current_fit(tables, players):
    found = fitcache.shipped(tables, players)
    assert found is not None, (
        f"no current shipped fit of the first edition at {players} players (the content or the fit's version "
        f"changed): regenerate it with `python -m interpreter.bots.shipped_fits --players {players}`")
    assert found["stopped"] != "interrupted" and found["check"] is not None
    assert found["start"] == "prior" and found["reference"] == "heuristic"


def test_the_folder_holds_only_the_shipped_rules_fits(tables):
    keys = {fit_key(tables, players) for players in PLAYERS}
    for path in SHIPPED.iterdir():
        assert path.suffix == ".json" and path.stem in keys, f"{path.name}: not a fit of the shipped rules"


def test_a_fit_of_another_version_or_other_rules_is_not_played(tables, tmp_path, monkeypatch):
    key = fit_key(tables, 3)
    data = json.loads((SHIPPED / f"{key}.json").read_text(encoding="utf-8"))
    monkeypatch.setattr(fitcache, "SHIPPED", tmp_path)
    (tmp_path / f"{key}.json").write_text(json.dumps({**data, "version": fitcache.VERSION - 1}), encoding="utf-8")
    assert fitcache.shipped(tables, 3) is None
    (tmp_path / f"{key}.json").write_text(json.dumps({**data, "key": fit_key(tables, 4)}), encoding="utf-8")
    assert fitcache.shipped(tables, 3) is None
    assert fitcache.shipped(tables, 3, seed=1) is None          # another draw is the user's to make
    monkeypatch.setattr(fitcache, "SHIPPED", SHIPPED)           # the current fit again: only the variable stops it
    assert fitcache.shipped(tables, 3) is not None
    monkeypatch.setenv(fitcache.SHIPPED_ENV, "")
    assert fitcache.shipped(tables, 3) is None                  # set empty: none


def test_the_users_own_fit_comes_before_the_shipped_one(tables):
    shipped = fitcache.load(tables, 3)
    assert shipped == fitcache.shipped(tables, 3)["weights"]
    own = [w + 0.5 for w in shipped]
    made = SimpleNamespace(weights=own, generations=1, games=2, games_per_candidate=2, seconds=1.0, stopped="",
                           history=[0.5], check={"games": 2, "gain": 0.1, "half": 0.05, "kept": "fit"})
    assert fitcache.save(tables, 3, made, 0) is not None
    fitcache._memo.clear()
    assert fitcache.load(tables, 3) == own


@pytest.mark.slow
def test_the_shipped_rules_default_players_play_at_once(tmp_path):
    result = run_cli("simulate", "--players", "3", "--games", "2", "--workers", "1",
                     env={"WONDERS_CACHE_DIR": str(tmp_path), fitcache.SHIPPED_ENV: None})
    assert result.returncode == 0, result.stderr
    assert "fitting adaptive" not in result.stderr
    assert "2 games, 3 players" in result.stdout
    assert not (tmp_path / "adaptive").exists() or not list((tmp_path / "adaptive").iterdir())


@pytest.mark.slow
def test_a_variants_first_fit_starts_from_the_shipped_fit_and_fits_the_variant_alone(tables, tmp_path):
    variant = ROOT / "content" / "variants" / "cheap-trade.wonders"
    result = run_cli("simulate", "--players", "3", "--games", "2", "--workers", "1", "--variant", str(variant),
                     "--bots", "adaptive:generations=1,games=2",
                     env={"WONDERS_CACHE_DIR": str(tmp_path), fitcache.SHIPPED_ENV: None})
    assert result.returncode == 0, result.stderr
    assert "fitted first" not in result.stderr
    assert "fitting adaptive to 7 Wonders, first edition + Cheap trade, 3 players" in result.stderr
    (kept,) = (tmp_path / "adaptive").iterdir()
    assert json.loads(kept.read_text(encoding="utf-8"))["reference"] == fit_key(tables, 3)

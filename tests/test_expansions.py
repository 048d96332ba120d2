"""Expansion packs chosen by name: `--expansion NAME` (repeatable) on every command that takes
rules reads the folder content/expansions/NAME/ on top of the first edition; variants apply
on top of both; logs and saves record the packs and refuse to replay with others; a pack
written for other rules, or an unknown name, is a usage error (docs/expansions.md)."""

from __future__ import annotations

import json
from functools import lru_cache

import pytest

from interpreter.check.load import check_paths
from interpreter.check.locate import UsageError, with_expansions
from interpreter.compile import compile_rules
from interpreter.engine.game import Game

from conftest import call_cli

PACK = "leaders"


@lru_cache(maxsize=4)
def tables(rules: str = "first-edition+" + PACK, variants: tuple = ()):
    result = check_paths(None, variants, rules)
    assert result.ruleset is not None, result.diagnostics
    return compile_rules(result.ruleset)


# ---------------------------------------------------------------- choosing packs
def test_check_with_the_pack_is_clean_and_checks_the_shipped_variants_on_top():
    result = call_cli("check", "--expansion", PACK)
    assert result.returncode == 0, result.stdout + result.stderr
    summary = result.stdout.splitlines()[-1]
    assert "0 error(s)" in summary and "rules: first-edition; expansions: leaders" in summary
    assert "variant(s) in variants/ checked" in summary


def test_an_unknown_pack_is_a_usage_error_listing_the_known_ones():
    result = call_cli("check", "--expansion", "leaderz")
    assert result.returncode == 2
    assert "no expansion named 'leaderz'; did you mean 'leaders'? expansions: armada, babel, cities, edifice, leaders, wonder-pack" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_pack_of_the_first_edition_is_refused_on_the_second():
    result = call_cli("play", "--players", "3", "--rules", "second-edition", "--expansion", PACK)
    assert result.returncode == 2
    assert ("the expansion 'leaders' is written for the rules first-edition, not second-edition"
            in result.stderr)


def test_a_pack_goes_on_the_shipped_rules_not_on_content_files():
    result = call_cli("check", "content/", "--expansion", PACK)
    assert result.returncode == 2
    assert "--expansion puts a shipped pack on the shipped rules" in result.stderr


def test_a_folder_check_of_the_content_leaves_the_packs_out():
    result = call_cli("check", "content/")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "expansions/" not in result.stdout
    assert " 78 cards" in result.stdout


def test_a_pack_named_twice_is_read_once():
    assert with_expansions(None, [PACK, PACK]) == "first-edition+leaders"
    assert with_expansions("first-edition", [PACK]) == "first-edition+leaders"
    assert with_expansions(None, []) is None


def test_a_pack_whose_decks_do_not_fit_fails_the_check(tmp_path, monkeypatch):
    """The deck arithmetic is checked with the pack, at every player count it seats."""
    import shutil
    from conftest import ROOT
    shutil.copytree(ROOT / "content", tmp_path / "content", ignore=shutil.ignore_patterns("second-edition"))
    pack = tmp_path / "content" / "expansions" / "broken"
    pack.mkdir()
    (pack / "cards.wonders").write_text('card "Extra Altar" {\n    age I  color blue  copies 5+\n    points 1\n}\n')
    for module in ("interpreter.paths", "interpreter.check.locate"):
        monkeypatch.setattr(f"{module}.content_dir", lambda: tmp_path / "content")
    result = check_paths(None, (), "first-edition+broken")
    assert result.ruleset is None
    [deck] = [d for d in result.diagnostics if d.code == "E1301"]
    assert "at 5 players" in deck.message and "at 7 players" in deck.message
    assert "at 3 players" not in deck.message
    with pytest.raises(UsageError, match="no expansion named 'other'"):
        check_paths(None, (), "first-edition+other")


# ---------------------------------------------------------------- what the pack changes
def test_every_player_starts_with_six_coins():
    game = Game(tables(), 4, seed=1)
    assert [c.coins for c in game.cities] == [6] * 4
    assert [c.coins for c in Game(tables("first-edition"), 4, seed=1).cities] == [3] * 4


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_the_decks_deal_seven_cards_at_every_player_count(players):
    from scenario import hands_of_each_age, to_first_turn
    for hands in hands_of_each_age(to_first_turn(Game(tables(), players, seed=players))):
        assert [len(h) for h in hands] == [7] * players
    purple = sum(1 for h in hands for i in h if tables().cards[i].color == "purple")
    assert purple == players + 2


def test_variants_apply_on_top_of_the_pack():
    both = tables(variants=("cheap-trade",))
    assert both.rules.starting_coins == 6
    assert both.rules.trade_price != tables().rules.trade_price
    shown = call_cli("rules", "--expansion", PACK, "--variant", "cheap-trade", "--diff")
    assert shown.returncode == 0, shown.stderr
    assert "+    trade price 1" in shown.stdout
    assert "starting coins 6" in shown.stdout and "-    starting coins" not in shown.stdout   # the pack is the base


# ---------------------------------------------------------------- logs and saves
@pytest.mark.slow
def test_logs_and_saves_record_the_packs_and_replay_only_with_them(tmp_path):
    log = tmp_path / "game.json"
    played = call_cli("play", "--players", "3", "--seed", "4", "--expansion", PACK, "--log", str(log),
                     "--format", "json")
    assert played.returncode == 0, played.stderr
    options = json.loads(log.read_text())["options"]
    assert options["rules"] == "first-edition" and options["expansions"] == [PACK]
    assert call_cli("replay", str(log)).returncode == 0
    assert call_cli("replay", str(log), "--expansion", PACK).returncode == 0
    without = call_cli("replay", str(log), "--rules", "first-edition")
    assert without.returncode == 2
    assert "was played with the expansions leaders, but the options ask for no expansion" in without.stderr
    position = tmp_path / "position.json"
    assert call_cli("replay", str(log), "--to", "3", "--save", str(position)).returncode == 0
    assert json.loads(position.read_text())["options"]["expansions"] == [PACK]
    assert call_cli("moves", str(position)).returncode == 0
    plain = tmp_path / "plain.json"
    assert call_cli("play", "--players", "3", "--seed", "4", "--log", str(plain)).returncode == 0
    added = call_cli("replay", str(plain), "--expansion", PACK)
    assert added.returncode == 2
    assert "was played with no expansion, but the options ask for the expansions leaders" in added.stderr
    damaged = tmp_path / "damaged.json"
    data = json.loads(log.read_text())
    data["options"]["expansions"] = "leaders"
    damaged.write_text(json.dumps(data))
    refused = call_cli("replay", str(damaged))
    assert refused.returncode == 1 and '"options"."expansions" must be a list' in refused.stderr


@pytest.mark.slow
def test_simulate_plays_with_the_pack_in_worker_processes():
    result = call_cli("simulate", "--bots", "random", "--players", "3", "--games", "4", "--workers", "2", "--quiet",
                     "--expansion", PACK, "--format", "json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["games"] == 4

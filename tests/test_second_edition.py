"""The 2020 second edition, chosen with `--rules second-edition`: the rule set checks
clean, its decks fit every player count, full games are deterministic on both sides, each
of its powers and new effects behaves as the rulebook and the cross-checked card lists say
(docs/editions.md), and a finished table is scored on the 2020 score pad."""

from __future__ import annotations

import json
from functools import lru_cache

import pytest

from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.actions import legal_actions
from interpreter.engine.game import Game

from conftest import call_cli
from scenario import Script

RULES = "second-edition"


@lru_cache(maxsize=1)
def tables():
    result = check_paths(None, (), RULES)
    assert result.ruleset is not None, result.diagnostics
    return compile_rules(result.ruleset)


def game_with(wonders: list[str], side: str, seed: int = 0) -> Game:
    return Game(tables(), len(wonders), seed, side, wonders)


def hand(game: Game, seat: int, *names: str) -> None:
    game.hands[seat] = [tables().card_index(n) for n in names]


def give(game: Game, seat: int, *names: str) -> None:
    for name in names:
        game.cities[seat].add_card(tables().cards[tables().card_index(name)])


def build_stages(game: Game, seat: int, n: int) -> None:
    for _ in range(n):
        game.cities[seat].add_stage()


def labels(game: Game, seat: int) -> list[str]:
    return [a.label(game.tables) for a in legal_actions(game, seat)]


# ---------------------------------------------------------------- the rule set
def test_check_second_edition_is_clean():
    result = call_cli("check", "--rules", RULES)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == ("6 file(s) checked: 0 error(s), 0 warning(s); 80 cards, 7 wonders; "
                             "rules: second-edition\n")


def test_unknown_rule_set_is_a_usage_error_listing_the_rule_sets():
    result = call_cli("cards", "--rules", "third-edition")
    assert result.returncode == 2
    assert "no rule set named 'third-edition'" in result.stderr
    assert "rule sets: first-edition, second-edition" in result.stderr


def test_a_folder_check_does_not_swallow_the_rule_set_inside_it():
    result = call_cli("check", "content")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.endswith("\n14 file(s) checked: 0 error(s), 1 warning(s); 78 cards, 7 wonders; "
                                  "8 variant(s) in variants/ checked; rule sets in subfolders checked: "
                                  "content/second-edition\n")       # W1602: the Dutch names still English


def test_rules_and_content_do_not_go_together():
    result = call_cli("cards", "--rules", RULES, "--content", "content/second-edition")
    assert result.returncode == 2
    assert "--rules" in result.stderr and "--content" in result.stderr


def test_the_score_pad_and_the_players_are_the_2020_rulebooks():
    rules = tables().rules
    assert list(rules.score_pad) == ["wonder", "treasury", "military", "civilian", "commercial",
                                     "science", "guilds"]
    assert (rules.min_players, rules.max_players) == (3, 7)
    assert tables().ruleset.tables == ()           # no 2-player game in the 2020 rulebook
    result = call_cli("play", "--rules", RULES, "--players", "2")
    assert result.returncode == 2 and "3, 4, 5, 6, 7 players, not 2" in result.stderr


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_deck_sizes_at_every_player_count(players):
    from scenario import hands_of_each_age
    for hands in hands_of_each_age(Game(tables(), players, seed=players)):
        assert [len(h) for h in hands] == [7] * players
    purple = sum(1 for h in hands for i in h if tables().cards[i].color == "purple")
    assert purple == players + 2
    by_age = [sum(1 for c in tables().cards if c.age == a and c.copies for _ in c.copies) for a in (1, 2, 3)]
    guilds = sum(1 for c in tables().cards if c.color == "purple")
    assert by_age == [49, 49, 40] and guilds == 10          # 148 cards: 49 / 49 / 50


# ---------------------------------------------------------------- full games
def _play(players: int, side: str, seed: int):
    from scenario import full_game
    return full_game(tables(), players, side, seed)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
@pytest.mark.parametrize("side", ["Day", "Night"])
def test_full_games_are_deterministic(players, side):
    first, second = _play(players, side, 11), _play(players, side, 11)
    assert first.finished and first.log == second.log
    assert {c.side.side for c in first.cities} == {side}
    cards = sum(len(c.built) + len(c.under_stages) for c in first.cities) + len(first.discard)
    assert cards == 3 * 7 * players            # every dealt card is built, under a stage or discarded


@pytest.mark.slow
def test_play_and_replay_record_the_rule_set(tmp_path):
    log = tmp_path / "game.json"
    played = call_cli("play", "--rules", RULES, "--players", "4", "--seed", "5", "--sides", "Night",
                     "--log", str(log), "--format", "json")
    assert played.returncode == 0, played.stderr
    again = call_cli("play", "--rules", RULES, "--players", "4", "--seed", "5", "--sides", "Night",
                    "--format", "json")
    assert again.stdout == played.stdout
    data = json.loads(log.read_text())
    assert data["options"]["rules"] == RULES
    replayed = call_cli("replay", str(log))
    assert replayed.returncode == 0, replayed.stderr
    wrong = call_cli("replay", str(log), "--rules", "first-edition")
    assert wrong.returncode == 2
    assert "was played with the rules 'second-edition', not 'first-edition'" in wrong.stderr
    position = tmp_path / "position.json"
    saved = call_cli("replay", str(log), "--to", "3", "--save", str(position))
    assert saved.returncode == 0, saved.stderr
    assert json.loads(position.read_text())["options"]["rules"] == RULES
    moves = call_cli("moves", str(position))
    assert moves.returncode == 0 and moves.stdout.startswith("Age I, turn 4"), moves.stderr
    refused = call_cli("moves", str(position), "--rules", "first-edition")
    assert refused.returncode == 2 and "'second-edition'" in refused.stderr


def test_cards_and_rules_of_the_second_edition():
    listed = call_cli("cards", "--rules", RULES, "--search", "red card in own city")
    assert listed.returncode == 0, listed.stderr
    assert "Ludus" in listed.stdout and "Pawnshop" not in listed.stdout
    shown = call_cli("rules", "--rules", RULES)
    assert shown.returncode == 0
    assert "score pad: wonder, treasury, military, civilian, commercial, science, guilds" in shown.stdout


def test_sides_are_the_rule_sets_own():
    result = call_cli("play", "--rules", RULES, "--players", "3", "--sides", "A")
    assert result.returncode == 2 and "sides: Day, Night" in result.stderr


def test_a_first_edition_variant_is_refused_by_name():
    result = call_cli("check", "--rules", RULES, "--variant", "selling-gives-2")
    assert result.returncode == 1
    assert "error[E1402]" in result.stdout and '"7 Wonders, second edition"' in result.stdout


# ---------------------------------------------------------------- the powers
def test_olympia_day_builds_the_first_card_of_each_colour_for_free():
    game = game_with(["Olympia", "Rhodos", "Gizah"], "Day")
    build_stages(game, 0, 2)
    give(game, 0, "Altar")
    hand(game, 0, "Baths", "Barracks", "Scriptorium")
    shown = labels(game, 0)
    assert "build Baths (I) free by power" not in shown        # the city holds a blue card
    assert "build Barracks (I) free by power" in shown         # no red card yet
    assert "build Scriptorium (I) free by power" in shown
    coins = game.cities[0].coins
    game.step([Script("build Barracks (I) free by power"), Script(), Script()])
    assert game.cities[0].coins == coins and "Barracks" in game.cities[0].names
    hand(game, 0, "Stockade", "Workshop")
    shown = labels(game, 0)
    assert "build Workshop (I) free by power" in shown
    assert not any(s.startswith("build Stockade (I) free") for s in shown)


def test_olympia_day_power_waits_for_its_stage():
    game = game_with(["Olympia", "Rhodos", "Gizah"], "Day")
    build_stages(game, 0, 1)
    hand(game, 0, "Barracks")
    assert not any("free by power" in s for s in labels(game, 0))


def test_olympia_night_first_and_last_card_of_each_age():
    game = game_with(["Olympia", "Rhodos", "Gizah"], "Night")
    build_stages(game, 0, 1)
    hand(game, 0, "Baths", "Barracks")
    assert "build Baths (I) free by power" in labels(game, 0)      # the age's first turn
    game.step([Script("build Baths (I) free by power"), Script(), Script()])
    hand(game, 0, "Barracks", "Stockade")
    assert not any("free by power" in s for s in labels(game, 0))  # turn 2: paid as usual
    game.turn = game.age.turns
    assert not any("free by power" in s for s in labels(game, 0))  # the last turn needs stage 2
    build_stages(game, 0, 1)
    assert "build Barracks (I) free by power" in labels(game, 0)
    assert not any(s.startswith("wonder stage") and "free" in s for s in labels(game, 0))


def test_babylon_night_plays_the_last_card_of_each_age():
    game = game_with(["Babylon", "Rhodos", "Gizah"], "Night")
    build_stages(game, 0, 1)
    game.turn = game.age.turns
    for seat in range(3):
        hand(game, seat, "Altar", "Well") if seat == 0 else hand(game, seat, "Stockade", "Loom")
    scripts = [Script("sell Altar", "build Well"), Script(), Script()]
    game.step(scripts)
    assert [kind for kind, _ in scripts[0].asked] == ["turn", "last card"]
    assert "Well" in game.cities[0].names


def test_halikarnassos_night_scores_and_builds_from_the_discard():
    game = game_with(["Halikarnassos", "Rhodos", "Gizah"], "Night")
    game.discard = [tables().card_index("Palace")]
    hand(game, 0, "Altar", "Well")
    give(game, 0, "Clay Pool", "Clay Pit")
    scripts = [Script("wonder stage with Altar", "build Palace"), Script(), Script()]
    game.step(scripts)
    assert "Palace" in game.cities[0].names and game.cities[0].stages == 1
    assert game.scores()[0]["wonder"] == 2


# ---------------------------------------------------------------- new effects
def test_decorators_guild_scores_7_for_a_complete_wonder_only():
    game = game_with(["Rhodos", "Gizah", "Ephesos"], "Night")
    give(game, 0, "Decorators Guild")
    build_stages(game, 0, 1)
    assert game.scores()[0]["guilds"] == 0
    build_stages(game, 0, 1)                       # Rhodos Night has two stages
    assert game.scores()[0]["guilds"] == 7


def test_ludus_gives_3_coins_and_1_point_per_red_card():
    game = game_with(["Rhodos", "Gizah", "Ephesos"], "Day")
    give(game, 0, "Stockade", "Barracks", "Quarry")
    game.age_index, game.turn = 2, 1
    hand(game, 0, "Ludus")
    coins = game.cities[0].coins
    game.step([Script("build Ludus (III)"), Script(), Script()])
    assert game.cities[0].coins == coins + 3 * 2          # paid with own stone and ore
    assert game.scores()[0]["commercial"] == 2


# ---------------------------------------------------------------- a finished table
TABLE = {"players": [
    {"name": "Ann", "wonder": "Gizah", "side": "Night", "stages": 4, "coins": 10,
     "military": [1, 3, 5, -1],
     "cards": ["Altar", "Well", "Decorators Guild", "Ludus", "Castrum", "Stockade", "Scriptorium"]},
    {"name": "Bob", "wonder": "Olympia", "side": "Night", "stages": 2, "coins": 2, "military": [-1, -1],
     "cards": ["Workshop", "Laboratory", "Apothecary"]},
    {"name": "Cid", "wonder": "Rhodos", "side": "Day", "stages": 2, "coins": 5, "military": [],
     "cards": ["Builders Guild"]},
]}


def test_score_pad_of_a_hand_made_table(tmp_path):
    path = tmp_path / "table.json"
    path.write_text(json.dumps(TABLE))
    result = call_cli("score", str(path), "--rules", RULES, "--format", "json")
    assert result.returncode == 0, result.stderr
    pads = {p["name"]: {k: v for k, v in p.items() if k != "name"} for p in json.loads(result.stdout)["players"]}
    # Ann: stages 3+5+5+7; 10 coins; 1+3+5-1; Altar, Well; Ludus 1 per red (2); one tablet;
    # Decorators Guild (complete wonder).  Bob: Olympia Night stages 2+3; two gears and a
    # compass (4+1).  Cid: Rhodos Day stage 1 (3); Builders Guild: 4 + 2 + 2 stages.
    assert pads["Ann"] == {"wonder": 20, "treasury": 3, "military": 8, "civilian": 6, "commercial": 2,
                           "science": 1, "guilds": 7, "total": 47}
    assert pads["Bob"] == {"wonder": 5, "treasury": 0, "military": -2, "civilian": 0, "commercial": 0,
                           "science": 5, "guilds": 0, "total": 8}
    assert pads["Cid"] == {"wonder": 3, "treasury": 1, "military": 0, "civilian": 0, "commercial": 0,
                           "science": 0, "guilds": 8, "total": 12}
    text = call_cli("score", str(path), "--rules", RULES)
    rows = [line.split()[0] for line in text.stdout.splitlines()[2:9]]
    assert rows == ["wonder", "treasury", "military", "civilian", "commercial", "science", "guilds"]


# ---------------------------------------------------------------- the other commands
@pytest.mark.slow
def test_simulate_plays_the_second_edition(tmp_path):
    out = tmp_path / "runs.jsonl"
    result = call_cli("simulate", "--bots", "random", "--rules", RULES, "--players", "3", "--games", "6", "--workers", "2",
                     "--quiet", "--sides", "Day", "--out", str(out), "--format", "json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["options"]["rules"] == RULES and summary["options"]["sides"] == "Day"
    wrong = call_cli("simulate", "--workers", "1", "--bots", "random", "--rules", RULES, "--players", "3", "--games", "1", "--sides", "B")
    assert wrong.returncode == 2 and "sides: Day, Night" in wrong.stderr


@pytest.mark.slow
def test_render_draws_the_second_edition(tmp_path):
    result = call_cli("render", "--rules", RULES, "--out", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    assert "80 card(s) and 14 wonder side(s) drawn" in result.stdout
    decorators = (tmp_path / "out" / "cards" / "age3-decorators-guild.svg").read_text(encoding="utf-8")
    assert "if unbuilt wonder stages in own city = 0" in decorators

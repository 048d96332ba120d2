"""`on KIND token taken` (docs/language.md, "Events"): the event of a city taking tokens of
a kind the rules declare (`tokens: KIND`), so a reward can follow a step along a track
kept as tokens (Armada's ships, issue 37).  Its conditions read the city after the tokens
arrived; an undeclared kind is E1008 where it is written; a trigger that takes its own
kind with neither limit nor condition causes itself (E1502)."""

from __future__ import annotations

import pytest
from interpreter.check.load import check_paths
from interpreter.engine.saves import game_from_data, game_to_data
from interpreter.syntax import printer
from interpreter.syntax.parser import parse_text
from test_triggers import hand, new_game, started, variant, variant_folder

SHIP = """card "Altar" {
    age I  color blue  copies 3+ 5+
    points 2
    when built: take a ship token
}"""
REWARDS = ("    on ship token taken if ship tokens = 1: gain 2 coins\n"
           "    on ship token taken if ship tokens = 2: take 3 glory tokens\n")


def _tables(tmp_path, rules=REWARDS, items=SHIP):
    return variant(tmp_path, rules=rules, items="tokens: ship, glory\n" + items)


def _build(tables, seat=0):
    game = started(new_game(tables))
    for s in range(3):
        hand(game, s, "Altar", "Baths", "Lumber Yard")
    for s in range(3):
        wanted = "build Altar" if s == seat else "sell"
        game.choose(next(o for o in game.options_for(s, "turn") if o.label(tables).startswith(wanted)), s)
    return game


def test_the_step_reached_pays_its_reward(tmp_path):
    tables = _tables(tmp_path)
    game = _build(tables)
    city = game.cities[0]
    assert city.kept == {"ship": 1}
    assert city.coins == 3 + 2                     # the first step's 2 coins
    assert "glory" not in city.kept


def test_the_second_step_pays_the_second_reward(tmp_path):
    tables = _tables(tmp_path)
    game = started(new_game(tables))
    game.cities[0].kept["ship"] = 1
    for s in range(3):
        hand(game, s, "Altar", "Baths", "Lumber Yard")
    for s in range(3):
        wanted = "build Altar" if s == 0 else "sell"
        game.choose(next(o for o in game.options_for(s, "turn") if o.label(tables).startswith(wanted)), s)
    assert game.cities[0].kept == {"ship": 2, "glory": 3} and game.cities[0].coins == 3


@pytest.mark.slow
def test_the_event_is_logged_saved_and_written_back(tmp_path):
    tables = _tables(tmp_path)
    game = _build(tables)
    assert [(e["seat"], e["kind"], e["count"]) for e in game.log if e.get("event") == "kept"] == [(0, "ship", 1)]
    copy = game_from_data(tables, game_to_data(game))
    assert copy.cities[0].kept == game.cities[0].kept
    tree, problems = parse_text(f"rules \"R\" {{\n{REWARDS}}}\n", "r.wonders")
    assert problems == []
    assert "on ship token taken if ship tokens = 1: gain 2 coins" in printer.print_item(tree.items[0])


def test_an_undeclared_kind_is_located_e1008(tmp_path):
    folder = variant_folder(tmp_path, rules="    on shipp token taken: gain 1 coin\n",
                            items="tokens: ship\n" + SHIP)
    found = [(d.code, d.span.line) for d in check_paths([folder]).diagnostics]
    assert [code for code, _line in found] == ["E1008"]


def test_a_trigger_taking_its_own_kind_causes_itself(tmp_path):
    folder = variant_folder(tmp_path, rules="    on ship token taken: take a ship token\n",
                            items="tokens: ship\n" + SHIP)
    assert [d.code for d in check_paths([folder]).diagnostics] == ["E1502"]
    limited = variant_folder(tmp_path / "b", rules="    on ship token taken if ship tokens < 6: take a ship token\n",
                             items="tokens: ship\n" + SHIP)
    assert [d.code for d in check_paths([limited]).diagnostics] == []

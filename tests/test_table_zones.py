"""Zones for the table (issue 37, docs/language.md "Zones for the table"): one pile the
cities put cards on (`zone "Z" for the table`), `put a card from "Z" onto "T"`, a law in
force `in the top N of "Z"` (covered by the next card, it stops), `cards in "Z"`, and a
law whose effect is a trigger, given to every city while the law is in force.  The
documented example is the one tested; its misuse is a located error."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine import laws
from interpreter.engine.game import Game
from interpreter.engine.placed import put_card, shown
from interpreter.engine.save_fields import SaveError
from interpreter.engine.saves import game_from_data, game_to_data
from interpreter.engine.scoring import score_city
from interpreter.syntax.parser import parse_text
from interpreter.syntax.printer import print_item
from interpreter.bots.seats import make_deciders

LANGUAGE = Path(__file__).resolve().parents[1] / "docs" / "language.md"


def doc_example() -> str:
    section = LANGUAGE.read_text(encoding="utf-8").split("\n## Zones for the table\n", 1)[1]
    return re.search(r"```wonders\n(.*?)```", section, re.S).group(1)


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    path = tmp_path_factory.mktemp("zones") / "tower.wonders"
    path.write_text(doc_example(), encoding="utf-8")
    result = check_paths(None, [str(path)])
    assert result.errors == 0, [f"{d.code} {d.message}" for d in result.diagnostics]
    return compile_rules(result.ruleset)


def index(tables, name: str) -> int:
    return next(i for i, c in enumerate(tables.cards) if c.name == name)


def fresh(tables, players: int = 3) -> Game:
    """A game at age I's first turn (the tiles drafted, none put), its tower empty."""
    game = Game(tables, players, seed=1)
    while game.decision().kind != "turn":
        game.decision().choose(0)
    laws.refresh(game)
    return game


def put(game, seat: int, name: str) -> None:
    put_card(game, seat, "tower", index(game.tables, name))
    laws.refresh(game)


def price(game, seat: int, resource: str) -> int:
    return game.cities[seat].prices["left"][game.tables.resource_index[resource]]


def test_the_example_reads_and_is_written_back_as_it_reads():
    tree, problems = parse_text(doc_example(), "doc")
    assert problems == []
    written = print_item(tree.items[0])
    for words in ('zone "tower" for the table', 'put a card from "tiles" onto "tower"', '3 per card in "tower"',
                  'in the top 2 of "tower": on blue card built: gain (age) coins'):
        assert words in written
    again, _ = parse_text(written, "again")
    assert print_item(again.items[0]) == written


def test_a_card_put_on_the_tables_pile_is_a_law_for_every_city(tables):
    game = fresh(tables)
    assert {price(game, s, "wood") for s in range(3)} == {2}
    put(game, 1, "Toll Roads")
    assert {price(game, s, "wood") for s in range(3)} == {3}
    assert shown(game, "tower", 2) == [(1, index(tables, "Toll Roads"), 0)]


def test_a_card_covered_deeper_than_its_count_stops_applying(tables):
    game = fresh(tables)
    put(game, 0, "Toll Roads")                   # in the top 2 of "tower"
    put(game, 2, "Temple Dues")
    assert {price(game, s, "wood") for s in range(3)} == {3}
    put(game, 1, "Temple Dues")                  # the third card covers the first: its law ends
    assert {price(game, s, "wood") for s in range(3)} == {2}
    assert [(seat, k) for seat, _card, k in shown(game, "tower", 3)] == [(1, 0), (2, 1), (0, 2)]


def _blue_built(game, seat: int) -> None:
    """`blue card built` happens in `seat`: its triggers due act (as the chain would)."""
    for at, _key, hook, _n, _e in game.events.due(game.tables.events.number("blue card built"), (seat,)):
        game.events.run_operation(hook.operation, at, game.events.where(at))


def test_a_laws_trigger_fires_in_every_city_while_the_law_is_in_force(tables):
    game = fresh(tables)
    coins = [c.coins for c in game.cities]
    _blue_built(game, 2)
    assert [c.coins for c in game.cities] == coins              # no law: nothing
    put(game, 0, "Temple Dues")
    _blue_built(game, 2)
    _blue_built(game, 1)
    assert [c.coins for c in game.cities] == [coins[0], coins[1] + 1, coins[2] + 1]   # age I: 1 coin
    put(game, 1, "Toll Roads")
    put(game, 2, "Toll Roads")                                  # covered twice: the trigger is no one's
    _blue_built(game, 2)
    assert game.cities[2].coins == coins[2] + 1


def test_cards_in_a_zone_for_the_table_count_those_the_city_put(tables):
    game = fresh(tables)
    put(game, 0, "Toll Roads")
    put(game, 0, "Temple Dues")
    put(game, 2, "Toll Roads")
    pads = [score_city(tables, c, *game.neighbours(c.seat), tuple(game.cities), 1, 1)["tower"]
            for c in game.cities]
    assert pads == [6, 0, 3]                                    # 3 points per card put


def test_the_pile_and_its_order_are_saved_and_loaded(tables):
    game = fresh(tables)
    put(game, 2, "Toll Roads")
    put(game, 0, "Temple Dues")
    data = json.loads(json.dumps(game_to_data(game)))
    assert data["stacked"] == {"tower": [2, 0]}
    again = game_from_data(tables, data)
    assert shown(again, "tower", 2) == shown(game, "tower", 2)
    assert price(again, 1, "wood") == price(game, 1, "wood")
    data["stacked"]["tower"] = [0, 0]
    with pytest.raises(SaveError, match='"stacked"."tower"'):
        game_from_data(tables, data)


@pytest.mark.parametrize("bot", ["random", "greedy", "heuristic",
                                 pytest.param("mcts:iterations=8", marks=pytest.mark.slow)])   # the search: seconds
def test_every_bot_plays_whole_games_putting_cards_on_the_pile(tables, bot):
    put_any = False
    for seed in range(1 if bot.startswith("mcts") else 3):      # the search's game: seconds; one puts
        game = Game(tables, 4, seed=seed)
        game.play(make_deciders([bot], 4, seed, None))
        assert game.finished
        assert sum(len(p) for p in game.zones["tower"]) == len(game.stacked["tower"])
        put_any = put_any or any(e.get("event") == "put" for e in game.log)
    assert put_any


def test_a_game_waiting_for_a_choice_of_card_to_put_saves_and_plays_on(tables):
    """A city with two cards in its zone chooses which one to put (a decision, `put`)."""
    for seed in range(20):
        game = Game(tables, 3, seed=seed)
        while (decision := game.decision()) is not None and decision.kind != "put":
            decision.choose(len(decision.options) - 1 if decision.kind == "offer" else 0)
        if decision is not None:
            break
    assert decision is not None and [o.kind for o in decision.options] == ["put", "put"]
    copy = game_from_data(tables, json.loads(json.dumps(game_to_data(game))))
    decision.choose(1)
    copy.decision().choose(1)
    assert shown(game, "tower", 1) == shown(copy, "tower", 1)


MISUSES = {
    "draft into the table's pile": ('    add phase "p" before age I { deal 2 cards from deck "tiles"; '
                                    'draft 2 into "tower" passing left }\n', "E2001"),
    "put from the table's pile": ('    add trigger "t" on card sold: put a card from "tower" onto "tiles"\n', "E2001"),
    "put onto the zone it comes from": ('    add trigger "t" on card sold: put a card from "tiles" onto "tiles"\n',
                                        "E2033"),
    "a coloured card moved from the table's pile": ('    add trigger "t" on card sold: '
                                                    'put a grey card from "tower" into "tiles"\n', "E2001"),
    "an unknown zone": ('    add trigger "t" on card sold: put a card from "tiles" onto "towr"\n', "E1701"),
    "a count of 0": ('    add card "X" { deck "tiles"  color grey  copies 3+\n'
                     '        law while in the top 0 of "tower": produces wood }\n', "E1206"),
    "an unknown zone counted": ('    add score pad line t2\n    add score t2: 1 per card in "towr"\n', "E1701"),
}


@pytest.mark.parametrize("case", sorted(MISUSES))
def test_misuse_is_a_located_error(tmp_path, case):
    text, code = MISUSES[case]
    example = doc_example()
    body = example.rstrip().removesuffix("}") + text + "}\n"
    path = tmp_path / "v.wonders"
    path.write_text(body, encoding="utf-8")
    found = [d for d in check_paths(None, [str(path)]).diagnostics if d.code == code]
    assert found, case
    line = body.splitlines()[found[0].span.line - 1]
    assert line.strip() in text.replace("\n", " ") or line in text, (case, line)


def test_into_and_onto_are_one_construct(tmp_path):
    """`put a [COLOURS] card from PLACE into "Z"` and `... onto "Z"` are one action (issue
    37): a card of any colour or of some, from a zone or a city, into a zone of the city's
    own or onto the table's pile, whose order it joins; each spelling is written back as
    it reads."""
    text = doc_example().rstrip().removesuffix("}") + \
        '    add trigger "t" on card sold: put a grey card from own city into "tower"\n}\n'
    path = tmp_path / "v.wonders"
    path.write_text(text, encoding="utf-8")
    result = check_paths(None, [str(path)])
    assert result.errors == 0, [f"{d.code} {d.message}" for d in result.diagnostics]
    tables = compile_rules(result.ruleset)
    game = fresh(tables)
    loom = tables.card_index("Loom")
    game.cities[0].add_card(tables.cards[loom])
    while (decision := game.decision()) is not None and game.turn == 1:
        kinds = [o.kind for o in decision.options]
        decision.choose(kinds.index("sell") if "sell" in kinds else kinds.index("decline") if "decline" in kinds else 0)
    assert loom not in game.cities[0].built and game.zones["tower"][0] == [loom]
    assert game.stacked["tower"] == [0]
    for written in ('put a card from "tiles" into "tower"', 'put a grey card from "tiles" onto "tower"',
                    'put a card from own city onto "tower"'):
        tree, problems = parse_text(f'card "X" {{ age I  color grey  when built: {written} }}', "x")
        assert not problems and written in print_item(tree.items[0])

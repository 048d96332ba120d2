"""What a table's pages are told, made in process (no server): the log names a card drawn
into a zone only to the seat that drew it, and the score sheet's science line says which
cards, stages and boards gave the symbols behind it."""

from __future__ import annotations

import json

import pytest

from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.studio.tables.table import Place, Table, new_token
from interpreter.studio.tables.views import public, view

# Every age I card here is a recruiting office worth points (so the bots build it): each one
# built draws two of seven spare cards, all of different names, into the owner's zone
# (four age I cards make room for the offices).
SPARE = '''
variant "Spare hand" {
    changes "7 Wonders, first edition"
    add zone "spare"
    remove card "Ore Vein"
    remove card "Clay Pool"
    remove card "Clay Pit"
    remove card "Mine"
    remove card "Stockade"
''' + "".join(f'''    add card "Spare {n}" {{ deck "spare"  color blue  copies 3+ 3+ 3+; points 3 }}
''' for n in "ABCDEFG") + '''    add card "Recruiting Office" {
        age I  color yellow  copies 3+ 3+ 3+ 3+ 4+ 5+ 6+ 7+
        points 4
        when built: draw 2 cards from deck "spare" into "spare"
    }
}
'''


def tables_of(*variants):
    result = check_paths(None, list(variants))
    assert result.ruleset is not None, [f"{d.code} {d.message}" for d in result.diagnostics]
    return compile_rules(result.ruleset)


def bot_table(tables, seed: int) -> Table:
    places = [Place("bot", f"Bot {n}", "greedy", new_token()) for n in range(3)]
    table = Table("t", ".", [], tables, places, "random")
    table.start(seed=seed)
    return table


@pytest.fixture(scope="module")
def spare_game(tmp_path_factory):
    path = tmp_path_factory.mktemp("spare") / "spare.wonders"
    path.write_text(SPARE, encoding="utf-8")
    table = bot_table(tables_of(str(path)), seed=5)
    draws = [e for e in table.game.log if e["event"] == "draw"]
    assert len({e["seat"] for e in draws}) >= 2, "the test needs two seats that drew"
    return table, draws


def drawn_by(draws, seat: int) -> set[str]:
    return {name for e in draws if e["seat"] == seat for name in e["cards"]}


def test_a_card_drawn_into_a_zone_is_named_to_its_owner_alone(spare_game):
    table, draws = spare_game
    everyone = {name for e in draws for name in e["cards"]}
    spectator = json.dumps(view(table, "spectator"))
    assert not any(name in spectator for name in everyone)
    assert not any(name in json.dumps(public(table)) for name in everyone)
    for place in range(3):
        seat = table.seat_of(place)
        shown = view(table, "seat", place)
        text, log = json.dumps(shown), "\n".join(shown["log"])
        assert not any(name in text for name in everyone - drawn_by(draws, seat))
        assert all(name in log for name in drawn_by(draws, seat))
        others = {e["seat"] for e in draws if e["seat"] != seat}
        for other in others:             # another seat's draw is told, without its cards
            city = table.game.cities[other].name
            assert f'{city} draws 2 cards into "spare"' in log


def test_the_host_page_is_not_told_the_drawn_cards_either(spare_game):
    table, draws = spare_game
    host = json.dumps(view(table, "host", host=True))
    assert not any(name in host for e in draws for name in e["cards"])


def test_the_science_line_lists_the_sources_of_its_symbols():
    table = bot_table(tables_of(), seed=11)
    game, end = table.game, None
    from interpreter.studio.tables.scorepad import score_sheet
    end = score_sheet(game)
    symbolic = 0
    for city, shown in zip(game.cities, end["cities"]):
        line = next(li for li in shown["lines"] if li["category"] == "science")
        listed = [f for item in line["items"] for f in item.get("symbols_from", ())]
        expected = [s.name for s in city.owned_sources()
                    if any(type(e).__name__ == "Science" for e in s.static)]
        assert sorted(f["source"] for f in listed) == sorted(expected)
        for f in listed:
            assert f["symbols"] and all(s in game.tables.symbols for s in f["symbols"])
        symbolic += len(listed)
        assert line["points"] == sum(i["points"] for i in line["items"])
    assert symbolic, "the test needs a city with science"
    assert any(f["color"] == "green" for c in end["cities"] for li in c["lines"] for i in li["items"]
               for f in i.get("symbols_from", ()))


def test_a_card_sold_or_put_under_a_stage_is_named_to_its_seller_alone(spare_game):
    """Sold cards go to the discard pile and a stage's card lies under the board, face
    down: the others read `sell a card`, `wonder stage 1 with a card`, in either language."""
    from interpreter import i18n
    from interpreter.views.action_words import shown_action
    table, _ = spare_game
    game = table.game
    hidden = [e for e in game.log if e["event"] == "resolve" and e["action"].startswith(("sell ", "wonder stage"))
              and "discard pile" not in e["action"]]
    assert hidden, "the test needs a card sold or put under a stage"
    for place in range(3):
        seat = table.seat_of(place)
        log = "\n".join(view(table, "seat", place)["log"])
        for e in hidden:
            city = game.cities[e["seat"]].name
            if e["seat"] == seat:
                assert f"{city}: {e['action']}" in log
            else:
                kind = "sell" if e["action"].startswith("sell") else e["action"].split(" with ")[0] + " with"
                assert f"{city}: {kind} a card" in log
    spectator = "\n".join(view(table, "spectator")["log"])
    assert not any(f"{game.cities[e['seat']].name}: {e['action']}" in spectator for e in hidden)
    i18n.choose("nl")                      # (the conftest's fixture chooses English again after the test)
    assert shown_action("sell a card") == "leg een kaart af voor muntstukken"
    assert shown_action("wonder stage 2 with a card paying 1 to left").startswith("bouw Wonder fase 2 met een kaart")

"""Cards for the whole table (docs/language.md, "Cards for the whole table"): a phase's
`reveal N cards from deck "D"` lays cards face up on the table, in play in every city
from then on (their triggers, score lines and lasting effects are every city's, each city
their owner); their misuse (docs/errors.md E2020, E1702, E1705); saves and copies."""

from __future__ import annotations

from pathlib import Path

from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.game import Game
from interpreter.engine.saves import game_from_data, game_to_data

BASE = "docs/examples/base.wonders"

# The example of docs/language.md: a town project revealed before age I, one of two.
PROJECTS = '''variant "Town projects" {
    changes "7 Wonders, first edition"
    add phase "projects" before age I { reveal 1 card from deck "projects" }
    add card "Public Baths" {
        deck "projects"  color grey  copies 3+
        on stage built: gain 2 coins
        score civilian: 1 per wonder stage
    }
    add card "Town Quarry" {
        deck "projects"  color grey  copies 3+
        produces stone
        on age start: gain 1 coin
    }
}
'''


def test_the_documented_example_is_the_one_tested():
    assert PROJECTS in (Path(__file__).parent.parent / "docs" / "language.md").read_text(encoding="utf-8")


def _tables(tmp_path, text: str):
    path = tmp_path / "projects.wonders"
    path.write_text(text, encoding="utf-8")
    result = check_paths(None, [str(path)])
    assert [d.code for d in result.diagnostics if d.severity == "error"] == []
    return compile_rules(result.ruleset)


def _errors(tmp_path, text: str) -> list[tuple[str, int, int]]:
    path = tmp_path / "example.wonders"
    path.write_text(text, encoding="utf-8")
    result = check_paths([str(path), BASE])
    return [(d.code, d.span.line, d.span.column) for d in result.diagnostics if d.severity == "error"]


def _on_table(game) -> list[str]:
    return [game.tables.cards[i].name for i in game.shown_cards()]


def test_one_card_is_revealed_at_random_and_every_city_has_it(tmp_path):
    tables = _tables(tmp_path, PROJECTS)
    seen = set()
    for seed in range(12):
        game = Game(tables, 4, seed)
        game.decisions()                                 # the phase before age I has run
        assert len(game.shown_cards()) == 1
        name = _on_table(game)[0]
        seen.add(name)
        card = next(c for c in tables.cards if c.name == name)
        for city in game.cities:
            assert card in city.owned_sources()         # in play in every city ...
            assert name not in city.names               # ... and no city's building
            assert city.colors.get("grey", 0) == 0
    assert seen == {"Public Baths", "Town Quarry"}      # either may come


def _game_with(tables, name: str) -> Game:
    for seed in range(40):
        game = Game(tables, 3, seed)
        game.decisions()                                 # up to age I's first turn
        if _on_table(game) == [name]:
            return game
    raise AssertionError(name)


def test_the_table_cards_triggers_fire_in_every_city_and_its_lines_score_there(tmp_path):
    tables = _tables(tmp_path, PROJECTS)
    game = _game_with(tables, "Town Quarry")
    gained = [e["seat"] for e in game.log if e.get("event") == "coins" and e.get("trigger") == "age start"]
    assert gained == [0, 1, 2]                           # age I's start: every city gains 1
    stone = tables.resource_index["stone"]
    assert all(c.own_fixed[stone] >= 1 for c in game.cities)   # its production, every city's
    baths = _game_with(tables, "Public Baths")
    city = baths.cities[1]
    city.add_stage()
    assert baths.scores()[1]["civilian"] - baths.scores()[0]["civilian"] == 1


def test_a_game_with_a_card_on_the_table_saves_and_copies(tmp_path):
    tables = _tables(tmp_path, PROJECTS)
    game = _game_with(tables, "Public Baths")
    data = game_to_data(game)
    again = game_from_data(tables, data)
    assert _on_table(again) == ["Public Baths"]
    assert game_to_data(again) == data
    copy = game.clone()
    while (decision := game.decision()) is not None:
        decision.choose(0)
        copy.decision().choose(0)
    assert game.scores() == copy.scores()


def test_a_card_for_the_table_is_never_built_nor_owned_by_one_city(tmp_path):
    found = _errors(tmp_path, '''card "Guild Hall" {
    deck "projects"  color grey  copies 3+
    when built: gain 2 coins
    law: discount 1 coin on brown cards
}

variant "Projects" {
    changes "Examples"
    add phase "projects" before age I { reveal 1 card from deck "projects" }
}
''')
    assert found == [("E2020", 3, 5), ("E2020", 4, 5)]


def test_revealing_from_an_unknown_or_too_small_deck(tmp_path):
    assert _errors(tmp_path, '''variant "Projects" {
    changes "Examples"
    add phase "projects" before age I { reveal 1 card from deck "projets" }
}
''') == [("E1702", 3, 65)]
    assert _errors(tmp_path, '''card "Guild Hall" { deck "projects"; color grey; copies 3+; shields 1 }

variant "Projects" {
    changes "Examples"
    add phase "projects" before age I { reveal 2 cards from deck "projects" }
    add phase "more projects" before age II { reveal 1 card from deck "projects" }
}
''') == [("E1705", 5, 41)]


def test_a_covered_card_leaves_play_in_every_city(tmp_path):
    """A second reveal from the deck covers the first card: its effects and triggers stop
    in every city, the new one's start; a save keeps only the shown card in play."""
    text = PROJECTS.replace('add phase "projects" before age I { reveal 1 card from deck "projects" }',
                            'add phase "projects" before age I { reveal 1 card from deck "projects" }\n'
                            '    add phase "more projects" before age II { reveal 1 card from deck "projects" }')
    tables = _tables(tmp_path, text)
    game = _game_with(tables, "Town Quarry")
    quarry = next(c for c in tables.cards if c.name == "Town Quarry")
    while game.age.number < 2:
        game.decision().choose(0)
    game.decision()
    assert _on_table(game) == ["Public Baths"] and sum(len(b) for b in game.revealed) == 2
    covered = next(i for i, e in enumerate(game.log) if e.get("event") == "reveal" and e["cards"] == ["Public Baths"])
    heard = [e["seat"] for e in game.log[covered:] if e.get("event") == "coins" and e.get("trigger") == "age start"]
    assert heard == []                                   # age II's start: the quarry is covered
    assert all(quarry not in city.owned_sources() for city in game.cities)
    again = game_from_data(tables, game_to_data(game))
    assert [quarry in c.owned_sources() for c in again.cities] == [False] * 3
    assert [c.own_fixed for c in again.cities] == [c.own_fixed for c in game.cities]


def test_a_revealed_cards_effects_are_every_citys_and_its_law_is_in_force_once(tmp_path):
    """One card may do both: its production is each city's, its `law while revealed` in
    force once in every city (not once for each city holding the card)."""
    tables = _tables(tmp_path, '''variant "Charter" {
    changes "7 Wonders, first edition"
    add phase "charter" before age I { reveal 1 card from deck "charters" }
    add card "Free Port" {
        deck "charters"  color grey
        produces glass
        law while revealed: discount 1 coin on brown cards
    }
}
''')
    game = Game(tables, 3, 1)
    game.decisions()
    glass = tables.resource_index["glass"]
    assert all(c.own_fixed[glass] == 1 for c in game.cities)
    assert [len(c.laws) for c in game.cities] == [1, 1, 1]

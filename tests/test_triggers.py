"""Triggers and expressions, as docs/language.md describes them ("Triggers and events",
"Expressions"): when each event fires and in which order, limits, conditions,
`for each neighbour`, the actions, the base game's military, the bound on triggers that
cause triggers, and the value of expressions.

Most scenarios play real turns of a small variant of the shipped content: the content
copied to a temporary folder, a few triggers added to the rules block, and cards or
wonders replaced by versions with triggers.  Triggers log what they see through military
tokens (`take token worth N` puts {"event": "token", "seat", "value", "against"} in the
game's log), so the log shows which trigger fired when.
"""

from __future__ import annotations

import shutil
from functools import lru_cache
from pathlib import Path

import pytest

from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.game import Game
from interpreter.compile.expressions import evaluate
from interpreter.engine.saves import game_from_data, game_to_data
from interpreter.engine.triggers import MAX_DEPTH, TriggerLoop
from interpreter.paths import content_dir
from interpreter.syntax import ast
from interpreter.syntax.parser import parse_text
from scenario import Script, greedy_bot, random_bot
from scenario import tables as shipped_tables

RULES_ANCHOR = "    score pad:"        # rules lines are added just before this line of base.wonders
BASE_WONDERS = ("Gizah", "Babylon", "Rhodos")


# ---------------------------------------------------------------- building variants
def _identity(item):
    if isinstance(item, ast.Card):
        return ("card", item.name.text)
    if isinstance(item, ast.Wonder):
        return ("wonder", item.name.text)
    return None


@lru_cache(maxsize=None)
def _items_last_first(text: str, name: str) -> tuple[tuple[object, int, int], ...]:
    """Each item of a content file (its identity, first and last line), the last first: the
    same shipped files are parsed once a process, not again for each of the hundreds of
    variants the tests build (about a tenth of a second each)."""
    tree, _ = parse_text(text, name)
    return tuple((_identity(item), item.span.line, item.span.end_line)
                 for item in sorted(tree.items, key=lambda i: -i.span.line))


def variant_folder(tmp_path: Path, rules: str = "", items: str = "") -> Path:
    """The shipped content with `rules` (lines) added to the rules block and the cards and
    wonders of `items` in place of their namesakes."""
    folder = tmp_path / "content"
    shutil.copytree(content_dir(), folder)
    new, problems = parse_text(items, "items.wonders")
    assert problems == []
    replaced = {_identity(i) for i in new.items} - {None}
    for path in sorted(folder.glob("*.wonders")):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines(keepends=True)
        for identity, line, end_line in _items_last_first(text, path.name):
            if identity in replaced:
                del lines[line - 1: end_line]
        text = "".join(lines)
        if rules and path.name == "base.wonders":
            assert RULES_ANCHOR in text
            text = text.replace(RULES_ANCHOR, rules.rstrip("\n") + "\n" + RULES_ANCHOR, 1)
        path.write_text(text, encoding="utf-8")
    (folder / "zz_items.wonders").write_text(items, encoding="utf-8")
    return folder


def variant(tmp_path: Path, rules: str = "", items: str = ""):
    """The variant, checked (it must be clean) and compiled."""
    result = check_paths([variant_folder(tmp_path, rules, items)])
    assert [f"{d.code} {d.message}" for d in result.diagnostics] == []
    return compile_rules(result.ruleset)


def new_game(tables, wonders=BASE_WONDERS, side="A", seed=0) -> Game:
    return Game(tables, len(wonders), seed, side, list(wonders))


def started(game: Game) -> Game:
    """As if `game setup` and age I's `age start` had fired (for tests of later events)."""
    game.started = True
    return game


def hand(game: Game, seat: int, *names: str) -> None:
    game.hands[seat] = [game.tables.card_index(n) for n in names]


def own(game: Game, seat: int, *names: str) -> None:
    """Buildings put in a city, as if built earlier (in this order)."""
    for name in names:
        game.cities[seat].add_card(game.tables.cards[game.tables.card_index(name)])


def last_turn(game: Game, cards=("Altar", "Baths")) -> None:
    """The age's last turn, every hand holding `cards`."""
    game.turn = game.age.turns
    for seat in range(len(game.cities)):
        hand(game, seat, *cards)


def tokens(game: Game, seat: int | None = None, start: int = 0) -> list:
    """The token values logged from log entry `start`, of one seat or as (seat, value)."""
    found = [e for e in game.log[start:] if e["event"] == "token"]
    if seat is None:
        return [(e["seat"], e["value"]) for e in found]
    return [e["value"] for e in found if e["seat"] == seat]


def sellers(n: int):
    return [Script() for _ in range(n)]          # a Script with nothing left sells


# ---------------------------------------------------------------- when events fire
PROBES = """
    on game setup: take token worth 101
    on age start: take token worth 102
    on turn start: take token worth 103
    on building built: take token worth 104
    on stage built: take token worth 105
    on card sold: take token worth 106
    on turn end: take token worth 107
    on age end: take token worth 108
    on game end: take token worth 109
"""
NAMES = {101: "game setup", 102: "age start", 103: "turn start", 104: "building built",
         105: "stage built", 106: "card sold", 107: "turn end", 108: "age end", 109: "game end",
         200: "when built"}
WHEN_BUILT_ALTAR = """card "Altar" {
    age I  color blue  copies 3+ 5+
    points 2
    when built: take token worth 200
}"""


def trace(game: Game, start: int = 0) -> list[tuple]:
    """The log from `start`, short: triggers as (event, seat), choices as ("choose", kind,
    seat), builds from the discard pile, the deal of an age and the end."""
    out = []
    for e in game.log[start:]:
        if e["event"] == "token":
            out.append((NAMES.get(e["value"], e["value"]), e["seat"]))
        elif e["event"] == "choice":
            out.append(("choose", e["kind"], e["seat"]))
        elif e["event"] == "resolve" and e["action"].endswith("from the discard pile"):
            out.append(("from the discard pile", e["seat"]))
        elif e["event"] in ("age", "end"):
            out.append((e["event"],) + ((e["age"],) if "age" in e else ()))
    return out


def test_every_table_event_fires_for_every_seat_and_the_first_turn_starts_with_setup(tmp_path):
    game = new_game(variant(tmp_path, PROBES))
    start = len(game.log)
    game.step(sellers(3))
    assert trace(game, start) == [
        ("game setup", 0), ("game setup", 1), ("game setup", 2),
        ("age start", 0), ("age start", 1), ("age start", 2),
        ("turn start", 0), ("turn start", 1), ("turn start", 2),
        ("choose", "turn", 0), ("choose", "turn", 1), ("choose", "turn", 2),
        ("card sold", 0), ("card sold", 1), ("card sold", 2),
        ("turn end", 0), ("turn end", 1), ("turn end", 2)]
    start = len(game.log)
    game.step(sellers(3))        # game setup and age start only once
    assert [t for t in trace(game, start) if t[0] in ("game setup", "age start")] == []


def test_a_turn_resolves_seat_by_seat_then_the_end_of_turn_actions_then_turn_end(tmp_path):
    """Halikarnassus B builds a stage (a build from the discard pile set aside), Babylon
    builds an Altar with a `when built` action, Rhodos sells."""
    game = started(new_game(variant(tmp_path, PROBES, WHEN_BUILT_ALTAR), ("Halikarnassus", "Babylon", "Rhodos"),
                            side="B"))
    own(game, 0, "Foundry")                                 # 2 ore for the stage
    hand(game, 0, "Theater", "Baths")
    hand(game, 1, "Altar", "Baths")
    hand(game, 2, "Tavern", "Baths")
    start = len(game.log)
    game.step([Script("wonder stage with Theater", "build Tavern"), Script("build Altar"), Script("sell Tavern")])
    assert trace(game, start) == [
        ("turn start", 0), ("turn start", 1), ("turn start", 2),
        ("choose", "turn", 0), ("choose", "turn", 1), ("choose", "turn", 2),
        ("stage built", 0),                                 # seat 0
        ("when built", 1), ("building built", 1),           # seat 1: `when built` first
        ("card sold", 2),                                   # seat 2
        ("choose", "discard", 0), ("building built", 0), ("from the discard pile", 0),   # at end of turn:
        # the card's log entry after what it set going, its coins those after its own effects
        ("turn end", 0), ("turn end", 1), ("turn end", 2)]
    assert "Tavern" in game.cities[0].names                 # sold this turn, built at its end


def test_the_last_turn_of_an_age_plays_last_cards_then_ends_the_turn_then_the_age(tmp_path):
    game = started(new_game(variant(tmp_path, PROBES), ("Halikarnassus", "Babylon", "Rhodos"), side="B"))
    own(game, 0, "Foundry")
    game.cities[1].add_stage()
    game.cities[1].add_stage()                              # Babylon B: may play the last card
    last_turn(game, ("Theater", "Tavern"))
    start = len(game.log)
    game.step([Script("wonder stage with Theater", "build Tavern"), Script("sell Theater", "sell Tavern"),
               Script("sell Theater")])
    assert trace(game, start) == [
        ("turn start", 0), ("turn start", 1), ("turn start", 2),
        ("choose", "turn", 0), ("choose", "turn", 1), ("choose", "turn", 2),
        ("stage built", 0), ("card sold", 1), ("card sold", 2),
        ("choose", "last card", 1), ("card sold", 1),       # Babylon plays its last card
        # the other last cards are discarded (no event), so Halikarnassus may take one:
        ("choose", "discard", 0), ("building built", 0), ("from the discard pile", 0),
        ("turn end", 0), ("turn end", 1), ("turn end", 2),
        ("age end", 0), ("age end", 1), ("age end", 2),     # shields all 0: no military token
        ("age", 2),                                         # the next age is dealt,
        ("age start", 0), ("age start", 1), ("age start", 2)]   # then it starts
    assert game.age.number == 2 and game.turn == 1
    assert "Tavern" in game.cities[0].names                 # Rhodos's discarded last card


def test_game_end_fires_once_after_the_last_age_end_and_before_scoring(tmp_path):
    tables = variant(tmp_path, PROBES + "    on game end: gain 30 coins\n")
    game = started(new_game(tables))
    game.age_index = 2
    game.deal_age()
    last_turn(game)
    start = len(game.log)
    game.step(sellers(3))
    events = [t[0] for t in trace(game, start) if t[0] != "choose"]
    assert events == ["turn start"] * 3 + ["card sold"] * 3 + ["turn end"] * 3 + ["age end"] * 3 \
        + ["game end"] * 3 + ["end"]
    assert game.finished
    assert [c.coins for c in game.cities] == [36, 36, 36]   # 3 + 3 sold + 30
    assert game.log[-1]["scores"][0]["treasury"] == 12      # the coins of `game end` are scored


def test_a_whole_game_fires_each_event_as_often_as_documented(tmp_path):
    game = new_game(variant(tmp_path, PROBES), ("Gizah", "Babylon", "Rhodos", "Olympia"), side="random", seed=3)
    game.play([random_bot(seat) for seat in range(4)])
    seen = [NAMES[v] for _, v in tokens(game) if v in NAMES]
    turns = sum(age.turns for age in game.tables.rules.ages)
    assert seen.count("game setup") == 4 and seen.count("game end") == 4
    assert seen.count("age start") == seen.count("age end") == 3 * 4
    assert seen.count("turn start") == seen.count("turn end") == turns * 4
    resolves = [e for e in game.log if e["event"] == "resolve"]
    assert seen.count("card sold") == sum(e["action"].startswith("sell") for e in resolves)
    assert seen.count("stage built") == sum(e["action"].startswith("wonder stage") for e in resolves)
    assert seen.count("building built") == sum(e["action"].startswith("build") for e in resolves)


def test_a_citys_own_events_are_heard_by_that_city_only(tmp_path):
    items = """card "Altar" {
    age I  color blue  copies 3+ 5+
    points 2
    on building built: take token worth 41
    on card sold: take token worth 42
}"""
    game = started(new_game(variant(tmp_path, "    on building built: take token worth 1\n", items)))
    own(game, 1, "Altar")
    hand(game, 0, "Baths", "Tavern")
    hand(game, 1, "Theater", "Tavern")
    hand(game, 2, "Theater", "Tavern")
    game.step([Script("build Baths"), Script("sell Theater"), Script("sell Theater")])
    assert tokens(game) == [(0, 1), (1, 42)]      # the rules' trigger for the builder only


def test_a_board_hears_game_setup_and_a_stage_its_own_building(tmp_path):
    items = """wonder "Gizah" {
    side A {
        produces stone
        on game setup: gain 2 coins
        stage { cost 2 stone; points 3; on stage built: take token worth 5; on turn end: take token worth 6 }
        stage { cost 3 wood; points 5 }
        stage { cost 4 stone; points 7 }
    }
}"""
    game = new_game(variant(tmp_path, items=items))
    own(game, 0, "Stone Pit")
    hand(game, 0, *["Altar"] * 7)
    game.step([Script("wonder stage with Altar"), Script(), Script()])
    assert game.cities[0].coins == 3 + 2
    assert tokens(game, 0) == [5, 6]


def test_trade_coins_arrive_seat_by_seat(tmp_path):
    """Seat 0 pays seat 1 (its left neighbour) and is paid by seat 2: its trigger sees its
    own payment gone, but not yet seat 2's coins; seat 1's trigger sees seat 0's."""
    rules = "    on building built: take token worth (coins)\n    on card sold: take token worth (coins)\n"
    game = started(new_game(variant(tmp_path, rules)))
    hand(game, 0, "Guard Tower", "Tavern")
    hand(game, 1, "Theater", "Tavern")
    hand(game, 2, "Baths", "Tavern")
    game.step([Script("build Guard Tower (I) paying 2 to left"), Script("sell Theater"),
               Script("build Baths (I) paying 2 to left")])
    assert tokens(game) == [(0, 1), (1, 8), (2, 1)]
    assert [c.coins for c in game.cities] == [3, 8, 1]


# ---------------------------------------------------------------- firing order
ORDER_ITEMS = """wonder "Gizah" {
    side A {
        produces stone
        on turn end: take token worth 10
        on turn end: take token worth 11
        stage { cost 2 stone; points 3; on turn end: take token worth 20 }
        stage { cost 3 wood; points 5 }
        stage { cost 4 stone; points 7 }
    }
}
card "Altar" { age I  color blue  copies 3+ 5+; points 2; on turn end: take token worth 40 }
card "Theater" { age I  color blue  copies 3+ 6+; points 2; on turn end: take token worth 50 }
"""
ORDER_RULES = "    on turn end: take token worth 1\n    on turn end: take token worth 2\n"


def _order_game(tmp_path) -> Game:
    """Gizah owns a Theater, builds an Altar, then its first stage."""
    game = started(new_game(variant(tmp_path, ORDER_RULES, ORDER_ITEMS)))
    own(game, 0, "Theater")
    game.cities[0].coins = 10
    own(game, 0, "Stone Pit")
    hand(game, 0, "Altar", "Baths", "Tavern")
    for seat in (1, 2):
        hand(game, seat, "Baths", "Tavern", "Lumber Yard")
    game.step([Script("build Altar"), Script(), Script()])
    return game


def test_rules_then_board_then_stages_then_buildings_in_the_order_built(tmp_path):
    game = _order_game(tmp_path)
    assert tokens(game, 0) == [1, 2, 10, 11, 50, 40]
    start = len(game.log)
    game.step([Script("wonder stage with"), Script(), Script()])
    assert tokens(game, 0, start) == [1, 2, 10, 11, 20, 50, 40]   # the stage before the older cards
    assert tokens(game, 1, start) == [1, 2] and tokens(game, 2, start) == [1, 2]
    seats = [seat for seat, _ in tokens(game, start=start)]
    assert seats == sorted(seats)                                  # seat by seat


def test_the_firing_order_survives_a_save_and_load(tmp_path):
    game = _order_game(tmp_path)
    game.step([Script("wonder stage with"), Script(), Script()])
    loaded = game_from_data(game.tables, game_to_data(game))
    start = len(loaded.log)
    loaded.step(sellers(3))
    assert tokens(loaded, 0, start) == [1, 2, 10, 11, 20, 50, 40]


def test_the_documented_order_example(tmp_path):
    """docs/language.md, "Firing order": the owner doubles their coins, then gains 1, 2, 3."""
    items = """wonder "Gizah" {
    side A { produces stone; on turn end: gain 1 coin
             stage { cost 2 stone; points 3 } }
}
card "Altar" { age I  color blue  copies 3+ 5+; points 2; on turn end: gain 2 coins }
card "Theater" { age I  color blue  copies 3+ 6+; points 2; on turn end: gain 3 coins }
"""
    game = started(new_game(variant(tmp_path, "    on turn end: gain (coins) coins\n", items)))
    own(game, 0, "Altar", "Theater")
    hand(game, 0, "Lumber Yard", "Baths")
    for seat in (1, 2):
        hand(game, seat, "Baths", "Tavern")
    game.step([Script("build Lumber Yard"), Script(), Script()])
    assert game.cities[0].coins == 2 * 3 + 1 + 2 + 3
    assert game.cities[1].coins == 2 * 6                  # sold: 6 coins, doubled


def test_an_event_caused_by_a_trigger_is_handled_before_the_next_trigger(tmp_path):
    rules = """    on card sold: build a card from the discard pile for free
    on card sold: take token worth 2
    on building built: take token worth 3
"""
    game = started(new_game(variant(tmp_path, rules)))
    game.discard = [game.tables.card_index("Lumber Yard")]
    hand(game, 0, "Theater", "Tavern")
    hand(game, 1, "Theater", "Tavern")
    hand(game, 2, "Theater", "Tavern")
    game.step(sellers(3))
    # seat 0 builds the Lumber Yard (building built: 3) before its second trigger (2); seat 1
    # then builds seat 0's sold Theater, seat 2 the one seat 1 sold.
    assert tokens(game) == [(0, 3), (0, 2), (1, 3), (1, 2), (2, 3), (2, 2)]


def test_a_card_built_during_an_event_hears_only_its_own_building_and_later_events(tmp_path):
    items = """card "Altar" {
    age I  color blue  copies 3+ 5+
    points 2
    on card sold: take token worth 40
    on building built: take token worth 41
}"""
    game = started(new_game(variant(tmp_path, "    on card sold: build a card from the discard pile for free\n",
                                    items)))
    game.discard = [game.tables.card_index("Altar")]
    hand(game, 0, "Theater", "Tavern", "Baths")
    for seat in (1, 2):
        hand(game, seat, "Baths", "Tavern", "Lumber Yard")
    game.step([Script("sell Theater"), Script("build Lumber Yard"), Script("build Lumber Yard")])
    assert tokens(game, 0) == [41]              # built while `card sold` was handled
    game.step([Script("sell"), Script("build"), Script("build")])
    # the next sale is heard: the rules' trigger first builds again (41, at once), then the Altar's
    assert tokens(game, 0) == [41, 41, 40]


def test_for_each_neighbour_tries_the_left_neighbour_then_the_right_one(tmp_path):
    game = new_game(variant(tmp_path, "    on turn start for each neighbour: take token worth (coins of the neighbour)\n"))
    game.cities[0].coins, game.cities[1].coins, game.cities[2].coins = 5, 7, 9
    game.step(sellers(3))
    found = [(e["seat"], e["value"], e["against"]) for e in game.log if e["event"] == "token"]
    assert found == [(0, 7, 1), (0, 9, 2), (1, 9, 2), (1, 5, 0), (2, 5, 0), (2, 7, 1)]


# ---------------------------------------------------------------- limits
def test_once_per_turn_counts_for_each_city_and_trigger_and_resets_every_turn(tmp_path):
    """The Altar here builds a second building at the end of its turn."""
    items = """card "Altar" {
    age I  color blue  copies 3+ 5+
    points 2
    when built: at end of turn, build a card from the discard pile for free
}"""
    rules = """    on building built once per turn: take token worth 1
    on building built once per turn: take token worth 2
    on building built: take token worth 3
"""
    game = started(new_game(variant(tmp_path, rules, items)))
    game.discard = [game.tables.card_index("Lumber Yard")]
    hand(game, 0, "Altar", "Baths", "Tavern")
    hand(game, 1, "Stone Pit", "Baths", "Tavern")
    hand(game, 2, "Clay Pool", "Baths", "Tavern")
    game.step([Script("build Altar"), Script("build Stone Pit"), Script("build Clay Pool")])
    assert tokens(game, 0) == [1, 2, 3, 3]      # the second building of the turn: only the unlimited one
    assert tokens(game, 1) == [1, 2, 3] and tokens(game, 2) == [1, 2, 3]
    start = len(game.log)
    game.step([Script("build Tavern"), Script("sell"), Script("sell")])
    assert tokens(game, 0, start) == [1, 2, 3]  # a new turn


def test_once_per_age_and_once_per_game_over_a_whole_game(tmp_path):
    rules = """    on turn start once per age: take token worth 7
    on turn end once per game: take token worth 9
"""
    game = new_game(variant(tmp_path, rules), ("Gizah", "Babylon", "Rhodos", "Olympia"), side="random", seed=5)
    game.play([greedy_bot(seat) for seat in range(4)])
    for seat in range(4):
        values = tokens(game, seat)
        assert values.count(7) == 3 and values.count(9) == 1
    first_turns = [i for i, e in enumerate(game.log) if e["event"] == "token" and e["value"] == 7]
    ages = [e["age"] for e in game.log[:max(first_turns) + 1] if e["event"] == "age"]
    assert ages == [1, 2, 3]


def test_a_condition_that_fails_does_not_use_the_limit(tmp_path):
    game = new_game(variant(tmp_path, "    on turn start once per age if coins >= 10: take token worth 7\n"))
    game.step(sellers(3))                        # 3 coins: no
    assert tokens(game, 0) == []
    game.step(sellers(3))                        # 6 coins: no
    game.step(sellers(3))                        # 9 coins: no
    game.step(sellers(3))                        # 12 coins: yes
    game.step(sellers(3))                        # 15 coins: already this age
    assert tokens(game, 0) == [7]


def test_a_limited_for_each_neighbour_trigger_fires_for_the_first_neighbour_that_qualifies(tmp_path):
    rules = "    on turn start for each neighbour once per turn if coins of the neighbour > 4: " \
            "take token worth (coins of the neighbour)\n"
    game = new_game(variant(tmp_path, rules))
    game.cities[0].coins, game.cities[1].coins, game.cities[2].coins = 3, 7, 9
    game.step(sellers(3))
    found = [(e["seat"], e["value"], e["against"]) for e in game.log if e["event"] == "token"]
    # seat 0: left (7) qualifies, right skipped; seat 1: left (9); seat 2: left (3) fails, right (7)
    assert found == [(0, 7, 1), (1, 9, 2), (2, 7, 1)]


# ---------------------------------------------------------------- conditions
CONDITIONS = """    on turn start if coins > 5: take token worth 1
    on turn start if coins < 5: take token worth 2
    on turn start if coins >= 5: take token worth 3
    on turn start if coins <= 5: take token worth 4
    on turn start if coins = 5: take token worth 5
    on turn start if coins != 5: take token worth 6
    on turn start if coins >= 4 and coins <= 6 and players = 3: take token worth 7
"""


@pytest.mark.parametrize("coins, fired", [(4, [2, 4, 6, 7]), (5, [3, 4, 5, 7]), (6, [1, 3, 6, 7]),
                                          (7, [1, 3, 6])])
def test_comparisons_and_and(tmp_path, coins, fired):
    game = new_game(variant(tmp_path, CONDITIONS))
    game.cities[0].coins = coins
    game.step(sellers(3))
    assert tokens(game, 0) == fired


def test_conditions_are_counted_when_the_event_happens(tmp_path):
    """The Tavern's 5 coins arrive before `building built`, which sees them."""
    game = started(new_game(variant(tmp_path, "    on building built if coins >= 8: take token worth 1\n")))
    hand(game, 0, "Tavern", "Baths")
    hand(game, 1, "Baths", "Theater")
    hand(game, 2, "Baths", "Theater")
    game.step([Script("build Tavern"), Script(), Script()])
    assert tokens(game, 0) == [1]


# ---------------------------------------------------------------- actions
@pytest.mark.slow
@pytest.mark.parametrize("rule, coins, after", [
    ("on turn start: gain 2 coins", 3, 5),
    ("on turn start: gain 2 coins per 3 coins", 14, 14 + 8),
    ("on turn start: gain (coins / 2) coins", 9, 13),
    ("on turn start: gain (coins - 10) coins", 14, 18),
    ("on turn start: gain (coins - 10) coins", 3, 0),          # a negative gain takes coins, down to 0
    ("on turn start: lose 2 coins", 3, 1),
    ("on turn start: lose 5 coins", 3, 0),                      # never below 0
    ("on turn start: lose 1 coin per 2 coins", 14, 7),
    ("on turn start: lose (coins - 20) coins", 3, 20),          # losing a negative amount gives coins
])

def test_gain_and_lose(tmp_path, rule, coins, after):
    game = new_game(variant(tmp_path, f"    {rule}\n"))
    game.cities[0].coins = coins
    game.do("fire", game.tables.events.number("turn start"), (0,))     # (an event by its number)
    assert game.cities[0].coins == after


@pytest.mark.parametrize("rule", ["on turn start: gain -3 coins", "on turn start: lose -2 coins",
                                  "on turn start: gain 0 coins"])
def test_a_written_amount_must_be_positive(tmp_path, rule):
    result = check_paths([variant_folder(tmp_path, f"    {rule}\n")])
    assert "E1206" in {d.code for d in result.diagnostics}


def test_tokens_count_as_victory_defeat_or_neither(tmp_path):
    rules = """    on game setup: take token worth 3
    on game setup: take a military token worth -2
    on game setup: take token worth 0
    on game setup: take token worth (victory tokens * 10 + defeat tokens)
"""
    game = new_game(variant(tmp_path, rules))
    game.step(sellers(3))
    assert game.cities[0].tokens == [3, -2, 0, 11]     # the 0 token is neither a victory nor a defeat
    assert game.scores()[0]["military"] == 3 - 2 + 0 + 11


def test_at_end_of_turn_runs_after_the_turns_plays_and_before_turn_end(tmp_path):
    rules = """    on turn start: at end of turn, gain 10 coins
    on turn end: take token worth (coins)
"""
    game = new_game(variant(tmp_path, rules))
    game.step(sellers(3))
    assert tokens(game, 0) == [3 + 3 + 10]


def test_an_action_set_aside_at_turn_end_runs_right_after_it(tmp_path):
    """Documented in "Actions": still in the same turn, so nothing is left pending between
    two turns (a save holds none)."""
    rules = """    on turn end once per game: at end of turn, gain 10 coins
    on turn end: take token worth (coins)
"""
    game = new_game(variant(tmp_path, rules))
    game.step(sellers(3))
    assert tokens(game, 0) == [6]                   # turn end saw 6 coins,
    assert game.cities[0].coins == 16 and game.pending == []    # and the 10 came after it
    loaded = game_from_data(game.tables, game_to_data(game))
    loaded.step(sellers(3))
    assert loaded.cities[0].coins == 16 + 3


def test_an_action_set_aside_during_the_end_of_turn_actions_runs_in_the_same_turn(tmp_path):
    """Halikarnassus builds from the discard pile at the end of its turn; that building's
    trigger sets another action aside, which runs before `turn end`."""
    rules = """    on building built: at end of turn, gain 10 coins
    on turn end: take token worth (coins)
"""
    game = started(new_game(variant(tmp_path, rules), ("Halikarnassus", "Babylon", "Rhodos"), side="B"))
    own(game, 0, "Foundry")
    game.cities[0].coins = 0
    game.discard = [game.tables.card_index("Lumber Yard")]
    hand(game, 0, "Theater", "Baths")
    for seat in (1, 2):
        hand(game, seat, "Baths", "Tavern")
    game.step([Script("wonder stage with Theater", "build Lumber Yard"), Script(), Script()])
    assert "Lumber Yard" in game.cities[0].names
    assert tokens(game, 0) == [10]


def test_an_action_set_aside_at_age_end_runs_at_the_end_of_that_last_turn(tmp_path):
    rules = """    on age end: at end of turn, gain 10 coins
    on turn end: take token worth (coins)
"""
    game = started(new_game(variant(tmp_path, rules)))
    last_turn(game)
    game.step(sellers(3))
    assert tokens(game, 0) == [6] and game.cities[0].coins == 6 + 10
    game.step(sellers(3))                           # age II, turn 1
    assert tokens(game, 0) == [6, 6 + 10 + 3]


def test_building_from_the_discard_pile(tmp_path):
    """The owner chooses among the pile's cards (this turn's sales included) except those
    it has a building of, builds it for free, and that is a `building built`."""
    rules = """    on card sold: build a card from the discard pile for free
    on building built: take token worth 1
"""
    game = started(new_game(variant(tmp_path, rules)))
    own(game, 0, "Altar")
    game.discard = [game.tables.card_index(n) for n in ("Altar", "Palace")]
    hand(game, 0, "Theater", "Tavern")
    hand(game, 1, "Lumber Yard", "Tavern")
    hand(game, 2, "Stone Pit", "Tavern")
    seat0 = Script("sell Theater", "build Palace")
    game.step([seat0, Script("build Lumber Yard"), Script("build Stone Pit")])
    assert seat0.asked[1] == ("discard", ["build Palace (III) free by power", "build Theater (I) free by power"])
    assert "Palace" in game.cities[0].names
    assert game.cities[0].coins == 3 + 3                # the sale; the Palace cost nothing
    assert tokens(game, 0) == [1]
    assert [game.tables.cards[i].name for i in game.discard] == ["Altar", "Theater"]


def test_building_from_an_empty_discard_pile_does_nothing(tmp_path):
    game = started(new_game(variant(tmp_path, "    on turn start: build a card from the discard pile for free\n")))
    assert game.discard == []
    game.step(sellers(3))
    assert [c.built for c in game.cities] == [[], [], []]


# ---------------------------------------------------------------- the base game's military
def _military_after_each_age(game):
    found = []
    for _age in range(3):
        last_turn(game)
        game.step(sellers(3))
        found.append([list(c.tokens) for c in game.cities])
    return found


def test_base_military_more_shields_than_both_neighbours_wins_two_tokens_of_the_ages_value():
    game = started(new_game(shipped_tables()))
    own(game, 0, "Stockade", "Barracks")            # 2 shields
    own(game, 1, "Guard Tower")                     # 1
    own(game, 2, "Guard Tower")                     # 1
    after = _military_after_each_age(game)
    assert after[0] == [[1, 1], [-1], [-1]]         # ties between seats 1 and 2 give nothing
    assert after[1] == [[1, 1, 3, 3], [-1, -1], [-1, -1]]
    assert after[2] == [[1, 1, 3, 3, 5, 5], [-1, -1, -1], [-1, -1, -1]]
    assert game.finished
    assert [s["military"] for s in game.log[-1]["scores"]] == [18, -3, -3]


def test_base_military_ties_give_nothing():
    game = started(new_game(shipped_tables()))
    for seat in range(3):
        own(game, seat, "Stockade")
    after = _military_after_each_age(game)
    assert after[-1] == [[], [], []]


def test_base_military_against_the_log_of_whole_games():
    """In every game, each age's tokens follow from the shields logged at its end."""
    for seed in range(3):
        game = new_game(shipped_tables(), ("Gizah", "Babylon", "Rhodos", "Olympia", "Ephesos"), "random", seed)
        game.play([greedy_bot(seat) for seat in range(5)])
        victory = {age.number: age.victory for age in game.tables.rules.ages}
        ends = [i for i, e in enumerate(game.log) if e["event"] == "age end"]
        for i in ends:
            entry = game.log[i]
            shields, n = entry["shields"], len(entry["shields"])
            expected = []
            for seat in range(n):                    # seat by seat, each trigger in turn,
                neighbours = ((seat + 1) % n, (seat - 1) % n)       # left, then right
                expected += [(seat, victory[entry["age"]], o) for o in neighbours if shields[seat] > shields[o]]
                expected += [(seat, -1, o) for o in neighbours if shields[seat] < shields[o]]
            taken = []
            for e in game.log[i + 1:]:
                if e["event"] != "token":
                    break
                taken.append((e["seat"], e["value"], e["against"]))
            assert taken == expected


# ---------------------------------------------------------------- triggers that cause triggers
# From age II on, every building brings back one from the discard pile, which is a building
# built again: a chain that its condition could break (the checker cannot judge it).
RECYCLING = "    on building built if age >= 2: build a card from the discard pile for free\n"


def _quiet_cards(tables, count: int) -> list[int]:
    """`count` cards of distinct names, without `when built` actions (no coins gained)."""
    names = dict.fromkeys(c.name for c in tables.cards
                          if c.name != "Altar" and not c.when_built and not c.turn_end)
    return [tables.card_index(n) for n in list(names)[:count]]


def _recycling_game(tmp_path, pile_size: int) -> Game:
    """In age II, seat 0 builds an Altar with `pile_size` other cards it can build in the
    discard pile; the others sell Altars, which seat 0 cannot build again."""
    game = started(new_game(variant(tmp_path, RECYCLING)))
    game.age_index = 1
    game.deal_age()
    game.discard = _quiet_cards(game.tables, pile_size)
    assert len(game.discard) == pile_size
    hand(game, 0, "Altar", "Tavern")
    hand(game, 1, "Altar", "Tavern")
    hand(game, 2, "Altar", "Tavern")
    return game


def test_a_chain_of_builds_from_the_discard_pile_ends_with_the_pile(tmp_path):
    game = _recycling_game(tmp_path, MAX_DEPTH - 1)
    game.step([Script("build Altar"), Script("sell"), Script("sell")])
    assert len(game.cities[0].built) == MAX_DEPTH          # the Altar and the whole pile
    assert [game.tables.cards[i].name for i in game.discard] == ["Altar", "Altar"]


def test_a_chain_that_ends_exactly_at_the_bound_is_not_a_loop(tmp_path):
    game = _recycling_game(tmp_path, MAX_DEPTH)
    game.step([Script("build Altar"), Script("sell"), Script("sell")])
    assert len(game.cities[0].built) == 1 + MAX_DEPTH      # the last trigger finds nothing to build


def test_a_chain_of_more_than_the_bound_stops_the_game_naming_the_content_lines(tmp_path):
    game = _recycling_game(tmp_path, MAX_DEPTH + 1)
    with pytest.raises(TriggerLoop) as caught:
        game.step([Script("build Altar"), Script("sell"), Script("sell")])
    error = caught.value
    assert error.event == "building built"
    assert len(game.cities[0].built) == 1 + MAX_DEPTH      # the 26th trigger stops it, before acting
    assert error.notes and {Path(n.span.file).name for n in error.notes} == {"base.wonders"}
    base = (variant_folder(tmp_path / "again", RECYCLING) / "base.wonders").read_text(encoding="utf-8")
    line = base.splitlines().index(RECYCLING.rstrip("\n")) + 1
    assert {n.span.line for n in error.notes} == {line}
    assert "more than 25 times" in str(error)


def test_the_bound_is_reached_in_a_real_game(tmp_path):
    """Seven players sell every card of age I (49 cards, 27 names): the first building of
    age II starts a chain longer than the bound."""
    tables = variant(tmp_path, RECYCLING)

    class SellAgeI:
        def decide(self, game, seat, kind, options):
            if game.age.number == 1 and kind == "turn":
                return next(i for i, o in enumerate(options) if o.kind == "sell")
            return 0

    wonders = ("Gizah", "Babylon", "Rhodos", "Olympia", "Alexandria", "Ephesos", "Halikarnassus")
    game = new_game(tables, wonders)
    with pytest.raises(TriggerLoop):
        game.play([SellAgeI() for _ in wonders])
    assert game.age.number == 2


def test_a_trigger_that_always_causes_itself_is_refused_or_stopped(tmp_path):
    """Without a condition or a limit, the Recycling rule never stops by itself: the checker
    may refuse it; if it does not, the engine stops the chain at the bound."""
    rules = "    on building built: build a card from the discard pile for free\n"
    result = check_paths([variant_folder(tmp_path, rules)])
    if result.ruleset is None:
        assert {d.code for d in result.diagnostics} == {"E1502"}
        return
    game = started(new_game(compile_rules(result.ruleset)))
    game.discard = _quiet_cards(game.tables, MAX_DEPTH + 5)
    hand(game, 0, "Altar", "Tavern")
    hand(game, 1, "Altar", "Tavern")
    hand(game, 2, "Altar", "Tavern")
    with pytest.raises(TriggerLoop):
        game.step([Script("build Altar"), Script("sell"), Script("sell")])


def test_actions_other_than_building_cause_no_event(tmp_path):
    rules = """    on building built: gain 1 coin
    on card sold: take token worth 1
    on turn end: lose 1 coin
"""
    game = new_game(variant(tmp_path, rules), side="random", seed=2)
    game.play([random_bot(seat) for seat in range(3)])
    assert game.finished


# ---------------------------------------------------------------- expressions
def _expression(text: str):
    tree, problems = parse_text(f'card "X" {{ age I  color blue  score civilian: {text} }}', "expr.wonders")
    assert problems == [], text
    (score,) = [e for e in tree.items[0].body if isinstance(e, ast.Score)]
    return score.value


@pytest.fixture(scope="module")
def position():
    """Gizah (seat 0) with 14 coins, 2 brown, 1 grey, 4 green (compass, gear x2, tablet),
    2 red cards (2 shields), 1 stage and tokens 1, -1, 3; Babylon (left) with 7 coins and
    tokens -1, -1; Rhodos (right) with 9 coins and 1 stage."""
    game = new_game(shipped_tables())
    own(game, 0, "Lumber Yard", "Stone Pit", "Glassworks", "Apothecary", "Workshop", "Scriptorium",
        "Laboratory", "Stockade", "Barracks")
    game.cities[0].add_stage()
    game.cities[2].add_stage()
    game.cities[0].coins, game.cities[1].coins, game.cities[2].coins = 14, 7, 9
    game.cities[0].tokens = [1, -1, 3]
    game.cities[1].tokens = [-1, -1]
    return game


@pytest.mark.parametrize("text, expected", [
    ("7", 7), ("2 + 3 * 4", 14), ("(2 + 3) * 4", 20), ("8 - 2 - 1", 5), ("12 / 2 / 3", 2),
    ("7 / 2", 3), ("(0 - 7) / 2", -4), ("-7 / 2", -4), ("7 / 0", 0), ("coins / (players - 3)", 0),
    ("-coins", -14), ("- -3", 3), ("-(2 + 3)", -5),
    ("1 per 3 coins", 4), ("2 per 3 coins", 8), ("2 * 1 per 3 coins", 8), ("1 per 3 coins * 2", 8),
    ("3 per brown card", 6), ("coins / 3", 4),
    # quantities
    ("coins", 14), ("shields", 2), ("brown cards", 2), ("brown and grey cards", 3),
    ("brown, grey / green cards", 7), ("green card", 4), ("wonder stages", 1), ("unbuilt wonder stages", 2),
    ("victory tokens", 2), ("defeat tokens", 1), ("military tokens", 3), ("complete sets", 1),
    ("each symbol squared", 1 + 4 + 1), ("age", 1), ("age victory", 1), ("players", 3),
    # scopes
    ("coins of own city", 14), ("coins of left neighbour", 7), ("coins in right neighbour", 9),
    ("coins of neighbours", 16), ("coins in left neighbour and right neighbour", 16),
    ("coins of own city and neighbours", 30), ("coins of all cities", 30),
    ("coins of neighbours and left neighbour", 16), ("defeat tokens in all cities", 3),
    ("wonder stages of neighbours", 1), ("unbuilt wonder stages of all cities", 9 - 2),
    ("military tokens of left neighbour", -2), ("shields of all cities", 2),
    ("1 per 2 coins in neighbours", 8),
])
def test_expressions(position, text, expected):
    assert evaluate(_expression(text), position.events.where(0)) == expected


@pytest.mark.parametrize("neighbour, expected", [(1, 7), (2, 9)])
def test_the_neighbour_is_the_one_looked_at(position, neighbour, expected):
    where = position.events.where(0, position.cities[neighbour])
    assert evaluate(_expression("coins of the neighbour"), where) == expected
    assert evaluate(_expression("coins of own city and the neighbour"), where) == 14 + expected


def test_age_quantities_follow_the_age(tmp_path):
    rules = """    on age start: take token worth (age * 10 + age victory)
    on age end: take token worth (100 + age)
"""
    game = new_game(variant(tmp_path, rules))
    game.play(sellers(3))
    assert [v for v in tokens(game, 0) if v not in (-1, 1, 3, 5)] == [11, 101, 23, 102, 35, 103]


def test_expressions_through_the_checker_and_a_trigger(tmp_path):
    rules = """    on game setup: gain (7 / 0 + 7 / 2) coins
    on game setup: take token worth ((0 - 7) / 2)
    on game setup: take token worth (coins of left neighbour - coins of right neighbour * 2)
"""
    game = new_game(variant(tmp_path, rules))
    game.cities[1].coins = 10
    game.step(sellers(3))
    # seat 0 fires first: its left neighbour has 10 coins, its right one (seat 2) still 3
    assert game.cities[0].tokens == [-4, 10 - 3 * 2]
    assert game.cities[2].tokens == [-4, (3 + 3) - (10 + 3) * 2]    # seats 0 and 1 have gained 3


def test_scoring_counts_after_game_end_with_the_last_ages_numbers(tmp_path):
    game = started(new_game(variant(tmp_path, "    score civilian: age * 100 + age victory\n")))
    game.age_index = 2
    game.deal_age()
    last_turn(game)
    game.step(sellers(3))
    assert game.log[-1]["scores"][0]["civilian"] == 305


def test_science_quantities_count_single_symbols_during_the_game_and_choices_when_scoring(tmp_path):
    game = started(new_game(variant(tmp_path, "    on turn start: take token worth (complete sets * 10 + each symbol squared)\n")))
    own(game, 0, "Apothecary", "Workshop", "Scientists Guild")   # compass, gear, and a choice
    hand(game, 0, "Baths", "Tavern")
    hand(game, 1, "Baths", "Tavern")
    hand(game, 2, "Baths", "Tavern")
    game.step(sellers(3))
    assert tokens(game, 0) == [0 * 10 + 2]                       # the choice is not counted yet
    assert game.scores()[0]["science"] == 3 + 7                  # tablet chosen: 1 + 1 + 1 + one set


# ---------------------------------------------------------------- what the checker refuses
@pytest.mark.parametrize("trigger, code", [
    ("on turn start: gain (coins of the neighbour) coins", "E1210"),
    ("on turn start for each neighbour: at end of turn, gain (coins of the neighbour) coins", "E1210"),
    ("on game end: copy a purple card from neighbours", "E1210"),
    ("on turn start once per round: gain 1 coin", "E1007"),
    ("on turn start: gain 0 coins", "E1206"),
    ("on turn start: gain 1 coin per 0 coins", "E1206"),
    ("on turn start if coins > 3 gain 1 coin", "E0001"),
])
def test_the_checker_refuses(tmp_path, trigger, code):
    result = check_paths([variant_folder(tmp_path, f"    {trigger}\n")])
    assert sorted({d.code for d in result.diagnostics}) == [code]


# ---------------------------------------------------------------- refused, reported
def test_wonders_play_reports_a_trigger_loop_with_its_content_lines(tmp_path):
    """Not an internal error: the content's error, naming its lines (age I lasts one turn
    here, so 42 cards are discarded before age II's first building)."""
    from conftest import call_cli
    folder = variant_folder(tmp_path, RECYCLING)
    base = folder / "base.wonders"
    text, age_i = base.read_text(encoding="utf-8"), "start age I, victory tokens worth 1\n        play 6 turns"
    assert age_i in text
    base.write_text(text.replace(age_i, "start age I, victory tokens worth 1\n        play 1 turn"), encoding="utf-8")
    result = call_cli("play", "--players", "7", "--seed", "0", "--content", str(folder))
    assert result.returncode == 1 and "internal error" not in result.stderr
    assert "base.wonders" in result.stderr


def test_at_end_of_game_gain_runs_before_the_game_end_triggers(tmp_path):
    items = """card "Altar" {
    age I  color blue  copies 3+ 5+
    points 2
    at end of game: gain 30 coins
}"""
    game = started(new_game(variant(tmp_path, "    on game end: take token worth (coins)\n", items)))
    own(game, 0, "Altar")
    game.age_index = 2
    game.deal_age()
    last_turn(game)
    game.step(sellers(3))
    assert game.cities[0].coins == 3 + 3 + 30
    assert tokens(game) == [(0, 36), (1, 6), (2, 6)]
    assert game.log[-1]["scores"][0]["treasury"] == 12


@pytest.mark.parametrize("effect", ["when built: at end of turn, copy a purple card from neighbours",
                                    "on card sold: at end of turn, copy a purple card from neighbours"])
def test_copying_outside_the_end_of_game_is_refused(tmp_path, effect):
    items = f'card "Altar" {{\n    age I  color blue  copies 3+ 5+\n    points 2\n    {effect}\n}}'
    result = check_paths([variant_folder(tmp_path, items=items)])
    assert "E1210" in {d.code for d in result.diagnostics}


@pytest.mark.parametrize("effect", ["buy raw from all cities for 1 coin", "buy raw from the neighbour for 1 coin",
                                    "buy raw from own city and neighbours for 1 coin",
                                    "at end of game: copy a purple card from all cities",
                                    "score civilian: 1 per complete set in left neighbour"])
def test_scopes_that_mean_nothing_are_refused(tmp_path, effect):
    """Trading and copying are from the left or right neighbour; science is counted in
    the owner's city only (the engine would ignore such a scope)."""
    items = f'card "Altar" {{\n    age I  color blue  copies 3+ 5+\n    points 2\n    {effect}\n}}'
    result = check_paths([variant_folder(tmp_path, items=items)])
    assert sorted({d.code for d in result.diagnostics}) == ["E1210"]


# ---------------------------------------------------------------- `and` after a scope (issue 21)
def _conditions(text: str):
    tree, problems = parse_text(f'card "X" {{ age I  color blue  score civilian: 3 if {text} }}', "c.wonders")
    assert problems == [], (text, [d.message for d in problems])
    (score,) = [e for e in tree.items[0].body if isinstance(e, ast.Score)]
    return score.value.conditions


def _scope_of(expr):
    return expr.scope.parts if isinstance(expr, ast.Quantity) and expr.scope is not None else None


@pytest.mark.parametrize("text, scopes", [
    ("coins <= coins of left neighbour and coins <= coins of right neighbour", [("left",), ("right",)]),
    ("coins > coins in neighbours and age = 2", [("left", "right"), None]),
    ("shields != shields of all cities and shields >= 2", [("all",), None]),
    ("brown cards of own city < grey cards of left neighbour and right neighbour and players = 3",
     [("left", "right"), None]),
    ("wonder stages of left neighbour = wonder stages of right neighbour and coins > 2",
     [("right",), None]),
    ("coins < most coins of all cities and fewest coins in neighbours > 1", [("all",), None]),
    ("coins > coins of left neighbour and the most coins of all cities > 3", [("left",), None]),
    ("coins > 1 per 2 coins in left neighbour and grey cards > 2", [None, None]),
    ("coins > coins of left neighbour and  # and a comment\n the neighbour and age = 1", [("left", "neighbour"), None]),
    ("coins of left neighbour and right neighbour > 4 and coins of own city and left neighbour < 9",
     [None, None]),
])
def test_and_after_a_scoped_quantity_joins_comparisons_unless_a_city_follows(text, scopes):
    """`and` continues a scope only when a city follows it (`own city`, `left`, `right`,
    `neighbours`, `the neighbour`, `all cities`); any other `and` starts the next comparison."""
    conditions = _conditions(text)
    assert len(conditions) == len(scopes)
    assert [_scope_of(c.right) for c in conditions] == scopes
    if text.startswith("coins of left neighbour and right"):
        assert [_scope_of(c.left) for c in conditions] == [("left", "right"), ("own", "left")]


@pytest.mark.slow
def test_the_poor_relief_rule_checks_plays_and_formats_without_parentheses(tmp_path):
    """The issue's rule, written as a designer says it: check, play, fmt and rules --full."""
    from conftest import call_cli
    rule = tmp_path / "poor.wonders"
    rule.write_text('variant "Poor relief" {\n    changes "7 Wonders, first edition"\n'
                    '    add trigger "poor relief" on age end if coins <= coins of left neighbour '
                    'and coins <= coins of right neighbour: gain 2 coins\n}\n', encoding="utf-8")
    checked = call_cli("check", "--variant", str(rule))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    played = call_cli("play", "--variant", str(rule), "--players", "3", "--seed", "2")
    assert played.returncode == 0 and "poor relief" in played.stdout, played.stderr
    before = rule.read_text(encoding="utf-8")
    formatted = call_cli("fmt", str(rule))
    assert formatted.returncode == 0, formatted.stdout + formatted.stderr
    after = rule.read_text(encoding="utf-8")
    assert "(" not in after and " ".join(after.split()) == " ".join(before.split())
    assert call_cli("check", "--variant", str(rule)).returncode == 0
    full = call_cli("rules", "--full", "--variant", str(rule))
    assert "if coins <= coins of left neighbour and coins <= coins of right neighbour: gain 2 coins" \
        in full.stdout


# ---------------------------------------------------------------- most and fewest (issue 21)
@pytest.mark.parametrize("text, expected", [
    ("most coins of all cities", 14), ("fewest coins of all cities", 7), ("the most coins of neighbours", 9),
    ("min coins in neighbours", 7), ("max coins of left neighbour and right neighbour", 9),
    ("fewest coins of all cities and left neighbour", 7),          # a city named twice is one city
    ("the most brown and grey cards of all cities", 3), ("fewest brown cards of all cities", 0),
    ("most wonder stages of neighbours", 1), ("fewest military tokens of all cities", -2),
    ("most victory tokens of own city and neighbours", 2), ("fewest shields of own city and left neighbour", 0),
    ("most coins of all cities - fewest coins of all cities", 7), ("2 * most coins of neighbours", 18),
])
def test_most_and_fewest_are_the_count_of_one_city(position, text, expected):
    assert evaluate(_expression(text), position.events.where(0)) == expected


POOR_RELIEF = "    trigger \"poor relief\" on age end if coins = fewest coins of all cities: gain 2 coins\n"


@pytest.mark.parametrize("coins, after", [
    ((1, 2, 5), (4 + 2, 5, 8)),            # seat 0 alone had the fewest: seat 1 does not become the poorest
    ((2, 2, 5), (5 + 2, 5 + 2, 8)),        # a tie: every city with the fewest gains
    ((4, 4, 4), (9, 9, 9)),                # all tied: all gain
])
def test_the_city_with_the_fewest_coins_gains_ties_all_gain(tmp_path, coins, after):
    """At the age's last turn every seat sells (3 coins), then `age end` fires: the
    conditions of all seats are read before any of them gains."""
    game = started(new_game(variant(tmp_path, POOR_RELIEF)))
    last_turn(game)
    for city, n in zip(game.cities, coins):
        city.coins = n
    game.step(sellers(3))
    assert tuple(c.coins for c in game.cities) == after


def test_conditions_of_one_event_are_read_before_any_trigger_of_it_acts(tmp_path):
    """Two triggers of one seat on one event: the first one's coins do not stop the second."""
    rules = "    on turn start if coins < 5: gain 2 coins\n    on turn start if coins < 5: gain 1 coin\n"
    game = new_game(variant(tmp_path, rules))
    game.cities[0].coins = 4
    game.step(sellers(3))
    assert game.cities[0].coins == 4 + 2 + 1 + 3


@pytest.mark.parametrize("trigger", [
    "on turn start if coins = most coins: gain 1 coin",
    "on turn start if coins = fewest coins of left neighbour: gain 1 coin",
    "on turn start for each neighbour if coins = most coins of the neighbour: gain 1 coin",
    "on turn start if 1 = most complete sets of all cities: gain 1 coin",
    "on turn start if coins < min each symbol squared: gain 1 coin",
])
def test_most_or_fewest_of_one_city_is_refused(tmp_path, trigger):
    result = check_paths([variant_folder(tmp_path, f"    {trigger}\n")])
    codes = sorted({d.code for d in result.diagnostics})
    assert codes == (["E0001"] if "symbol squared" in trigger else ["E1214"]), codes


@pytest.mark.parametrize("text", [
    "3 if coins = fewest coins of all cities",
    "most brown and grey cards of neighbours + fewest coins in left neighbour and own city",
    "1 if coins <= most coins of left neighbour and right neighbour and age = 2",
])
def test_most_and_fewest_print_back_to_the_same_meaning(text):
    """`wonders fmt` and `wonders rules --full` print with printer.py: its text parses back
    to the same tree (`max`/`min` are written `most`/`fewest`, `the` is left out)."""
    from fmt_meaning import without_spans
    from interpreter.syntax.formatter import layout_text as print_items
    source = f'card "X" {{ age I  color blue  score civilian: {text.replace("most", "the max", 1)} }}'
    tree, problems = parse_text(source, "x.wonders")
    assert problems == []
    printed = print_items(tree.items)
    again, problems = parse_text(printed, "x.wonders")
    assert problems == [] and without_spans(again.items) == without_spans(tree.items), printed
    assert "max" not in printed

"""Order and removal, the constructs of issue 37 after `discard a ... card from ...`
(docs/language.md, "Order and removal"): the last card a city built, a neighbour's wonder
stage copied, a card moved out of a city or a zone into a zone or under a stage; each
from a designer's scenario, its misuse a located error, its decisions saved and answered
by every bot."""

from __future__ import annotations

import pytest

from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.game import Game
from interpreter.engine.invariants import Recorder, TurnWatch
from interpreter.engine.saves import game_from_data, game_to_data
from interpreter.engine.scoring import score_city
from interpreter.syntax.parser import parse_text
from interpreter.syntax.printer import print_item
from interpreter.bots.seats import make_deciders

BOTS = ["random", "greedy", "heuristic", "mcts:iterations=8"]


def as_variant(items: str, name: str = "Order test") -> str:
    return f'variant "{name}" {{\n    changes "7 Wonders, first edition"\n{items}}}\n'


def checked(tmp_path, text: str, expansions=()):
    path = tmp_path / "variant.wonders"
    path.write_text(text, encoding="utf-8")
    return check_paths(None, [str(path)], expansions=list(expansions)) if expansions else \
        check_paths(None, [str(path)])


def tables_with(tmp_path, text: str):
    result = checked(tmp_path, text)
    assert result.ruleset is not None, [f"{d.code} {d.message}" for d in result.diagnostics]
    assert not [d for d in result.diagnostics if d.severity == "error"]
    return compile_rules(result.ruleset)


def codes_of(tmp_path, text: str) -> list[tuple[str, int, int]]:
    return [(d.code, d.span.line, d.span.column) for d in checked(tmp_path, text).diagnostics
            if d.severity == "error"]


def build(game, seat: int, *names: str) -> None:
    for name in names:
        game.cities[seat].add_card(game.tables.cards[game.tables.card_index(name)])


WRITTEN = [
    'card "A" { age I  color blue  on building built if colour of the last card built = colour of the previous '
    'card built: gain 1 coin }',
    'card "B" { age I  color blue  on turn end if colour of the last card built by left neighbour != blue/green: '
    'gain 1 coin }',
    'card "C" { age I  color blue  score civilian: 1 per card of the colour of the last card built in neighbours '
    '+ cost of the previous card built by right neighbour }',
    'card "D" { age I  color blue  when built: copy the last card built by neighbours }',
    'card "E" { age I  color blue  when built: put a blue/green card from own city into "z" }',
    'card "F" { age I  color blue  when built: discard a blue card from "z" }',
    'wonder "W" { side A { stage { cost wood; when built: put a white card from own city under this stage\n'
    '  score wonder: 2 * cost of the white card under this stage } stage { cost clay; when built: copy stage 2 '
    'of left neighbour } } }',
]


@pytest.mark.parametrize("text", WRITTEN)
def test_each_construct_is_written_back_as_it_reads(text):
    tree, problems = parse_text(text, "t")
    assert problems == []
    printed = print_item(tree.items[0])
    again, problems = parse_text(printed, "again")
    assert problems == [] and print_item(again.items[0]) == printed


# ---------------------------------------------------------------- the last card built
RUNS = as_variant('''    remove card "Clay Pit"
    add card "Streak Hall" {
        age I  color yellow  copies 3+
        cost wood
        on building built if colour of the last card built = colour of the previous card built: gain 2 coins
        on turn end if colour of the last card built by left neighbour = blue/green: gain 1 coin
        score civilian: 1 per card of the colour of the last card built in neighbours
    }
    add card "Echo Guild" {
        age III  color purple
        cost 2 wood
        when built: copy the last card built by neighbours
    }
''')


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return tables_with(tmp_path_factory.mktemp("runs"), RUNS)


def test_a_building_of_the_colour_of_the_one_before_pays(runs):
    game = Game(runs, players=3, seed=1, sides="A")
    build(game, 0, "Streak Hall", "Baths")
    city = game.cities[0]
    coins = city.coins
    left, right = game.neighbours(0)
    where = game.events.where(0, None)
    from interpreter.compile.expressions import check_fn
    hall = runs.cards[runs.card_index("Streak Hall")]
    same, neighbour_blue = (check_fn(t.conditions) for t in hall.triggers)
    assert not same(where)                     # a blue card after a yellow one
    build(game, 0, "Altar")
    assert same(game.events.where(0, None))    # two blue cards in a row
    assert not neighbour_blue(where)           # the left neighbour built nothing: no card, no colour
    build(game, 1, "Scriptorium")
    assert neighbour_blue(game.events.where(0, None)) is (game.neighbours(0)[0].seat == 1)
    assert city.coins == coins


def test_the_last_card_counts_its_colour_in_the_neighbours(runs):
    game = Game(runs, players=3, seed=1, sides="A")
    build(game, 0, "Streak Hall", "Altar")
    left, right = game.neighbours(0)
    build(game, left.seat, "Baths", "Theater")
    build(game, right.seat, "Stone Pit", "Pawnshop")
    # the Altar's 2 points and the three blue cards of the neighbours
    assert score_city(runs, game.cities[0], left, right, game.cities, 1, 1)["civilian"] == 2 + 3
    build(game, 0, "Lumber Yard")               # the last card is brown now: the neighbours have one
    assert score_city(runs, game.cities[0], left, right, game.cities, 1, 1)["civilian"] == 2 + 1


def test_the_last_card_of_a_neighbour_is_copied_by_choice_and_saved(runs):
    game = Game(runs, players=3, seed=1, sides="A")
    left, right = game.neighbours(0)
    build(game, left.seat, "Altar", "Baths")
    build(game, right.seat, "Pawnshop")
    from interpreter.engine.flow.chains import CHAIN_STEPS
    echo = runs.cards[runs.card_index("Echo Guild")]
    game.stack.append(("run", echo.run.when_built[0], 0, None, "Echo Guild"))
    game.run()
    decision = game.decision()
    assert decision.kind == "copy"
    labels = [o.label(runs) for o in decision.options]
    assert labels == ["copy Baths (I)", "copy Pawnshop (I)"]
    saved = game_to_data(game)
    again = game_from_data(runs, saved)
    decision.choose(0)
    again.decision().choose(0)
    assert game.cities[0].copied == again.cities[0].copied == [runs.card_index("Baths")]
    assert "copy_from" in CHAIN_STEPS


# ---------------------------------------------------------------- misuse
@pytest.mark.parametrize("line, code, column", [
    ("score civilian: cost of the card under this stage", "E2030", 33),
    ("when built: put a blue card from own city under this stage", "E2030", 21),
    ("on turn end if colour of the last card built < blue: gain 1 coin", "E2031", 24),
    ("score civilian: cost of the last card built by neighbours", "E2032", 56),
    ('when built: put a blue card from "spare" into "spare"', "E2033", 21),
    ("when built: copy stage 0 of left neighbour", "E1206", 32),
    ("when built: copy stage 1 of own city", "E1210", 37),
    ("on turn end: copy stage 1 of left neighbour", "E1210", 22),
    ("when built: copy the last card built by all cities", "E1210", 49),
    ('when built: put a blue card from "nowhere" into "spare"', "E1701", 42),
])
def test_a_misuse_is_a_located_error(tmp_path, line, code, column):
    text = as_variant(f'''    add zone "spare"
    add card "Misused" {{
        age I  color blue  copies 3+
        {line}
    }}
''')
    found = codes_of(tmp_path, text)
    assert found and found[0] == (code, 6, column), found


# ---------------------------------------------------------------- a card moved
MOVES = as_variant('''    add zone "vault"
    remove card "Timber Yard"
    remove card "Brickyard"
    add card "Reliquary" {
        age I  color yellow  copies 3+
        cost wood
        when built: put a blue/brown card from own city into "vault"
    }
    add card "Vault Sale" {
        age II  color yellow  copies 3+ 4+
        when built: discard a blue/brown card from "vault"
    }
    replace wonder "Gizah" {
        side A {
            produces stone
            stage { cost 2 stone; when built: put a blue card from own city under this stage
                    score wonder: 2 * cost of the blue card under this stage }
            stage { cost 3 wood; score wonder: 1 per card of the colour of the card under this stage in neighbours }
        }
    }
''')


@pytest.fixture(scope="module")
def moves(tmp_path_factory):
    return tables_with(tmp_path_factory.mktemp("moves"), MOVES)


def run_action(game, seat: int, card: str, n: int = 0, stage: int = -1):
    t = game.tables
    source = t.cards[t.card_index(card)] if stage < 0 else game.cities[seat].side.stages[stage]
    game.stack.append(("run", source.run.when_built[n], seat, None, source.name))
    game.run()


def test_a_building_put_into_a_zone_leaves_the_city_with_its_effects(moves):
    game = Game(moves, players=3, seed=1, sides="A", wonders=["Gizah", "Babylon", "Rhodos"])
    build(game, 0, "Lumber Yard", "Baths")
    run_action(game, 0, "Reliquary")
    decision = game.decision()
    assert decision.kind == "remove" and [o.label(moves) for o in decision.options] == \
        ["remove Lumber Yard (I)", "remove Baths (I)"]
    again = game_from_data(moves, game_to_data(game))
    decision.choose(1)
    again.decision().choose(1)
    city = game.cities[0]
    assert city.built == [moves.card_index("Lumber Yard")]
    assert game.zones["vault"][0] == [moves.card_index("Baths")]
    assert game_to_data(again) == game_to_data(game)
    run_action(game, 0, "Vault Sale")          # one card in the zone: it goes at once
    assert game.zones["vault"][0] == [] and game.discard[-1] == moves.card_index("Baths")


def test_a_card_under_a_stage_counts_its_cost_and_its_colour(moves):
    game = Game(moves, players=3, seed=1, sides="A", wonders=["Gizah", "Babylon", "Rhodos"])
    left, right = game.neighbours(0)
    city = game.cities[0]
    build(game, 0, "Baths", "Altar")
    pawnshop = moves.card_index("Pawnshop")
    city.add_stage(0)
    city.under_stages.append(pawnshop)         # the stage is marked by a yellow card
    run_action(game, 0, "", stage=0)
    decision = game.decision()
    assert decision.kind == "remove"
    decision.choose(0)                         # the Baths, which costs stone: no coin
    assert city.built == [moves.card_index("Altar")] and city.entombed == [(0, moves.card_index("Baths"))]
    score = score_city(moves, city, left, right, game.cities, 1, 1)
    assert score["civilian"] == 2 and score["wonder"] == 0
    build(game, left.seat, "West Trading Post", "Tavern")
    build(game, right.seat, "East Trading Post")
    city.add_stage(1)
    city.under_stages.append(moves.card_index("Marketplace"))    # marked by a yellow card: 3 in the neighbours
    assert score_city(moves, city, left, right, game.cities, 1, 1)["wonder"] == 3
    again = game_from_data(moves, game_to_data(game))
    assert again.cities[0].entombed == city.entombed
    assert score_city(moves, again.cities[0], *again.neighbours(0), again.cities, 1, 1) == \
        score_city(moves, city, left, right, game.cities, 1, 1)


# ---------------------------------------------------------------- a neighbour's stage copied
STAGES = as_variant('''    replace wonder "Olympia" {
        side A {
            produces wood
            stage { cost 2 wood; when built: copy stage 1 of left neighbour }
            stage { cost 2 stone; when built: copy stage 2 of neighbours }
        }
    }
''')


@pytest.fixture(scope="module")
def stages(tmp_path_factory):
    return tables_with(tmp_path_factory.mktemp("stages"), STAGES)


def test_a_neighbours_built_stage_is_copied_with_all_it_does(stages):
    game = Game(stages, players=3, seed=1, sides="A", wonders=["Olympia", "Ephesos", "Gizah"])
    city = game.cities[0]
    left, right = game.neighbours(0)
    assert not game.cities[0].copied_stages
    city.add_stage(0)
    run_action(game, 0, "", stage=0)            # the left neighbour has built nothing: nothing happens
    assert city.copied_stages == []
    left.add_stage(0)
    right.add_stage(0)
    right.add_stage(1)
    coins = city.coins
    run_action(game, 0, "", stage=0)
    assert len(city.copied_stages) == 1
    points = score_city(stages, city, left, right, game.cities, 1, 1)["wonder"]
    assert points == 3                                   # left's first stage: 3 points (Ephesos A or Gizah A)
    left.add_stage(1)
    city.add_stage(1)
    run_action(game, 0, "", stage=1)                     # both neighbours built a second stage: a choice
    decision = game.decision()
    assert decision.kind == "copy" and len(decision.options) == 2
    assert all(o.kind == "copy stage" for o in decision.options)
    again = game_from_data(stages, game_to_data(game))
    ephesos = next(o for o in decision.options if "Ephesos" in o.label(stages))
    decision.choose(decision.options.index(ephesos))
    again.decision().choose(decision.options.index(ephesos))
    assert city.coins == coins + 9                       # Ephesos A's second stage: 9 coins, when copied
    assert game_to_data(again) == game_to_data(game)


# ---------------------------------------------------------------- whole games, every bot
@pytest.mark.parametrize("bots", [BOTS[:1], BOTS[1:2], BOTS[2:3], pytest.param(BOTS[3:], marks=pytest.mark.slow)])   # the search: seconds
def test_every_bot_plays_the_constructs_through(moves, stages, runs, bots):
    for tables, wonders in ((moves, ["Gizah", "Babylon", "Rhodos", "Ephesos"]),
                            (stages, ["Olympia", "Ephesos", "Gizah", "Rhodos"]),
                            (runs, ["Olympia", "Ephesos", "Gizah", "Rhodos"])):
        game = Game(tables, players=4, seed=3, sides="A", wonders=wonders)
        recorders = [Recorder(d) for d in make_deciders(bots, 4, 3, None)]
        while game.decision() is not None:
            watch = TurnWatch(game, recorders)
            game.step(recorders)
            assert watch.problems() == []
        assert game.winners()


# ---------------------------------------------------------------- a person at the prompt
def test_a_person_answers_a_stage_copy_and_a_card_put_under_a_stage(stages, moves):
    from interpreter.commands.human import HumanDecider
    game = Game(stages, players=3, seed=1, sides="A", wonders=["Olympia", "Ephesos", "Gizah"])
    city = game.cities[0]
    for neighbour in game.neighbours(0):
        neighbour.add_stage(0)
        neighbour.add_stage(1)
    city.add_stage(0)
    city.add_stage(1)
    run_action(game, 0, "", stage=1)
    decision = game.decision()
    shown = []
    person = HumanDecider(ask=lambda question: "copy stage 2 of Gizah A", echo=shown.append)
    chosen = person.decide(game, 0, "copy", decision.options)
    assert decision.options[chosen].label(stages) == "copy stage 2 of Gizah A"
    assert "copy stage 2 of Ephesos A" in "\n".join(shown)
    game = Game(moves, players=3, seed=1, sides="A", wonders=["Gizah", "Babylon", "Rhodos"])
    build(game, 0, "Baths", "Altar")
    game.cities[0].add_stage(0)
    run_action(game, 0, "", stage=0)
    decision = game.decision()
    shown = []
    person = HumanDecider(ask=lambda question: "2", echo=shown.append)
    assert person.decide(game, 0, "remove", decision.options) == 1
    text = "\n".join(shown)
    assert "a card leaves the city or a zone" in text and "remove Altar (I)" in text


def test_a_save_of_a_waiting_removal_from_before_moves_still_loads(moves):
    """A `remove_from` step saved with two values (the action and the city, before a card
    could be moved for another city's owner) loads as the city's own removal."""
    game = Game(moves, players=3, seed=1, sides="A", wonders=["Gizah", "Babylon", "Rhodos"])
    build(game, 0, "Lumber Yard", "Baths")
    run_action(game, 0, "Reliquary")
    data = game_to_data(game)
    step = data["flow"]["steps"][-1]["list"]
    assert step[0] == "remove_from" and step[2] == step[3]
    del step[3]
    again = game_from_data(moves, data)
    again.decision().choose(1)
    assert again.zones["vault"][0] == [moves.card_index("Baths")]


@pytest.mark.parametrize("which", ["stages", "moves"])
def test_a_game_with_copies_and_moves_replays_from_its_log(stages, moves, which):
    from interpreter.engine.replay import ReplayDecider
    from interpreter.views.play_log import log_data
    # (the moves cost the greedy players points: random players make them)
    tables, wonders, bots = (stages, ["Olympia", "Ephesos", "Gizah", "Rhodos"], ["heuristic", "greedy"]) \
        if which == "stages" else (moves, ["Gizah", "Babylon", "Rhodos", "Ephesos"], ["random"])
    for seed in range(1, 8):
        game = Game(tables, players=4, seed=seed, sides="A", wonders=wonders)
        game.play(make_deciders(bots, 4, seed, None))
        labels = [e.get("action", "") for e in game.log]
        if any(label.startswith(("copy stage", "remove")) for label in labels):
            break
    assert any(label.startswith(("copy stage", "remove")) for label in labels), "no copy or move in 7 games"
    again = Game(tables, players=4, seed=seed, sides="A", wonders=wonders)
    again.play([ReplayDecider(log_data(game, bots)["choices"])] * 4)
    assert game_to_data(again) == game_to_data(game)


def test_a_stage_that_copies_a_copying_stage_stops_at_the_second_copy(tmp_path):
    """Two boards whose first stage copies the left neighbour's first stage, side by side:
    the copy runs the copied stage's copy for the owner once, and stops."""
    text = as_variant('''    replace wonder "Olympia" {
        side A { produces wood; stage { cost 2 wood; when built: copy stage 1 of left neighbour } }
    }
    replace wonder "Ephesos" {
        side A { produces papyrus; stage { cost 2 stone; when built: copy stage 1 of left neighbour } }
    }
''')
    tables = tables_with(tmp_path, text)
    game = Game(tables, players=3, seed=1, sides="A", wonders=["Olympia", "Ephesos", "Gizah"])
    olympia = game.cities[0]
    left, right = game.neighbours(0)
    for city in game.cities:
        if city is not olympia:
            city.add_stage(0)
    run_action(game, 0, "", stage=0)
    assert game.decision() is None or game.decision().kind == "turn"
    assert len(olympia.copied_stages) == len(set(olympia.copied_stages)) <= 2

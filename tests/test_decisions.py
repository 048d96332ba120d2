"""The engine as a machine of decision points (interpreter/engine/decisions.py): the game
says what it waits for and takes choices; a turn collects every player's card before
resolving; every kind of choice (a turn's card, a neutral city's, an age's last card, a
card from the discard pile, in the middle of a trigger chain too) is a decision point at
which the game can be copied, saved and loaded and then plays on as the original does."""

from __future__ import annotations

import random

import pytest

from interpreter.bots.rollout import FastPolicy, imagine
from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.actions import Action, card_builds, is_legal, legal_actions
from interpreter.engine.moves import Move
from interpreter.engine.prices import stage_payments
from interpreter.engine.city import DERIVED, FIXED, OWNED, City
from interpreter.engine.decisions import drive
from interpreter.engine.game import COPIED, STATE, VALUES, Game
from interpreter.engine.save_fields import SaveError
from interpreter.engine.saves import game_from_data, game_to_data
from interpreter.bots.seats import make_deciders
from tests.scenario import tables

# every sale lets the seller build a card of the discard pile: a decision raised by a trigger
RECYCLE = """variant "Recycling" {
    changes "7 Wonders, first edition"
    add trigger "recycling" on card sold: build a card from the discard pile for free
}
"""


@pytest.fixture(scope="module")
def recycling(tmp_path_factory):
    path = tmp_path_factory.mktemp("variant") / "recycling.wonders"
    path.write_text(RECYCLE, encoding="utf-8")
    result = check_paths(None, [str(path)])
    assert result.ruleset is not None, [d.message for d in result.diagnostics]
    return compile_rules(result.ruleset)


def play(game: Game, seed: int, copy=None, seen=None) -> Game:
    """Play to the end with random bots; before each decision, `copy` may replace the
    game by a copy of it; `seen` collects (kind, what the game is in the middle of)."""
    bots = make_deciders(["random"], game.players, seed, None)
    while True:
        decision = game.decision()
        if decision is None:
            return game
        if copy is not None:
            before, parts = game_to_data(game), state_of(game)
            game = copy(game)
            assert game_to_data(game) == before and state_of(game) == parts
            decision = game.decision()
        if seen is not None:
            seen.append((decision.kind, {step[0] for step in game.stack}))
        decision.choose(bots[decision.by].decide(game, decision.seat, decision.kind, decision.options))


def state_of(game: Game) -> dict:
    """Every declared part of a game's state (engine/game.py STATE, engine/city.py), the
    cities part by part, derived tables included."""
    parts = {name: getattr(game, name) for name in VALUES + COPIED}
    parts.update(hands=game.hands, rng=game.rng.getstate(), log=list(game.log), chain=game.events.acting,
                 cities=[{name: getattr(c, name) for name in FIXED + OWNED + DERIVED} for c in game.cities])
    return parts


def test_a_game_and_a_city_hold_exactly_their_declared_state():
    """A part added to the state without being declared (and so neither copied nor saved
    on purpose) fails here."""
    fresh = Game(tables(), 3, seed=1)
    started = Game(tables(), 2, seed=4)
    started.choose(0, 0)
    for game in (fresh, started, started.clone(), game_from_data(started.tables, game_to_data(started))):
        assert set(vars(game)) == set(STATE)
        slots = {name for cls in City.__mro__ for name in getattr(cls, "__slots__", ())}   # (the tables' in CityTables)
        for city in game.cities:
            assert slots == set(FIXED + OWNED + DERIVED)
            assert all(hasattr(city, name) for name in slots)



def test_a_citys_copy_sets_every_declared_part_and_shares_only_what_is_fixed_or_a_value():
    """`City.copy` is written out part by part (for speed): a part declared and forgotten
    there, or shared where it should be copied, fails here."""
    from interpreter.engine.city import DERIVED_NESTED, DERIVED_VALUES, FIXED, OWNED_VALUES
    game = Game(tables(), 3, seed=1)
    game.choose(0, 0)
    for city in game.cities:
        other = city.copy()
        for name in City.__slots__:
            mine, theirs = getattr(city, name), getattr(other, name)
            assert mine == theirs, name
            if name in FIXED + OWNED_VALUES + DERIVED_VALUES:
                continue
            assert mine is not theirs, f"{name} is shared by a city and its copy"
            if name in DERIVED_NESTED:
                assert all(mine[k] is not theirs[k] for k in mine), name


def games(recycling):
    """Games that between them raise every kind of decision."""
    yield Game(tables(), 2, seed=4)                                             # neutral city turns
    yield Game(tables(), 3, seed=0, sides="B", wonders=["Babylon", "Halikarnassus", "Gizah"])
    yield Game(recycling, 4, seed=7)                                            # discard, mid-chain


def test_every_choice_of_a_player_is_a_decision_point(recycling):
    seen = []
    for game in games(recycling):
        play(game, game.seed, seen=seen)
    kinds = {kind for kind, _ in seen}
    assert kinds == {"turn", "neutral turn", "last card", "discard"}
    # a card from the discard pile asked for while a trigger is acting, the rest of its turn waiting
    assert any(kind == "discard" and "trigger_done" in steps and "after_turn" in steps for kind, steps in seen)


@pytest.mark.slow
@pytest.mark.parametrize("how", ["clone", "save"])
def test_a_copy_or_a_save_at_every_decision_point_plays_on_as_the_original(recycling, how):
    copy = (lambda g: g.clone(log=True)) if how == "clone" else \
        (lambda g: game_from_data(g.tables, game_to_data(g)))
    for game, twin in zip(games(recycling), games(recycling)):
        played = play(game, game.seed)
        copied = play(twin, twin.seed, copy=copy)
        assert copied.log == played.log and copied.scores() == played.scores()


def test_a_turn_is_resolved_when_the_last_choice_arrives_in_any_order():
    in_order, reversed_order = Game(tables(), 4, seed=2), Game(tables(), 4, seed=2)
    open_now = in_order.decisions()
    assert [(d.seat, d.kind) for d in open_now] == [(s, "turn") for s in range(4)]
    for d in open_now:
        d.choose(0)
    for seat in (3, 2, 1):
        reversed_order.choose(0, seat)
        assert reversed_order.turn == 1 and all(len(h) == 7 for h in reversed_order.hands)   # collected, not played
    reversed_order.choose(0, 0)
    assert reversed_order.turn == in_order.turn == 2
    assert [c.built for c in reversed_order.cities] == [c.built for c in in_order.cities]
    assert reversed_order.hands == in_order.hands


def test_a_neutral_citys_turn_opens_when_its_holder_has_chosen():
    game = Game(tables(), 2, seed=4)
    assert [(d.seat, d.kind) for d in game.decisions()] == [(0, "turn"), (1, "turn")]
    holder = game.holders[2]
    with pytest.raises(ValueError, match="opens when its holder has chosen"):
        game.choose(0, 2)
    game.choose(0, holder)
    neutral = [d for d in game.decisions() if d.seat == 2]
    assert neutral and neutral[0].kind == "neutral turn" and neutral[0].by == holder


def test_choosing_an_action_is_choosing_its_option():
    by_action, by_index = Game(tables(), 4, seed=3), Game(tables(), 4, seed=3)
    while (d := by_index.decision()) is not None:
        d.choose(len(d.options) - 1)
        e = by_action.decision()
        e.choose(by_action.options_for(e.seat, e.kind)[-1])
    assert by_action.log == by_index.log



def test_an_action_named_in_bare_words_is_taken_as_its_move():
    """A decider may name its action with the kind's words ("build"), as older bots and
    hand-written scripts do: the game takes it as the `Move` and plays the same game; a
    kind no move has is an illegal action."""
    by_words, by_index = Game(tables(), 3, seed=6), Game(tables(), 3, seed=6)
    while (d := by_index.decision()) is not None:
        option = d.options[-1]
        d.choose(len(d.options) - 1)
        e = by_words.decision()
        e.choose(option._replace(kind=str(option.kind)))
        assert all(type(a.kind) is Move for a in by_words.chosen if a is not None)
    assert by_words.log == by_index.log
    game = Game(tables(), 3, seed=6)
    with pytest.raises(ValueError, match="not a legal action"):
        game.choose(Action("fly", game.hands[0][0]), 0)
    with pytest.raises(ValueError, match=r"chose Action\(kind='build', card=1000000,"):   # read as words
        game.choose(Action(Move.BUILD, 10 ** 6), 0)


@pytest.mark.parametrize("choice, message", [
    (10 ** 6, "chose option 1000000 of"),
    (True, "chose option True of"),
    (Action(Move.BUILD, 10 ** 6), "not a legal action"),
    (Action(Move.SELL, -1, 1, 0), "not a legal action"),
])
def test_an_illegal_choice_is_refused_naming_it(choice, message):
    game = Game(tables(), 3, seed=1)
    if isinstance(choice, Action) and choice.card == -1:
        choice = choice._replace(card=game.hands[0][0])
    with pytest.raises(ValueError, match=message):
        game.choose(choice, 0)
    with pytest.raises(ValueError, match="seat 7 has no decision"):
        game.choose(0, 7)


def test_a_finished_game_waits_for_nothing():
    game = play(Game(tables(), 3, seed=5), 5)
    assert game.decision() is None and game.decisions() == []
    with pytest.raises(ValueError, match="game is over"):
        game.choose(0)


def test_is_legal_agrees_with_the_list_of_legal_actions():
    game = Game(tables(), 4, seed=8)
    for _ in range(12):
        for seat in range(4):
            legal = set(legal_actions(game, seat))
            for card in game.hands[seat]:
                for action in card_builds(game, seat, card) + [Action(Move.STAGE, card, *p) for p in stage_payments(game, seat)]:
                    assert action in legal and is_legal(game, seat, action)
                for wrong in (Action(Move.BUILD, card, 99, 0), Action(Move.STAGE, card, 0, 99), Action(Move.SELL, card, 0, 1)):
                    assert not is_legal(game, seat, wrong)
            assert all(is_legal(game, seat, a) for a in legal)
        game.step([FirstOption()] * 4)


class FirstOption:
    def decide(self, game, seat, kind, options):
        return 0


def _every_rule_set():
    """(rule set, variant) for every shipped rule set alone and with each of its variants."""
    from interpreter.paths import rule_sets
    for name, folder in rule_sets().items():
        yield name, None
        for variant in sorted((folder / "variants").glob("*.wonders")) if (folder / "variants").is_dir() else ():
            yield name, variant.stem


@pytest.mark.parametrize("players", [3, 4, 7])
@pytest.mark.parametrize("bots", ["random", "policy"])
def test_a_turns_cards_taken_together_play_the_same_game_as_one_at_a_time(recycling, players, bots):
    """`drive` takes a turn's cards in one go when every decider's actions are taken as
    listed (decisions._turn_cards); a `stop` that never stops makes it take them one
    decision at a time: the same games, logs and states, in a game and in a copy that
    keeps no log (with a variant whose triggers open decisions in the middle of turns)."""
    for rules in (tables(), recycling):
        ends = []
        for stop in (None, lambda game: False):
            game = Game(rules, players, seed=players)
            if bots == "random":
                deciders = make_deciders(["random"], players, 5, None)
            else:
                deciders = [FastPolicy(rules, players, random.Random(5))] * players
            copy = game.clone(seed=9)
            drive(game, deciders, stop)
            if bots == "policy":
                deciders[0].rng = random.Random(6)
                drive(copy, deciders, stop)
            ends.append((state_of(game), state_of(copy)))
        assert ends[0] == ends[1]
        assert ends[0][0]["log"]


@pytest.mark.parametrize("rules, variant", list(_every_rule_set()))
def test_rollouts_take_only_legal_actions_under_every_rule_set_and_variant(rules, variant):
    """The engine refuses an illegal action, so whole imagined games at every seatable
    player count (the 2-player neutral cities included) show that every action was legal."""
    compiled = compile_rules(check_paths(None, [variant] if variant else [], rules=rules).ruleset)
    counts = sorted({*range(compiled.rules.min_players, compiled.rules.max_players + 1),
                     *(t.players for t in compiled.ruleset.tables)})
    for players in counts:
        game = Game(compiled, players, seed=players)
        imagine(game, -1, FastPolicy(compiled, players, random.Random(players)))
        assert game.finished


# ---------------------------------------------------------------- saves
def test_a_save_between_turns_keeps_format_1_and_one_inside_a_turn_is_format_2(recycling):
    game = Game(tables(), 3, seed=1)
    assert game_to_data(game)["format"] == "wonders-save/1"
    game.decision()
    data = game_to_data(game)
    assert data["format"] == "wonders-save/2" and data["flow"]["waiting"] == [[0, "turn"], [1, "turn"], [2, "turn"]]
    game.choose(0, 1)
    loaded = game_from_data(game.tables, game_to_data(game))
    assert [(d.seat, d.kind) for d in loaded.decisions()] == [(0, "turn"), (2, "turn")]


@pytest.mark.parametrize("change, message", [
    (lambda flow: flow["steps"].append({"list": ["dance"]}), "names no step of the game: 'dance'"),
    (lambda flow: flow["steps"].append({"list": ["fire", "turn end"]}), "gives 'fire' 1 values, not 2"),
    (lambda flow: flow["steps"].append({"list": ["fire", "tea time", None]}), "names no event of these rules: 'tea time'"),
    (lambda flow: flow["steps"].append({"list": ["fire", 7, None]}), "holds 7, not text"),
    (lambda flow: flow["steps"].append({"list": ["game_end_city", 9]}), "holds seat 9, not one of the 3 cities"),
    (lambda flow: flow["steps"].append({"list": ["run", {"rule": 10 ** 6}, 0, None, ""]}), "refers to rule object"),
    (lambda flow: flow["waiting"].append([0, "nap"]), "the kinds being `turn`"),
    (lambda flow: flow["waiting"].append([0, "offer"]), r"the open offer decision belongs to \(`offer`\)"),
    (lambda flow: flow["chosen"].__setitem__(1, {"action": ["sell", "Nowhere@1", 0, 0, ""]}), "unknown card"),
    (lambda flow: flow["chosen"].__setitem__(1, {"action": ["fly", None, 0, 0, ""]}), "an action that no rule makes"),
    (lambda flow: flow["chosen"].__setitem__(1, {"action": [["sell"], None, 0, 0, ""]}), "an action that no rule makes"),
    (lambda flow: flow["chosen"].__setitem__(1, {"action": ["accept", None, 0, 0, ""]}), "an action that no rule makes"),
])
def test_a_damaged_flow_is_refused_naming_the_field(change, message):
    game = Game(tables(), 3, seed=1)
    game.choose(0, 0)
    data = game_to_data(game)
    change(data["flow"])
    with pytest.raises(SaveError, match=message):
        game_from_data(game.tables, data)


def test_a_saved_turn_reads_back_its_actions_as_moves():
    """A save writes an action's kind as its words; the game read back holds the `Move`
    (the compiled engine reads the field as one) and plays on as the game saved."""
    game = Game(tables(), 3, seed=1)
    game.choose(0, 0)
    game.choose(len(game.options_for(1, "turn")) - 1, 1)
    data = game_to_data(game)
    assert [c["action"][0] for c in data["flow"]["chosen"] if c is not None] == [game.chosen[0].kind,
                                                                                 game.chosen[1].kind]
    loaded = game_from_data(game.tables, data)
    assert [type(a.kind) for a in loaded.chosen if a is not None] == [Move, Move]
    assert loaded.chosen == game.chosen
    play(game, 2), play(loaded, 2)
    assert loaded.log[-1] == game.log[-1]


def test_the_example_of_docs_architecture_md_runs(capsys):
    import re
    from pathlib import Path
    text = (Path(__file__).resolve().parent.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```", text, re.M | re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "docs/architecture.md", "exec"), {})
    assert capsys.readouterr().out.startswith("[")

"""Priced choices (docs/language.md, "Priced choices"): `may pay PRICE to ACTION`, a
decision of kind "offer" whose answers are declining or each way the payment search
finds to pay the price (trading with neighbours included), answered by every bot, a
person at the prompt and a log; the bots pay when the option is worth it (issue 37)."""

from __future__ import annotations

import pytest

from interpreter.bots import make_bot
from interpreter.bots.adaptive import AdaptiveBot
from interpreter.bots.view import BotSeat
from interpreter.bots.weighing import start_weights
from interpreter.engine.saves import game_from_data, game_to_data
from interpreter.syntax import ast, printer
from interpreter.syntax.parser import parse_text
from interpreter.commands.human import HumanDecider
from test_triggers import hand, new_game, started, variant

# the designer's example: "when built: may pay 1 coin and 1 stone to gain 3 victory tokens"
# (a victory worth 3 is a military token worth 3)
VOTIVE = """card "Altar" {
    age I  color blue  copies 3+ 5+
    points 2
    when built: may pay 1 coin and 1 stone to take a military token worth 3
}"""


@pytest.fixture(scope="module")
def votive(tmp_path_factory):
    return variant(tmp_path_factory.mktemp("votive"), items=VOTIVE,
                   rules="    on age end: may pay 1 coin and 1 stone to take a military token worth 3\n")


def _at_offer(tables, seat: int, coins=(3, 3, 3)):
    """Seat `seat` builds the Altar (the others sell); the game stops at its offer."""
    game = started(new_game(tables))
    for s, n in enumerate(coins):
        game.cities[s].coins = n
        hand(game, s, "Altar", "Baths", "Lumber Yard")
    for s in range(3):
        options = game.options_for(s, "turn")
        wanted = "build Altar" if s == seat else "sell"
        game.choose(next(o for o in options if o.label(tables).startswith(wanted)), s)
    return game


def test_the_offer_is_a_decision_with_decline_first_then_each_payment(votive):
    game = _at_offer(votive, 0)                   # Gizah produces stone: the bank's coin alone
    decision = game.decision()
    assert (decision.seat, decision.kind) == (0, "offer")
    assert [o.label(votive) for o in decision.options] == ["decline", "pay the price paying 1 to the bank"]


def test_a_city_without_the_resource_buys_it_from_a_neighbour(votive):
    game = _at_offer(votive, 1)                   # Babylon (clay) buys Gizah's stone, its right neighbour
    decision = game.decision()
    assert [o.label(votive) for o in decision.options] == ["decline",
                                                            "pay the price paying 2 to right and 1 to the bank"]
    before = [c.coins for c in game.cities]
    decision.choose(1)
    after = [c.coins for c in game.cities]
    assert after[1] - before[1] == -3 and after[0] - before[0] == 2     # Gizah (seat 0, sold already): 2 for its stone
    assert game.cities[1].tokens == [3]


def test_declining_does_nothing_and_who_cannot_pay_is_not_asked(votive):
    game = _at_offer(votive, 0)
    game.decision().choose(0)
    assert game.cities[0].tokens == [] and game.cities[0].coins == 3
    poor = _at_offer(votive, 0, coins=(0, 3, 3))   # no coin for the bank: nothing to choose
    assert poor.decision() is None or poor.decision().kind != "offer"
    assert poor.cities[0].tokens == []


def test_an_open_offer_saves_and_loads(votive):
    game = _at_offer(votive, 1)
    copy = game_from_data(votive, game_to_data(game))
    assert copy.decision().kind == "offer"
    copy.decision().choose(1)
    game.decision().choose(1)
    assert game_to_data(copy) == game_to_data(game)


def test_the_prompt_shows_the_offer_and_takes_an_answer(votive):
    game = _at_offer(votive, 0)
    shown = []
    person = HumanDecider(ask=lambda question: "2", echo=shown.append)
    decision = game.decision()
    assert person.decide(game, 0, "offer", decision.options) == 1
    text = "\n".join(shown)
    assert "priced choice" in text and "takes a military token worth 3" in text and "decline" in text


def _bot(spec: str, seat: int):
    """A bot as a decider; the adaptive bot with its starting weights (a fit takes minutes:
    its answers to offers are its weighing's, whatever the weights)."""
    if spec == "adaptive":
        return BotSeat(AdaptiveBot(seed=seat, weights=start_weights()), "adaptive")
    return make_bot(spec, seat)


# (the search's whole game takes seconds: slow, left out of the quick loop)
@pytest.mark.parametrize("bot", ["random", "greedy", "heuristic", pytest.param("mcts:iterations=8", marks=pytest.mark.slow),
                                 "adaptive"])
def test_every_bot_answers_offers_in_a_whole_game(votive, bot):
    game = new_game(votive, seed=5)
    seats = [_bot(bot, s) for s in range(3)]
    asked = []
    while (decision := game.decision()) is not None:
        if decision.kind == "offer":
            asked.append(decision.seat)
        options = decision.options
        choice = seats[decision.by].decide(game, decision.seat, decision.kind, options)
        decision.choose(choice if isinstance(choice, int) else options.index(choice))
    assert asked and game.scores()


@pytest.mark.parametrize("price, action, pays", [
    ("1 coin", "take a military token worth 3", True),       # 3 points for a coin
    ("6 coins", "gain 1 coin", False),                        # a coin for six
    ("1 coin and 1 stone", "gain 4 coins", True),
])
def test_the_bots_pay_when_it_is_worth_it(tmp_path, price, action, pays):
    card = VOTIVE.replace("1 coin and 1 stone to take a military token worth 3", f"{price} to {action}")
    tables = variant(tmp_path, items=card)
    # (the search bot plays the offer out to the game's end, which the hands `_at_offer` sets
    # cannot reach: it is measured from real games' offers in tests/test_mcts_offers.py)
    for bot in ("greedy", "heuristic", "adaptive"):
        game = _at_offer(tables, 0, coins=(7, 3, 3))
        decision = game.decision()
        seat = _bot(bot, 0)
        answer = decision.options[seat.decide(game, 0, "offer", decision.options)]
        assert (answer.kind == "accept") is pays, bot


def test_written_back_as_it_reads():
    text = 'card "X" { age I  color blue  when built: may pay 2 coins and 1 stone to build a card from the discard pile for free }'
    tree, problems = parse_text(text, "x.wonders")
    assert problems == []
    (effect,) = [e for e in tree.items[0].body if isinstance(e, ast.WhenBuilt)]
    assert isinstance(effect.action, ast.MayPay)
    assert printer.action(effect.action) == ("may pay 2 coins and 1 stone to build a card from the discard pile "
                                             "for free")


def _errors(tmp_path, line):
    from interpreter.check.load import check_paths
    from interpreter.paths import content_dir
    (tmp_path / "x.wonders").write_text(f'card "Probe" {{\n    age I  color blue  copies 3+\n    {line}\n}}\n',
                                        encoding="utf-8")
    result = check_paths([content_dir() / "base.wonders", tmp_path / "x.wonders"])
    return [(d.code, d.span.line, d.span.column) for d in result.diagnostics if d.is_error]


@pytest.mark.parametrize("line, found", [
    ("when built: may pay 0 coins to gain 2 coins", ("E1219", 3, 25)),
    ("when built: may pay 1 gold to gain 2 coins", ("E1001", 3, 27)),
    ("at end of game: may pay 1 coin to gain 2 coins", ("E1210", 3, 21)),
    ("on turn end: may pay 1 coin to gain 0 coins", ("E1206", 3, 36)),
])
def test_misuse_is_located(tmp_path, line, found):
    assert _errors(tmp_path, line) == [found]


def test_a_trigger_offers_every_age_and_a_script_answers(tmp_path):
    tables = variant(tmp_path, rules="    on age end: may pay 2 coins to take token worth 2\n")
    game = new_game(tables, seed=1)

    class Payer:
        """Pays every offer; takes the first option of every other decision."""
        def decide(self, game, seat, kind, options):
            return len(options) - 1 if kind == "offer" else 0
    game.play([Payer() for _ in range(3)])
    offered = [e for e in game.log if e["event"] == "choice" and e["kind"] == "offer"]
    assert offered and all(e["action"].startswith("pay the price") for e in offered)


def test_the_studios_play_lists_the_offer_and_its_answers(votive, tmp_path):
    from interpreter.studio.play import Session
    game = _at_offer(votive, 1)
    session = Session.__new__(Session)
    session.tables, session.seat = votive, 1
    shown = session._decision(game, game.decision())
    assert shown["kind"] == "offer" and shown["cards"] == []
    assert "takes a military token worth 3" in shown["offer"]
    assert [m["kind"] for m in shown["moves"]] == ["decline", "accept"] and shown["moves"][1]["bank"] == 1

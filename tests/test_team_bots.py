"""Bots of the team game value their team's score, theirs and their partners' (the rules'
`teams of N seated side by side`), not their own only: with their own score equal, they
take the move that helps a partner (docs/cities.md, "The team game")."""

from __future__ import annotations

from functools import lru_cache

import pytest

from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.actions import legal_actions
from interpreter.engine.game import Game
from interpreter.bots.registry import make_bot


@lru_cache(maxsize=2)
def tables(variants=("teams",)):
    result = check_paths(None, variants, "first-edition+cities")
    assert result.ruleset is not None, result.diagnostics
    return compile_rules(result.ruleset)


def a_stockade_to_buy(rules):
    """Seat 0 (Babylon) may buy the wood of a Stockade from its left neighbour (Olympia, its
    partner in the team game) or its right one (a Lumber Yard in Gizah, of the other team),
    for 2 coins either way: the same move for its own score."""
    game = Game(rules, 4, 0, "A", ["Babylon", "Olympia", "Rhodos", "Gizah"])
    while (decision := game.decision()) is not None and decision.kind != "turn":
        decision.choose(0)
    game.cities[3].add_card(rules.cards[rules.card_index("Lumber Yard")])
    game.cities[0].coins = 2
    game.hands[0] = [rules.card_index("Stockade"), rules.card_index("Altar")]
    options = [a for a in legal_actions(game, 0) if a.kind == "build" and a.left + a.right == 2]
    assert {(a.left, a.right) for a in options} == {(2, 0), (0, 2)}
    return game, options


@pytest.mark.parametrize("bot", ["greedy", "heuristic"])
@pytest.mark.parametrize("seed", range(4))
def test_a_team_bot_pays_its_partner_rather_than_an_opponent(bot, seed):
    game, options = a_stockade_to_buy(tables())
    chosen = options[make_bot(bot, seed).decide(game, 0, "turn", options)]
    assert (chosen.left, chosen.right) == (2, 0)               # the left neighbour is the partner


def test_without_teams_the_two_payments_are_worth_the_same():
    from interpreter.bots.valuation import Appraiser
    game, options = a_stockade_to_buy(tables(()))
    appraiser = Appraiser(game, 0)
    assert appraiser.parts(options[0]) == appraiser.parts(options[1])


def test_with_teams_coins_paid_to_the_partner_stay_in_the_team():
    from interpreter.bots.valuation import Appraiser
    game, options = a_stockade_to_buy(tables())
    appraiser = Appraiser(game, 0)
    to_partner = next(o for o in options if o.left)
    to_other = next(o for o in options if o.right)
    assert appraiser.parts(to_partner)[1] == appraiser.parts(to_other)[1] + 2


@pytest.mark.parametrize("seed", range(4))
def test_a_team_bot_leaves_its_partner_the_card_the_partner_needs_more(seed):
    # Altar and Theater are worth the same to seat 0; its partner, who gets the hand next
    # (age I passes left), has an Altar already, so the Theater is worth more to it
    rules = tables()
    game, _ = a_stockade_to_buy(rules)
    game.cities[1].add_card(rules.cards[rules.card_index("Altar")])
    game.hands[0] = [rules.card_index(n) for n in ("Altar", "Theater", "Loom")]
    options = [a for a in legal_actions(game, 0) if a.kind == "build" and a.card != rules.card_index("Loom")]
    chosen = options[make_bot("heuristic", seed).decide(game, 0, "turn", options)]
    assert rules.cards[chosen.card].name == "Altar"


def test_the_search_bot_rewards_the_teams_margin_not_its_own():
    game, _ = a_stockade_to_buy(tables())
    game.scores = lambda: [{"civilian": 10}, {"civilian": 30}, {"civilian": 25}, {"civilian": 0}]
    game.winners = lambda scores: [0, 1]
    bot = make_bot("mcts", 0).bot
    # seat 0 scores 10 against 30 and 25, but its team scores 40 against 25: ahead
    assert bot._reward(game, 0) > 0.5 * (1 - bot.margin) + 0.5 * bot.margin


def test_the_race_of_a_team_bot_is_against_its_foe_not_its_partner():
    """In the team game a city fights only its other neighbour (twice): its partner's
    shields are no rival's, so the race a shield is weighed in reads the foe's alone."""
    from interpreter.bots.valuation import Appraiser
    rules = tables()
    game, _ = a_stockade_to_buy(rules)
    stockade = rules.card_index("Stockade")
    alone = Appraiser(game, 0).card_worth(stockade)
    for _ in range(3):                                         # the partner (Olympia, seat 1) arms
        game.cities[1].add_card(rules.cards[rules.card_index("Barracks")])
    armed = Appraiser(game, 0).card_worth(stockade)
    assert (armed.race, armed.race_later) == (alone.race, alone.race_later)
    for _ in range(3):                                         # the foe (Gizah, seat 3) arms
        game.cities[3].add_card(rules.cards[rules.card_index("Barracks")])
    assert Appraiser(game, 0).card_worth(stockade).race != alone.race

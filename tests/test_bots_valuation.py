"""The valuation's quick way (only the score lines reading what a move changes, on a
hypothetical city) gives exactly the score the full score function gives with the move
made, in positions of every rule set and variant; and what it reads is read from the
expressions, not assumed."""

from __future__ import annotations

from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from interpreter.bots import make_bot
from interpreter.bots.reads import facts, reads
from interpreter.bots.valuation import Appraiser
from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.actions import legal_actions
from interpreter.engine.game import Game
from interpreter.engine.scoring import score_city
from tests.conftest import ROOT

VARIANTS = [None] + sorted(p.stem for p in (ROOT / "content" / "variants").glob("*.wonders"))
RULE_SETS = [(None, v) for v in VARIANTS] + [("second-edition", None)]


@lru_cache(maxsize=None)
def rules(rule_set, variant):
    return compile_rules(check_paths(None, [variant] if variant else [], rules=rule_set).ruleset)


def full_score(game, seat, city):
    left, right = game.neighbours(seat)
    everyone = tuple(city if c.seat == seat else c for c in game.cities)
    return sum(score_city(game.tables, city, left, right, everyone, game.age.number, game.age.victory).values())


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.sampled_from(RULE_SETS), players=st.integers(3, 7), seed=st.integers(0, 10 ** 6),
       turns=st.integers(0, 17), extra=st.lists(st.integers(0, 10 ** 6), max_size=12))
def test_the_quick_appraisal_scores_as_the_full_score_function(which, players, seed, turns, extra):
    """In a position reached by play, each city then given a few more cards of any age (so
    that guilds and other score lines of cards are owned, and met by what is built)."""
    game = Game(rules(*which), players, seed=seed)
    bots = [make_bot("greedy", seed + s) for s in range(players)]
    for _ in range(turns):
        if game.finished:
            return
        game.step(bots)
    cards = game.tables.cards
    for seat, city in enumerate(game.cities[:players]):
        for pick in extra[seat::players]:
            card = cards[pick % len(cards)]
            if card.name not in city.names:
                city.add_card(card)
    for seat in range(players):
        appraiser = Appraiser(game, seat)
        city = game.cities[seat]
        before = full_score(game, seat, city)
        for option in {(o.kind, o.card): o for o in legal_actions(game, seat) if o.kind in ("build", "stage")}.values():
            after = city.copy()
            after.add_card(game.tables.cards[option.card]) if option.kind == "build" else after.add_stage()
            assert appraiser.appraise(option).points == full_score(game, seat, after) - before, option


def score_lines(tables):
    """Every score line of the rule set, by its text (the rules' and the cards')."""
    from interpreter.syntax.printer import expr as expr_text
    lines = {expr_text(s.value): s.value for s in tables.rules.scores}
    for card in tables.cards:
        lines.update({expr_text(v): v for _c, v in card.scores})
    return lines


def test_reads_follows_the_expression_and_its_scope():
    tables = rules(None, None)
    lines = score_lines(tables)
    assert reads(lines["1 per 3 coins"]) == {"coins"}
    assert reads(lines["military tokens"]) == {"tokens"}
    assert reads(lines["each symbol squared + 7 per complete set"]) == {"symbols"}
    assert reads(lines["1 per green card in neighbours"]) == frozenset()          # not the own city
    assert reads(lines["1 per wonder stage in own city and neighbours"]) == {"stages"}
    assert reads(lines["1 per brown, grey and purple card in own city"]) == {
        ("cards", "brown"), ("cards", "grey"), ("cards", "purple")}


def test_facts_say_what_a_card_changes():
    tables = rules(None, None)
    for card in tables.cards:
        changed = facts(card, tables).changes
        assert ("cards", card.color) in changed
        assert ("shields" in changed) == any(type(e).__name__ == "Shields" for e in card.static)

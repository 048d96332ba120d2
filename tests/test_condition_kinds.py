"""The conditions, the ways to gather over the table and the events as kinds (issue 34, item
1): each pass asks a condition's kind (kinds/conditions/) and an event's (kinds/events/), so
a condition that compares no numbers (`colour of CARD = COLOURS`) is read, drawn and said
by every pass, not only by those that knew it."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.bots import reads
from interpreter.check.load import check_paths
from interpreter.kinds.conditions import condition_kind, values_compared
from interpreter.kinds.events import EVENTS, FAMILIES, event_kind
from interpreter.syntax import ast, printer
from interpreter.syntax.ast_base import COLOR_BUILT, KEPT_TAKEN, Event
from interpreter.views import describe, describe_nl
from interpreter.views.access.notation import writer
from interpreter.views.render import effect_icons

EVERY_EFFECT = Path(__file__).parent / "every_effect.wonders"


@pytest.fixture(scope="module")
def ruleset():
    result = check_paths([str(EVERY_EFFECT)])
    assert result.ruleset is not None
    return result.ruleset


def _colour_line() -> ast.Score:
    """`score civilian: 3 if colour of the last card built = blue`."""
    card = ast.WhichCard(which="last", scope=None, colors=(), span=None)
    colour = ast.ColourComparison(op="=", card=card, colors=(ast.Name(text="blue", span=None),), other=None,
                                  span=None)
    value = ast.Conditional(value=ast.Number(value=3, span=None), conditions=(colour,), span=None)
    return ast.Score(category=ast.Name(text="civilian", span=None), value=value, span=None)


def test_a_score_line_on_a_colour_is_read_by_the_bots_as_counting_nothing():
    assert list(reads.quantities(_colour_line().value)) == []


def test_a_score_line_on_a_colour_is_drawn_with_its_condition_in_words(ruleset):
    chips = [icon for icon in effect_icons.effect(_colour_line(), ruleset.vocabulary)]
    assert any("the colour of the last card built" in str(icon) for icon in chips)


def test_a_score_line_on_a_colour_is_written_in_the_accessible_notation(ruleset):
    kit = writer(ruleset, "accessible")
    assert "the colour of the last card built by own city is blue" in kit.score(_colour_line().value)


def test_each_condition_is_written_said_and_read_by_its_kind():
    line = _colour_line()
    colour = line.value.conditions[0]
    assert printer.effect(line) == "score civilian: 3 if colour of the last card built = blue"
    assert condition_kind(colour).place == "city" and values_compared(colour) == ()
    assert "(en die kaart bestaat)" in describe_nl.effect_text(line)
    top = ast.InTop(count=ast.Number(value=2, span=None), zone=ast.Name(text="Z", span=None), span=None)
    law = ast.Law(effect=ast.Trigger(name=None, event=Event.AGE_END, each_neighbour=False, limit=None, conditions=(),
                                     action=ast.GainCoins(amount=ast.Number(value=1, span=None), per=None, span=None),
                                     span=None),
                  conditions=(top, ast.Revealed(span=None)), span=None)
    assert law.on_top is top and law.revealed is not None and law.comparisons == ()
    assert printer.effect(law) == 'law while in the top 2 of "Z" and revealed: on age end: gain 1 coin'
    assert describe.effect_text(law).startswith(
        'law for every city, while this card is among the top 2 of "Z" and this card is revealed on the table')


def test_every_event_and_family_has_its_kind():
    assert set(EVENTS) == set(Event)
    assert {family.name for family in FAMILIES} == {COLOR_BUILT, KEPT_TAKEN}
    assert event_kind("blue card built").word("blue card built") == "blue"
    assert event_kind("victory token taken") is EVENTS[Event.VICTORY_TOKEN_TAKEN]      # not a kept kind's
    assert event_kind(f"ship{KEPT_TAKEN}").bots == "kept"
    assert event_kind("nothing at all") is None


def test_an_event_is_said_by_its_kind_in_each_language():
    trigger = ast.Trigger(name=None, event="ship token taken", each_neighbour=False, limit=None, conditions=(),
                          action=ast.GainCoins(amount=ast.Number(value=1, span=None), per=None, span=None), span=None)
    assert describe.effect_text(trigger).startswith("on ship token taken: ")
    assert describe_nl.effect_text(trigger).startswith("telkens als de stad ship-fiches krijgt: ")
    assert printer.effect(trigger) == "on ship token taken: gain 1 coin"
    assert effect_icons.event_word(Event.AGE_END) == "age end"

"""Formatting generated cards (Hypothesis): every statement a card may hold, in random
order, spacing, separators and comments.  The formatted text parses to the same syntax
tree (spans aside), checks to the same card and diagnostics, keeps every comment and is
already formatted.  `WONDERS_FUZZ_SCALE=10` runs ten times more examples."""

from __future__ import annotations

import os
import re

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conftest import ROOT
from fmt_meaning import meaning, without_spans
from interpreter.syntax.formatter import format_text
from interpreter.syntax.parser import parse_text

SCALE = max(1, int(os.environ.get("WONDERS_FUZZ_SCALE", "1")))
BASE = {"base.wonders": (ROOT / "content" / "base.wonders").read_text(encoding="utf-8")}

RESOURCES = ["wood", "stone", "clay", "ore", "glass", "papyrus", "loom", "raw", "manufactured"]
COLORS = ["brown", "grey", "blue", "yellow", "red", "green", "purple"]
SYMBOLS = ["compass", "gear", "tablet"]
CATEGORIES = ["military", "treasury", "wonder", "civilian", "science", "commercial", "guilds"]
EVENTS = ["game setup", "age start", "age end", "turn start", "turn end", "game end", "building built",
          "stage built", "card sold"]

small = st.integers(0, 12)
resource = st.sampled_from(RESOURCES[:7])
colors = st.lists(st.sampled_from(COLORS), min_size=1, max_size=3, unique=True).flatmap(
    lambda cs: st.lists(st.sampled_from(["/", ", ", " and "]), min_size=len(cs) - 1, max_size=len(cs) - 1).map(
        lambda seps: cs[0] + "".join(s + c for s, c in zip(seps, cs[1:]))))
scope = st.lists(st.sampled_from(["own city", "neighbours", "left neighbour", "right neighbor", "all cities"]),
                 min_size=1, max_size=3, unique=True).map(" and ".join)
measure = st.one_of(colors.map(lambda c: f"{c} cards"), st.sampled_from([
    "wonder stages", "unbuilt wonder stage", "defeat tokens", "victory token", "military tokens", "coins",
    "shields", "complete sets"]))
measured = st.tuples(measure, st.none() | scope).map(lambda t: t[0] + (f" in {t[1]}" if t[1] else ""))
quantity = st.one_of(measured, st.sampled_from(["players", "age", "age victory"]))
per = st.tuples(st.sampled_from(["", "2 ", "3 "]), measured).map(lambda t: f"per {t[0]}{t[1]}")
expression = st.recursive(
    st.one_of(small.map(str), quantity, st.tuples(small, per).map(lambda t: f"{t[0]} {t[1]}")),
    lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from(["+", "-", "*", "/"]), inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        st.tuples(inner, st.sampled_from(["+", "-", "*", "/"]), inner).map(lambda t: f"{t[0]} {t[1]} {t[2]}"),
        inner.map(lambda e: f"-{e}" if not e.startswith("-") else e)),
    max_leaves=4)
action = st.one_of(
    st.tuples(st.sampled_from(["gain", "lose"]), small, st.none() | per).map(
        lambda t: f"{t[0]} {t[1]} coins" + (f" {t[2]}" if t[2] else "")),
    expression.map(lambda e: f"gain ({e}) coins"),
    st.sampled_from(["take a military token worth -1", "take token worth (age victory)",
                     "at end of turn, build a card from the discard pile for free",
                     "at end of turn gain 2 coins", "build from discard for free"]),
    st.tuples(colors, scope).map(lambda t: f"copy a {t[0]} card from {t[1]}"))
comparison = st.tuples(expression, st.sampled_from([">=", "<=", "!=", ">", "<", "="]), expression).map(
    lambda t: f"{t[0]} {t[1]} {t[2]}")
trigger = st.tuples(st.none() | st.sampled_from(['trigger "t1" ', 'trigger "a long trigger name" ']),
                    st.sampled_from(EVENTS), st.booleans(), st.none() | st.sampled_from(["turn", "age", "game"]),
                    st.lists(comparison, max_size=2), action).map(
    lambda t: (t[0] or "") + f"on {t[1]}" + (" for each neighbour" if t[2] else "")
    + (f" once per {t[3]}" if t[3] else "") + (" if " + " and ".join(t[4]) if t[4] else "") + f": {t[5]}")
statement = st.one_of(
    st.sampled_from(["age I", "age II", "age III", "age 2"]),
    st.sampled_from(COLORS).map(lambda c: f"color {c}"),
    st.lists(st.integers(3, 7), min_size=1, max_size=3).map(lambda ns: "copies " + " ".join(f"{n}+" for n in ns)),
    st.lists(st.one_of(st.tuples(st.sampled_from(["", "2 ", "3 "]), resource).map("".join),
                       small.map(lambda n: f"{n} coin")), min_size=1, max_size=3).map(
        lambda items: "cost " + ", ".join(items)),
    st.lists(st.sampled_from(['"Baths"', '"Altar"', '"Nowhere"']), min_size=1, max_size=2).map(
        lambda names: "free with " + " or ".join(names)),
    st.tuples(st.lists(resource, min_size=1, max_size=3), st.booleans(), st.booleans()).map(
        lambda t: "produces " + (" / ".join(t[0]) if t[1] else ", ".join(t[0])) + (" private" if t[2] else "")),
    st.integers(-5, 9).map(lambda n: f"points {n}"), small.map(lambda n: f"shields {n}"),
    st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=3).map(lambda s: "science " + " / ".join(s)),
    st.tuples(st.sampled_from(["raw", "manufactured", "wood, clay"]), scope, small).map(
        lambda t: f"buy {t[0]} from {t[1]} for {t[2]} coins"),
    action.map(lambda a: f"when built: {a}"), action.map(lambda a: f"at end of game: {a}"),
    st.tuples(st.sampled_from(CATEGORIES), expression).map(lambda t: f"score {t[0]}: {t[1]}"),
    st.just("may build a card for free once per age"), st.just("may play the last card of each age"),
    trigger)
separator = st.sampled_from([" ", "\n", "; ", "\n\n", "\n    ", " ;\n"])
comment = st.integers(0, 999).map(lambda n: f" # note {n}\n")


@st.composite
def card_text(draw):
    parts = [f'card "{draw(st.sampled_from(["Gen", "Baths", "A very long generated card name"]))}"',
             draw(st.sampled_from([" {", "{", "\n{ "]))]
    for stmt in draw(st.lists(statement, max_size=8)):
        parts.append(draw(st.one_of(separator, comment)) + stmt)
    parts.append(draw(st.one_of(separator, comment)) + "}" + draw(st.sampled_from(["\n", " # end\n", ""])))
    return "".join(parts)


@settings(max_examples=60 * SCALE, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(card_text())
def test_formatting_a_generated_card_keeps_its_meaning(text):
    tree, problems = parse_text(text, "gen.wonders")
    assume(not problems)         # e.g. `if a > 1 per brown card in own city and b > 1`: `and` is the scope's
    out, problems = format_text(text, "gen.wonders")
    assert not problems
    assert without_spans(parse_text(out, "gen.wonders")[0].items) == without_spans(tree.items), out
    assert sorted(re.findall(r"# .*", out)) == sorted(c.rstrip() for c in re.findall(r"# .*", text))
    assert format_text(out, "gen.wonders")[0] == out
    assert meaning({**BASE, "gen.wonders": out}, complete=False) == \
        meaning({**BASE, "gen.wonders": text}, complete=False)


SHIPPED = sorted((ROOT / "content").glob("*.wonders")) + sorted((ROOT / "content" / "variants").glob("*.wonders"))


@settings(max_examples=40 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SHIPPED), st.data())
def test_formatting_mutated_content_keeps_its_tree_or_refuses(path, data):
    """Shipped content with a stretch cut out or moved: either syntax diagnostics (and no
    text), or a formatted text with the same tree and comments, already formatted."""
    text = path.read_text(encoding="utf-8")
    start = data.draw(st.integers(0, len(text) - 1))
    end = data.draw(st.integers(start, min(len(text), start + 80)))
    where = data.draw(st.integers(0, len(text) - (end - start)))
    rest = text[:start] + text[end:]
    mutated = rest[:where] + text[start:end] + rest[where:] if data.draw(st.booleans()) else rest
    out, problems = format_text(mutated, "m.wonders")
    tree, syntax = parse_text(mutated, "m.wonders")
    if syntax:
        assert out is None and [d.code for d in problems] == [d.code for d in syntax]
        return
    assert out is not None and not problems
    assert without_spans(parse_text(out, "m.wonders")[0].items) == without_spans(tree.items)
    assert sorted(re.findall(r"#[^\n]*", out)) == sorted(c.rstrip() for c in re.findall(r"#[^\n]*", mutated))
    assert format_text(out, "m.wonders")[0] == out

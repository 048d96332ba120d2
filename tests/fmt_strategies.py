"""Hypothesis strategies writing Wonders text for every construct of the grammar, in random
spacing and with the optional words (`of`/`in`, `coin`/`coins`, parentheses) varied: what
the formatter and the printer must write back with the same meaning."""

from __future__ import annotations

from hypothesis import strategies as st

RESOURCES = ["wood", "stone", "clay", "ore", "glass", "papyrus", "loom", "raw", "manufactured"]
COLORS = ["brown", "grey", "blue", "yellow", "red", "green", "purple"]
SYMBOLS = ["compass", "gear", "tablet"]
CATEGORIES = ["military", "treasury", "wonder", "civilian", "science", "commercial", "guilds"]
EVENTS = ["game setup", "age start", "age end", "turn start", "turn end", "game end", "building built",
          "stage built", "card sold"]


def joined(parts, words=(" and ",)):
    """A list of words joined by separators drawn from `words`."""
    return st.lists(st.sampled_from(words), min_size=len(parts) - 1, max_size=len(parts) - 1).map(
        lambda seps: parts[0] + "".join(s + p for s, p in zip(seps, parts[1:])))


small = st.integers(0, 12)
coin_word = st.sampled_from(["coin", "coins"])
amount_coins = st.tuples(small, coin_word).map(lambda t: f"{t[0]} {t[1]}")
resource = st.sampled_from(RESOURCES[:7])
colors = st.lists(st.sampled_from(COLORS), min_size=1, max_size=3, unique=True).flatmap(
    lambda cs: joined(cs, ("/", ", ", " and ")))
scope = st.lists(st.sampled_from(["own city", "neighbours", "neighbors", "left neighbour", "right neighbor",
                                  "all cities", "the neighbour", "neighbour"]),
                 min_size=1, max_size=3, unique=True).map(" and ".join)
measure = st.one_of(colors.map(lambda c: f"{c} cards"), colors.map(lambda c: f"{c} card"), st.sampled_from([
    "wonder stages", "unbuilt wonder stage", "defeat tokens", "victory token", "military tokens", "coins",
    "coin", "shields", "complete sets", "complete set"]))
measured = st.tuples(measure, st.none() | st.tuples(st.sampled_from(["in", "of"]), scope)).map(
    lambda t: t[0] + (f" {t[1][0]} {t[1][1]}" if t[1] else ""))
quantity = st.one_of(measured, st.sampled_from(["players", "age", "age victory", "each symbol squared"]))
per = st.tuples(st.sampled_from(["", "1 ", "2 ", "3 "]), measured).map(lambda t: f"per {t[0]}{t[1]}")
atom = st.one_of(small.map(str), quantity, st.tuples(small, per).map(lambda t: f"{t[0]} {t[1]}"))
expression = st.recursive(
    atom,
    lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from(["+", "-", "*", "/"]), inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        st.tuples(inner, st.sampled_from(["+", "-", "*", "/"]), inner).map(lambda t: f"{t[0]} {t[1]} {t[2]}"),
        inner.map(lambda e: f"({e})"),
        inner.map(lambda e: f"-{e}")),
    max_leaves=5)
comparison = st.tuples(expression, st.sampled_from([">=", "<=", "!=", ">", "<", "="]), expression).map(
    lambda t: f"{t[0]} {t[1]} {t[2]}")
conditions = st.lists(comparison, min_size=1, max_size=3).map(lambda cs: " and ".join(cs))
action = st.one_of(
    st.tuples(st.sampled_from(["gain", "lose"]), amount_coins, st.none() | per).map(
        lambda t: f"{t[0]} {t[1]}" + (f" {t[2]}" if t[2] else "")),
    st.tuples(st.sampled_from(["gain", "lose"]), expression, coin_word, st.none() | per).map(
        lambda t: f"{t[0]} ({t[1]}) {t[2]}" + (f" {t[3]}" if t[3] else "")),
    expression.map(lambda e: f"take a military token worth ({e})"),
    st.sampled_from(["take a military token worth -1", "take token worth 3", "take token worth (age victory)",
                     "at end of turn, build a card from the discard pile for free",
                     "at end of turn gain 2 coins", "at end of turn, gain 1 coin", "build from discard for free"]),
    st.tuples(colors, scope).map(lambda t: f"copy a {t[0]} card from {t[1]}"))
trigger = st.tuples(st.none() | st.sampled_from(['trigger "t1" ', 'trigger "a long trigger name" ']),
                    st.sampled_from(EVENTS), st.booleans(), st.none() | st.sampled_from(["turn", "age", "game"]),
                    st.none() | conditions, action).map(
    lambda t: (t[0] or "") + f"on {t[1]}" + (" for each neighbour" if t[2] else "")
    + (f" once per {t[3]}" if t[3] else "") + (f" if {t[4]}" if t[4] else "") + f": {t[5]}")
score = st.tuples(st.sampled_from(CATEGORIES), expression, st.none() | conditions).map(
    lambda t: f"score {t[0]}: {t[1]}" + (f" if {t[2]}" if t[2] else ""))
cost = st.lists(st.one_of(st.tuples(st.sampled_from(["", "1 ", "2 ", "3 "]), resource).map("".join),
                          amount_coins), min_size=1, max_size=3).map(lambda items: "cost " + ", ".join(items))
effect = st.one_of(
    st.tuples(st.lists(st.tuples(st.sampled_from(["", "1 ", "2 "]), resource).map("".join), min_size=1, max_size=3),
              st.booleans()).map(lambda t: "produces " + ", ".join(t[0]) + (" private" if t[1] else "")),
    st.tuples(st.lists(resource, min_size=2, max_size=3), st.booleans()).map(
        lambda t: "produces " + " / ".join(t[0]) + (" private" if t[1] else "")),
    st.integers(-5, 9).map(lambda n: f"points {n}"), small.map(lambda n: f"shields {n}"),
    st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=3).map(lambda s: "science " + " / ".join(s)),
    st.tuples(st.sampled_from(["raw", "manufactured", "wood, clay"]), scope, amount_coins).map(
        lambda t: f"buy {t[0]} from {t[1]} for {t[2]}"),
    action.map(lambda a: f"when built: {a}"), action.map(lambda a: f"at end of game: {a}"),
    score, trigger,
    st.sampled_from(["may build a card for free once per age", "may build card for free once per age",
                     "may play the last card of each age", "may play last card of each age",
                     "builds the first card of each color for free", "builds last card of each age for free"]))
card_statement = st.one_of(
    st.sampled_from(["age I", "age II", "age III", "age 2"]),
    st.sampled_from(COLORS).map(lambda c: f"color {c}"),
    st.lists(st.integers(3, 7), min_size=1, max_size=3).map(lambda ns: "copies " + " ".join(f"{n}+" for n in ns)),
    cost,
    st.lists(st.sampled_from(['"Baths"', '"Altar"', '"Nowhere"']), min_size=1, max_size=2).map(
        lambda names: "free with " + " or ".join(names)),
    effect)
separator = st.sampled_from([" ", "\n", "; ", "\n\n", "\n    ", " ;\n"])
comment = st.integers(0, 999).map(lambda n: f" # note {n}\n")


@st.composite
def block(draw, head, statements, max_size=6):
    """`head { statements }` in random spacing, with separators and comments between."""
    parts = [head, draw(st.sampled_from([" {", "{", "\n{ "]))]
    for stmt in draw(st.lists(statements, max_size=max_size)):
        parts.append(draw(st.one_of(separator, comment)) + stmt)
    parts.append(draw(st.one_of(separator, comment)) + "}")
    return "".join(parts)


card_name = st.sampled_from(["Gen", "Baths", "A very long generated card name"])
card = card_name.flatmap(lambda name: block(f'card "{name}"', card_statement, max_size=8))
stage = block("stage", st.one_of(cost, effect), max_size=3)
side = st.sampled_from(["A", "B"]).flatmap(lambda s: block(f"side {s}", st.one_of(stage, effect), max_size=4))
wonder = block('wonder "Gen"', side, max_size=2)
age_number = st.sampled_from(["I", "II", "III", "1", "2"])
age_statement = st.one_of(
    small.map(lambda n: f"hand {n}"), small.map(lambda n: f"turns {n}"),
    st.sampled_from(["pass left", "pass right", "last card discarded", "last cards discarded"]),
    small.map(lambda n: f"victory {n}"),
    st.tuples(st.sampled_from(["0", "1", "2", "players", "players + 1", "players - 2", "players + 0"]),
              colors, st.sampled_from(["card", "cards"])).map(lambda t: f"add {t[0]} random {t[1]} {t[2]}"))
age_rules = age_number.flatmap(lambda a: block(f"age {a}", age_statement, max_size=4))
category_list = st.lists(st.sampled_from(CATEGORIES), min_size=1, max_size=4, unique=True).map(", ".join)
rules_statement = st.one_of(
    st.tuples(st.integers(1, 7), st.integers(1, 9)).map(lambda t: f"players {t[0]} to {t[1]}"),
    st.tuples(coin_word, small).map(lambda t: f"starting {t[0]} {t[1]}"),
    amount_coins.map(lambda c: f"sell for {c}"), small.map(lambda n: f"trade price {n}"),
    age_rules, category_list.map(lambda c: f"score pad: {c}"),
    st.tuples(st.sampled_from(["wonder stages", "stages", "wonder stage"]) | colors.map(lambda c: f"{c} cards"),
              st.sampled_from(CATEGORIES)).map(lambda t: f"points of {t[0]} count as {t[1]}"),
    score, trigger,
    st.sampled_from(["tie break: most coins", "tie break: most coins, most coin"]))
rules = block('rules "Gen"', rules_statement)
neutral = block('neutral city "Free"', st.one_of(
    st.sampled_from(["draws from a pile", "draws from pile", "holder changes every turn", "builds when it can",
                     "chains when it can", "buys at any price", "cannot win"]),
    st.tuples(age_number, st.sampled_from(["left", "right"]), st.sampled_from(["neighbour", "neighbor"])).map(
        lambda t: f"holder in age {t[0]}: {t[1]} {t[2]}")), max_size=4)
table = block("table for 2 players", st.one_of(st.integers(2, 7).map(lambda n: f"cards as for {n} players"),
                                               neutral), max_size=3)
wonder_side = st.sampled_from(['wonder "Gen" side A', 'wonder "Other" side B'])
card_ref = st.tuples(st.sampled_from(['"Baths"', '"Gen"']), st.none() | age_number).map(
    lambda t: t[0] + (f" of age {t[1]}" if t[1] else ""))
change = st.one_of(
    st.just('changes "first-edition"'),
    st.lists(st.sampled_from(['"Sell four"', '"Other"']), min_size=1, max_size=2, unique=True).map(
        lambda ns: "overrides " + ", ".join(ns)),
    st.one_of(st.tuples(coin_word, small).map(lambda t: f"starting {t[0]} {t[1]}"),
              amount_coins.map(lambda c: f"sell for {c}"), small.map(lambda n: f"trade price {n}"),
              st.just("players 3 to 7"), category_list.map(lambda c: f"score pad: {c}"), age_rules).map(
        lambda s: f"set {s}"),
    st.tuples(st.sampled_from(["add", "replace"]), st.one_of(card, wonder, trigger, score)).map(
        lambda t: f"{t[0]} {t[1]}"),
    wonder_side.flatmap(lambda w: block(f"add stage to {w}", st.one_of(cost, effect), max_size=3)),
    card_ref.flatmap(lambda ref: block(f"modify card {ref}", card_statement, max_size=3)),
    st.tuples(st.integers(1, 4), wonder_side).flatmap(
        lambda t: block(f"modify stage {t[0]} of {t[1]}", st.one_of(cost, effect), max_size=3)),
    card_ref.map(lambda ref: f"remove card {ref}"),
    st.sampled_from(['remove wonder "Gen"', 'remove trigger "t1"', "remove score commercial"]),
    st.tuples(st.integers(1, 4), wonder_side).map(lambda t: f"remove stage {t[0]} of {t[1]}"))
variant = block('variant "Gen"', change)
declaration = st.sampled_from(["resources raw: wood, stone", "resources manufactured:glass,loom",
                               "colors: brown, grey", "symbols: compass,gear , tablet"])
item = st.one_of(declaration, card, wonder, rules, table, variant)


@st.composite
def file_text(draw):
    """A file of items of every kind, set apart by random spacing and comments."""
    parts = []
    for it in draw(st.lists(item, min_size=1, max_size=4)):
        parts.append(it + draw(st.one_of(st.sampled_from(["\n", "\n\n", " ", "; "]), comment)))
    return "".join(parts)

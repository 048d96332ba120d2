"""Tokens given back, lasting shields from an action, laws on the value of the military
tokens taken, and a card of one's own city copied at the end of the game
(docs/language.md, "Giving tokens back", "gain N shields", "Laws for the whole table",
"at end of game: copy a ... card from ..."): general words of the language that Edifice's
and Babel's projects needed (issue 37).  Each from a rulebook scenario: Edifice's
Concentric Castle (a city loses two military victory tokens), Military School (every defeat
token discarded), Agora (a purple card's effect a second time), Babel's Obelisk and
Triumphal Arches (shields for each pawn) and tile 19, Hollow Victories (a victory token
taken in a conflict is worth 2 less: 1 none, 3 one, 5 three)."""

from __future__ import annotations

import pytest

from interpreter.bots.offers import action_worth
from interpreter.bots.rulemodel import rule_model
from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.compile.expressions import evaluate
from interpreter.engine.saves import game_from_data, game_to_data
from interpreter.engine.scoring import score_city
from interpreter.engine.tokens import worth_under_laws
from interpreter.syntax import ast, printer
from interpreter.syntax.parser import parse_text
from interpreter.views import describe, describe_nl
from interpreter.views.play_log import text_log
from fmt_meaning import without_spans
from test_triggers import hand, last_turn, new_game, own, started, variant_folder

ITEMS = """tokens: debt
card "Altar" { age I  color blue  copies 3+ 5+
    when built: discard 2 victory tokens }
card "Theater" { age I  color blue  copies 3+ 6+
    when built: discard all defeat tokens }
card "Pawnshop" { age I  color blue  copies 4+ 7+
    when built: discard 2 debt tokens }
card "Tavern" { age I  color yellow  copies 4+ 5+ 7+
    when built: gain 2 shields }
card "Marketplace" { age I  color yellow  copies 3+ 6+
    when built: each other city: discard 1 victory token }
card "Barracks" { age I  color red  copies 3+ 5+
    cost ore
    shields 1 per victory token }
card "East Trading Post" { age I  color yellow  copies 3+ 7+
    at end of game: copy a purple card from own city }
card "Clay Pit" { age I  color brown  copies 3+
    cost 1 coin
    when built: may pay 1 coin to gain 1 shield }
"""
RULES = "    on victory token taken: gain 5 coins\n"


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    return _compiled(tmp_path_factory.mktemp("tokens"), RULES, ITEMS)


def _compiled(path, rules, items):
    result = check_paths([variant_folder(path, rules, items)])
    assert [f"{d.code} {d.message}" for d in result.diagnostics] == []
    return compile_rules(result.ruleset)


def _codes(tmp_path, items, rules=""):
    result = check_paths([variant_folder(tmp_path, rules, items)])
    return [(d.code, d.span.line, d.span.column) for d in result.diagnostics]


def _built(tables, name, seat=0, setup=None):
    """A game at its first turn where `seat` builds `name` and the others sell; `setup(game)`
    first."""
    game = started(new_game(tables))
    if setup is not None:
        setup(game)
    for s in range(3):
        hand(game, s, name, "Lumber Yard", "Stone Pit")
    for s in range(3):
        wanted = f"build {name}" if s == seat else "sell"
        game.choose(next(o for o in game.options_for(s, "turn") if o.label(tables).startswith(wanted)), s)
    return game


def _where(game, seat=0):
    return game.events.where(seat)


def _count(game, text, seat=0):
    (expr,) = [c.left for c in parse_text(f'rules "R" {{ on turn end if {text} = 0: gain 1 coin }}', "q")[0]
               .items[0].body[0].conditions]
    return evaluate(expr, _where(game, seat))


# ---------------------------------------------------------------- giving tokens back
def test_a_city_gives_back_its_victory_tokens_of_least_value_first(tables):
    """Concentric Castle: a city that did not take part loses two military victory tokens."""
    def setup(game):
        game.cities[0].tokens[:] = [5, 1, -1, 3]
    game = _built(tables, "Altar", setup=setup)
    assert sorted(game.cities[0].tokens) == [-1, 5]
    assert _count(game, "victory tokens") == 1 and _count(game, "military tokens") == 4
    assert score_city(tables, game.cities[0], *game.neighbours(0))["military"] == 4
    assert [(e["seat"], e["kind"], e["count"], e["values"]) for e in game.log if e["event"] == "given back"] == \
        [(0, "victory", 2, [1, 3])]
    assert 'gives back 2 victory tokens (+1, +3, "Altar")' in text_log(game)


def test_a_city_with_fewer_gives_back_all_it_has_and_no_event_fires(tables):
    def setup(game):
        game.cities[0].tokens[:] = [3]
    game = _built(tables, "Altar", setup=setup)
    assert game.cities[0].tokens == []
    assert game.cities[0].coins == 3                  # `on victory token taken: gain 5 coins` did not fire


def test_every_defeat_token_given_back(tables):
    """Military School: each participant discards all its military defeat tokens."""
    def setup(game):
        game.cities[0].tokens[:] = [-1, 3, -1]
    game = _built(tables, "Theater", setup=setup)
    assert game.cities[0].tokens == [3]
    assert _count(game, "defeat tokens") == 0
    assert 'gives back 2 defeat tokens (-1, -1, "Theater")' in text_log(game)


def test_kept_tokens_given_back(tables):
    def setup(game):
        game.cities[0].kept["debt"] = 3
        game.cities[1].kept["debt"] = 1
    game = _built(tables, "Pawnshop", setup=setup)
    assert game.cities[0].kept == {"debt": 1}
    game = _built(tables, "Pawnshop", seat=1, setup=setup)
    assert game.cities[1].kept == {}                  # fewer than 2: all of them
    assert [(e["kind"], e["count"]) for e in game.log if e["event"] == "given back"] == [("debt", 1)]
    assert 'gives back 1 debt token ("Pawnshop")' in text_log(game)


def test_shields_that_follow_the_victory_tokens_follow_them_back(tables):
    def setup(game):
        own(game, 0, "Barracks")
        game.cities[0].tokens[:] = [1, 3]
        game.cities[0].count_shields()
    game = _built(tables, "Altar", setup=setup)
    assert game.cities[0].shields == 0


def test_each_other_city_gives_back_a_token(tables):
    def setup(game):
        for city in game.cities:
            city.tokens[:] = [1, 5]
    game = _built(tables, "Marketplace", setup=setup)
    assert [c.tokens for c in game.cities] == [[1, 5], [5], [5]]


def test_giving_back_is_written_back_and_described(tables):
    for text in ("discard 2 victory tokens", "discard all defeat tokens", "discard a debt token",
                 "discard (age) victory tokens"):
        tree, problems = parse_text(f'card "X" {{ age I  color blue\n    when built: {text} }}\n', "x.wonders")
        assert problems == []
        (effect,) = tree.items[0].body[2:]
        written = printer.effect(effect)
        again = parse_text(f'card "X" {{ age I  color blue\n    {written} }}\n', "y")[0].items[0].body[2]
        assert without_spans(again) == without_spans(effect)
    action = ast.DiscardTokens(count=ast.Number(value=2, span=None), what="victory", span=None)
    assert describe.action_text(action) == "gives back 2 victory tokens (those of least value first), all it has if fewer"
    assert " ".join(describe_nl.action_parts(action)) == \
        "geeft 2 overwinningsfiches terug (die van de laagste waarde eerst), alle die het heeft als het er minder heeft"


def test_misused_giving_back_is_located(tmp_path):
    items = ('tokens: debt\ncard "Altar" { age I  color blue  copies 3+ 5+\n'
             '    when built: discard 2 military tokens\n    when built: discard 0 victory tokens\n'
             '    when built: discard 1 dept token }\n')
    assert _codes(tmp_path, items) == [("E2060", 3, 17), ("E1206", 4, 17), ("E1008", 5, 27)]


# ---------------------------------------------------------------- lasting shields
def test_shields_gained_count_in_the_conflicts_and_stay(tables):
    """Babel's Obelisk: a shield token for each pawn, counted like a card's shields."""
    game = _built(tables, "Tavern")
    city = game.cities[0]
    assert city.shields == 2 and city.gained_shields == 2
    assert [(e["seat"], e["count"]) for e in game.log if e["event"] == "shields"] == [(0, 2)]
    assert 'gains 2 shields ("Tavern")' in text_log(game)
    city.remove_card(tables.card_index("Tavern"))     # the card goes; the shields stay
    assert city.shields == 2
    copy = game_from_data(tables, game_to_data(game))
    assert copy.cities[0].shields == 2 and copy.cities[0].gained_shields == 2
    last_turn(game)
    for s in range(3):
        game.choose(next(o for o in game.options_for(s, "turn") if o.label(tables).startswith("sell")), s)
    assert sorted(game.cities[0].tokens) == [1, 1]


def test_a_priced_shield_is_offered_and_the_bots_weigh_it(tables):
    game = started(new_game(tables))
    for s in range(3):
        hand(game, s, "Clay Pit", "Lumber Yard", "Stone Pit")
    for s in range(3):
        wanted = "build Clay Pit" if s == 0 else "sell"
        game.choose(next(o for o in game.options_for(s, "turn") if o.label(tables).startswith(wanted)), s)
    decision = game.decision()
    assert decision.kind == "offer"
    _step, offer, *_rest = game.stack[-1]
    worth = action_worth(rule_model(tables, 3), game, 0, None, offer.node.action, lambda c: 0.0, 1 / 3)
    assert worth > 0                                  # one shield wins both conflicts of age I (and later ones)
    decision.choose(1)
    assert game.cities[0].shields == 1


def test_misused_shields_are_located(tmp_path):
    items = ('card "Altar" { age I  color blue  copies 3+ 5+\n    at end of game: gain 2 shields\n'
             '    when built: gain 0 shields }\n')
    assert _codes(tmp_path, items) == [("E2061", 2, 21), ("E1206", 3, 17)]


def test_shields_are_written_back():
    for text in ("gain 1 shield per blue card", "gain (age) shields", "gain 2 shields"):
        tree, problems = parse_text(f'card "X" {{ age I  color blue\n    when built: {text} }}\n', "x")
        assert problems == []
        assert printer.effect(tree.items[0].body[2]) == f"when built: {text}"
    tree, problems = parse_text('rules "R" {\n    law: defeat tokens taken are worth 1 more\n}\n', "r")
    assert problems == [] and printer.effect(tree.items[0].body[0]) == "law: defeat tokens taken are worth 1 more"


# ---------------------------------------------------------------- laws on the tokens' value
HOLLOW = "    law: victory tokens taken against a neighbour are worth 2 less\n"
STRONG = 'card "Guard Tower" { age I  color red  copies 3+ 4+\n    shields 5 }\n'


def _conflicts(tables):
    """Age I's conflicts with Gizah on 5 shields against two neighbours on 0."""
    game = started(new_game(tables))
    own(game, 0, "Guard Tower")
    last_turn(game)
    for s in range(3):
        game.choose(next(o for o in game.options_for(s, "turn") if o.label(tables).startswith("sell")), s)
    return game


def test_hollow_victories_take_two_from_each_victory_token(tmp_path):
    """Babel's tile 19: a victory token taken in a conflict is worth less: 1 none, 3 one."""
    tables = _compiled(tmp_path, HOLLOW + "    on victory token taken: gain 5 coins\n", STRONG)
    game = _conflicts(tables)
    assert game.cities[0].tokens == []                # the age I victory (1) is not taken
    assert game.cities[0].coins == 3 + 3              # its sale; no token taken, no event
    assert sorted(game.cities[1].tokens) == [-1]      # defeats as before
    assert printer.effect(tables.rules.laws[0]) == "law: victory tokens taken against a neighbour are worth 2 less"
    laws = game.cities[0].laws
    assert [worth_under_laws(laws, v, True) for v in (1, 3, 5, -1)] == [0, 1, 3, -1]
    assert worth_under_laws(laws, 3, False) == 3      # not in a conflict: as it is
    model = rule_model(tables, 3)
    city, left, right = game.cities[0], *game.neighbours(0)
    assert model.tokens(city, left, right, tuple(game.cities), 1) == 2   # the bots read age II's 3 as 1


def test_a_defeat_token_brought_to_zero_is_not_taken(tmp_path):
    tables = _compiled(tmp_path, "    law: defeat tokens taken are worth 1 more\n", STRONG)
    game = _conflicts(tables)
    assert sorted(game.cities[0].tokens) == [1, 1] and game.cities[1].tokens == []


def test_misused_token_laws_are_located(tmp_path):
    rules = "    law: military tokens taken are worth 1 less\n    law: victory tokens taken are worth 0 more\n"
    found = _codes(tmp_path, "", rules)
    assert [code for code, _line, _column in found] == ["E2062", "E1206"]


# ---------------------------------------------------------------- a card of one's own copied
def test_a_purple_card_of_the_city_applies_a_second_time_at_the_end(tables):
    """Edifice's Agora: a participant applies the effect of one of its purple cards twice."""
    game = started(new_game(tables))
    own(game, 0, "Workers Guild", "East Trading Post")
    own(game, 1, "Lumber Yard", "Stone Pit")
    own(game, 2, "Clay Pool")
    pad = score_city(tables, game.cities[0], *game.neighbours(0))
    assert pad["guilds"] == 2 * 3                     # 3 brown cards in the neighbours, counted twice


def test_copying_an_own_card_when_built_is_located(tmp_path):
    items = 'card "Altar" { age I  color blue  copies 3+ 5+\n    when built: copy a blue card from own city }\n'
    assert _codes(tmp_path, items) == [("E2063", 2, 39)]


def test_the_kit_notation_marks_lasting_shields_and_words_the_rest(tables):
    from interpreter.views.access.notation import writer
    kit = writer(tables.ruleset, "accessible")
    gain = ast.GainShields(amount=ast.Number(value=2, span=None), per=None, span=None)
    give = ast.DiscardTokens(count=None, what="defeat", span=None)
    assert kit.action(gain) == "+xx"
    assert kit.action(give) == "gives back all its defeat tokens"
    law = ast.Law(effect=ast.TokenValue(what="victory", amount=2, change="less", against=True, span=None),
                  conditions=(), span=None)
    assert "worth 2 points less" in kit.effect(law)


def test_the_bots_weigh_tokens_given_back_at_the_score_they_take(tables):
    from interpreter.bots.valuation import Appraiser
    game = started(new_game(tables))
    game.cities[0].tokens[:] = [5, 1, -1, 3]
    two = ast.DiscardTokens(count=ast.Number(value=2, span=None), what="victory", span=None)
    defeats = ast.DiscardTokens(count=None, what="defeat", span=None)
    model = rule_model(tables, 3)
    assert action_worth(model, game, 0, None, two, lambda c: 0.0, 1 / 3) == -4.0
    assert action_worth(model, game, 0, None, defeats, lambda c: 0.0, 1 / 3) == 1.0
    theater = tables.card_index("Theater")             # when built: discard all defeat tokens
    with_defeats = Appraiser(game, 0)._part("build", theater)[0].points
    game.cities[0].tokens[:] = [5]
    assert with_defeats - Appraiser(game, 0)._part("build", theater)[0].points == 1.0

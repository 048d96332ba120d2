"""Bugs a designer found writing content from the docs alone (issue 37, item 4), each
reproduced by the content that showed it: a check that passed and a game that then failed,
a log that left something out, a lexer that split a word, an error that cascaded, a bot
that never built a kind of card."""

from __future__ import annotations

import pytest

from interpreter.bots.registry import make_bot
from interpreter.bots.valuation import Appraiser
from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.actions import Action
from interpreter.engine.moves import Move
from interpreter.engine.flow.phases import draw_into
from interpreter.engine.flow.resolve import build_from_discard
from interpreter.engine.game import Game
from interpreter.engine.invariants import expected_cards, where_cards_are
from interpreter.syntax import ast
from interpreter.views.play_log import text_log

BASE = "docs/examples/base.wonders"


def checked(tmp_path, text: str, *, variant: bool = True, alone: bool = False):
    """The check of `text` as a variant of the first edition (or, `variant=False`, with the
    small base rule set of docs/errors.md; `alone`, on its own)."""
    path = tmp_path / "designer.wonders"
    path.write_text(text, encoding="utf-8")
    if variant:
        return check_paths(None, [str(path)])
    return check_paths([str(path)] if alone else [str(path), BASE])


def errors(result) -> list[tuple[str, int, int]]:
    return [(d.code, d.span.line if d.span else 0, d.span.column if d.span else 0)
            for d in result.diagnostics if d.severity == "error"]


def tables_of(tmp_path, text: str, **how):
    result = checked(tmp_path, text, **how)
    assert result.ruleset is not None, [f"{d.code} {d.message}" for d in result.diagnostics]
    assert not errors(result), [f"{d.code} {d.message}" for d in result.diagnostics]
    return compile_rules(result.ruleset)


def played(tables, players: int, seed: int, bots=("greedy", "heuristic", "random")) -> Game:
    game = Game(tables, players, seed=seed)
    game.play([make_bot(bots[s % len(bots)], seed * 10 + s) for s in range(players)])
    assert game.finished
    return game


# ---------------------------------------------------------------- two `play` statements in an age
TWO_PLAYS = '''variant "Two plays" {
    changes "7 Wonders, first edition"
    replace phase "age I" {
        deal 7 cards from age I
        start age I, victory tokens worth 1
        play 3 turns passing left
        play 3 turns passing right%s
        end age I
    }
}
'''


def test_two_play_statements_share_the_hand_and_the_game_plays_on(tmp_path):
    tables = tables_of(tmp_path, TWO_PLAYS % ", discarding the last cards")
    for seed in (1, 2):
        game = played(tables, 4, seed)
        age_one = [e for e in game.log if e["event"] == "choice" and e["age"] == 1 and e["kind"] == "turn"]
        assert sorted({e["turn"] for e in age_one}) == [1, 2, 3, 4, 5, 6]
        assert len(age_one) == 6 * 4
    game = Game(tables, 3, seed=5)
    bots = [make_bot("random", s) for s in range(3)]
    for _turn in range(3):
        game.step(bots)
    assert game.turn == 4 and all(len(h) == 4 for h in game.hands[:3])   # the same hands, turn 4 of 6


def test_the_missing_discard_is_asked_of_the_last_play_statement(tmp_path):
    result = checked(tmp_path, TWO_PLAYS % "")
    assert errors(result) == [("E1201", 7, 9)]
    assert "discarding the last cards" in result.diagnostics[0].help


def test_turns_after_the_hands_were_discarded_are_refused_where_they_stand(tmp_path):
    text = TWO_PLAYS.replace("play 3 turns passing left", "play 3 turns passing left, discarding the last cards")
    result = checked(tmp_path, text % ", discarding the last cards")
    assert errors(result) == [("E1710", 7, 9)]
    assert "line 6" in result.diagnostics[0].notes[0].message or result.diagnostics[0].notes[0].span.line == 6


def test_more_turns_than_the_hand_holds_are_refused_at_the_statement_that_overruns(tmp_path):
    text = TWO_PLAYS.replace("play 3 turns passing right", "play 5 turns passing right")
    result = checked(tmp_path, text % ", discarding the last cards")
    assert errors(result) == [("E1206", 7, 9)]
    assert "8 turns from a hand of 7" in result.diagnostics[0].message


# ---------------------------------------------------------------- drawing from a deck no phase deals
SPARE_RECRUIT = '''variant "Spare recruit" {
    changes "7 Wonders, first edition"
    add zone "spare"
    add card "Spare Shrine" {
        deck "spare"  color blue  copies 3+ 3+ 3+ 3+ 3+ 3+ 3+
        points 3
    }
    remove card "Haven"
    add card "Spare Office" {
        age III  color yellow  copies 3+ 4+
        cost 3 coins
        when built: draw 1 card from deck "spare" into "spare"
        when built: build a card from "spare" for free
    }
}
'''


def test_a_draw_from_a_deck_no_phase_deals_draws_from_the_whole_deck(tmp_path):
    tables = tables_of(tmp_path, SPARE_RECRUIT)
    office = next(c for c in tables.cards if c.name == "Spare Office")
    draw = next(a for a in office.when_built if isinstance(a, ast.DrawInto))
    game = Game(tables, 3, seed=1)
    draw_into(game, draw, 0)
    assert [tables.cards[i].name for i in game.zones["spare"][0]] == ["Spare Shrine"]
    assert where_cards_are(game) == expected_cards(game)        # the deck's other cards are in the box
    draw_into(game, draw, 1)
    assert [tables.cards[i].name for i in game.zones["spare"][1]] == ["Spare Shrine"]
    assert where_cards_are(game) == expected_cards(game)
    assert [e["cards"] for e in game.log if e["event"] == "draw"] == [["Spare Shrine"], ["Spare Shrine"]]


# ---------------------------------------------------------------- the logs
GIFTS = '''variant "Gifts" {
    changes "Examples"
    add trigger "welcome" on age start: each city: gain 1 coin
    add trigger "favours" on age end: take 2 favour tokens
    modify card "Altar" { when built: each neighbour: gain 2 coins }
}
'''


def test_coins_given_to_each_city_and_tokens_kept_are_in_the_logs(tmp_path):
    (tmp_path / "tokens.wonders").write_text("tokens: favour\n", encoding="utf-8")
    (tmp_path / "gifts.wonders").write_text(GIFTS, encoding="utf-8")
    result = check_paths([BASE, str(tmp_path / "tokens.wonders")], [str(tmp_path / "gifts.wonders")])
    assert not errors(result), [f"{d.code} {d.message}" for d in result.diagnostics]
    tables = compile_rules(result.ruleset)
    altars = 0
    for seed in range(1, 6):
        game = played(tables, 3, seed, bots=("random",))
        coins = [e for e in game.log if e["event"] == "coins"]
        welcome = [e for e in coins if e.get("source") == "welcome"]
        assert len(welcome) == 2 * 3 * 3 and all(e["change"] == 1 for e in welcome)   # ages x owners x cities
        kept = [e for e in game.log if e["event"] == "kept"]
        assert len(kept) == 2 * 3 and all(e["kind"] == "favour" and e["count"] == 2 for e in kept)
        text = text_log(game)
        assert 'gains 1 coin ("welcome" of ' in text and 'takes 2 favour tokens ("favours")' in text
        gifts = [e for e in coins if e.get("source") == "Altar"]
        built = [e for e in game.log if e["event"] == "resolve" and e["action"].startswith("build Altar")]
        assert len(gifts) == 2 * len(built) and all(e["change"] == 2 for e in gifts)
        altars += len(built)
    assert altars


# ---------------------------------------------------------------- `discount ... of all cities`
def test_a_discount_of_all_cities_is_refused_where_it_stands(tmp_path):
    result = checked(tmp_path, '''card "Guild Hall" {
    age I  color yellow  copies 3+
    discount 1 coin on brown cards of all cities
}
''', variant=False)
    assert errors(result) == [("E1210", 3, 39)]
    assert "neighbours" in result.diagnostics[0].help and "all cities" not in result.diagnostics[0].help


# ---------------------------------------------------------------- a misspelt zone in a rules trigger
@pytest.mark.parametrize("action, code", [
    ('draw 1 card from deck "spare" into "spar"', "E1701"),
    ('draw 1 card from deck "spar" into "spare"', "E1702"),
    ('build a card from "spar"', "E1701"),
])
def test_a_misspelt_zone_or_deck_in_a_rules_trigger_is_an_error(tmp_path, action, code):
    line = f'    add trigger "recruit" on age start: {action}'
    text = SPARE_RECRUIT.replace('    remove card "Haven"', line + '\n    remove card "Haven"')
    result = checked(tmp_path, text)
    assert errors(result) == [(code, 8, line.index('"spar"') + 1)]


# ---------------------------------------------------------------- "(now N coins)" after a card from the pile
def test_a_card_built_from_the_discard_pile_shows_its_own_coins(tmp_path):
    tables = compile_rules(check_paths(None).ruleset)
    tavern = next(c for c in tables.cards if c.name == "Tavern")
    game = Game(tables, 3, seed=1)
    game.discard.append(tavern.index)
    before = game.cities[0].coins
    build_from_discard(game, 0, Action(Move.BUILD, tavern.index, free="power"))
    game.run()
    assert game.cities[0].coins == before + 5
    entry = [e for e in game.log if e["event"] == "resolve"][-1]
    assert entry["action"].endswith("from the discard pile") and entry["coins"] == before + 5


# ---------------------------------------------------------------- keywords are whole words
@pytest.mark.parametrize("text, word", [
    ('wonder "Test" {\n    side A {\n        produces stone\n        stageful\n'
     '        stage { cost 2 wood; points 3 }\n    }\n}\n', "stageful"),
    ('card "Baths" {\n    ages I  color blue  copies 3+\n    points 3\n}\n', "ages"),
    ('card "Baths" {\n    age I  color blue  copies 3+\n    pointsy 3\n}\n', "pointsy"),
])
def test_a_word_that_begins_with_a_keyword_is_reported_whole(tmp_path, text, word):
    result = checked(tmp_path, text, variant=False)
    first = result.diagnostics[0]
    assert first.code == "E0001" and first.message == f"unexpected `{word}`", first.message
    assert first.span.end_column - first.span.column == len(word)


# ---------------------------------------------------------------- one name, two kinds
@pytest.mark.parametrize("text", [
    'colors: gold\ntokens: gold\n\ncard "Treasury" {\n    age I  color gold  copies 3+\n'
    '    when built: take a gold token\n}\n',
    'tokens: blue\n\ncard "Treasury" {\n    age I  color yellow  copies 3+\n    when built: take a blue token\n}\n',
])
def test_a_token_kind_named_like_a_colour_is_one_error(tmp_path, text):
    result = checked(tmp_path, text, variant=False)
    assert [d.code for d in result.diagnostics if d.severity == "error"] == ["E1103"]
    assert "token" in result.diagnostics[0].help


# ---------------------------------------------------------------- the bots and `copy a ... card`
COPIES = '''variant "Copies" {
    changes "7 Wonders, first edition"
    modify card "Tavern" { when built: copy a blue card from neighbours }
}
'''


def test_a_copy_is_worth_the_card_it_would_copy(tmp_path):
    tables = tables_of(tmp_path, COPIES)
    game = Game(tables, 4, seed=1)
    tavern = next(c for c in tables.cards if c.name == "Tavern")
    assert Appraiser(game, 0).card_worth(tavern.index).points == 0      # nothing to copy yet
    baths = next(c for c in tables.cards if c.name == "Baths")
    game.cities[1].add_card(baths)                    # a neighbour's blue card worth 3 points
    assert Appraiser(game, 0).card_worth(tavern.index).points == pytest.approx(3)


@pytest.mark.parametrize("bot", ["greedy", "heuristic"])
def test_the_bots_build_a_card_that_copies(tmp_path, bot):
    tables = tables_of(tmp_path, COPIES)
    built = 0
    for seed in range(1, 5):
        game = played(tables, 5, seed, bots=(bot,))
        built += sum(1 for e in game.log if e["event"] == "resolve" and e["action"].startswith("build Tavern"))
    assert built > 0


def test_turns_before_the_ages_deal_are_refused_where_they_stand(tmp_path):
    text = TWO_PLAYS.replace("        deal 7 cards from age I\n", "").replace(
        "        end age I\n", "        deal 7 cards from age I\n        end age I\n")
    result = checked(tmp_path, text % ", discarding the last cards")
    assert errors(result) == [("E1707", 5, 9)]

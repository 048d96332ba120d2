"""Kept tokens a city gives up (docs/language.md, "Tokens in a price" and "may build a card
for free for a KIND token"): a price may ask for tokens (`may pay 1 coin and 1 joker token
to ...`), which a city lacking them cannot pay and which paying removes, logged; a city
holding a token may build a card (of given colours) or a wonder stage for free by giving
it up, a move of its turn that every bot, the prompt and a log take (issue 37: Babel's
Cranes, Sewer Network, Belvedere and Factory)."""

from __future__ import annotations

import pytest

from interpreter.bots import make_bot
from interpreter.commands.human import HumanDecider
from interpreter.engine.actions import Action, is_legal, legal_actions, legal_moves
from interpreter.engine.moves import Move
from interpreter.engine.saves import game_from_data, game_to_data
from interpreter import i18n
from interpreter.check.translations import translation_files
from interpreter.i18n.content_names import Names
from interpreter.syntax import printer
from interpreter.syntax.formatter import format_text
from interpreter.syntax.parser import parse_text
from interpreter.views import describe, describe_nl
from interpreter.views.action_words import shown_action
from interpreter.views.play_log import text_log
from test_triggers import hand, new_game, started, variant

ITEMS = """tokens: crane, plan, joker, deed

card "Altar" {
    age I  color blue  copies 3+ 5+
    points 2
    when built: may pay 1 coin and 1 joker token to take a military token worth 3
}

card "Theater" {
    age I  color blue  copies 3+ 6+
    points 2
    may build a green card for free for 2 deed tokens
}
"""
# a rulebook's reward kept for later: a crane (a card) or a plan (a wonder stage) for free,
# the tokens every city may spend (laws of the rules); a use of a turn's card paid by a joker
RULES = """    law: may build a card for free for a crane token
    law: may build a wonder stage for free for a plan token
    use a card for "tribute" paying 1 joker token: gain 4 coins
"""


@pytest.fixture(scope="module")
def tokens(tmp_path_factory):
    return variant(tmp_path_factory.mktemp("tokens"), rules=RULES, items=ITEMS)


def _turn(tables, kept=None, coins=0, cards=("Apothecary", "Baths", "Lumber Yard")):
    """Age I's first turn: Gizah (seat 0) holds `kept` tokens and `coins` coins, a hand
    of `cards`; no one produces loom (Apothecary cannot be paid)."""
    game = started(new_game(tables))
    for seat in range(3):
        game.cities[seat].coins = coins
        hand(game, seat, *cards)
    game.cities[0].kept.update(kept or {})
    from interpreter.engine import laws
    laws.refresh(game)
    return game


def _labels(game, seat=0):
    return [a.label(game.tables) for a in legal_actions(game, seat)]


def _choose(game, seat, label):
    options = game.options_for(seat, "turn")
    game.choose(next(o for o in options if o.label(game.tables) == label), seat)


def _others_sell(game):
    for seat in (1, 2):
        _choose(game, seat, next(x for x in _labels(game, seat) if x.startswith("sell")))


# ---------------------------------------------------------------- free builds paid by tokens
def test_a_crane_token_builds_a_card_the_city_cannot_pay(tokens):
    game = _turn(tokens, {"crane": 1})
    assert "build Apothecary (I) free by token (crane)" in _labels(game)
    assert not any(x.startswith("build Apothecary (I) paying") or x == "build Apothecary (I)" for x in _labels(game))
    _choose(game, 0, "build Apothecary (I) free by token (crane)")
    _others_sell(game)
    city = game.cities[0]
    assert [tokens.cards[i].name for i in city.built] == ["Apothecary"]
    assert city.coins == 0 and "crane" not in city.kept           # the token given up, no coin paid
    assert any(e["event"] == "resolve" and e["action"] == "build Apothecary (I) free by token (crane)"
               for e in game.log)


def test_without_the_token_there_is_no_such_move(tokens):
    assert not any("free by token" in x for x in _labels(_turn(tokens)))
    assert not any("free by token" in x for x in _labels(_turn(tokens, {"joker": 3})))


def test_a_card_free_anyway_or_held_already_is_not_offered_for_a_token(tokens):
    game = _turn(tokens, {"crane": 1}, cards=("Lumber Yard", "Apothecary"))
    assert "build Lumber Yard (I) free by token (crane)" not in _labels(game)


def test_a_plan_token_builds_a_wonder_stage_for_free(tokens):
    game = _turn(tokens, {"plan": 2})                               # Gizah's stage 1: 2 stone, it has one
    assert "wonder stage with Baths (I) free by token (plan)" in _labels(game)
    _choose(game, 0, "wonder stage with Baths (I) free by token (plan)")
    _others_sell(game)
    city = game.cities[0]
    assert city.stages == 1 and city.kept == {"plan": 1} and city.coins == 0


def test_a_colour_and_a_count_limit_the_power(tokens):
    game = _turn(tokens, {"deed": 2}, cards=("Apothecary", "Stockade", "Baths"))
    from test_triggers import own
    own(game, 0, "Theater")
    assert "build Apothecary (I) free by token (2 deed)" in _labels(game)           # green
    assert not any("Stockade (I) free by token" in x for x in _labels(game))       # red
    game.cities[0].kept["deed"] = 1                                                  # one of two
    assert not any("free by token" in x for x in _labels(game))
    assert not any("free by token" in x for x in _labels(game, 1))                  # not the owner's


def test_legal_moves_and_is_legal_know_the_token_moves(tokens):
    game = _turn(tokens, {"crane": 1, "plan": 1}, coins=5, cards=("Guard Tower", "Baths"))
    moves = [m.label(tokens) for m in legal_moves(game, 0)]
    assert any(x.startswith("build Guard Tower (I) paying") for x in moves)           # clay bought: 2 coins
    assert "build Guard Tower (I) free by token (crane)" in moves                       # a move of its own
    assert "build Baths (I) free by token (crane)" not in moves                         # its own stone: free anyway
    assert "wonder stage with Baths (I) free by token (plan)" in moves
    stage = next(a for a in legal_actions(game, 0) if a.free == "token plan")
    assert is_legal(game, 0, stage)
    game.cities[0].kept.pop("plan")
    assert not is_legal(game, 0, stage)
    assert not is_legal(game, 0, Action(Move.BUILD, stage.card, free="token crane 2"))


def test_a_chosen_token_move_saves_and_loads_before_the_turn_resolves(tokens):
    game = _turn(tokens, {"crane": 1})
    _choose(game, 0, "build Apothecary (I) free by token (crane)")
    copy = game_from_data(tokens, game_to_data(game))
    for g in (game, copy):
        _others_sell(g)
    assert game_to_data(copy) == game_to_data(game)
    assert "crane" not in copy.cities[0].kept


# ---------------------------------------------------------------- tokens in a price
def _at_offer(tables, kept):
    game = _turn(tables, kept, coins=3, cards=("Altar", "Baths", "Lumber Yard"))
    _choose(game, 0, "build Altar (I)")
    _others_sell(game)
    return game


def test_a_price_with_a_token_is_offered_to_a_holder_and_paying_gives_it_up(tokens):
    game = _at_offer(tokens, {"joker": 2})
    decision = game.decision()
    assert decision.kind == "offer"
    assert [o.label(tokens) for o in decision.options] == ["decline", "pay the price paying 1 to the bank"]
    decision.choose(1)
    city = game.cities[0]
    assert city.kept == {"joker": 1} and city.tokens == [3] and city.coins == 3 - 1
    given = [e for e in game.log if e["event"] == "gives up"]
    assert [(e["seat"], e["kind"], e["count"]) for e in given] == [(0, "joker", 1)]
    assert 'gives up 1 joker token ("Altar")' in text_log(game)


def test_a_city_lacking_the_price_s_tokens_is_not_asked(tokens):
    game = _at_offer(tokens, {})
    assert game.decision() is None or game.decision().kind != "offer"
    assert game.cities[0].tokens == []


def test_a_use_of_the_turn_s_card_may_ask_for_tokens(tokens):
    assert not any(x.startswith("use ") for x in _labels(_turn(tokens)))
    game = _turn(tokens, {"joker": 1})
    assert "use Baths (I) for tribute" in _labels(game)
    _choose(game, 0, "use Baths (I) for tribute")
    _others_sell(game)
    assert game.cities[0].coins == 4 and not game.cities[0].kept


# ---------------------------------------------------------------- every player, every reader
# (the search's whole game takes seconds: slow, left out of the quick loop)
@pytest.mark.parametrize("bot", ["random", "greedy", "heuristic", pytest.param("mcts:iterations=6", marks=pytest.mark.slow)])
def test_every_bot_plays_the_token_moves_in_a_whole_game(tokens, bot):
    game = new_game(tokens, seed=3)
    for city in game.cities:
        city.kept.update({"crane": 2, "plan": 1, "joker": 1})
    seats = [make_bot(bot, s) for s in range(3)]
    while (decision := game.decision()) is not None:
        choice = seats[decision.by].decide(game, decision.seat, decision.kind, decision.options)
        decision.choose(choice if isinstance(choice, int) else decision.options.index(choice))
    spent = [e for e in game.log if e["event"] == "resolve" and "free by token" in e["action"]]
    assert game.finished and spent


def _worths(game, card):
    """The appraiser's worth of paying for `card` and of building it for a crane token."""
    from interpreter.bots.valuation import Appraiser
    appraiser = Appraiser(game, 0)
    ways = [a for a in legal_actions(game, 0) if a.kind == "build" and game.tables.cards[a.card].name == card]
    paid = next(a for a in ways if not a.free)
    token = next(a for a in ways if a.free == "token crane")
    return sum(appraiser.appraise(paid)), sum(appraiser.appraise(token))


def test_a_bot_keeps_its_token_for_later_rather_than_save_a_coin_early(tokens):
    """Age I's first turn: a crane saves a mean card's price later; Clay Pit costs 1 coin."""
    game = _turn(tokens, {"crane": 1}, coins=10, cards=("Clay Pit", "Altar"))
    paid, token = _worths(game, "Clay Pit")
    assert paid > token


def test_a_bot_spends_its_token_when_the_game_ends(tokens):
    """On the game's last turn a crane kept is worth nothing: the token beats the coin."""
    game = _turn(tokens, {"crane": 1}, coins=10, cards=("Clay Pit", "Lumber Yard"))
    game.age_index = len(tokens.rules.ages) - 1
    game.turn = game.age.turns
    paid, token = _worths(game, "Clay Pit")
    assert token > paid


def test_the_prompt_shows_the_tokens_and_the_token_move(tokens):
    game = _turn(tokens, {"crane": 1})
    shown = []
    options = game.options_for(0, "turn")
    wanted = next(i for i, o in enumerate(options) if o.free == "token crane")
    person = HumanDecider(ask=lambda question: str(wanted + 1), echo=shown.append)
    assert person.decide(game, 0, "turn", options) == wanted
    text = "\n".join(shown)
    assert "tokens: 1 crane" in text and "build Apothecary (I) free by token (crane)" in text


def test_the_new_words_in_english_dutch_and_the_accessible_notation(tokens):
    law = tokens.rules.laws[0].effect
    assert describe.effect_text(law) == "on its turn, may build a card for free by giving up a crane token"
    altar = tokens.cards[tokens.card_index("Altar")].when_built[0]
    assert describe.action_text(altar) == \
        "may pay 1 coin, 1 joker token (as for a card) and then takes a military token worth 3"
    i18n.choose("nl")
    i18n.use_names(Names.read("nl", translation_files(None, (), None, "nl"))[0])
    try:
        assert describe_nl.effect_text(law) == \
            "in zijn beurt mag de eigenaar een kaart naar keuze gratis bouwen door een crane-fiche in te leveren"
        assert "1 joker-fiche" in describe_nl.action_text(altar)
        assert shown_action("build Apothecary (I) free by token (crane)") == \
            "bouw Apotheek (I) gratis (voor 1 crane-fiche)"
        assert shown_action("wonder stage with Baths (I) free by token (2 plan)").endswith("gratis (voor 2 plan-fiches)")
    finally:
        i18n.choose("en")


@pytest.mark.parametrize("text", [
    'card "X" {\n    age I  color blue\n    may build a card for free for a crane token\n}\n',
    'card "X" {\n    age I  color blue\n    may build a green card for free for 2 crane tokens\n}\n',
    'card "X" {\n    age I  color blue\n    may build a wonder stage for free for a plan token\n}\n',
    'card "X" {\n    age I  color blue\n    when built: may pay 1 coin and 1 stone and 2 joker tokens to gain 3 coins\n}\n',
    'card "X" {\n    age I  color blue\n    law: may build a card for free for a crane token\n}\n',
    'rules "R" {\n    use a card for "tribute" paying 1 joker token: gain 4 coins\n}\n',
])
def test_fmt_writes_the_constructs_back_as_they_read(text):
    written, problems = format_text(text, "x.wonders")
    assert problems == [] and written == text                 # already in the canonical layout
    tree, _ = parse_text(text, "x.wonders")
    again, problems = parse_text(written, "x.wonders")
    assert problems == [] and [printer.print_item(i) for i in again.items] == [printer.print_item(i) for i in tree.items]


def test_the_accessible_notation_writes_the_tokens(tokens):
    from interpreter.check.model import Cost
    from interpreter.views.access.notation import writer
    kit = writer(tokens.ruleset, "accessible")
    assert kit.cost(Cost(coins=1, tokens=(("joker", 2),))).endswith("2 joker tokens")
    theater = next(c for c in tokens.ruleset.cards if c.name == "Theater")
    assert "may build a green card for free by giving up 2 deed tokens" in kit.card_label(theater)[-1] or \
        any("2 deed tokens" in line for line in kit.card_label(theater))


def test_the_studio_offers_the_token_move_and_shows_the_tokens(tokens, tmp_path):
    pytest.importorskip("starlette")
    from interpreter.studio.play import Session
    game = _turn(tokens, {"crane": 1})
    session = Session(tmp_path, tmp_path, [], tokens, 0, ["human", "random", "random"])
    decision = next(d for d in game.decisions() if d.seat == 0)
    shown = session._decision(game, decision)
    moves = [m for m in shown["moves"] if m["free"] == "token crane"]
    assert [m["label"] for m in moves] == ["build Apothecary (I) free by token (crane)"]
    assert session._cities(game)[0]["kept"] == {"crane": 1}


@pytest.mark.parametrize("how", ["clone", "save"])
def test_a_copy_or_a_save_at_every_decision_point_plays_on_as_the_original(tokens, how):
    """Tokens held from the start: token moves, offers paid with a joker, uses paid with
    one; every city part (the powers paid by tokens included) comes back from a save."""
    from test_decisions import play
    copy = (lambda g: g.clone(log=True)) if how == "clone" else \
        (lambda g: game_from_data(g.tables, game_to_data(g)))

    def game():
        g = new_game(tokens, seed=11)
        for city in g.cities:
            city.kept.update({"crane": 2, "plan": 1, "joker": 2, "deed": 2})
        return g
    played = play(game(), 11)
    copied = play(game(), 11, copy=copy)
    assert copied.log == played.log and copied.scores() == played.scores()
    assert any("free by token" in e.get("action", "") for e in played.log)

"""The Edifice pack (docs/edifice.md) on the second edition: it checks clean there and is
refused on the first; a project of each age revealed at set-up; taking part when a wonder
stage is built (a priced choice, while pawns are left, once an age); the reward when the
last pawn is taken; the penalty at the age's end, with debt for what a city cannot
suffer; full games at every player count; the bots take part when it pays."""

from __future__ import annotations

import pytest

from interpreter.bots import make_bot
from interpreter.check.load import check_paths
from interpreter.check.locate import UnknownPack, with_expansions
from interpreter.compile import compile_rules
from interpreter.engine.game import Game
from interpreter.engine.invariants import expected_cards, where_cards_are
from interpreter.engine.scoring import score_city

WONDERS = ["Gizah", "Alexandria", "Rhodos"]       # Gizah Day's first stage: 2 wood


@pytest.fixture(scope="module")
def tables():
    result = check_paths(None, rules=with_expansions("second-edition", ["edifice"]))
    assert [d.code for d in result.diagnostics] == []
    return compile_rules(result.ruleset)


def test_the_pack_is_for_the_second_edition_only():
    with pytest.raises(UnknownPack, match="second-edition"):
        with_expansions(None, ["edifice"])


def test_five_projects_an_age_one_of_each_revealed_at_setup(tables):
    decks = {}
    for card in tables.cards:
        if card.deck:
            decks.setdefault(card.deck, []).append(card.name)
    projects = {d: len(n) for d, n in decks.items() if d in ("edifice I", "edifice II", "edifice III")}
    assert projects == {"edifice I": 5, "edifice II": 5, "edifice III": 5}
    game = Game(tables, 4, 3)
    game.decisions()
    assert [tables.cards[i].deck for i in game.shown_cards()] == ["edifice I", "edifice II", "edifice III"]


def _game(tables, project: str, players: int = 3) -> Game:
    """A game whose age I project is `project`, at its first turn; seat 0 (Gizah Day) can
    build its first stage with two lumber yards, every city has 10 coins."""
    lumber = next(c for c in tables.cards if c.name == "Lumber Yard")
    wonders = WONDERS + ["Olympia", "Babylon", "Ephesos", "Halikarnassos"][:players - 3]
    for seed in range(200):
        game = Game(tables, players, seed, "Day", wonders)
        game.decisions()
        if tables.cards[game.shown_cards()[0]].name == project:
            for city in game.cities:
                city.coins = 10
            game.cities[0].add_card(lumber)
            game.cities[0].add_card(lumber)
            return game
    raise AssertionError(project)


def _turn(game, stage_seat: int | None = 0) -> None:
    """A turn: `stage_seat` builds a wonder stage, the others sell."""
    for seat in range(game.players):
        options = game.options_for(seat, "turn")
        wanted = "wonder stage" if seat == stage_seat else "sell"
        game.choose(next(o for o in options if o.label(game.tables).startswith(wanted)), seat)


def test_building_a_stage_offers_to_take_part_for_the_projects_cost(tables):
    game = _game(tables, "Money Changer")
    _turn(game)
    decision = game.decision()
    assert (decision.seat, decision.kind) == (0, "offer")
    labels = [o.label(tables) for o in decision.options]
    assert labels == ["decline", "pay the price paying 1 to the bank"]
    decision.choose(1)
    assert game.cities[0].kept.get("pawn1") == 1


def test_no_offer_without_a_stage_nor_to_a_city_holding_the_ages_pawn(tables):
    game = _game(tables, "Money Changer")
    _turn(game, stage_seat=None)
    assert game.decision().kind == "turn"            # nobody built a stage: nobody is asked
    game = _game(tables, "Money Changer")
    game.cities[0].kept["pawn1"] = 1                  # took part earlier in the age
    _turn(game)
    assert game.decision().kind == "turn"
    game = _game(tables, "Money Changer")
    game.cities[1].kept["pawn1"] = game.cities[2].kept["pawn1"] = 1   # no pawn left (2 at 3 players)
    _turn(game)
    assert game.decision().kind == "turn"


def test_the_last_pawn_completes_the_project_and_pays_each_participant(tables):
    game = _game(tables, "Money Changer")             # 3 players: 2 pawns complete it
    game.cities[1].kept["pawn1"] = 1                  # Alexandria took part earlier
    coins = [c.coins for c in game.cities]
    _turn(game)
    game.decision().choose(1)                         # Gizah pays 1 coin: the last pawn
    assert game.decision().kind == "turn"             # the turn has ended
    gained = [c.coins - n for c, n in zip(game.cities, coins)]
    assert gained[0] == -1 + 4 and gained[1] == 3 + 4   # Gizah: -1 paid, +4; Alexandria sold (+3), +4
    assert gained[2] == 3                             # a city without a pawn gains nothing


def _sell_out_the_age(game) -> None:
    """Every city sells every card of age I; a card to give up is the first."""
    while game.age.number == 1:
        decision = game.decision()
        labels = [o.label(game.tables) for o in decision.options]
        decision.choose(next(i for i, label in enumerate(labels) if label.startswith("sell"))
                        if decision.kind == "turn" else 0)


def test_a_lasting_reward_is_the_constructed_side_each_participant_builds(tables):
    game = _game(tables, "Curtain Wall")              # its reward: shields
    game.cities[1].kept["pawn1"] = 1
    _turn(game)
    game.decision().choose(1)                         # Gizah takes the last pawn
    while (decision := game.decision()).kind != "turn":
        assert decision.kind == "zone"                # each participant builds the card drawn
        decision.choose(0)
    built = [[tables.cards[i].name for i in c.built] for c in game.cities]
    assert [("Constructed Curtain Wall" in names) for names in built] == [True, True, False]
    assert [c.shields for c in game.cities] == [1, 1, 0]


def test_an_unfinished_project_costs_every_city_without_a_pawn_at_the_ages_end(tables):
    game = _game(tables, "Money Changer")
    game.cities[1].kept["pawn1"] = 1                  # one pawn of two: not completed
    coins = [c.coins for c in game.cities]
    _sell_out_the_age(game)
    sold = 6 * 3
    assert [c.coins - n for c, n in zip(game.cities, coins)] == [sold - 2, sold, sold - 2]


def test_a_penalty_a_city_cannot_suffer_is_debt(tables):
    game = _game(tables, "Belvedere")                 # penalty: discard a brown card
    game.cities[1].kept["pawn1"] = 1
    _sell_out_the_age(game)
    names = [tables.cards[i].name for i in game.cities[0].built]
    assert names == ["Lumber Yard"]                   # Gizah gave up one of its two
    assert [c.kept.get("debt", 0) for c in game.cities] == [0, 0, 2]   # Rhodos had none: debt
    assert [pad["edifice"] for pad in game.scores()] == [0, 0, -2]


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_full_games_at_every_player_count(tables, players):
    for bots in (["random"], ["heuristic", "greedy", "random"]):
        game = Game(tables, players, players)
        game.play([make_bot(bots[i % len(bots)], i) for i in range(players)])
        assert game.finished
        assert where_cards_are(game) == expected_cards(game)
        assert all("edifice" in pad for pad in game.scores())


def test_the_heuristic_bot_takes_part_when_it_pays(tables):
    """Gold Reserves-like stakes: a 1-coin pawn that brings 4 coins or spares a 2-coin loss."""
    game = _game(tables, "Money Changer")
    _turn(game)
    bot = make_bot("heuristic", 1)
    decision = game.decision()
    assert bot.decide(game, decision.seat, decision.kind, decision.options) == 1


# ---------------------------------------------------------------- the age III projects
def _age_three(tables, project: str) -> Game:
    """A 3-player game at age III's first turn whose age III project is `project` (ages I
    and II played with the first option of every decision)."""
    for seed in range(300):
        game = Game(tables, 3, seed, "Day", WONDERS)
        game.decisions()
        if tables.cards[game.shown_cards()[2]].name == project:
            break
    else:
        raise AssertionError(project)
    while game.age.number < 3:
        game.decision().choose(0)
    return game


def _play_out(game) -> None:
    """Every city sells every card of the age; a card to give up or a choice is the first."""
    while (decision := game.decision()) is not None:
        labels = [o.label(game.tables) for o in decision.options]
        decision.choose(next((i for i, label in enumerate(labels) if label.startswith("sell")), 0)
                        if decision.kind == "turn" else 0)


def _first_turn_played(game) -> None:
    """Age III's first turn, and what its end sets going, answered with the first option."""
    while game.turn == 1 or game.decision().kind != "turn":
        game.decision().choose(0)


def test_concentric_castle_costs_two_victory_tokens_or_debt(tables):
    """Its penalty: each city without a pawn loses two military victory tokens, the least
    first; a city that cannot lose two (it holds fewer as the age ends) takes 5 debt tokens."""
    game = _age_three(tables, "Concentric Castle")
    for city in game.cities:
        city.kept.pop("pawn3", None)
    game.cities[0].tokens[:] = [5, 1, -1, 3]
    game.cities[1].tokens[:] = [1]
    game.cities[2].kept["pawn3"] = 1                  # took part: one pawn of 2, not completed
    debt = [c.kept.get("debt", 0) for c in game.cities]
    _play_out(game)
    given = [(e["seat"], e["values"]) for e in game.log if e.get("event") == "given back"]
    assert given == [(0, [1, 3])]                     # the two of least value, whatever age III's conflicts gave
    assert [c.kept.get("debt", 0) - d for c, d in zip(game.cities, debt)] == [0, 5, 0]
    assert 1 in game.cities[1].tokens                 # kept: it took debt instead


def test_military_school_rids_each_participant_of_its_defeat_tokens(tables):
    game = _age_three(tables, "Military School")
    game.cities[0].tokens[:] = [-1, 3, -1]
    game.cities[0].kept["pawn3"] = game.cities[1].kept["pawn3"] = 1     # both pawns: completed
    game.cities[2].tokens[:] = [-1]
    _first_turn_played(game)
    assert sorted(game.cities[0].tokens) == [3, 5]    # the age III token, and no defeat token
    assert game.cities[2].tokens == [-1]              # no pawn: no reward


def test_agora_counts_a_purple_card_of_each_participant_twice(tables):
    game = _age_three(tables, "Agora")
    game.cities[0].kept["pawn3"] = game.cities[1].kept["pawn3"] = 1
    guild = next(c for c in tables.cards if c.name == "Builders Guild")   # 1 per stage here and next door
    city = game.cities[0]
    for neighbour in game.neighbours(0):
        if neighbour.stages == 0:
            neighbour.add_stage()
    before = score_city(tables, city, *game.neighbours(0))["guilds"]
    city.add_card(guild)
    once = score_city(tables, city, *game.neighbours(0))["guilds"] - before
    assert once >= 2
    _first_turn_played(game)
    assert [("Constructed Agora" in [tables.cards[i].name for i in c.built]) for c in game.cities] == \
        [True, True, False]
    assert score_city(tables, city, *game.neighbours(0))["guilds"] - before == 2 * once

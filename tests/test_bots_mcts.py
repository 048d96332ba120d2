"""The search bot finds the clearly best move in hand-made positions (a science set
completed, a military race won on the age's last turn, a free chain), with a small budget;
the sampled games it searches keep what the seat knows and hide what it does not."""

from __future__ import annotations

import random
from collections import Counter

from interpreter.bots import make_bot
from interpreter.bots.view import Memory, SeatView
from interpreter.engine.actions import legal_actions
from tests.scenario import Script, card, give, make_game, set_hand


def position(age_index: int, turn: int):
    game = make_game(["Rhodos", "Gizah", "Ephesos"], "A", seed=5)
    game.age_index = age_index
    game.deal_age()                                     # the game stands in that age
    game.turn, game.started = turn, True
    for city in game.cities:
        city.coins = 0
    return game


def choice(game, spec="mcts:iterations=40", seat=0):
    bot = make_bot(spec, 1)
    options = legal_actions(game, seat)
    return options[bot.decide(game, seat, "turn", options)].label(game.tables)


def test_it_completes_a_science_set():
    game = position(2, 6)
    give(game, 0, "Apothecary", "Workshop")
    game.cities[0].add_card(card("Press", 1))
    set_hand(game, 0, "Scriptorium", "Palace")
    set_hand(game, 1, "Senate", "Town Hall")
    set_hand(game, 2, "Pantheon", "Lighthouse")
    assert choice(game) == "build Scriptorium (I)"


def test_it_wins_the_military_race_on_the_last_turn_of_an_age():
    game = position(2, 6)
    for seat in range(3):
        give(game, seat, "Walls")
    give(game, 0, "Statue")
    set_hand(game, 0, "Fortifications", "Gardens")      # 3 shields, or 5 points, both free by chain
    set_hand(game, 1, "Senate", "Town Hall")
    set_hand(game, 2, "Pantheon", "Palace")
    assert choice(game) == "build Fortifications (III) free by chain"


def test_it_takes_a_free_chain():
    game = position(1, 6)
    give(game, 0, "Altar")
    set_hand(game, 0, "Temple", "Aqueduct")
    set_hand(game, 1, "Library", "Forum")
    set_hand(game, 2, "Dispensary", "Caravansery")
    assert choice(game) == "build Temple (II) free by chain"


def test_the_sampled_game_keeps_what_the_seat_knows_and_hides_the_rest():
    game = make_game(["Rhodos", "Gizah", "Ephesos", "Olympia"], "A", seed=9)
    bots = [make_bot("greedy", s) for s in range(4)]
    game.step(bots)                                  # turn 1: seat 0 saw its hand and passed it on
    memory = bots[0].memory
    view = SeatView(game, 0, "turn", memory)
    passed_on = Counter(memory.hands[(1, 1)]) - Counter([memory.choices[0][4].card])
    receiver = view.next_to_receive()
    rng = random.Random(3)
    unknown_seen = set()
    for _ in range(20):
        sample = view.sample_game(rng)
        assert sample.hands[0] == game.hands[0]                          # its own hand, as it is
        assert Counter(sample.hands[receiver]) == passed_on              # the hand it passed on, known
        assert [len(h) for h in sample.hands] == [len(h) for h in game.hands]
        others = [s for s in range(4) if s not in (0, receiver)]
        unknown_seen.add(tuple(tuple(sorted(sample.hands[s])) for s in others))
        for real, copy in zip(game.cities, sample.cities):                # public state copied
            assert (real.built, real.coins, real.stages) == (copy.built, copy.coins, copy.stages)
            assert copy is not real
    assert len(unknown_seen) > 10                   # hands it never saw are sampled afresh, not read


def test_with_denial_on_a_card_the_next_player_needs_counts_for_using_it_up():
    """`heuristic:deny=...` (off by default: it measured weaker, docs/bots.md) adds to every
    move that uses up a card the player receiving the hand would value above the others:
    here Scriptorium, which completes the next player's science set."""
    from interpreter.bots.view import Memory, SeatView
    game = position(0, 2)
    give(game, 1, "Apothecary", "Workshop")              # seat 1 receives seat 0's hand (age I passes left)
    set_hand(game, 0, "Scriptorium", "Baths", "Lumber Yard")
    options = legal_actions(game, 0)
    view = SeatView(game, 0, "turn", Memory(), options)
    assert view.next_to_receive() == 1
    plain = make_bot("heuristic", 1).bot.values(view, options)
    denying = make_bot("heuristic:deny=1", 1).bot.values(view, options)
    bonus = [d - p for d, p in zip(denying, plain)]
    scriptorium = card("Scriptorium").index
    for option, extra in zip(options, bonus):
        if option.card == scriptorium:
            assert extra > 0.5, option
        else:
            assert abs(extra) < 0.05, option


def test_it_searches_every_kind_of_decision_not_only_a_turns_card():
    """An age's last card (Babylon B) and a card from the discard pile (Halikarnassus B,
    at the end of the turn, after the turn's cards are resolved) are searched like a
    turn's card: the imagined games start from a copy of the game at that decision."""
    game = make_game(["Babylon", "Halikarnassus", "Gizah"], "B", seed=5)
    game.started = True
    game.turn = game.age.turns                          # age I's last turn: two cards a hand
    game.cities[0].add_stage()
    game.cities[0].add_stage()                          # Babylon B: may play the last card
    give(game, 1, "Ore Vein")
    give(game, 2, "Ore Vein")
    game.cities[1].coins = 2                            # Halikarnassus B's first stage: 2 ore, one bought
    game.discard = [card("Altar").index, card("Baths").index, card("Stockade").index]
    set_hand(game, 0, "Theater", "Pawnshop")
    set_hand(game, 1, "Tavern", "Scriptorium")
    set_hand(game, 2, "Workshop", "Apothecary")
    searched = {}

    class Search:
        """The search bot for `kinds`, a script for the rest."""
        def __init__(self, kinds, script):
            self.bot, self.kinds, self.script = make_bot("mcts:iterations=6", 1), kinds, script

        def decide(self, game, seat, kind, options):
            if kind not in self.kinds:
                return self.script.decide(game, seat, kind, options)
            index = self.bot.decide(game, seat, kind, options)
            searched[kind] = self.bot.bot.last_stats.get("iterations", 0)
            return index

    game.step([Search({"last card"}, Script("build Theater")), Search({"discard"}, Script("wonder stage with Tavern")),
               Script("sell Workshop")])
    assert searched == {"last card": 6, "discard": 6}
    assert game.cities[1].stages == 1 and len(game.cities[1].built) == 2    # the stage, then a card from the pile
    assert [e["seat"] for e in game.log if e.get("kind") == "last card"] == [0]

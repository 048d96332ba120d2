"""The first edition's expert variant for 2 players, as content (content/two-players.wonders):
the Free City, its draw pile, its card changing hands, its restrictions."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from conftest import ROOT, call_cli
from interpreter.engine.game import Game
from interpreter.engine.saves import game_from_data, game_to_data
from scenario import tables, greedy_bot, random_bot

FREE_CITY = 2          # seats: P1, P2, then the neutral city (P1 is its left neighbour)


class Watch:
    """Wraps a bot; keeps every decision with its options."""

    def __init__(self, bot, seen):
        self.bot, self.seen = bot, seen

    def decide(self, game, seat, kind, options):
        index = self.bot.decide(game, seat, kind, options)
        self.seen.append((game.age.number, game.turn, seat, kind, list(options), options[index],
                          len(game.hands[FREE_CITY])))
        return index


def play(seed, sides="random", kinds=(random_bot, random_bot)):
    seen = []
    game = Game(tables(), 2, seed=seed, sides=sides)
    game.play([Watch(kind(seed * 10 + s), seen) for s, kind in enumerate(kinds)])
    return game, seen


def test_two_players_get_a_free_city():
    game = Game(tables(), 2, seed=1)
    assert [c.name for c in game.cities] == ["P1", "P2", "Free City"]
    assert [len(h) for h in game.hands] == [7, 7, 7]          # hands and the Free City's draw pile
    assert [c.coins for c in game.cities] == [3, 3, 3]
    dealt = {game.tables.cards[i].name for h in game.hands for i in h}
    assert all(c.copies_at(3) for c in game.tables.ruleset.cards if c.name in dealt and c.age == 1)


@pytest.mark.parametrize("seed", range(12))
def test_many_games(seed):
    sides = ["A", "B", "random"][seed % 3]
    kinds = [(random_bot, random_bot), (greedy_bot, random_bot), (greedy_bot, greedy_bot)][seed % 3]
    game, seen = play(seed, sides, kinds)
    assert game.finished and FREE_CITY not in game.winners()
    neutral = [s for s in seen if s[3] == "neutral turn"]
    assert len(neutral) == 18                                  # one Free City card a turn
    for age, turn, seat, kind, options, chosen, pile in neutral:
        if any(o.kind != "sell" for o in options):
            assert chosen.kind != "sell"                       # it builds when it can
        chained = {o.card for o in options if o.free == "chain"}
        assert all(o.free == "chain" for o in options if o.card in chained)   # and chains when it can


def test_the_free_city_card_changes_hands_every_turn_and_starts_by_age():
    game, seen = play(3)
    holders = {}
    for entry in game.log:
        if entry["event"] == "choice" and entry["kind"] == "neutral turn":
            holders[(entry["age"], entry["turn"])] = entry["by"]
    for age, first in ((1, 0), (2, 1), (3, 0)):                # its left neighbour, right, left
        assert [holders[(age, t)] for t in range(1, 7)] == [first, 1 - first] * 3


def test_the_holder_draws_the_pile_and_its_last_card_is_discarded():
    seen = []
    game = Game(tables(), 2, seed=5)
    deciders = [Watch(random_bot(s), seen) for s in range(2)]
    for turn in range(1, 7):
        holder = game.holders[FREE_CITY]
        before = (len(game.hands[holder]), len(game.hands[FREE_CITY]))
        game.step(deciders)
        if turn < 6:
            assert len(game.hands[FREE_CITY]) == before[1] - 1
    assert game.age.number == 2 and len(game.hands[FREE_CITY]) == 7            # the new age's pile
    age_one = Counter()
    for entry in game.log:
        if entry["event"] == "age" and entry["age"] == 1:
            age_one = Counter(n for hand in entry["hands"] for n in hand)
    assert sum(age_one.values()) == 21
    assert len(game.discard) >= 3                             # the 7th cards and the pile's last card


def test_saves_keep_the_free_city_and_who_holds_its_card():
    game = Game(tables(), 2, seed=9, sides="B")
    deciders = [random_bot(1), random_bot(2)]
    while not game.finished:
        data = json.loads(json.dumps(game_to_data(game)))
        loaded = game_from_data(tables(), data)
        assert game_to_data(loaded) == data
        twins = [random_bot(1), random_bot(2)]
        for d, t in zip(deciders, twins):
            t.rng.setstate(d.rng.getstate())
        loaded.step(twins)
        game.step(deciders)
        assert game_to_data(loaded) == game_to_data(game)


def test_play_two_players_from_the_command_line(tmp_path):
    log = tmp_path / "game.json"
    result = call_cli("play", "--players", "2", "--seed", "4", "--log", str(log))
    assert result.returncode == 0, result.stderr
    assert "Free City (played by P1):" in result.stdout and "Free City (" in result.stdout.split("Final scores")[1]
    assert call_cli("replay", str(log)).returncode == 0


def test_a_person_plays_for_the_free_city_too():
    import os
    import subprocess
    import sys
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-c", "import cli; cli.run()", "play", "--players", "2",
                             "--seed", "2", "--human", "1"], input="1\n" * 300, capture_output=True,
                            text=True, cwd=ROOT, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "for the Free City" in result.stdout


def test_other_player_counts_without_a_table_are_refused():
    result = call_cli("play", "--players", "1")
    assert result.returncode == 2 and "not 1" in result.stderr

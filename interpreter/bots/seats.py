"""A decider for each seat of a game: the bots named, seat by seat (the last name fills the
seats left; none named: random bots), each seeded from the game's seed and its seat, and a
person's decider at one seat when given. Every runner of games uses it (`wonders play`,
the simulation's records, the benches), so it lives with the players."""

from __future__ import annotations

from . import make_bot


def make_deciders(bot_names: list[str], players: int, seed: int, human_seat: int | None, human=None):
    names = bot_names or ["random"]
    deciders = []
    for seat in range(players):
        if human_seat is not None and seat == human_seat:
            deciders.append(human)
        else:
            kind = names[seat] if seat < len(names) else names[-1]
            deciders.append(make_bot(kind, seed * 1000 + seat))
    return deciders

"""One game played from a seed, and its record as plain data (JSON-ready).

Game i of a run plays with `game_seed(S, i)`: derived from the run's seed and the game's
number only, so a run gives the same records whatever process plays which game.  The bots
take their seeds from the game seed as `wonders play` does, so a game can be replayed
with `wonders play --seed GAME_SEED` (see `replay_command`).
"""

from __future__ import annotations

import hashlib
import shlex

import attrs

from ..engine.game import Game
from ..engine.saves import content_digest
from ..engine.teams import team_of
from ..bots.seats import make_deciders
from .arc import position_values
from .strategy import city_strategy, dealt_per_city
from ..engine.moves import BUILD


@attrs.frozen
class RunOptions:
    """What a run plays: the same options give the same games."""
    players: int
    bots: tuple[str, ...] = ("random",)
    sides: str = "random"
    seed: int = 0
    rotate_bots: bool = False           # game i shifts the bots i seats to the left
    variants: tuple[str, ...] = ()
    paths: tuple[str, ...] = ()         # content paths (empty: the shipped content)
    rules: str | None = None            # the shipped rule set (None: the default one)
    values: tuple[str, ...] = ()        # a value study's targets (sim/restrict.py keys): study.py plays them
    arc: int = 0                        # rollouts a turn for the arc of every game (0: no arc; sim/arc.py)

    def to_data(self) -> dict:
        data = {"players": self.players, "bots": list(self.bots), "sides": self.sides, "seed": self.seed,
                "rotate_bots": self.rotate_bots, "variants": list(self.variants), "content": list(self.paths)}
        if self.rules is not None:
            data["rules"] = self.rules
        if self.values:
            data["values"] = list(self.values)
        if self.arc:
            data["arc"] = self.arc
        return data


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game `index` of a run: a hash of both, so neighbouring runs share no game."""
    digest = hashlib.sha256(f"wonders-sim:{run_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def seat_bots(options: RunOptions, index: int) -> list[str]:
    """The bot of each seat in game `index` (the last bot named fills the other seats)."""
    names = list(options.bots) or ["random"]
    bots = [names[min(seat, len(names) - 1)] for seat in range(options.players)]
    if options.rotate_bots:
        shift = index % options.players
        bots = bots[-shift:] + bots[:-shift] if shift else bots
    return bots


def play_game(tables, options: RunOptions, index: int, digest: str | None = None, seed: int | None = None,
              adjust=None) -> dict:
    """Play game `index` of a run to the end and return its record; `seed`: the game's
    own seed instead of the run's (the twin of a game people played, `compare --records`);
    `adjust(game, deciders)`: the deciders to play with instead (a restricted seat, a
    watch on the draft: sim/study.py), called before the first decision."""
    seed = game_seed(options.seed, index) if seed is None else seed
    bots = seat_bots(options, index)
    game = Game(tables, options.players, seed, options.sides)
    builds: list[list[int]] = [[] for _ in game.cities]       # the age of each build chosen this step
    deciders = make_deciders(bots, options.players, seed, None)
    if adjust is not None:
        deciders = adjust(game, deciders)
    deciders = [_AgeOfBuilds(d, builds) for d in deciders]
    built_in: list[list[int]] = [[] for _ in game.cities]     # the age each building was built in
    turns = 0
    arc = [] if options.arc else None     # after each turn: its age and every seat's value (sim/arc.py)
    while not game.finished:
        age = game.age.number
        game.step(deciders)
        turns += 1
        if arc is not None:
            arc.append([age] + position_values(game, options.arc, seed, turns))
        for city, ages, chosen in zip(game.cities, built_in, builds):
            new = len(city.built) - len(ages)
            ages += (chosen + [age] * new)[:new]
            chosen.clear()
    record = game_record(game, index, bots, built_in, turns, digest or content_digest(tables), options)
    if arc is not None:
        record["arc"] = arc
    return record


class _AgeOfBuilds:
    """A decider that notes the age of each build its player chooses: one step may end an
    age and start the next (a phase at an age's start, such as a recruiting turn), and its
    buildings belong to the age each was chosen in."""

    def __init__(self, decider, builds):
        self.decider, self.builds = decider, builds

    def decide(self, game, seat, kind, options):
        i = self.decider.decide(game, seat, kind, options)
        if options[i].kind == BUILD:
            self.builds[seat].append(game.age.number)
        return i


def game_record(game, index, bots, built_in, turns, digest, options: RunOptions) -> dict:
    end = game.log[-1]                    # the game's last event holds its score pads and winners
    pads, winners = (end["scores"], end["winners"]) if end.get("event") == "end" else (game.scores(), game.winners())
    players = game.players
    winners = [s for s in winners if s < players]
    tie_coins = "coins" in game.tables.rules.tie_break
    totals = [sum(pad.values()) for pad in pads[:players]]
    key = [(totals[s], game.cities[s].coins if tie_coins else 0) for s in range(players)]
    cards = game.tables.cards
    seats = []
    for seat in range(players):
        city = game.cities[seat]
        seats.append({
            "seat": seat + 1, "wonder": city.side.wonder, "side": city.side.side, "bot": bots[seat],
            "scores": dict(pads[seat]), "total": totals[seat], "coins": city.coins,
            "rank": 1 + sum(1 for other in key if other > key[seat]),
            "win": 1 / len(winners) if seat in winners else 0.0,
            "stages": city.stages,
            "built": [[cards[i].name, age] for i, age in zip(city.built, built_in[seat])],
            "strategy": city_strategy(game, seat),
        })
        team = team_of(game.tables.rules, seat)
        if team is not None:            # a team's win is shared by its players: their shares add up to it
            seats[-1]["team"] = team + 1
    return {"game": index, "seed": game.seed, "players": players, "rules": digest,
            "variants": list(options.variants), "turns": turns, "dealt": dealt_per_city(game), "seats": seats}


def replay_command(options: RunOptions, index: int) -> str:
    """The `wonders play` command line that plays game `index` of a run again."""
    args = ["wonders", "play", "--players", str(options.players), "--seed", str(game_seed(options.seed, index)),
            "--sides", options.sides, "--bots", ",".join(seat_bots(options, index))]
    for path in options.paths:
        args += ["--content", path]
    if options.rules is not None:
        args += ["--rules", options.rules]
    for variant in options.variants:
        args += ["--variant", variant]
    return shlex.join(args)

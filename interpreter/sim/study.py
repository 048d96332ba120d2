"""A game of a value study, as a worker plays it: the game as dealt (its ordinary record,
with where each card was taken in the draft) and, for each target of `--value`, the same
deal again with seat i mod N restricted (restrict.py), of which only that seat's result is
kept.  The pairs stay together in one record, so pairing them needs no buffer: the
figures are summed as records arrive (values.py), and `--resume` reads them back.

Draft figures (after the 17Lands draft statistics): for each card, the pick (the turn
within its age) at which a city took it, built, staged or sold, and whether it came back
round the table: still in a hand when that hand reached a city that had held it before,
so seen twice by the same city.  Hands are followed as objects (the engine passes the
lists themselves from city to city), so two copies of a card are never confused.
"""

from __future__ import annotations

from .records import RunOptions, play_game
from .restrict import from_key, restrict
from ..kinds.decisions import DECISIONS

TAKEN = ("build", "stage", "sell")


class DraftWatch:
    """Wraps a game's deciders to see each hand a player holds and what it takes from it.
    `cards` ends as {card name: [sum of picks, times taken, copies dealt, came back]}."""

    def __init__(self):
        self.cards: dict[str, list[int]] = {}
        self.hands: dict[tuple[int, int], list] = {}   # (age, id of the hand) -> [hand, seats, came back]

    def adjust(self, game, deciders):
        return [_Watched(d, self) for d in deciders]

    def _entry(self, name: str) -> list[int]:
        entry = self.cards.get(name)
        if entry is None:
            entry = self.cards[name] = [0, 0, 0, 0]
        return entry

    def seen(self, game, seat: int) -> None:
        hand = game.hands[seat]
        key = (game.age_index, id(hand))
        names = game.tables.cards
        known = self.hands.get(key)
        if known is None:
            self.hands[key] = [hand, {seat}, False]    # the hand kept: its id is not reused this game
            for card in hand:
                self._entry(names[card].name)[2] += 1
            return
        if seat in known[1] and not known[2]:
            for card in hand:
                self._entry(names[card].name)[3] += 1
            known[2] = True                            # counted once, at its first return
        known[1].add(seat)

    def taken(self, game, action) -> None:
        if action.kind in TAKEN and action.card >= 0:
            entry = self._entry(game.tables.cards[action.card].name)
            entry[0] += game.turn
            entry[1] += 1


class _Watched:
    def __init__(self, inner, watch: DraftWatch):
        self.inner, self.watch = inner, watch

    def decide(self, game, seat, kind, options):
        own = DECISIONS[kind].moves and seat < game.players
        if own:
            self.watch.seen(game, seat)
        answer = self.inner.decide(game, seat, kind, options)
        if own:
            self.watch.taken(game, options[answer] if isinstance(answer, int) else answer)
        return answer


def targets_of(tables, keys: tuple[str, ...]):
    """The targets of `keys` in these rules, read once per rule set (kept on its tables)."""
    return tables.cached(("value study", keys), lambda: [from_key(tables, k) for k in keys])


def study_game(tables, options: RunOptions, index: int, digest: str | None = None) -> dict:
    """Game `index` as dealt (its record, with `draft`) and once per target with seat
    `index mod players` restricted (`value`: that seat's total, win share and how many of
    the target's cards it built, as dealt and restricted)."""
    watch = DraftWatch()
    record = play_game(tables, options, index, digest, adjust=watch.adjust)
    record["draft"] = watch.cards
    seat = index % options.players
    before = record["seats"][seat]
    values = []
    for target in targets_of(tables, options.values):
        treated = play_game(tables, options, index, digest, adjust=restrict(target, seat))["seats"][seat]
        names = set(target.card_names)
        values.append({"value": target.key, "seat": seat + 1, "total": treated["total"], "win": treated["win"],
                       "built_before": sum(1 for name, _age in before["built"] if name in names),
                       "built": sum(1 for name, _age in treated["built"] if name in names)})
    record["value"] = values
    return record


"""The figures of a value study (`--value`, restrict.py), summed as records arrive.

Each game holds a pair: seat i mod N as dealt and the same deal with that seat
restricted (study.py).  The figures are the paired differences, restricted less as dealt,
of that seat's win share and total: their mean, the half-width of the 95 % interval of
the mean and the paired z-test's p, from exact sums (tally.py), so they do not depend on
the order the games finish in and hold a fixed amount whatever the number of games.

A forbidden card that the seat would not have built anyway changes nothing in that game:
the difference is the card's worth averaged over every deal, diluted by the deals where it
was not wanted.  `built` (the target's cards the seat built, as dealt and restricted) says
how often the restriction bit; `per_bite` divides the change by the difference in cards
built (the worth of one card built, a ratio of two means with no interval of its own).

Each figure keeps two example games (item 7 of issue 38): the deal where the
restriction cost the seat most and the one where it gained most, by game number on ties.
"""

from __future__ import annotations

from .stats import paired_of
from .tally import Paired


class TargetTally:
    """One target's pairs: win shares, totals, cards built, and the two extreme games."""

    def __init__(self):
        self.win, self.score, self.built = Paired(), Paired(), Paired()
        self.worst: tuple | None = None          # (difference, game, seed, seat, before, after)
        self.best: tuple | None = None

    def add(self, game: int, seed: int, before: dict, value: dict) -> None:
        self.win.add(before["win"], value["win"])
        self.score.add(before["total"], value["total"])
        self.built.add(value["built_before"], value["built"])
        example = (value["total"] - before["total"], game, seed, value["seat"], before["total"], value["total"])
        if self.worst is None or example[:2] < self.worst[:2]:
            self.worst = example
        if self.best is None or (example[0], -example[1]) > (self.best[0], -self.best[1]):
            self.best = example


def _example(found: tuple | None) -> dict | None:
    if found is None:
        return None
    difference, game, seed, seat, before, after = found
    return {"game": game, "seed": seed, "seat": seat, "as_dealt": before, "restricted": after}


def _change(pairs: Paired) -> dict:
    n = pairs.n
    difference, ci, p = paired_of(pairs.diffs)
    return {"n": n, "as_dealt": float(pairs.a) / n if n else 0.0, "restricted": float(pairs.b) / n if n else 0.0,
            "change": difference, "ci": ci, "p": p}


class ValueTally:
    """Every target's pairs and the draft's counts, from the records of a value study."""

    def __init__(self):
        self.targets: dict[str, TargetTally] = {}
        self.draft: dict[str, list[int]] = {}       # card -> [picks summed, taken, dealt, came back]

    def add(self, record: dict) -> None:
        if "error" in record or "value" not in record:
            return
        for value in record["value"]:
            before = record["seats"][value["seat"] - 1]
            self.targets.setdefault(value["value"], TargetTally()).add(record["game"], record["seed"], before, value)
        for card, counts in record.get("draft", {}).items():
            entry = self.draft.setdefault(card, [0, 0, 0, 0])
            for i, count in enumerate(counts):
                entry[i] += count

    def figures(self, targets) -> list[dict]:
        """One figure per target (restrict.Target), in the order asked."""
        out = []
        for target in targets:
            tally = self.targets.get(target.key, TargetTally())
            score, built = _change(tally.score), _change(tally.built)
            bite = built["change"]
            out.append({"value": target.key, "label": target.label, "kind": target.kind, "mode": target.mode,
                        "games": tally.score.n, "win": _change(tally.win), "score": score, "built": built,
                        "per_bite": score["change"] / bite if abs(bite) > 1e-9 else None,
                        "draft": self.draft_of(target), "examples": {"cost_most": _example(tally.worst),
                                                                     "gained_most": _example(tally.best)}})
        return out

    def draft_of(self, target) -> dict | None:
        """The draft figures of a card or a colour (its cards' counts summed)."""
        if target.kind == "side":
            return None
        names = target.card_names
        return draft_figure([self.draft.get(n, [0, 0, 0, 0]) for n in names])

    def draft_cards(self) -> list[dict]:
        """Every card's draft figures, by name."""
        return [{"card": card, **draft_figure([counts])} for card, counts in sorted(self.draft.items())]


def draft_figure(counts: list[list[int]]) -> dict:
    picks, taken, dealt, back = (sum(c[i] for c in counts) for i in range(4))
    return {"mean_pick": picks / taken if taken else None, "taken": taken, "dealt": dealt,
            "came_back": back / dealt if dealt else None}


class ValuePairs:
    """compare --value: each target's effect under both rule sets, paired game by game
    (the same deal, seat and restriction on both sides): the change of the effect; and
    each side's own figures (`side_a`, `side_b`)."""

    def __init__(self):
        self.score: dict[str, Paired] = {}
        self.win: dict[str, Paired] = {}
        self.side_a, self.side_b = ValueTally(), ValueTally()

    def add(self, game_a: dict, game_b: dict) -> None:
        self.side_a.add(game_a)
        self.side_b.add(game_b)
        if "error" in game_a or "error" in game_b:
            return
        b_values = {v["value"]: v for v in game_b.get("value", [])}
        for va in game_a.get("value", []):
            vb = b_values.get(va["value"])
            if vb is None:
                continue
            xa, xb = game_a["seats"][va["seat"] - 1], game_b["seats"][vb["seat"] - 1]
            self.score.setdefault(va["value"], Paired()).add(va["total"] - xa["total"], vb["total"] - xb["total"])
            self.win.setdefault(va["value"], Paired()).add(va["win"] - xa["win"], vb["win"] - xb["win"])

    def figures(self, targets) -> list[dict]:
        """For each target: the effect on the seat's score and win share under rule set a and
        under b (each the mean of restricted less as dealt), and b's less a's, paired."""
        out = []
        for target in targets:
            figure = {"value": target.key, "label": target.label, "kind": target.kind}
            for what, found in (("score", self.score), ("win", self.win)):
                pairs = found.get(target.key, Paired())
                change = _change(pairs)
                figure[what] = {"n": change["n"], "a": change["as_dealt"], "b": change["restricted"],
                                "change": change["change"], "ci": change["ci"], "p": change["p"]}
            out.append(figure)
        return out

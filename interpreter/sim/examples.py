"""Example games for every figure (issue 38 item 7): a few games kept per figure while the
records are tallied, so each figure of a summary or a comparison names games that show it,
by number and seed, with the seat and the point of the game where it shows.

Bounded and order-free like the other tallies (tally.py): each figure keeps at most KEEP
games, those with the largest key `(value, -game, -seat)`, a total order on (game, seat),
so the same games give the same examples whatever order the records arrive in.

Where an example shows its figure (`at`, what the studio's Play opens at):
  "end"    the game's end, its score pad (win rates, scores, categories, strategy, facts);
  "built"  the turn the seat built `card` (a card's figures);
  "turn"   after turn `turn` of the game, counted from 1 as the records count turns (the
           arc figures: the last lead change, the turn the game was decided).
"""

from __future__ import annotations

from collections import defaultdict

KEEP = 2                      # example games kept per figure and direction


class Kept:
    """The KEEP games with the largest `value` (the lowest game and seat among equals)."""
    __slots__ = ("best",)

    def __init__(self):
        self.best: list[tuple] = []           # (key, example), the largest key first

    def offer(self, value, game: int, seed: int, seat: int | None = None, at: str = "end", **where) -> None:
        """`seat`: from 1, as records number seats (None: the whole game); `where`: the
        card or turn of `at`."""
        key = (value, -game, -(seat or 0))
        if len(self.best) == KEEP and key <= self.best[-1][0]:
            return
        example = {"game": game, "seed": seed, **({"seat": seat} if seat is not None else {}), "value": value,
                   "at": at, **where}
        self.best.append((key, example))
        self.best.sort(key=lambda kept: kept[0], reverse=True)
        del self.best[KEEP:]

    def shown(self) -> list[dict]:
        return [dict(example) for _key, example in self.best]


class Both:
    """A figure's examples in both directions: `up` the largest values, `down` the
    smallest (a paired difference's games most in favour of B, and of A)."""
    __slots__ = ("up", "down")

    def __init__(self):
        self.up, self.down = Kept(), Kept()

    def offer(self, value, game: int, seed: int, seat: int | None = None, at: str = "end", **where) -> None:
        if value > 0:
            self.up.offer(value, game, seed, seat, at, **where)
        elif value < 0:
            self.down.offer(-value, game, seed, seat, at, **where)

    def toward(self, difference: float) -> list[dict]:
        """The games that show a difference of this sign most (its value: the game's own)."""
        if difference > 0:
            return self.up.shown()
        if difference < 0:
            return [{**e, "value": -e["value"]} for e in self.down.shown()]
        return []


class SummaryExamples:
    """The example games of one run's summary (summary.Tally): for each seat, wonder side
    and bot the games it won best and lost worst; for each card the games its builder won
    and lost; the city with the most points of each category and strategy figure; the
    games with the highest winning score, the widest margin, a shared win, the most turns."""

    def __init__(self):
        self.won: dict = defaultdict(Kept)      # (section, key) -> games won, the highest score first
        self.lost: dict = defaultdict(Kept)     # (section, key) -> games lost, the lowest score first
        self.most: dict = defaultdict(Kept)     # (section, name) -> the city or game with the most

    def add(self, record: dict) -> None:
        game, seed, seats = record["game"], record["seed"], record["seats"]
        for seat in seats:
            number, total = seat["seat"], seat["total"]
            keys = [("seat", seat["seat"]), ("side", (seat["wonder"], seat["side"])), ("bot", seat["bot"])]
            keys += [("card", name) for name in dict.fromkeys(name for name, _age in seat["built"])]
            for key in keys:
                at = {"at": "built", "card": key[1]} if key[0] == "card" else {}
                if seat["win"] > 0:
                    self.won[key].offer(total, game, seed, number, **at)
                else:
                    self.lost[key].offer(-total, game, seed, number, **at)
            for category, points in seat["scores"].items():
                self.most[("category", category)].offer(points, game, seed, number)
            for name, value in (seat.get("strategy") or {}).items():
                self.most[("strategy", name)].offer(value, game, seed, number)
        totals = sorted((s["total"] for s in seats if s["win"] > 0), reverse=True)
        others = [s["total"] for s in seats if s["win"] == 0]
        if totals:
            self.most[("facts", "winning_score")].offer(totals[0], game, seed)
            self.most[("facts", "margin")].offer(totals[0] - max(others) if others else 0, game, seed)
        if sum(1 for s in seats if s["win"] > 0) > 1:
            self.most[("facts", "tie")].offer(1, game, seed)
        self.most[("facts", "turns")].offer(record["turns"], game, seed)

    def attach(self, summary: dict) -> None:
        """Give each figure of `summary` (Tally.summary's) its `examples`."""
        for section, rows, key in (("seat", summary["seats"], lambda r: r["seat"]),
                                   ("side", summary["wonders"], lambda r: (r["wonder"], r["side"])),
                                   ("bot", summary["bots"], lambda r: r["bot"]),
                                   ("card", summary["cards"], lambda r: r["card"])):
            for row in rows:
                row["examples"] = {"won": self._of(self.won, (section, key(row))),
                                   "lost": self._of(self.lost, (section, key(row)))}
        for row in summary["categories"]:
            row["examples"] = {"most": self._of(self.most, ("category", row["category"]))}
        for row in summary.get("strategy") or []:
            row["examples"] = {"most": self._of(self.most, ("strategy", row["figure"]))}
        for name, figure in summary["facts"].items():
            figure["examples"] = {"most": self._of(self.most, ("facts", name))}

    @staticmethod
    def _of(found: dict, key) -> list[dict]:
        kept = found.get(key)
        return kept.shown() if kept is not None else []


class PairExamples:
    """The example games of a comparison (compare.Pairs): for each figure, by its key, the
    twin games (or twin cities) whose paired difference B - A is largest each way."""

    def __init__(self):
        self.figures: dict = defaultdict(Both)

    def offer(self, key, difference, game: int, seed: int, seat: int | None = None, at: str = "end",
              **where) -> None:
        if difference:
            self.figures[key].offer(difference, game, seed, seat, at, **where)

    def toward(self, key, difference: float) -> list[dict]:
        found = self.figures.get(key)
        return found.toward(difference) if found is not None else []


def figure_key(figure: dict) -> tuple:
    """A compared figure's key: its section and the words it is named from."""
    template, fields = figure["words"] or (figure["figure"], {})
    return (figure["section"], template, tuple(sorted((k, str(v)) for k, v in fields.items())))


def pair_key(section: str, label) -> tuple:
    """The key of a figure named `label` (a `words` pair, or plain English) of `section`."""
    template, fields = label[1] if isinstance(label, tuple) else (label, {})
    return (section, template, tuple(sorted((k, str(v)) for k, v in fields.items())))


def with_replays(data, options, options_a=None) -> None:
    """Every example game found in `data` (a summary or a comparison, walked whole) gets
    the `wonders play` command that plays it again (sim/records.py); with `options_a`
    (a comparison), `replay` plays it under B and `replay_a` under A."""
    from .records import replay_command
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "examples":
                for example in _example_list(value):
                    example["replay"] = replay_command(options, example["game"])
                    if options_a is not None:
                        example["replay_a"] = replay_command(options_a, example["game"])
            else:
                with_replays(value, options, options_a)
    elif isinstance(data, list):
        for item in data:
            with_replays(item, options, options_a)


def _example_list(value) -> list[dict]:
    if isinstance(value, dict):
        return [e for found in value.values() for e in found]
    return list(value)


def first_seed(examples) -> dict | None:
    """The first example of a figure's `examples` (a list or a dict of lists), or None."""
    found = _example_list(examples or [])
    return found[0] if found else None


def example_note(examples) -> str:
    """A verdict line's end in the reader's language: ", e.g. game G (seed S)" (its first
    example), or nothing."""
    from ..i18n import _
    first = first_seed(examples)
    if first is None:
        return ""
    return ", " + _("e.g. game {game} (seed {seed})").format(game=first["game"], seed=first["seed"])

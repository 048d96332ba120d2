"""Weigh's skill tiers: the skill-tier matrix under both rule sets (sim/skill.py), played in
the weighing's worker process one twin game at a time (a pair's game i under A, then
under B), so that each pair's change shows, its interval narrowing, as games finish.

The figures, verdict and report are those of `wonders compare --skill`, computed again
over the games finished so far; like weigh.py, the worker stops between games when asked.
"""

from __future__ import annotations

import attrs

from ..sim.records import RunOptions
from ..sim.skill import PairTwins, outcome, pairs_of, seatings, skill_comparison, skill_line, split


def plan(a: RunOptions, b: RunOptions, tiers, games: int) -> list[tuple[int, RunOptions, RunOptions, int]]:
    """Each table to play: (pair number, its options under A, under B, its games)."""
    out = []
    for number, (weaker, stronger) in enumerate(pairs_of(tiers)):
        tables = seatings(weaker, stronger, a.players)
        for seating, count in zip(tables, split(games, len(tables))):
            if count:
                out.append((number, attrs.evolve(a, bots=seating, rotate_bots=True),
                            attrs.evolve(b, bots=seating, rotate_bots=True), count))
    return out


def play_skill(a: RunOptions, b: RunOptions, tiers, games: int, fingerprints, out, stop) -> None:
    """In the worker process: each pair's twin games, as ("skill", pair, outcome_a, outcome_b)."""
    from ..bots.registry import prepare_bots
    from ..sim.worker import load_tables, play_chunk
    for options in (a, b):
        prepare_bots(tiers, load_tables(options)[0], options.players)
    stronger = [s for _w, s in pairs_of(tiers)]
    for number, options_a, options_b, count in plan(a, b, tiers, games):
        for index in range(count):
            if stop.is_set():
                return
            [record_a] = play_chunk(options_a, [index], fingerprints[0])
            [record_b] = play_chunk(options_b, [index], fingerprints[1])
            out.put(("skill", number, outcome(record_a, stronger[number]), outcome(record_b, stronger[number])))


class SkillWeighing:
    """The twin games taken in so far, and the comparison they give."""

    def __init__(self, tiers, players: int, games: int, name_a: str, name_b: str):
        self.tiers, self.players, self.name_a, self.name_b = tuple(tiers), players, name_a, name_b
        self.twins = [PairTwins(w, s) for w, s in pairs_of(self.tiers)]
        self.total = games * len(self.twins)
        self.done = 0

    def add(self, number: int, outcome_a: dict, outcome_b: dict) -> None:
        self.twins[number].add(outcome_a, outcome_b)
        self.done += 1

    def figures(self, with_report: bool = False) -> dict:
        result = skill_comparison(self.twins, self.players, self.tiers, self.name_a, self.name_b)
        paired = sum(c["games"] for c in result["changes"])
        answer = {"pairs": paired, "failed": result["failed"], "name_a": self.name_a, "name_b": self.name_b,
                  "skill": {"tiers": list(self.tiers), "changes": result["changes"], "gap": result["gap"],
                            "verdict": [skill_line(c, shown=True) for c in result["changes"] if c["significant"]]}}
        if with_report and paired:
            from ..views.figures.report_skill import skill_compare_report
            answer["report"] = skill_compare_report(result)
        return answer

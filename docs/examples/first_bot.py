"""A bot of your own: it builds the card the rule set values most for points right now,
and sells when nothing scores.  Play it with
    wonders play --players 4 --bots docs/examples/first_bot.py:PointsFirst,greedy
"""

from interpreter.bots import Bot, Param


class PointsFirst(Bot):
    name = "points-first"
    parameters = {"coins": Param(float, 1.0, "how much a point of coins counts against a point of score")}

    def choose(self, view, options):
        def worth(i):
            a = view.appraise(options[i])          # each part of the move's worth, in points
            return a.points + a.military + self.coins * a.coins
        return max(range(len(options)), key=worth)
